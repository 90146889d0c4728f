// The extension's own pieces: the tool preview (command and code lens), restarting the server,
// and settings reaching the server (rule severities, file patterns).
const vscode = require('vscode');
const assert = require('assert');
const fs = require('fs');
const path = require('path');
const { EXTENSION_ID, ready, open, fileUri, expectDiagnostics, waitFor, range, searchDiagnostics, SEARCH, VIEWER } = require('./helpers');

const GOTO_PREVIEW = [
  '**goto**: invoke format `goto {line_number}`',
  '',
  'A call with `line_number=1` runs:',
  '',
  '```sh',
  'goto 1',
  '```',
  '',
  'Function-calling tool (what the model receives):',
  '',
  '```json',
  '{',
  '  "type": "function",',
  '  "function": {',
  '    "name": "goto",',
  '    "description": "moves the window to show <line_number>",',
  '    "parameters": {',
  '      "type": "object",',
  '      "properties": {',
  '        "line_number": {',
  '          "type": "integer",',
  '          "description": "the line number to move the window to"',
  '        }',
  '      },',
  '      "required": [',
  '        "line_number"',
  '      ]',
  '    }',
  '  }',
  '}',
  '```',
  '',
  'Docs (`generate_command_docs`, shown when function calling is off):',
  '',
  '```text',
  'goto:',
  '  docstring: moves the window to show <line_number>',
  '  signature: goto <line_number>',
  '  arguments:',
  '    - line_number (integer) [required]: the line number to move the window to',
  '```',
].join('\n');

const previewTabs = () =>
  vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith('markdown.preview'));

const previewDocuments = () => vscode.workspace.textDocuments.filter((d) => d.uri.scheme === 'swe-bundle-preview');

async function closeAllEditors() {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

/** Updates a workspace setting and undoes it afterwards, whatever happens in between. */
async function withSetting(key, value, run) {
  const config = vscode.workspace.getConfiguration('sweBundle');
  await config.update(key, value, vscode.ConfigurationTarget.Workspace);
  try {
    await run();
  } finally {
    await vscode.workspace.getConfiguration('sweBundle').update(key, undefined, vscode.ConfigurationTarget.Workspace);
  }
}

suite('commands and settings', () => {
  let api;
  suiteSetup(async () => {
    api = await ready();
  });

  test('the commands are contributed with their titles', async () => {
    const manifest = vscode.extensions.getExtension('swe-bundle-lsp.swe-bundle').packageJSON;
    assert.deepStrictEqual(
      manifest.contributes.commands.map((c) => `${c.category}: ${c.title}`),
      ['SWE Bundle: Restart Server', 'SWE Bundle: Show Output', 'SWE Bundle: Preview Tool as the Model Sees It', 'SWE Bundle: Preview the Prompt'],
    );
    const registered = await vscode.commands.getCommands(true);
    for (const c of manifest.contributes.commands) assert.ok(registered.includes(c.command), `${c.command} is not registered`);
  });

  test('Preview Tool as the Model Sees It opens the rendered Markdown preview, with the source a click away', async () => {
    const { uri } = await open(VIEWER);
    const previewUri = await vscode.commands.executeCommand('sweBundle.showToolPreview', uri.toString(), 'goto');
    assert.strictEqual(previewUri.scheme, 'swe-bundle-preview');
    // VS Code's Markdown preview (a webview) shows the document, beside the bundle.
    const tab = await waitFor(() => previewTabs().find((t) => t.label === 'Preview goto.md'), 'the Markdown preview tab');
    assert.strictEqual(tab.group.viewColumn, vscode.ViewColumn.Two);
    const preview = previewDocuments().find((d) => d.uri.toString() === previewUri.toString());
    assert.ok(preview, 'the preview document is not open');
    assert.strictEqual(preview.languageId, 'markdown');
    assert.strictEqual(preview.getText(), GOTO_PREVIEW);
    // A content provider's document: read-only, never dirty or saved.
    assert.strictEqual(preview.isDirty, false);
    assert.strictEqual(preview.isUntitled, false);
    // The preview's "Open Source" button (markdown.showSource) opens the Markdown as text.
    await vscode.commands.executeCommand('workbench.action.focusSecondEditorGroup');
    await waitFor(() => tab.isActive && tab.group.isActive, 'the preview to be the active editor');
    await vscode.commands.executeCommand('markdown.showSource');
    const source = await waitFor(() => vscode.window.activeTextEditor && vscode.window.activeTextEditor.document.uri.toString() === previewUri.toString() && vscode.window.activeTextEditor, 'the preview source in a text editor');
    assert.strictEqual(source.document.getText(), GOTO_PREVIEW);
    await closeAllEditors();
  });

  test('the palette command previews the tool under the cursor', async () => {
    const { editor } = await open(VIEWER);
    editor.selection = new vscode.Selection(17, 10, 17, 10); // inside `goto`'s arguments
    const previewUri = await vscode.commands.executeCommand('sweBundle.showToolPreview');
    assert.ok(previewUri, 'no preview was opened');
    assert.strictEqual(previewUri.path, '/goto.md');
    const preview = await waitFor(() => previewDocuments().find((d) => d.uri.toString() === previewUri.toString()), 'the preview document');
    assert.strictEqual(preview.getText(), GOTO_PREVIEW);
    await closeAllEditors();
  });

  test('the code lens on each tool runs the preview', async () => {
    const uri = fileUri(VIEWER);
    await open(VIEWER);
    const lenses = await vscode.commands.executeCommand('vscode.executeCodeLensProvider', uri);
    assert.deepStrictEqual(lenses.map((l) => [range(l.range), l.command.title, l.command.command, l.command.arguments]), [
      ['2:2-2:6', 'Preview as the model sees it', 'sweBundle.previewTool', [uri.toString(), 'open']],
      ['14:2-14:6', 'Preview as the model sees it', 'sweBundle.previewTool', [uri.toString(), 'goto']],
    ]);
    // What clicking the lens does: run its command with its arguments.
    await vscode.commands.executeCommand(lenses[1].command.command, ...lenses[1].command.arguments);
    const preview = await waitFor(() => previewDocuments().find((d) => d.uri.path === '/goto.md'), 'the preview opened by the lens');
    assert.strictEqual(preview.getText(), GOTO_PREVIEW);
    await waitFor(() => previewTabs().some((t) => t.label === 'Preview goto.md'), 'the Markdown preview tab');
    await closeAllEditors();
  });

  test('sweBundle.rules changes a severity; removing it restores the default', async () => {
    const { uri } = await open(SEARCH);
    await expectDiagnostics(uri, searchDiagnostics());
    await withSetting('rules', { 'unknown-key': 'error', 'argument-format-jinja': 'off' }, async () => {
      await expectDiagnostics(
        uri,
        searchDiagnostics()
          .filter((d) => d.code !== 'argument-format-jinja')
          .map((d) => (d.code === 'unknown-key' ? { ...d, severity: 'error' } : d)),
      );
    });
    await expectDiagnostics(uri, searchDiagnostics());
  });

  test('the status item names the SWE-agent that judges the active file, and why; sweBundle.sweAgent changes it', async () => {
    const commit = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../../server/src/engine/sweAgent/profiles/main.json'), 'utf8')).provenance[0].commit.slice(0, 8);
    const shows = async (expected, what) => {
      try {
        await waitFor(() => ({ ok: JSON.stringify(api.statusItem) === JSON.stringify(expected), seen: api.statusItem }), what);
      } catch (e) {
        assert.deepStrictEqual(api.statusItem, expected, what);
        throw e;
      }
    };
    const summary = 'SWE Bundle: 3 bundles, 1 agent config in the workspace';
    await open(VIEWER);
    await shows(
      {
        text: `$(check) SWE-agent main (${commit})`,
        tooltip: `${summary}\n\nThis file is judged by SWE-agent main (${commit}): the default: the workspace has no sweagent package and pins no version (sweBundle.sweAgent: auto).\n\nClick to show the output.`,
        visible: true,
      },
      'the status item naming SWE-agent main',
    );
    await withSetting('sweAgent', '1.0.1', async () => {
      await shows(
        { text: '$(check) SWE-agent v1.0.1', tooltip: `${summary}\n\nThis file is judged by SWE-agent v1.0.1: set by sweBundle.sweAgent.\n\nClick to show the output.`, visible: true },
        'the status item naming SWE-agent v1.0.1',
      );
    });
    await shows({ text: `$(check) SWE-agent main (${commit})`, tooltip: `${summary}\n\nThis file is judged by SWE-agent main (${commit}): the default: the workspace has no sweagent package and pins no version (sweBundle.sweAgent: auto).\n\nClick to show the output.`, visible: true }, 'the status item back on main');
    await open('misc/config.yaml');
    await shows({ text: '$(check) SWE Bundle', tooltip: `${summary}\n\nClick to show the output.`, visible: false }, 'the status item hidden on a file it does not claim');
  });

  test('sweBundle.filePatterns claims more documents (the client restarts with the new selector)', async () => {
    const { uri } = await open('misc/config.yaml');
    const expected = [
      {
        range: '4:0-4:0',
        severity: 'error',
        code: 'yaml-syntax',
        source: 'swe-bundle',
        message: "PyYAML cannot load this file: expected the node content, but found '<stream end>' (while parsing a flow node).",
      },
    ];
    await withSetting('filePatterns', ['**/misc/config.yaml'], async () => {
      await expectDiagnostics(uri, expected);
      await waitFor(() => api.status.state === 'ready', 'the restarted server to be ready');
    });
    await expectDiagnostics(uri, []);
    await waitFor(() => ({ ok: api.status.state === 'ready' && api.client !== undefined && api.client.isRunning(), seen: api.status }), 'the server after the second restart');
  });

  test('Restart Server starts a new server that serves the open documents again', async () => {
    const { uri } = await open(SEARCH);
    await expectDiagnostics(uri, searchDiagnostics());
    const before = api.client;
    await vscode.commands.executeCommand('sweBundle.restartServer');
    assert.notStrictEqual(api.client, before, 'the client was not replaced');
    assert.ok(api.client.isRunning());
    await waitFor(() => ({ ok: api.status.state === 'ready', seen: api.status }), 'the restarted server to index');
    await expectDiagnostics(uri, searchDiagnostics());
    await open(VIEWER);
    const hovers = await vscode.commands.executeCommand('vscode.executeHoverProvider', fileUri(VIEWER), new vscode.Position(3, 23));
    assert.strictEqual(hovers.length, 1);
  });

  test('sweBundle.server.path starts that server; a missing one leaves the status stopped, with the reason', async () => {
    const { uri } = await open(SEARCH);
    const bundled = path.join(vscode.extensions.getExtension(EXTENSION_ID).extensionPath, 'dist', 'server.js');
    await withSetting('server.path', bundled, async () => {
      await waitFor(() => ({ ok: api.status.state === 'ready' && api.client !== undefined, seen: api.status }), 'the server from sweBundle.server.path');
      await expectDiagnostics(uri, searchDiagnostics());
    });
    const missing = path.join(path.dirname(bundled), 'no-such-server.js');
    await withSetting('server.path', missing, async () => {
      await waitFor(() => ({ ok: api.status.state === 'stopped', seen: api.status }), 'the status to say stopped');
      assert.deepStrictEqual(api.status, { state: 'stopped', reason: `sweBundle.server.path: ${missing} does not exist` });
      assert.strictEqual(api.client, undefined);
    });
    await waitFor(() => ({ ok: api.status.state === 'ready' && api.client !== undefined && api.client.isRunning(), seen: api.status }), 'the bundled server again');
    await expectDiagnostics(uri, searchDiagnostics());
  });

  test('sweBundle.trace.server traces into the output channel without disturbing requests', async () => {
    await open(VIEWER);
    await withSetting('trace.server', 'verbose', async () => {
      const hovers = await vscode.commands.executeCommand('vscode.executeHoverProvider', fileUri(VIEWER), new vscode.Position(3, 23));
      assert.deepStrictEqual(hovers.map((h) => range(h.range)), ['3:21-3:27']);
    });
  });

  test('Show Output runs', async () => {
    await vscode.commands.executeCommand('sweBundle.showOutput');
  });
});
