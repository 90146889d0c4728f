/**
 * Where SWE-agent finds bundles, on synthetic layouts: a project like
 * SWE-smith whose agent configs use SWE-agent's own `tools/` (run from a
 * SWE-agent checkout that is not the workspace), the same with the checkout
 * given, a fork that holds SWE-agent's package; and a SWE-agent 0.x config,
 * recognised and never counted clean.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyEdits } from '../../server/src/engine/features/edits';
import { runCli } from '../helpers/runCli';
import { hostOn } from '../helpers/project';
import { TempWorkspace, tempWorkspace } from '../helpers/tempWorkspace';

interface File {
  path: string;
  loads: boolean;
  diagnostics: { code: string; severity: string; message: string; range: { start: { line: number; character: number }; end: { line: number; character: number } }; related?: { message: string }[] }[];
}

const BUNDLE = 'tools:\n  hello:\n    docstring: Says hello.\n';
const SMITH_CONFIG = 'agent:\n  model: {name: gpt-4o}\n  tools:\n    bundles:\n      - path: tools/registry\n      - path: tools/defaults\n      - path: tools/smith_only\n';

const CONFIG_0X = 'system_template: You are a helpful assistant.\ninstance_template: "{issue}"\ncommand_files:\n  - config/commands/defaults.sh\nparse_command: ParseCommandDetailed\n';
let ws: TempWorkspace;
beforeAll(() => {
  ws = tempWorkspace({
    'smith/agent/swesmith_gen.yaml': SMITH_CONFIG,
    'checkout/sweagent/__init__.py': '',
    'checkout/tools/registry/config.yaml': BUNDLE,
    'checkout/tools/windowed/config.yaml': BUNDLE,
    'fork/sweagent/__init__.py': '',
    'fork/tools/registry/config.yaml': BUNDLE,
    'fork/config/default.yaml': 'agent:\n  model: {name: gpt-4o}\n  tools:\n    bundles:\n      - path: tools/registry\n      - path: tools/gone\n',
    'legacy/config/default_ctf.yaml': CONFIG_0X,
    // As SWE-agent's own tests/test_data/config_files holds one, read by no code of it.
    'fixtures/test_data/config_files/dummy.yaml': CONFIG_0X,
  });
});
afterAll(() => ws.remove());

const at = (d: File['diagnostics'][number]) => `${d.code}:${d.severity}@${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character}`;

describe("a project run from SWE-agent's checkout (SWE-smith's layout)", () => {
  it('without a root: shipped bundles are not checked, a renamed one names its version, its own missing one says the root assumed', () => {
    const run = runCli(['--format', 'json', 'smith'], ws.root);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    const [file] = JSON.parse(run.stdout) as File[];
    expect(file.path).toBe('smith/agent/swesmith_gen.yaml');
    expect(file.diagnostics.map(at)).toEqual(['not-checked:information@4:14-4:28', 'bundle-renamed:error@5:14-5:28', 'bundle-path-missing:error@6:14-6:30']);
    expect(file.diagnostics[2].message).toBe('Bundle path `tools/smith_only` does not exist.');
    expect(file.diagnostics[2].related!.map((r) => r.message)).toEqual([
      `It is resolved against ${ws.path('smith')}, assumed to be SWE-agent's checkout; set sweBundle.configRoot or --config-root to the right one.`,
      `SWE-agent fails: Bundle path '${ws.path('smith/tools/smith_only')}' does not exist`,
    ]);
    expect(file.diagnostics.some((d) => d.related!.some((r) => r.message.includes('as SWE_AGENT_CONFIG_ROOT')))).toBe(false);
  });

  it('judged by SWE-agent 1.0.1, tools/defaults is one of its own bundles: not checked, not renamed', () => {
    const run = runCli(['--format', 'json', '--swe-agent', '1.0.1', 'smith'], ws.root);
    const [file] = JSON.parse(run.stdout) as File[];
    expect(file.diagnostics.map(at)).toEqual(['not-checked:information@4:14-4:28', 'not-checked:information@5:14-5:28', 'bundle-path-missing:error@6:14-6:30']);
    expect(file.diagnostics[1].message).toContain('SWE-agent 1.0.1 finds it in its own checkout');
  });

  it('the text summary does not count a file with unchecked bundles as clean', () => {
    const run = runCli(['smith'], ws.root);
    expect(run.stdout.trimEnd().split('\n').pop()).toBe('2 errors, 0 warnings, 1 info in 1 file; 1 would not load in SWE-agent; 1 with parts not checked');
  });

  it('with the checkout given as the config root: its bundles are checked, and what it lacks is reported as SWE_AGENT_CONFIG_ROOT', () => {
    const run = runCli(['--format', 'json', '--config-root', 'checkout', '--agent-config', 'smith/agent/swesmith_gen.yaml'], ws.root);
    expect(run.stderr).toBe('');
    const files = JSON.parse(run.stdout) as File[];
    expect(files.map((f) => f.path)).toEqual(['smith/agent/swesmith_gen.yaml', 'checkout/tools/registry/config.yaml']);
    expect(files[0].diagnostics.map(at)).toEqual(['bundle-renamed:error@5:14-5:28', 'bundle-path-missing:error@6:14-6:30']);
    expect(files[0].diagnostics[1].message).toBe('Bundle path `tools/smith_only` does not exist.');
    expect(files[0].diagnostics[1].related!.map((r) => r.message)).toEqual([
      `It is resolved against the config root ${ws.path('checkout')}, as SWE_AGENT_CONFIG_ROOT.`,
      `SWE-agent fails: Bundle path '${ws.path('checkout/tools/smith_only')}' does not exist`,
    ]);
  });

  it('the quick fix rewrites the renamed bundle path to the version’s name', () => {
    const host = hostOn(ws.root);
    const file = ws.path('smith/agent/swesmith_gen.yaml');
    const analysis = host.analysis().agent(file)!;
    const renamed = analysis.diagnostics.filter((d) => d.code === 'bundle-renamed');
    expect(renamed).toHaveLength(1);
    const fixes = host.analysis().quickFixes(file, renamed[0]).map((fix) => [fix.title, applyEdits(SMITH_CONFIG, fix.edits)]);
    expect(fixes).toEqual([['Change `path: tools/defaults` to `path: tools/windowed`', SMITH_CONFIG.replace('tools/defaults', 'tools/windowed')]]);
  });
});

describe('a fork holding SWE-agent’s package', () => {
  it('resolves bundle paths against its own checkout (REPO_ROOT), and says so', () => {
    // Judged by main's models (the synthetic package has none); its checkout is still where SWE-agent looks.
    const run = runCli(['--format', 'json', '--swe-agent', 'main', 'fork/config/default.yaml'], ws.root);
    const [file] = JSON.parse(run.stdout) as File[];
    expect(file.diagnostics.map(at)).toEqual(['bundle-path-missing:error@5:14-5:24']);
    expect(file.diagnostics[0].message).toBe('Bundle path `tools/gone` does not exist.');
    expect(file.diagnostics[0].related!.map((r) => r.message)).toEqual([
      `It is resolved against SWE-agent's checkout ${ws.path('fork')} (its REPO_ROOT).`,
      `SWE-agent fails: Bundle path '${ws.path('fork/tools/gone')}' does not exist`,
    ]);
  });
});

describe('a SWE-agent 0.x config', () => {
  it('is found in a folder, reported on its first 0.x key as not checked, and the summary and exit status say so', () => {
    const json = runCli(['--format', 'json', 'legacy'], ws.root);
    const [file] = JSON.parse(json.stdout) as File[];
    expect(file.path).toBe('legacy/config/default_ctf.yaml');
    expect(file.loads).toBe(false);
    expect(file.diagnostics.map(at)).toEqual(['sweagent-0x-config:error@0:0-0:15']);
    expect(file.diagnostics[0].message).toBe(
      'A SWE-agent 0.x config (top-level `system_template`, `instance_template`) is not checked here, and SWE-agent 1.x refuses it.',
    );
    const text = runCli(['legacy'], ws.root);
    expect(text.code).toBe(1);
    expect(text.stdout.trimEnd().split('\n').pop()).toBe('1 error, 0 warnings in 1 file; 1 would not load in SWE-agent; 1 not checked (SWE-agent 0.x format)');
  });

  it('outside a config/ folder is any YAML file, unless it is named', () => {
    const walked = runCli(['fixtures'], ws.root);
    expect([walked.code, walked.stdout.trimEnd().split('\n').pop()]).toEqual([0, '0 errors, 0 warnings in 0 files']);
    const named = runCli(['--format', 'json', 'fixtures/test_data/config_files/dummy.yaml'], ws.root);
    const [file] = JSON.parse(named.stdout) as File[];
    expect([named.code, file.diagnostics.map(at)]).toEqual([1, ['sweagent-0x-config:error@0:0-0:15']]);
  });
});
