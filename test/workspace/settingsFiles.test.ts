/**
 * Settings as the user sees them (issue 11): `.swe-bundle.json` edited while
 * the server runs and a workspace folder added take effect without a
 * restart; a bad glob is a clear settings problem in both front ends, never
 * a crash or a silent stop; a relative `configRoot` resolves against the
 * folder holding the settings, for what may be read and for bundle paths
 * alike, and the CLI and the server then say the same.
 */
import * as fs from 'fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { TestClient, inMemory } from '../helpers/lspClient';
import { Shown, shownOfCli, shownOfLsp } from '../helpers/parity';
import { fileUri } from '../helpers/project';
import { runLintBinary } from '../helpers/runCli';
import { TempWorkspace, tempWorkspace } from '../helpers/tempWorkspace';

let client: TestClient | undefined;
const workspaces: TempWorkspace[] = [];
afterEach(() => {
  client?.dispose();
  client = undefined;
  for (const ws of workspaces.splice(0)) ws.remove();
});

function workspace(files: Record<string, string>): TempWorkspace {
  const ws = tempWorkspace(files);
  workspaces.push(ws);
  return ws;
}

/** A bundle whose one tool has no bin/ script: one `bin-script-missing` warning, which rules can change. */
const BUNDLE = 'tools:\n  view:\n    signature: "view"\n    docstring: "shows the file"\n';
const MISSING_SCRIPT: Shown = {
  code: 'bin-script-missing',
  severity: 'warning',
  message: 'There is no bin/view for the tool `view`.',
  range: { start: { line: 1, character: 2 }, end: { line: 1, character: 6 } },
};

const CAPABILITIES = { window: { workDoneProgress: true }, workspace: { didChangeWatchedFiles: { dynamicRegistration: true }, workspaceFolders: true } };

async function serverOn(folders: string[], sweBundle: Record<string, unknown> = {}): Promise<TestClient> {
  const started = await inMemory({ initializationOptions: { sweBundle }, workspaceFolders: folders.map((f, i) => ({ uri: fileUri(f), name: `folder ${i}` })), capabilities: CAPABILITIES });
  await started.waitFor(() => started.progress.some((p) => p.value.kind === 'end'), 'indexing to finish');
  return started;
}

async function openAndWait(c: TestClient, file: string): Promise<PublishDiagnosticsParams> {
  await c.open(fileUri(file), fs.readFileSync(file, 'utf8'));
  return c.waitForDiagnostics(fileUri(file));
}

/** Waits for the next publication for `file` after `count` earlier ones. */
const publishedAfter = (c: TestClient, file: string, count: number) => c.waitForDiagnostics(fileUri(file), (p) => (c.diagnostics.get(fileUri(file)) ?? []).indexOf(p) >= count);
const publications = (c: TestClient, file: string) => (c.diagnostics.get(fileUri(file)) ?? []).length;

describe('a bad glob in filePatterns', () => {
  const SETTINGS = '{"filePatterns": ["*.{yaml"]}\n';
  const MESSAGE = `filePatterns: "*.{yaml" is not a valid glob pattern: '{' is not closed by '}'; it is ignored`;

  it('makes the CLI exit 2 with the message (a usage problem, not "a bundle would not load")', () => {
    const ws = workspace({ '.swe-bundle.json': SETTINGS, 'tools/view/config.yaml': BUNDLE });
    expect(runLintBinary(['--format', 'json', '.'], ws.root)).toEqual({ code: 2, stdout: '', stderr: `swe-bundle-lint: .swe-bundle.json: ${MESSAGE}\n` });
  });

  it('is a settings-invalid diagnostic on .swe-bundle.json at the pattern and a message in the server, which still checks the bundles', async () => {
    const ws = workspace({ '.swe-bundle.json': SETTINGS, 'tools/view/config.yaml': BUNDLE });
    client = await serverOn([ws.root]);
    expect(shownOfLsp((await openAndWait(client, ws.path('tools/view/config.yaml'))).diagnostics)).toEqual([MISSING_SCRIPT]);
    const settings = await client.waitForDiagnostics(fileUri(ws.path('.swe-bundle.json')));
    // The brace that is not closed.
    expect(shownOfLsp(settings.diagnostics)).toEqual([{ code: 'settings-invalid', severity: 'warning', message: MESSAGE, range: { start: { line: 0, character: 21 }, end: { line: 0, character: 22 } } }]);
    expect(client.shown).toEqual([`2: swe-bundle: ${ws.path('.swe-bundle.json')}: ${MESSAGE}`]);
  });
});

describe('.swe-bundle.json while the server runs', () => {
  it('takes an edit to it (a watched file event) at once: rules apply, problems come and go', async () => {
    const ws = workspace({ '.swe-bundle.json': '{}\n', 'tools/view/config.yaml': BUNDLE });
    const bundle = ws.path('tools/view/config.yaml');
    const settingsFile = ws.path('.swe-bundle.json');
    client = await serverOn([ws.root]);
    expect(client.registrations).toContain('workspace/didChangeWatchedFiles');
    expect(shownOfLsp((await openAndWait(client, bundle)).diagnostics)).toEqual([MISSING_SCRIPT]);

    let seen = publications(client, bundle);
    ws.write('.swe-bundle.json', '{"rules": {"bin-script-missing": "error"}}\n');
    await client.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: fileUri(settingsFile), type: 2 }] });
    expect(shownOfLsp((await publishedAfter(client, bundle, seen)).diagnostics)).toEqual([{ ...MISSING_SCRIPT, severity: 'error' }]);

    // A mistake in it is reported on it; fixing it clears the report.
    seen = publications(client, bundle);
    ws.write('.swe-bundle.json', '{"rules": {"bin-script-missing": "off"}, "rulez": {}}\n');
    await client.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: fileUri(settingsFile), type: 2 }] });
    expect(shownOfLsp((await publishedAfter(client, bundle, seen)).diagnostics)).toEqual([]);
    const problem = await client.waitForDiagnostics(fileUri(settingsFile), (p) => p.diagnostics.length > 0);
    expect(shownOfLsp(problem.diagnostics).map((d) => [d.code, d.message])).toEqual([['settings-invalid', 'unknown setting "rulez"; did you mean "rules"?']]);
    // Deleted: the defaults again.
    const settingsSeen = publications(client, settingsFile);
    seen = publications(client, bundle);
    fs.rmSync(settingsFile);
    await client.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: fileUri(settingsFile), type: 3 }] });
    expect((await publishedAfter(client, settingsFile, settingsSeen)).diagnostics).toEqual([]);
    expect(shownOfLsp((await publishedAfter(client, bundle, seen)).diagnostics)).toEqual([MISSING_SCRIPT]);
  });

  it('reads the settings of a workspace folder added while it runs, and indexes the folder', async () => {
    const first = workspace({ 'tools/view/config.yaml': BUNDLE });
    const added = workspace({
      '.swe-bundle.json': '{"rules": {"bin-script-missing": "off"}}\n',
      'tools/view/config.yaml': BUNDLE.replace('shows the file', 'shows {WINDOW} lines'),
      'config/default.yaml': 'agent:\n  model: {name: gpt-4o}\n  tools:\n    env_variables: {WINDOW: 100}\n    bundles:\n      - path: tools/view\n',
    });
    client = await serverOn([first.root]);
    await client.notify('workspace/didChangeWorkspaceFolders', { event: { added: [{ uri: fileUri(added.root), name: 'added' }], removed: [] } });
    await client.waitFor(() => client!.progress.filter((p) => p.value.kind === 'end').length === 2, 'the added folder to be indexed');
    // Its own settings (the rule is off) and its agent config (WINDOW is set) apply to its bundle; the first folder's bundle keeps its own.
    expect(shownOfLsp((await openAndWait(client, added.path('tools/view/config.yaml'))).diagnostics)).toEqual([]);
    expect(shownOfLsp((await openAndWait(client, first.path('tools/view/config.yaml'))).diagnostics)).toEqual([MISSING_SCRIPT]);
    const symbols = await client.request<{ location: { uri: string } }[]>('workspace/symbol', { query: 'view' });
    expect(symbols.map((s) => s.location.uri).sort()).toEqual([fileUri(first.path('tools/view/config.yaml')), fileUri(added.path('tools/view/config.yaml'))].sort());
  });
});

describe('a relative configRoot', () => {
  /** A project whose agent config lists a bundle kept in a sibling folder `shared/`, as `configRoot: "../shared"` says. */
  function layout() {
    const root = workspace({
      'project/config/default.yaml': 'agent:\n  model: {name: gpt-4o}\n  tools:\n    env_variables: {WINDOW: 100}\n    bundles:\n      - path: tools/view\n      - path: tools/gone\n',
      'shared/tools/view/config.yaml': BUNDLE,
    });
    return { root, project: root.path('project'), shared: root.path('shared'), agent: root.path('project/config/default.yaml') };
  }
  const GONE = (): Shown => ({
    code: 'bundle-path-missing',
    severity: 'error',
    message: 'Bundle path `tools/gone` does not exist.',
    range: { start: { line: 6, character: 14 }, end: { line: 6, character: 24 } },
  });

  it('in user settings resolves against the workspace folder: no bundle-outside-workspace, and the CLI (--config-root) says the same', async () => {
    const { project, agent } = layout();
    client = await serverOn([project], { configRoot: '../shared' });
    const server = shownOfLsp((await openAndWait(client, agent)).diagnostics);
    expect(server).toEqual([GONE()]);
    const cli = shownOfCli(runLintBinary(['--format', 'json', '--config-root', '../shared', 'config/default.yaml'], project), project);
    expect(cli.get(agent)).toEqual(server);
  });

  it('in a folder\'s .swe-bundle.json resolves against that folder, in a multi-root workspace holding both folders, and the CLI says the same', async () => {
    const { root, project, shared, agent } = layout();
    root.write('project/.swe-bundle.json', '{"configRoot": "../shared"}\n');
    client = await serverOn([project, shared]);
    const server = shownOfLsp((await openAndWait(client, agent)).diagnostics);
    expect(server).toEqual([GONE()]);
    const run = runLintBinary(['--format', 'json', '.', '../shared'], project);
    expect(run.stderr).toBe('');
    expect(shownOfCli(run, project).get(agent)).toEqual(server);
  });
});

describe('a misspelt key in .swe-bundle.json', () => {
  const TEXT = '{\n  "rules": {"unknown-kye": "off"},\n  "inlayHint": false\n}\n';
  const RULE = { start: { line: 1, character: 12 }, end: { line: 1, character: 25 } };
  const SETTING = { start: { line: 2, character: 2 }, end: { line: 2, character: 13 } };
  const LITERALS = { textDocument: { codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix'] } }, isPreferredSupport: true } } };

  it('is a diagnostic with the key it meant, and the server answers its quick fix there; typed in the open file, it is no message', async () => {
    const ws = workspace({ '.swe-bundle.json': TEXT, 'tools/view/config.yaml': BUNDLE });
    const uri = fileUri(ws.path('.swe-bundle.json'));
    client = await inMemory({ workspaceFolders: [{ uri: fileUri(ws.root), name: 'ws' }], capabilities: { ...CAPABILITIES, ...LITERALS } });
    const { diagnostics } = await client.waitForDiagnostics(uri);
    expect(diagnostics).toEqual([
      { range: RULE, severity: 2, source: 'swe-bundle', code: 'settings-invalid', message: 'unknown rule "unknown-kye"; did you mean "unknown-key"?', data: { replaceWith: 'unknown-key' } },
      { range: SETTING, severity: 2, source: 'swe-bundle', code: 'settings-invalid', message: 'unknown setting "inlayHint"; did you mean "inlayHints"?', data: { replaceWith: 'inlayHints' } },
    ]);
    const shownBefore = [...client.shown];
    expect(shownBefore).toHaveLength(1);

    await client.open(uri, TEXT);
    const actions = await client.request('textDocument/codeAction', { textDocument: { uri }, range: RULE, context: { diagnostics } });
    expect(actions).toEqual([
      { title: 'Rename "unknown-kye" to "unknown-key"', kind: 'quickfix', diagnostics: [diagnostics[0]], isPreferred: true, edit: { changes: { [uri]: [{ range: RULE, newText: '"unknown-key"' }] } } },
      { title: 'Rename "inlayHint" to "inlayHints"', kind: 'quickfix', diagnostics: [diagnostics[1]], isPreferred: true, edit: { changes: { [uri]: [{ range: SETTING, newText: '"inlayHints"' }] } } },
    ]);

    // Typed in the editor: the diagnostics follow the buffer, and no message pops up per keystroke.
    const seen = publications(client, ws.path('.swe-bundle.json'));
    await client.notify('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ text: TEXT.replace('"inlayHint"', '"inlayHintz"') }] });
    const typed = await publishedAfter(client, ws.path('.swe-bundle.json'), seen);
    expect(shownOfLsp(typed.diagnostics).map((d) => [d.message, d.range])).toEqual([
      ['unknown rule "unknown-kye"; did you mean "unknown-key"?', RULE],
      ['unknown setting "inlayHintz"; did you mean "inlayHints"?', { start: { line: 2, character: 2 }, end: { line: 2, character: 14 } }],
    ]);
    expect(client.shown).toEqual(shownBefore);
  });

  it('a far name: a diagnostic without a suggestion, and no quick fix', async () => {
    const text = '{"noSuchSetting": 1}\n';
    const ws = workspace({ '.swe-bundle.json': text });
    const uri = fileUri(ws.path('.swe-bundle.json'));
    client = await inMemory({ workspaceFolders: [{ uri: fileUri(ws.root), name: 'ws' }], capabilities: { ...CAPABILITIES, ...LITERALS } });
    const { diagnostics } = await client.waitForDiagnostics(uri);
    expect(diagnostics.map((d) => [d.message, d.data])).toEqual([['unknown setting "noSuchSetting" (the settings are envVariables, rules, filePatterns, configRoot, inlayHints, commandLine, sweAgent)', undefined]]);
    await client.open(uri, text);
    expect(await client.request('textDocument/codeAction', { textDocument: { uri }, range: diagnostics[0].range, context: { diagnostics } })).toEqual([]);
  });
});
