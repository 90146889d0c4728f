/**
 * A bundle's scripts as SWE-agent will run them (read, never run): CRLF line
 * ends, Python without a `#!` line, setup.sh without install.sh, a state
 * command that never writes /root/state.json. Exact codes, ranges (each «»
 * marks one, in config.yaml) and severities, and the exact LF rewrite.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AnalysisHost } from '../../server/src/engine/analysis/analysisHost';
import { hostOn } from '../helpers/project';
import { parseMarkers } from '../helpers/markers';
import { TempWorkspace, tempWorkspace } from '../helpers/tempWorkspace';

const CODES = ['script-crlf', 'script-no-shebang', 'setup-without-install', 'state-not-written'];

let ws: TempWorkspace;
let host: AnalysisHost;
beforeEach(() => {
  ws = tempWorkspace();
});
afterEach(() => ws.remove());

/** Writes the bundle (config.yaml marked, other files as given, bin/ executable) and returns its script diagnostics against the marks. */
function expectScripts(marked: string, files: Record<string, string>, expected: string[]): { messages: string[]; fixes: unknown[] } {
  const { text, ranges } = parseMarkers(marked);
  const config = ws.write('tools/demo/config.yaml', text);
  for (const [name, content] of Object.entries(files)) ws.write(`tools/demo/${name}`, content, name.startsWith('bin/') ? 0o755 : 0o644);
  host = hostOn(ws.root);
  const analysis = host.analysis();
  const report = analysis.report(config)!;
  const found = report.diagnostics.filter((d) => CODES.includes(d.code));
  expect(found.map((d) => `${d.code}:${d.severity}@${d.start}-${d.end}`)).toEqual(ranges.map((r, i) => `${expected[i]}@${r.start}-${r.end}`));
  return { messages: found.map((d) => d.message), fixes: found.flatMap((d) => analysis.quickFixes(config, d)) };
}

const PY = '#!/usr/bin/env python3\nimport sys\nprint(sys.argv)\n';

describe('scripts as they will run', () => {
  it('SWE-agent issue #1008: a bin/ script saved with CRLF is an error, fixed by rewriting it with LF', () => {
    const { messages, fixes } = expectScripts('tools:\n  «view»:\n    docstring: shows\n', { 'bin/view': PY.replace(/\n/g, '\r\n') }, ['script-crlf:error']);
    expect(messages).toEqual(["bin/view has CRLF line ends: running it fails (`/usr/bin/env: 'python\\r'`); save it with LF line ends."]);
    expect(fixes).toEqual([{ title: 'Convert bin/view to LF line ends', edits: [], createFile: { path: 'bin/view', content: PY, overwrite: true }, isPreferred: true }]);
  });

  it('install.sh with CRLF is reported on `tools`, whatever its first line', () => {
    const { fixes } = expectScripts('«tools»:\n  view:\n    docstring: shows\n', { 'bin/view': PY, 'install.sh': 'pip install rich\r\n' }, ['script-crlf:error']);
    expect(fixes).toEqual([{ title: 'Convert install.sh to LF line ends', edits: [], createFile: { path: 'install.sh', content: 'pip install rich\n', overwrite: true }, isPreferred: true }]);
  });

  it('a Python script without #! is a warning; a shell one without it (as SWE-agent ships) is not', () => {
    expectScripts('tools:\n  «view»:\n    docstring: shows\n  find:\n    docstring: finds\n', { 'bin/view': 'import sys\nprint(sys.argv)\n', 'bin/find': 'main() {\n  ls\n}\nmain "$@"\n' }, ['script-no-shebang:warning']);
  });

  it('setup.sh without install.sh (a migration page says setup.sh) is a warning on `tools`', () => {
    const { messages } = expectScripts('«tools»:\n  view:\n    docstring: shows\n', { 'bin/view': PY, 'setup.sh': 'pip install rich\n' }, ['setup-without-install:warning']);
    expect(messages).toEqual(['The bundle has setup.sh but no install.sh, the only script SWE-agent runs when it installs a bundle; rename it to install.sh.']);
  });

  it('a state command that prints JSON instead of writing /root/state.json is an information', () => {
    const printing = '#!/usr/bin/env python3\nimport json, os\nprint(json.dumps({"working_dir": os.getcwd()}))\n';
    expectScripts('tools: {}\nstate_command: «_state»\n', { 'bin/_state': printing }, ['state-not-written:information']);
    ws.remove();
    ws = tempWorkspace();
    expectScripts('tools: {}\nstate_command: _state\n', { 'bin/_state': printing.replace('print(json.dumps(', 'open("/root/state.json", "w").write(json.dumps(') + ')' }, []);
  });
});
