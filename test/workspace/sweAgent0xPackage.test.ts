/**
 * A SWE-agent 0.x config in a workspace whose own sweagent/ package is 0.x
 * (a fork of 0.7): the config is in that package's own format, so it is said
 * to be not checked (a warning, still never clean), not refused as
 * SWE-agent 1.x would refuse it. Elsewhere it stays an error.
 */
import { describe, expect, it } from 'vitest';
import { WORKSPACE, workspaceOf } from '../helpers/fixture';

const CONFIG = `${WORKSPACE}/config/default.yaml`;
const CONFIG_0X = 'system_template: You are an agent.\ninstance_template: "{issue}"\ncommand_files:\n  - config/commands/defaults.sh\n';

function diagnostics(files: [string, string][]): string[] {
  const { analysis } = workspaceOf(new Map<string, string>([[CONFIG, CONFIG_0X], ...files]));
  return analysis.positioned(CONFIG, analysis.report(CONFIG)!).map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.severity} ${d.code}: ${d.message}`);
}

describe("a 0.x config and the workspace's own SWE-agent", () => {
  it('with a 0.x sweagent/ package: in its own format, not checked (a warning)', () => {
    expect(diagnostics([[`${WORKSPACE}/sweagent/__init__.py`, '__version__ = "0.7.0"\n']])).toEqual([
      "1:1 warning sweagent-0x-config: A SWE-agent 0.x config (top-level `system_template`, `instance_template`) in the format of the workspace's own sweagent/ package (0.7.0): not checked here.",
    ]);
  });

  it.each([
    ['a 1.x sweagent/ package', [[`${WORKSPACE}/sweagent/__init__.py`, '__version__ = "1.1.0"\n']] as [string, string][]],
    ['no package (SWE-agent main)', [] as [string, string][]],
  ])('with %s: refused by SWE-agent 1.x (an error)', (_, files) => {
    expect(diagnostics(files)).toEqual([
      '1:1 error sweagent-0x-config: A SWE-agent 0.x config (top-level `system_template`, `instance_template`) is not checked here, and SWE-agent 1.x refuses it.',
    ]);
  });
});
