// Diagnostics through the real extension: which documents are claimed, the exact diagnostics of a
// bundle and an agent config, and their update after an edit.
const vscode = require('vscode');
const assert = require('assert');
const { ready, open, revert, fileUri, expectDiagnostics, diagnosticsOf, waitFor, searchDiagnostics, SEARCH } = require('./helpers');


suite('diagnostics', () => {
  let api;
  suiteSetup(async () => {
    api = await ready();
  });

  test('the server indexed the fixture workspace: 3 bundles (tools/search, tools/viewer, misc), 1 agent config', () => {
    assert.deepStrictEqual(api.status, { state: 'ready', bundles: 3, agentConfigs: 1, truncated: false });
    assert.ok(api.client && api.client.isRunning(), 'the language client is not running');
  });

  test('a bundle config under tools/ gets the exact diagnostics', async () => {
    const { uri } = await open(SEARCH);
    await expectDiagnostics(uri, searchDiagnostics());
  });

  test('an agent config under config/ gets the exact diagnostics', async () => {
    const { uri } = await open('config/default.yaml');
    await expectDiagnostics(uri, [
      {
        range: '5:14-5:26',
        severity: 'error',
        code: 'bundle-errors',
        source: 'swe-bundle',
        message:
          'Bundle `tools/search` does not load in this assembly: 2 errors in its config.yaml, the first `missing-field`.',
      },
      {
        range: '6:14-6:27',
        severity: 'error',
        code: 'bundle-path-missing',
        source: 'swe-bundle',
        message: 'Bundle path `tools/missing` does not exist.',
      },
    ]);
  });

  test('a correct bundle has no diagnostics', async () => {
    const { uri } = await open('tools/viewer/config.yaml');
    // The server has the document once it answers for it; its diagnostics are then settled.
    await waitFor(async () => (await vscode.commands.executeCommand('vscode.executeDocumentSymbolProvider', uri) || []).length === 3, 'the outline of the viewer bundle (open, goto, state_command)');
    await expectDiagnostics(uri, []);
  });

  test('a YAML file outside tools/ and config/ is not claimed: no diagnostics, no answers', async () => {
    // misc/config.yaml has `tools:` and a syntax error: the server would report it, were it sent there.
    const { uri } = await open('misc/config.yaml');
    await expectDiagnostics(fileUri(SEARCH), searchDiagnostics());
    const hovers = await vscode.commands.executeCommand('vscode.executeHoverProvider', uri, new vscode.Position(1, 2));
    const symbols = await vscode.commands.executeCommand('vscode.executeDocumentSymbolProvider', uri);
    assert.deepStrictEqual({ hovers, symbols: symbols || [] }, { hovers: [], symbols: [] });
    assert.deepStrictEqual(diagnosticsOf(uri), []);
  });

  test('the diagnostics follow an edit, and the revert', async () => {
    const { document, editor, uri } = await open(SEARCH);
    await expectDiagnostics(uri, searchDiagnostics());
    try {
      // Line 9 `        requried: true` -> `        required: true`: the typo and the missing field both go.
      const ok = await editor.edit((b) => b.replace(new vscode.Range(9, 8, 9, 16), 'required'));
      assert.ok(ok, 'the edit was not applied');
      await expectDiagnostics(uri, searchDiagnostics().filter((d) => d.code !== 'missing-field' && d.code !== 'unknown-key'));
      // A new mistake: `type: string` -> `type: str` on line 7.
      assert.ok(await editor.edit((b) => b.replace(new vscode.Range(7, 14, 7, 20), 'str')));
      await expectDiagnostics(uri, [
        {
          range: '7:14-7:17',
          severity: 'warning',
          code: 'unknown-json-schema-type',
          source: 'swe-bundle',
          message:
            '`type: str` of argument `search_term` in `search_dir` is not a JSON Schema type; did you mean `string`?',
        },
        ...searchDiagnostics().filter((d) => d.code !== 'missing-field' && d.code !== 'unknown-key'),
      ]);
    } finally {
      await revert(document);
    }
    await expectDiagnostics(uri, searchDiagnostics());
  });
});
