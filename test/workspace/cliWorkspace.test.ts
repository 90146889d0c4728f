/** The CLI on a whole project: bundles in their agent configs' context, bin/ scripts, agent configs. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/runCli';
import { TempWorkspace } from '../helpers/tempWorkspace';
import { EXPECTED, sweAgentProject } from './fixture';

interface File {
  path: string;
  loads: boolean;
  diagnostics: { code: string; severity: string; message: string; tool: unknown; range: { start: { line: number; character: number } } }[];
}

let ws: TempWorkspace;
beforeAll(() => {
  ws = sweAgentProject();
});
afterAll(() => ws.remove());

const summary = (files: File[]) => Object.fromEntries(files.map((f) => [f.path, f.diagnostics.map((d) => `${d.code}@${d.range.start.line}:${d.range.start.character}`)]));

describe('swe-bundle-lint on a project folder', () => {
  it('checks every bundle, bin/ script and agent config, and skips node_modules', () => {
    const run = runCli(['--format', 'json', '.'], ws.root);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    const files = JSON.parse(run.stdout) as File[];
    expect(summary(files)).toEqual(EXPECTED);
    const loads = Object.fromEntries(files.map((f) => [f.path, f.loads]));
    expect(loads).toEqual({
      'config/default.yaml': false,
      'config/no_env.yaml': false,
      'config/retry.yaml': false,
      'config/tutorial.yaml': true,
      'tools/extra/submit_again/config.yaml': true,
      'tools/submit/config.yaml': true,
      'tools/viewer/config.yaml': true,
    });
  });

  it('explains each assembly problem with both definitions of a duplicate', () => {
    const files = JSON.parse(runCli(['--format', 'json', 'config/default.yaml'], ws.root).stdout) as File[];
    const duplicate = files[0].diagnostics.find((d) => d.code === 'duplicate-tool')!;
    expect(duplicate.tool).toBe('submit');
    expect(duplicate.message).toBe(
      "Tool `submit` of bundle `tools/extra/submit_again` is already defined by bundle `tools/submit`; SWE-agent fails: Tool 'submit' is defined multiple times. Hide one with `hidden_tools`.",
    );
    expect(files[0].diagnostics.find((d) => d.code === 'bundle-path-missing')!.message).toContain(`resolved against the config root ${ws.root}`);
  });

  it('names the agent config whose env lacks a docstring variable', () => {
    const files = JSON.parse(runCli(['--format', 'json', 'tools/viewer'], ws.root).stdout) as File[];
    const error = files[0].diagnostics.find((d) => d.code === 'docstring-unknown-variable')!;
    expect(error.severity).toBe('error');
    expect(error.message).toContain('Checked with the env of config/no_env.yaml');
  });

  it('checks one assembly with --agent-config: the agent config, then each bundle it lists in its context', () => {
    const run = runCli(['--format', 'json', '--agent-config', 'config/default.yaml'], ws.root);
    const files = JSON.parse(run.stdout) as File[];
    expect(files.map((f) => f.path)).toEqual(['config/default.yaml', 'tools/viewer/config.yaml', 'tools/submit/config.yaml', 'tools/extra/submit_again/config.yaml']);
    // With this config's env (WINDOW: 100) the viewer's docstring is fine.
    expect(summary(files)['tools/viewer/config.yaml']).toEqual(['bin-script-undeclared@0:0', 'bin-script-not-executable@9:2']);
    expect(run.code).toBe(1);
  });

  it('resolves bundle paths against --config-root', () => {
    const run = runCli(['--format', 'json', '--config-root', 'tools', '--agent-config', 'config/no_env.yaml'], ws.root);
    const [agent] = JSON.parse(run.stdout) as File[];
    expect(agent.diagnostics.map((d) => d.code)).toEqual(['bundle-path-missing']);
  });
});
