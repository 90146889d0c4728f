// Completion as a user gets it in VS Code, with its auto-closing as it comes (the settings
// untouched: YAML auto-closes `[`, `{` and quotes): the characters are typed through the `type`
// command, which is what a key press runs, so VS Code puts its closers after the cursor; the
// suggest widget is opened and its first item accepted, and the line must hold no doubled closer.
const vscode = require('vscode');
const assert = require('assert');
const { ready, open, revert, expectDiagnostics, waitFor, VIEWER } = require('./helpers');
const exec = (command, ...args) => vscode.commands.executeCommand(command, ...args);

/**
 * Types `key` into `editor`, on line `n`, as a key press does. `type` acts on the focused editor
 * only, and focus can come late (the Markdown preview or the output panel an earlier suite opened
 * may still take it after `showTextDocument` returned): a key typed then is dropped, the line
 * unchanged. So the editor is focused before each try and the key typed again until the line
 * changes; a key that was applied changed the document before `type` answered, so none is doubled.
 */
async function typeKey(editor, n, key) {
  const before = editor.document.lineAt(n).text;
  await waitFor(async () => {
    await vscode.window.showTextDocument(editor.document, { viewColumn: editor.viewColumn, preview: false, preserveFocus: false });
    await exec('type', { text: key });
    const seen = editor.document.lineAt(n).text;
    return { ok: seen !== before, seen };
  }, `${JSON.stringify(key)} to be typed on line ${n} (${JSON.stringify(before)})`);
}

/** Replaces line `n` by `text`, puts the cursor at its end and types `keys` there, one key at a time; returns the line. */
async function typeAtEnd(editor, n, text, keys) {
  assert.ok(await editor.edit((b) => b.replace(editor.document.lineAt(n).range, text)));
  const end = new vscode.Position(n, text.length);
  editor.selection = new vscode.Selection(end, end);
  for (const key of keys) await typeKey(editor, n, key);
  return editor.document.lineAt(n).text;
}

/**
 * Opens the suggest widget and accepts its first item (Enter) once it shows one; returns line `n`.
 * First waits until the server offers `label` first at the cursor: a widget opened while it offers
 * nothing would show VS Code's own word suggestions instead.
 */
async function acceptFirst(editor, n, label) {
  const before = editor.document.lineAt(n).text;
  await waitFor(async () => {
    const list = await exec('vscode.executeCompletionItemProvider', editor.document.uri, editor.selection.active);
    const seen = list.items.map((item) => (typeof item.label === 'string' ? item.label : item.label.label));
    return { ok: seen[0] === label, seen };
  }, `the server to offer ${label} on line ${n} (${JSON.stringify(before)})`);
  await exec('editor.action.triggerSuggest');
  await waitFor(async () => {
    // A no-op until the widget shows an item.
    await exec('acceptSelectedSuggestion');
    const seen = editor.document.lineAt(n).text;
    return { ok: seen !== before, seen };
  }, `a completion to be accepted on line ${n} (${JSON.stringify(before)})`);
  return editor.document.lineAt(n).text;
}

suite('completion under auto-closing', () => {
  suiteSetup(async () => {
    await ready();
  });

  test('`[<` in a signature: VS Code closes the `[`, the accepted argument goes before it', async () => {
    const { document, editor, uri } = await open(VIEWER);
    await expectDiagnostics(uri, []);
    try {
      // Line 3: `    signature: "open <path> [<line_number>]"`, typed again unquoted up to the `[<`.
      assert.strictEqual(await typeAtEnd(editor, 3, '    signature: open <path> ', '[<'), '    signature: open <path> [<]');
      assert.strictEqual(await acceptFirst(editor, 3, 'line_number'), '    signature: open <path> [<line_number>]');
      // What SWE-agent runs ends in the placeholder, not in a stray `]`: the bundle is correct again.
      await expectDiagnostics(uri, []);
    } finally {
      await revert(document);
    }
  });

  test('`{{` in an argument_format and `"` in a type: the closers VS Code put there are not doubled', async () => {
    const { document, editor } = await open(VIEWER);
    try {
      // Line 9 is the `required: true` of `path`: an argument_format after it.
      assert.ok(await editor.edit((b) => b.insert(new vscode.Position(10, 0), '\n')));
      assert.strictEqual(await typeAtEnd(editor, 10, '        argument_format: ', '{{'), '        argument_format: {{}}');
      assert.strictEqual(await acceptFirst(editor, 10, '{{value}}'), '        argument_format: "{{value}}"');
      assert.strictEqual(await typeAtEnd(editor, 10, '        argument_format: ', '"{{'), '        argument_format: "{{}}"');
      assert.strictEqual(await acceptFirst(editor, 10, '{{value}}'), '        argument_format: "{{value}}"');
      // Line 7: `        type: string`.
      assert.strictEqual(await typeAtEnd(editor, 7, '        type: ', '"'), '        type: ""');
      assert.strictEqual(await acceptFirst(editor, 7, 'string'), '        type: "string"');
    } finally {
      await revert(document);
    }
  });

  test('an agent config: hidden tools in the `[]` and the quotes VS Code closed', async () => {
    const { document, editor } = await open('config/default.yaml');
    try {
      // Line 4 is `      - path: tools/viewer`: its hidden_tools on a new line 5.
      assert.ok(await editor.edit((b) => b.insert(new vscode.Position(5, 0), '\n')));
      assert.strictEqual(await typeAtEnd(editor, 5, '        hidden_tools: ', '['), '        hidden_tools: []');
      assert.strictEqual(await acceptFirst(editor, 5, 'open'), '        hidden_tools: [open]');
      assert.strictEqual(await typeAtEnd(editor, 5, '        hidden_tools: ', '["'), '        hidden_tools: [""]');
      assert.strictEqual(await acceptFirst(editor, 5, 'open'), '        hidden_tools: ["open"]');
    } finally {
      await revert(document);
    }
  });
});
