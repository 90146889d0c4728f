/**
 * `bin-script-undeclared` stays quiet on the helper scripts a bundle is meant
 * to have: a name starting with `_` (SWE-agent's registry `bin/_read_env`,
 * which other bundles' scripts call) and a script the bundle's install.sh runs
 * (SWE-agent's web_browser starts `run_web_browser_server` so). Any other
 * undeclared script is still reported.
 */
import { describe, expect, it } from 'vitest';
import { BUDGETS } from '../../server/src/engine/budgets';
import { fixture } from '../helpers/fixture';

const CONFIG = '/workspace/tools/b/config.yaml';
const TOOLS = 'tools:\n  view:\n    signature: "view"\n    docstring: shows\n';

/** The undeclared-script diagnostics of the bundle b, with these extra files (relative to the bundle). */
function undeclared(files: Record<string, string>) {
  const spec = [`//- ${CONFIG}\n${TOOLS}`, '//- /workspace/tools/b/bin/view\n#!/bin/sh\n', ...Object.entries(files).map(([name, text]) => `//- /workspace/tools/b/${name}\n${text}`)].join('');
  const { analysis } = fixture(spec);
  return analysis
    .report(CONFIG)!
    .diagnostics.filter((d) => d.code === 'bin-script-undeclared')
    .map((d) => ({ message: d.message, severity: d.severity, start: d.start, end: d.end }));
}

describe('bin/ scripts no tool declares', () => {
  it('are reported on the tools: key, one per script, unless they are helpers', () => {
    expect(undeclared({ 'bin/leftover': '#!/bin/sh\n', 'bin/_read_env': '#!/bin/sh\n', 'bin/serve': '#!/bin/sh\n', 'install.sh': 'serve &> /tmp/log &\n' })).toEqual([
      { message: 'bin/leftover is not a tool of this bundle.', severity: 'information', start: 0, end: 5 },
    ]);
  });

  it('are reported when install.sh only names them in a longer word', () => {
    expect(undeclared({ 'bin/serve': '#!/bin/sh\n', 'install.sh': 'server_start\nobserve\n' })).toEqual([
      { message: 'bin/serve is not a tool of this bundle.', severity: 'information', start: 0, end: 5 },
    ]);
  });

  it('searches only the budget of install.sh', () => {
    const padding = '#'.repeat(BUDGETS.installScriptWordsChars);
    expect(undeclared({ 'bin/early': '#!/bin/sh\n', 'bin/late': '#!/bin/sh\n', 'install.sh': `early\n${padding}\nlate\n` }).map((d) => d.message)).toEqual([
      'bin/late is not a tool of this bundle.',
    ]);
  });
});
