/**
 * Quick fixes for the bin/ checks: a stub script for a tool or state command
 * without one (created by the client through a workspace edit), and the
 * execute bits (set by the server on the user's command, the only write it
 * ever makes, and only to a bin/ script of a bundle inside the workspace).
 */
import * as fs from 'fs';
import * as path from 'path';
import { spawnSync } from 'child_process';
import { pathToFileURL } from 'url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ClientCapabilities, CodeAction, Diagnostic, PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { BinEntry } from '../../server/src/engine/workspace/bundleFolder';
import { BUNDLE as FIXTURE_BUNDLE, workspaceOf } from '../helpers/fixture';
import { TestClient, inMemory } from '../helpers/lspClient';
import { TempWorkspace, tempWorkspace } from '../helpers/tempWorkspace';

const DEMO = `tools:
  open:
    signature: "open <path> [<line>]"
    docstring: opens a file
    arguments:
      - name: path
        type: string
        description: the file
        required: true
      - name: line
        type: integer
        description: the line
        required: false
  goto:
    docstring: moves
    arguments:
      - name: line
        type: integer
        description: the line
        required: true
      - name: col
        type: integer
        description: the column
        required: false
  "say\\"hi":
    docstring: quotes
  a/b:
    docstring: nested
  dir_tool:
    docstring: a folder in bin/
state_command: _state --verbose
`;

/**
 * The fixes the facade offers for each bin/ script diagnostic of DEMO, its
 * bin/ holding these entries (a folder holds one file; a file is a script).
 */
function fixesFor(bin: BinEntry[]) {
  const dir = path.posix.dirname(FIXTURE_BUNDLE);
  const at = (entry: BinEntry) => `${dir}/bin/${entry.name}${entry.kind === 'directory' ? '/keep' : ''}`;
  const files = new Map([[FIXTURE_BUNDLE, DEMO], ...bin.map((entry) => [at(entry), '#!/bin/sh\n'] as const)]);
  // The execute-bit rule is off by default (SWE-agent runs `chmod +x bin/*` at install).
  const { analysis } = workspaceOf(files, { rules: { 'bin-script-not-executable': 'information' } }, new Set(bin.filter((entry) => !entry.executable).map(at)));
  return analysis
    .report(FIXTURE_BUNDLE)!
    .diagnostics.filter((d) => d.code.startsWith('bin-script-'))
    .map((d) => ({ code: d.code, at: DEMO.slice(d.start).split(/[:\n]/)[0], fixes: analysis.quickFixes(FIXTURE_BUNDLE, d) }));
}

const stub = (about: string, call: string, name = 'open') => `#!/usr/bin/env bash\n# ${about}\n# Called as: ${call}\necho "${name}: not implemented yet" >&2\nexit 1\n`;
const toolAbout = (name: string) => `The tool \`${name}\` of this bundle: SWE-agent puts bin/ on PATH and runs this script when the model calls the tool.`;

describe('the bin/ fixes in the engine', () => {
  it('describe a stub for each missing script: how SWE-agent calls it, and a failure until written', () => {
    const found = fixesFor([{ name: 'dir_tool', kind: 'directory', executable: true }]);
    expect(found.map(({ code, at, fixes }) => ({ code, at, fixes }))).toEqual([
      {
        code: 'bin-script-missing',
        at: 'open',
        fixes: [{ title: 'Create bin/open', edits: [], isPreferred: true, createFile: { path: 'bin/open', content: stub(toolAbout('open'), 'open <path> [<line>]') } }],
      },
      {
        code: 'bin-script-missing',
        at: 'goto',
        // No signature: the arguments as the docs show them.
        fixes: [{ title: 'Create bin/goto', edits: [], isPreferred: true, createFile: { path: 'bin/goto', content: stub(toolAbout('goto'), 'goto <line> [<col>]', 'goto') } }],
      },
      {
        code: 'bin-script-missing',
        at: '"say\\"hi"',
        fixes: [
          {
            title: 'Create bin/say"hi',
            edits: [],
            isPreferred: true,
            createFile: { path: 'bin/say"hi', content: stub(toolAbout('say"hi'), 'say"hi', 'say\\"hi') },
          },
        ],
      },
      // A name with a slash is no file in bin/; a folder in the script's place cannot become a file.
      { code: 'bin-script-missing', at: 'a/b', fixes: [] },
      { code: 'bin-script-missing', at: 'dir_tool', fixes: [] },
      {
        code: 'bin-script-missing',
        at: '_state --verbose',
        fixes: [
          {
            title: 'Create bin/_state',
            edits: [],
            isPreferred: true,
            createFile: { path: 'bin/_state', content: stub('The state command of this bundle: SWE-agent runs it after every step.', '_state --verbose', '_state') },
          },
        ],
      },
    ]);
  });

  it('describe the execute bits for a script without them', () => {
    const file = (name: string) => ({ name, kind: 'file' as const, executable: false });
    const found = fixesFor(['open', 'goto', 'say"hi', 'dir_tool', '_state'].map(file));
    expect(found.filter((f) => f.code === 'bin-script-not-executable').map(({ at, fixes }) => [at, fixes])).toEqual([
      ['open', [{ title: 'Make bin/open executable', edits: [], isPreferred: true, makeExecutable: 'bin/open' }]],
      ['goto', [{ title: 'Make bin/goto executable', edits: [], isPreferred: true, makeExecutable: 'bin/goto' }]],
      ['"say\\"hi"', [{ title: 'Make bin/say"hi executable', edits: [], isPreferred: true, makeExecutable: 'bin/say"hi' }]],
      ['dir_tool', [{ title: 'Make bin/dir_tool executable', edits: [], isPreferred: true, makeExecutable: 'bin/dir_tool' }]],
      ['_state --verbose', [{ title: 'Make bin/_state executable', edits: [], isPreferred: true, makeExecutable: 'bin/_state' }]],
    ]);
  });
});

const BUNDLE = 'tools/demo/config.yaml';
const SERVER_BUNDLE = `tools:
  open:
    signature: "open <path>"
    docstring: opens a file
    arguments:
      - name: path
        type: string
        description: the file
        required: true
  goto:
    signature: goto
    docstring: moves
`;

let ws: TempWorkspace;
let outside: TempWorkspace;
beforeAll(() => {
  ws = tempWorkspace({ [BUNDLE]: SERVER_BUNDLE });
  outside = tempWorkspace();
});
afterAll(() => {
  ws.remove();
  outside.remove();
});

describe('the bin/ fixes over LSP', () => {
  let client: TestClient | undefined;
  afterEach(() => {
    client?.dispose();
    client = undefined;
    fs.rmSync(ws.path('tools/demo/bin'), { recursive: true, force: true });
  });

  const uri = (relative: string) => pathToFileURL(ws.path(relative)).toString();
  const codes = (p: PublishDiagnosticsParams) => p.diagnostics.map((d) => `${d.code}@${d.range.start.line}`);
  const mode = (file: string) => fs.statSync(file).mode & 0o7777;
  const CREATE: ClientCapabilities['workspace'] = { workspaceEdit: { documentChanges: true, resourceOperations: ['create', 'rename', 'delete'] } };

  async function start(workspace: ClientCapabilities['workspace'] = CREATE): Promise<{ diagnostics: Diagnostic[] }> {
    client = await inMemory({
      workspaceFolders: [{ uri: pathToFileURL(ws.root).toString(), name: 'ws' }],
      capabilities: {
        window: { workDoneProgress: true },
        workspace: { ...workspace, didChangeWatchedFiles: { dynamicRegistration: true } },
        textDocument: { codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix'] } }, isPreferredSupport: true } },
      },
    });
    await client.waitFor(() => client!.progress.some((p) => p.value.kind === 'end'), 'indexing to finish');
    await client.open(uri(BUNDLE), SERVER_BUNDLE);
    return { diagnostics: (await client.waitForDiagnostics(uri(BUNDLE))).diagnostics };
  }

  function actionsFor(diagnostic: Diagnostic): Promise<CodeAction[]> {
    return client!.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri: uri(BUNDLE) }, range: diagnostic.range, context: { diagnostics: [diagnostic] } });
  }

  function makeExecutable(...args: unknown[]): Promise<unknown> {
    return client!.request('workspace/executeCommand', { command: 'sweBundle.makeExecutable', arguments: args });
  }

  it('creates a missing script through a workspace edit, then makes it executable with its command', async () => {
    ws.write('tools/demo/bin/goto', '#!/bin/sh\n', 0o755);
    const { diagnostics } = await start();
    const missing = diagnostics.find((d) => d.code === 'bin-script-missing')!;
    expect(missing.range).toEqual({ start: { line: 1, character: 2 }, end: { line: 1, character: 6 } });
    const script = uri('tools/demo/bin/open');
    expect(await actionsFor(missing)).toEqual<CodeAction[]>([
      {
        title: 'Create bin/open',
        kind: 'quickfix',
        diagnostics: [missing],
        isPreferred: true,
        edit: {
          documentChanges: [
            { kind: 'create', uri: script, options: { ignoreIfExists: true } },
            {
              textDocument: { uri: script, version: null },
              edits: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: stub(toolAbout('open'), 'open <path>') }],
            },
          ],
        },
        command: { title: 'Create bin/open', command: 'sweBundle.makeExecutable', arguments: [script] },
      },
    ]);
    // The client applies the edit (the file exists, its text still unsaved), then runs the command.
    ws.write('tools/demo/bin/open', '', 0o644);
    expect(await makeExecutable(script)).toBe(true);
    expect(mode(ws.path('tools/demo/bin/open'))).toBe(0o755);
    const after = await client!.waitForDiagnostics(uri(BUNDLE), (p) => !codes(p).includes('bin-script-missing@1'));
    expect(codes(after)).toEqual([]);
  });

  it('offers no file creation to a client without resource operations', async () => {
    const { diagnostics } = await start({ workspaceEdit: { documentChanges: true } });
    expect(await actionsFor(diagnostics.find((d) => d.code === 'bin-script-missing')!)).toEqual([]);
  });

  it('makes a script executable as far as its read bits go, and the diagnostic (off by default, turned on) goes away', async () => {
    ws.write('.swe-bundle.json', JSON.stringify({ rules: { 'bin-script-not-executable': 'information' } }));
    ws.write('tools/demo/bin/open', '#!/bin/sh\n', 0o755);
    ws.write('tools/demo/bin/goto', '#!/bin/sh\n', 0o640);
    const { diagnostics } = await start();
    expect(diagnostics.map((d) => `${d.code}@${d.range.start.line}`)).toEqual(['bin-script-not-executable@9']);
    const script = uri('tools/demo/bin/goto');
    expect(await actionsFor(diagnostics[0])).toEqual<CodeAction[]>([
      {
        title: 'Make bin/goto executable',
        kind: 'quickfix',
        diagnostics: [diagnostics[0]],
        isPreferred: true,
        command: { title: 'Make bin/goto executable', command: 'sweBundle.makeExecutable', arguments: [script] },
      },
    ]);
    expect(await makeExecutable(script)).toBe(true);
    expect(mode(ws.path('tools/demo/bin/goto'))).toBe(0o750);
    const after = await client!.waitForDiagnostics(uri(BUNDLE), (p) => !codes(p).includes('bin-script-not-executable@9'));
    expect(codes(after)).toEqual([]);
  });

  it('refuses a write-only file, a hard link, a FIFO and a bin/ that is a symbolic link, saying why', async () => {
    ws.write('tools/demo/bin/open', '#!/bin/sh\n', 0o200);
    const outsideFile = outside.write('hooks/pre-commit', '#!/bin/sh\n', 0o644);
    fs.linkSync(outsideFile, ws.path('tools/demo/bin/goto'));
    spawnSync('mkfifo', [ws.path('tools/demo/bin/_state')]);
    // A second bundle whose bin/ is a symbolic link to a folder elsewhere in the workspace (say, .git/hooks).
    ws.write('hooks/pre-commit', '#!/bin/sh\n', 0o644);
    ws.write('tools/linked/config.yaml', 'tools:\n  pre-commit:\n    signature: pre-commit\n    docstring: d\n');
    fs.symlinkSync(ws.path('hooks'), ws.path('tools/linked/bin'));
    await start();
    const shownBefore = client!.shown.length;
    expect(await makeExecutable(uri('tools/demo/bin/open'))).toBe(false);
    expect(await makeExecutable(uri('tools/demo/bin/goto'))).toBe(false);
    expect(await makeExecutable(uri('tools/demo/bin/_state'))).toBe(false);
    expect(await makeExecutable(uri('tools/linked/bin/pre-commit'))).toBe(false);
    await client!.waitFor(() => client!.shown.length >= shownBefore + 4, 'the reasons');
    expect(client!.shown.slice(shownBefore)).toEqual([
      `2: Cannot make ${ws.path('tools/demo/bin/open')} executable: it has no read permission (mode 0200), so no one could run it; make it readable first.`,
      `2: Cannot make ${ws.path('tools/demo/bin/goto')} executable: it has 2 hard links: changing its mode would change the same file under its other names.`,
      `2: Cannot make ${ws.path('tools/demo/bin/_state')} executable: it is not a regular file (a FIFO).`,
      `2: Cannot make ${ws.path('tools/linked/bin/pre-commit')} executable: bin/ is a symbolic link (to ${ws.path('hooks')}), not a folder of the bundle.`,
    ]);
    expect([mode(ws.path('tools/demo/bin/open')), mode(outsideFile), mode(ws.path('hooks/pre-commit'))]).toEqual([0o200, 0o644, 0o644]);
    fs.rmSync(ws.path('hooks'), { recursive: true });
    fs.rmSync(ws.path('tools/linked'), { recursive: true });
  });

  it('refuses anything but a regular file in the bin/ of a bundle inside the workspace, changing nothing', async () => {
    ws.write('tools/demo/bin/open', '#!/bin/sh\n', 0o755);
    ws.write('tools/demo/bin/goto', '#!/bin/sh\n', 0o644);
    const targets = {
      outsideWorkspace: outside.write('bin/tool', '#!/bin/sh\n', 0o644),
      notInBin: ws.write('tools/demo/notes.sh', '#!/bin/sh\n', 0o644),
      binOfNoBundle: ws.write('other/bin/tool', '#!/bin/sh\n', 0o644),
      linkOut: ws.path('tools/demo/bin/link_out'),
      linkIn: ws.path('tools/demo/bin/link_in'),
    };
    fs.symlinkSync(targets.outsideWorkspace, targets.linkOut);
    fs.symlinkSync(targets.notInBin, targets.linkIn);
    fs.mkdirSync(ws.path('tools/demo/bin/folder'), { mode: 0o755 });
    await start();
    const modes = () => Object.values(targets).map((file) => mode(file));
    const before = modes();
    expect(before).toEqual([0o644, 0o644, 0o644, 0o644, 0o644]);
    for (const file of Object.values(targets)) expect(await makeExecutable(pathToFileURL(file).toString())).toBe(false);
    expect(await makeExecutable(uri('tools/demo/bin/folder'))).toBe(false);
    expect(await makeExecutable(uri('tools/demo/bin/missing'))).toBe(false);
    expect(await makeExecutable('untitled:bin/goto')).toBe(false);
    expect(await makeExecutable(42)).toBe(false);
    expect(await makeExecutable()).toBe(false);
    expect(modes()).toEqual(before);
    expect(mode(ws.path('tools/demo/bin/folder'))).toBe(0o755);
    expect(mode(ws.path('tools/demo/bin/goto'))).toBe(0o644);
    // The same request for the bundle's own script goes through.
    expect(await makeExecutable(uri('tools/demo/bin/goto'))).toBe(true);
    expect(mode(ws.path('tools/demo/bin/goto'))).toBe(0o755);
    fs.rmSync(ws.path('tools/demo/notes.sh'));
    fs.rmSync(ws.path('other'), { recursive: true });
  });
});
