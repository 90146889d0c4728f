/**
 * The CLI passes SWE-agent's own options on as SWE-agent's parser reads them:
 * an option without a value is a diagnostic of the run (not a usage error of
 * ours), option names in any case; and the file a `text_file` problem
 * statement names is looked for where sweagent runs (the working directory).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/runCli';
import { hostOn } from '../helpers/project';
import { TempWorkspace, tempWorkspace } from '../helpers/tempWorkspace';

interface File {
  path: string;
  loads: boolean;
  diagnostics: { code: string; severity: string; message: string; range: { start: { line: number; character: number }; end: { line: number; character: number } } }[];
}

const AGENT = 'agent:\n  model: {name: gpt-4o}\n';
const WITH_FILE = (file: string, extra = '') => `${AGENT}problem_statement:\n  type: text_file\n  path: ${file}\n${extra}`;

let ws: TempWorkspace;
beforeAll(() => {
  ws = tempWorkspace({
    'config/agent.yaml': AGENT,
    'config/templated.yaml': 'agent:\n  templates: {system_template: s, instance_template: i}\n',
    'config/issue_here.yaml': WITH_FILE('issues/one.md'),
    'config/issue_missing.yaml': WITH_FILE('issues/two.md'),
    'config/issue_folder.yaml': WITH_FILE('issues'),
    'config/issue_with_id.yaml': WITH_FILE('issues/two.md', '  id: two\n'),
    'issues/one.md': 'Fix it.\n',
  });
});
afterAll(() => ws.remove());

const at = (d: File['diagnostics'][number]) => `${d.code}:${d.severity}@${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character}`;
const lint = (args: string[], cwd = ws.root) => {
  const run = runCli(['--format', 'json', ...args], cwd);
  return { ...run, files: run.stdout ? (JSON.parse(run.stdout) as File[]) : [] };
};

describe("SWE-agent's options on the CLI", () => {
  it('an option without a value is a diagnostic of the run: argparse expects one', () => {
    const run = lint(['--agent-config', 'config/agent.yaml', '--agent.model.name']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    expect(run.files[0].diagnostics.map(at)).toEqual(['option-without-value:error@1:10-1:14']);
    expect(run.files[0].diagnostics[0].message).toBe('The command-line option `--agent.model.name` has no value.');
  });

  it('an option followed by another option has no value either', () => {
    const run = lint(['--agent.model.name', '--agent-config', 'config/agent.yaml']);
    expect(run.files[0].diagnostics.map(at)).toEqual(['option-without-value:error@1:10-1:14']);
  });

  it('option names are read in any case', () => {
    const run = lint(['--agent-config', 'config/templated.yaml', '--Agent.Model.Name', 'gpt-4o', '--OUTPUT_DIR=out']);
    expect(run.stderr).toBe('');
    expect(run.files[0].diagnostics).toEqual([]);
    expect(run.code).toBe(0);
  });
});

describe('problem_statement.path, read while loading', () => {
  it('is looked for from the working directory: there, it passes', () => {
    expect(lint(['config/issue_here.yaml']).files[0].diagnostics).toEqual([]);
  });

  it('missing, or a folder, it is an error naming the folder sweagent runs in', () => {
    const missing = lint(['config/issue_missing.yaml']).files[0];
    expect(missing.diagnostics.map(at)).toEqual(['problem-statement-missing:error@4:8-4:21']);
    expect(missing.diagnostics[0].message).toBe(`SWE-agent reads \`issues/two.md\` while loading, and it is missing (from ${ws.root}, where sweagent runs): FileNotFoundError.`);
    const folder = lint(['config/issue_folder.yaml']).files[0];
    expect(folder.diagnostics.map(at)).toEqual(['problem-statement-missing:error@4:8-4:14']);
    expect(folder.diagnostics[0].message).toBe(`SWE-agent reads \`issues\` while loading, and it is not a file (from ${ws.root}, where sweagent runs): IsADirectoryError.`);
  });

  it('relative to where the CLI runs, not to the config', () => {
    expect(lint(['issue_here.yaml'], ws.path('config')).files[0].diagnostics.map(at)).toEqual(['problem-statement-missing:error@4:8-4:21']);
  });

  it('in an editor, where the run folder is not known, from the workspace folder, said as taken', () => {
    const analysis = hostOn(ws.root).analysis().agent(ws.path('config/issue_missing.yaml'))!;
    expect(analysis.diagnostics.map((d) => `${d.code}:${d.start}-${d.end}`)).toEqual(['problem-statement-missing:76-89']);
    expect(analysis.diagnostics[0].message).toBe(`SWE-agent reads \`issues/two.md\` while loading, and it is missing (from ${ws.root}, taken as where sweagent runs): FileNotFoundError.`);
  });

  it('with an `id` given, SWE-agent does not read it while loading', () => {
    expect(lint(['config/issue_with_id.yaml']).files[0].diagnostics).toEqual([]);
  });
});
