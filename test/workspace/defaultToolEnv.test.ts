/**
 * A bundle's docstrings are formatted with the chosen SWE-agent's ToolConfig
 * default env when no agent config sets `env_variables`: `{}` in v1.0.0,
 * v1.0.1 and v1.1.0 (`env_variables: dict[str, Any] = {}`), the pager
 * settings (`PAGER: cat`, ...) at main. A synthetic bundle whose docstring
 * reads `{PAGER}` and `{WINDOW}`, on its own and listed by an agent config
 * that sets no env, at each version. Exact diagnostics.
 */
import { describe, expect, it } from 'vitest';
import { SWE_AGENT_VERSIONS, SweAgentVersion } from '../../server/src/engine/sweAgent/profile';
import { WORKSPACE, workspaceOf } from '../helpers/fixture';

const BUNDLE = `${WORKSPACE}/tools/pager/config.yaml`;
const BUNDLE_TEXT = 'tools:\n  page:\n    signature: page\n    docstring: "shows {WINDOW} lines with {PAGER}"\n';
const AGENT = `${WORKSPACE}/config/agent.yaml`;
const AGENT_TEXT = 'agent:\n  model:\n    name: gpt-4o\n  tools:\n    bundles:\n      - path: tools/pager\n';

function docstringDiagnostics(files: [string, string][], version: SweAgentVersion): string[] {
  const { analysis } = workspaceOf(new Map([...files, [`${WORKSPACE}/tools/pager/bin/page`, '#!/bin/sh\n']]), { sweAgent: version });
  return analysis
    .positioned(BUNDLE, analysis.report(BUNDLE)!)
    .filter((d) => d.code.startsWith('docstring-'))
    .map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1}-${d.range.end.character + 1} ${d.severity} ${d.code}: ${d.message}`);
}

const PAGER_AT = '4:43-50';
const FROM_AGENT = ' (checked with the env of config/agent.yaml, which uses this bundle).';
const WINDOW_AT = '4:23-31';

describe("the chosen SWE-agent's default env", () => {
  it.each(SWE_AGENT_VERSIONS)('%s: a bundle no agent config uses assumes that default env (warnings)', (version) => {
    const window = `${WINDOW_AT} warning docstring-unknown-variable: The docstring of \`page\` uses {WINDOW}, which ToolConfig's default env does not set.`;
    const pager = `${PAGER_AT} warning docstring-unknown-variable: The docstring of \`page\` uses {PAGER}, which ToolConfig's default env does not set.`;
    expect(docstringDiagnostics([[BUNDLE, BUNDLE_TEXT]], version)).toEqual(version === 'main' ? [window] : [window, pager]);
  });

  it.each(SWE_AGENT_VERSIONS)('%s: an agent config that sets no env formats the docstring with that default env (errors)', (version) => {
    const window = `${WINDOW_AT} error docstring-unknown-variable: The docstring of \`page\` uses {WINDOW}, but the env variables do not set WINDOW${FROM_AGENT}`;
    const pager = `${PAGER_AT} error docstring-unknown-variable: The docstring of \`page\` uses {PAGER}, but the env variables do not set PAGER${FROM_AGENT}`;
    expect(docstringDiagnostics([[BUNDLE, BUNDLE_TEXT], [AGENT, AGENT_TEXT]], version)).toEqual(version === 'main' ? [window] : [window, pager]);
  });

  it.each(SWE_AGENT_VERSIONS)('%s: an env the agent config sets replaces the default env at every version', (version) => {
    const withWindow = AGENT_TEXT.replace('  tools:\n', '  tools:\n    env_variables: {WINDOW: 10}\n');
    expect(docstringDiagnostics([[BUNDLE, BUNDLE_TEXT], [AGENT, withWindow]], version)).toEqual([
      `${PAGER_AT} error docstring-unknown-variable: The docstring of \`page\` uses {PAGER}, but the env variables do not set PAGER${FROM_AGENT}`,
    ]);
  });
});
