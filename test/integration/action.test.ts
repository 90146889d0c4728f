/**
 * The GitHub Action (action.yml) as the runner runs it: its shell step, with the env action.yml
 * gives it (each `${{ inputs.x }}` filled with the input or its default), GITHUB_ACTION_PATH at a
 * copy of this working tree, GITHUB_OUTPUT, RUNNER_TEMP and GITHUB_WORKSPACE, in a bundle
 * repository; then the action's outputs read back through action.yml's `outputs`. Only
 * actions/setup-node is not run: the machine's Node stands in for it.
 */
import * as fs from 'fs';
import * as path from 'path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleFiles, withExecutableBins } from '../helpers/bundleFolder';
import { run, userEnv } from '../helpers/npm';
import { sarifSchemaErrors } from '../helpers/sarifSchema';
import { REPO_ROOT } from '../helpers/shared';
import { TempWorkspace, tempWorkspace } from '../helpers/tempWorkspace';
import { WorkingTreeCopy, copyWorkingTree } from '../helpers/workingTreeCopy';

interface Step {
  id?: string;
  uses?: string;
  shell?: string;
  run?: string;
  env?: Record<string, string>;
}

interface Action {
  inputs: Record<string, { default?: string }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: Step[] };
}

const ACTION = parse(fs.readFileSync(path.join(REPO_ROOT, 'action.yml'), 'utf8')) as Action;
const GOOD = 'tools:\n  view:\n    signature: "view <path>"\n    docstring: shows a file\n    arguments:\n      - name: path\n        type: string\n        description: the file\n        required: true\n';
const BROKEN = GOOD.replace('required: true', 'required: maybe');

let actionPath: WorkingTreeCopy;
let runnerTemp: TempWorkspace;

beforeAll(() => {
  actionPath = copyWorkingTree();
  runnerTemp = tempWorkspace();
});

afterAll(() => {
  actionPath?.remove();
  runnerTemp?.remove();
});

/** `${{ inputs.name }}` and `${{ steps.id.outputs.name }}` filled in, as the runner does. */
function expand(value: string, inputs: Record<string, string>, stepOutputs: Record<string, Record<string, string>> = {}): string {
  return value.replace(/\$\{\{\s*([\w.-]+)\s*\}\}/g, (_, expression: string) => {
    const [scope, ...rest] = expression.split('.');
    if (scope === 'inputs') return inputs[rest[0]] ?? ACTION.inputs[rest[0]]?.default ?? '';
    if (scope === 'steps' && rest[1] === 'outputs') return stepOutputs[rest[0]]?.[rest[2]] ?? '';
    throw new Error(`unexpected expression ${expression}`);
  });
}

interface ActionRun {
  status: number | null;
  log: string;
  outputs: Record<string, string>;
}

/** Runs the action's steps in a workspace: the shell steps as bash runs them on the runner. */
function runAction(workspace: TempWorkspace, inputs: Record<string, string> = {}): ActionRun {
  const stepOutputs: Record<string, Record<string, string>> = {};
  let last: { status: number | null; log: string } = { status: 0, log: '' };
  for (const step of ACTION.runs.steps) {
    if (step.uses) {
      expect(step.uses).toMatch(/^actions\/setup-node@v\d+$/);
      continue;
    }
    expect(step.shell).toBe('bash');
    const outputFile = path.join(runnerTemp.root, `output-${Date.now()}`);
    fs.writeFileSync(outputFile, '');
    const script = path.join(runnerTemp.root, 'step.sh');
    fs.writeFileSync(script, step.run!);
    const env = userEnv({
      ...Object.fromEntries(Object.entries(step.env ?? {}).map(([key, value]) => [key, expand(value, inputs, stepOutputs)])),
      CI: 'true',
      GITHUB_ACTIONS: 'true',
      GITHUB_ACTION_PATH: actionPath.root,
      GITHUB_OUTPUT: outputFile,
      GITHUB_WORKSPACE: workspace.root,
      RUNNER_TEMP: runnerTemp.root,
      // A warm npm cache serves the action's `npm ci` without the network.
      npm_config_prefer_offline: 'true',
    });
    const result = run('bash', ['--noprofile', '--norc', '-e', '-o', 'pipefail', script], { cwd: workspace.root, env });
    last = { status: result.status, log: result.stdout + result.stderr };
    if (step.id) stepOutputs[step.id] = Object.fromEntries(fs.readFileSync(outputFile, 'utf8').split('\n').filter((l) => l.includes('=')).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
    if (result.status !== 0) break;
  }
  const outputs = Object.fromEntries(Object.entries(ACTION.outputs).map(([name, output]) => [name, expand(output.value, inputs, stepOutputs)]));
  return { ...last, outputs };
}

let workspace: TempWorkspace | undefined;
afterAll(() => workspace?.remove());

function bundleRepository(config: string): TempWorkspace {
  workspace?.remove();
  workspace = withExecutableBins(tempWorkspace({ ...bundleFiles('viewer', config), 'config/models/gpt.yaml': 'model:\n  name: gpt-4o\n' }));
  return workspace;
}

const sarifIn = (ws: TempWorkspace, file: string) => JSON.parse(fs.readFileSync(path.join(ws.root, file), 'utf8'));

describe('the swe-bundle-lint GitHub Action', () => {
  it('is a composite action whose shell step is scripts/action/lint.sh', () => {
    expect(ACTION.runs.using).toBe('composite');
    expect(ACTION.runs.steps.filter((s) => s.run).map((s) => [s.id, s.run])).toEqual([['lint', '"$GITHUB_ACTION_PATH/scripts/action/lint.sh"']]);
  });

  it('installs the package, fails on a broken bundle, writes SARIF and gives exit-code 1', () => {
    const ws = bundleRepository(BROKEN);
    const result = runAction(ws);
    expect(result.status).toBe(1);
    expect(result.outputs).toEqual({ 'exit-code': '1', 'sarif-file': 'swe-bundle-lint.sarif' });
    expect(result.log).toMatch(/::group::Install swe-bundle-lint \d+\.\d+\.\d+\n/);
    // The text report sits between stop-commands and its token: nothing in it runs as a workflow command.
    const report = /^::stop-commands::([0-9a-f-]{36})\n([\s\S]*?)\n::\1::$/m.exec(result.log);
    expect(report![2].split('\n')).toEqual([
      'tools/viewer/config.yaml:9:19 error wrong-type `required` of argument `path` of `view` must be a boolean (true or false), but it is a string.',
      '1 error, 0 warnings in 1 file; 1 would not load in SWE-agent',
    ]);
    expect(result.log).toContain('::error::swe-bundle-lint: a bundle or agent config would not load in SWE-agent (SARIF in swe-bundle-lint.sarif)');
    const sarif = sarifIn(ws, 'swe-bundle-lint.sarif');
    expect(sarifSchemaErrors(sarif)).toEqual([]);
    expect(sarif.runs[0].results.map((r: { ruleId: string; locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }) => [r.ruleId, r.locations[0].physicalLocation.artifactLocation.uri])).toEqual([
      ['wrong-type', 'tools/viewer/config.yaml'],
    ]);
  });

  it('with fail-on-error false, passes the step and still reports exit-code 1, the SARIF where it was asked for', () => {
    const ws = bundleRepository(BROKEN);
    const result = runAction(ws, { 'fail-on-error': 'false', 'sarif-file': 'reports/lint.sarif', paths: 'tools\nconfig' });
    expect(result.status).toBe(0);
    expect(result.log).not.toContain('::group::Install');
    expect(result.outputs).toEqual({ 'exit-code': '1', 'sarif-file': 'reports/lint.sarif' });
    expect(sarifIn(ws, 'reports/lint.sarif').runs[0].results.map((r: { ruleId: string }) => r.ruleId)).toEqual(['wrong-type']);
  });

  it('passes on a good bundle with exit-code 0 and an empty SARIF run', () => {
    const ws = bundleRepository(GOOD);
    const result = runAction(ws, { args: '--env WINDOW=100' });
    expect(result.status).toBe(0);
    expect(result.outputs['exit-code']).toBe('0');
    const sarif = sarifIn(ws, 'swe-bundle-lint.sarif');
    expect(sarifSchemaErrors(sarif)).toEqual([]);
    expect(sarif.runs[0].results).toEqual([]);
  });

  it('fails with exit-code 2 on a usage error, whatever fail-on-error says', () => {
    const ws = bundleRepository(GOOD);
    const result = runAction(ws, { paths: 'nope', 'fail-on-error': 'false' });
    expect(result.status).toBe(2);
    expect(result.outputs['exit-code']).toBe('2');
    expect(result.log).toContain('swe-bundle-lint: no such file or folder: nope');
    expect(result.log).toContain('::error::swe-bundle-lint exited 2');
  });
});
