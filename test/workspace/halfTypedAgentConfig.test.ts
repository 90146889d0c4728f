/**
 * An agent config while a line of it is half-typed: the file does not load,
 * and stays an agent config (runConfig/classify.ts reads it without the lines
 * of its syntax error), so it keeps its diagnostics (the syntax error) and its
 * completion, in the editor and the CLI alike.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { position } from '../helpers/fixture';
import { runCli } from '../helpers/runCli';
import { tempWorkspace } from '../helpers/tempWorkspace';

const AGENT = '//- /workspace/config/agent.yaml\n';

describe('an agent config with a half-typed key', () => {
  const { analysis, file, offset } = position(`${AGENT}agent:\n  model: {name: gpt-4o}\n  te¦\n`);

  it('is still an agent config, reported with its syntax error where PyYAML raises it', () => {
    expect(analysis.kind(file)).toBe('agent');
    const report = analysis.report(file)!;
    expect(report.loads).toBe(false);
    expect(report.diagnostics.map((d) => [d.code, d.severity, d.start, d.end, d.message])).toEqual([
      // At the end of the text: the line after `te`, where PyYAML finds no `:`.
      ['yaml-syntax', 'error', 36, 36, "PyYAML cannot load this file: could not find expected ':' (while scanning a simple key)."],
    ]);
  });

  it("completes the agent's keys at the cursor", () => {
    expect(analysis.completion(file, offset, { snippets: false })!.map((e) => e.label)).toEqual(['name', 'templates', 'tools', 'history_processors', 'max_requeries', 'action_sampler', 'type']);
  });
});

describe('YAML that is not an agent config', () => {
  it('stays other when it does not load, with or without its broken lines', () => {
    const { analysis, file } = position(`//- /workspace/.github/workflows/ci.yml\non:\n  push:\njobs:\n  te¦\n    x: 1\n`);
    expect(analysis.kind(file)).toBe('other');
    const agentWithoutBundles = position(`${AGENT}agent: {model: {name: gpt-4o}\n¦`);
    expect(agentWithoutBundles.analysis.kind(agentWithoutBundles.file)).toBe('other');
  });
});

describe('swe-bundle-lint on a project with a half-typed agent config', () => {
  const ws = tempWorkspace({ 'config/agent.yaml': 'agent:\n  model: {name: gpt-4o}\n  te\n' });
  afterAll(() => ws.remove());

  it('reports the file, and fails', () => {
    const run = runCli(['.'], ws.root);
    expect([run.code, run.stdout, run.stderr]).toEqual([
      1,
      "config/agent.yaml:4:1 error yaml-syntax PyYAML cannot load this file: could not find expected ':' (while scanning a simple key).\n1 error, 0 warnings in 1 file; 1 would not load in SWE-agent\n",
      '',
    ]);
  });
});
