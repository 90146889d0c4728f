// The editing features through VS Code's own provider commands (vscode.execute…Provider), which
// call the language client exactly as the editor does, with VS Code's client capabilities.
const vscode = require('vscode');
const assert = require('assert');
const { ready, open, revert, fileUri, expectDiagnostics, range, pos, markdown, plainDiagnostic, searchDiagnostics, waitFor, quickFixesAt, SEARCH, VIEWER } = require('./helpers');
const exec = (command, ...args) => vscode.commands.executeCommand(command, ...args);
// In VIEWER, line 3 is `    signature: "open <path> [<line_number>]"`; (3, 23) is inside `path`.
const IN_PATH = new vscode.Position(3, 23);

suite('editing features', () => {
  suiteSetup(async () => {
    await ready();
    const { uri } = await open(VIEWER);
    await expectDiagnostics(uri, []);
  });

  test('completion after `<` in a signature offers the arguments', async () => {
    const { document, editor, uri } = await open(VIEWER);
    try {
      // `"open <path> [<line_number>]"` -> `"open <`, the cursor after the `<`.
      assert.ok(await editor.edit((b) => b.replace(new vscode.Range(3, 20, 3, 43), ' <')));
      assert.strictEqual(document.lineAt(3).text, '    signature: "open <"');
      const list = await exec('vscode.executeCompletionItemProvider', uri, new vscode.Position(3, 22), '<');
      const items = list.items.map((item) => ({
        label: typeof item.label === 'string' ? item.label : item.label.label,
        kind: item.kind,
        detail: item.detail,
        documentation: item.documentation && markdown(item.documentation),
        insertText: typeof item.insertText === 'string' ? item.insertText : item.insertText && item.insertText.value,
        range: item.range && (item.range.start ? range(item.range) : { inserting: range(item.range.inserting), replacing: range(item.range.replacing) }),
        sortText: item.sortText,
      }));
      assert.deepStrictEqual(items, [
        { label: 'path', kind: vscode.CompletionItemKind.Variable, detail: 'string argument', documentation: 'the path to the file to open', insertText: 'path>', range: '3:22-3:22', sortText: '00' },
        { label: 'line_number', kind: vscode.CompletionItemKind.Variable, detail: 'integer argument, optional', documentation: 'the line number to move the window to', insertText: 'line_number>', range: '3:22-3:22', sortText: '01' },
      ]);
    } finally {
      await revert(document);
    }
  });

  test('hover on a signature placeholder', async () => {
    const { uri } = await open(VIEWER);
    const hovers = await exec('vscode.executeHoverProvider', uri, IN_PATH);
    assert.deepStrictEqual(
      hovers.map((h) => ({ range: range(h.range), contents: h.contents.map(markdown) })),
      [
        {
          range: '3:21-3:27',
          contents: ['**path**: argument of `open` (`string`, required)\n\nthe path to the file to open\n\n`<path>` in the signature becomes `{path}` in the invoke format and receives the value.'],
        },
      ],
    );
  });

  test('a quick fix through executeCodeActionProvider and workspace.applyEdit', async () => {
    const { document, uri } = await open(SEARCH);
    await expectDiagnostics(uri, searchDiagnostics());
    const typo = vscode.languages.getDiagnostics(uri).find((d) => d.code === 'unknown-key');
    const actions = await quickFixesAt(uri, typo);
    const plain = actions.map((a) => ({
      title: a.title,
      kind: a.kind && a.kind.value,
      isPreferred: a.isPreferred,
      edits: a.edit ? a.edit.entries().map(([u, edits]) => [u.toString(), edits.map((e) => [range(e.range), e.newText])]) : null,
    }));
    // (VS Code's executeCodeActionProvider does not hand back an action's `diagnostics`.)
    assert.deepStrictEqual(plain, [
      { title: 'Rename `requried` to `required`', kind: 'quickfix', isPreferred: true, edits: [[uri.toString(), [['9:8-9:16', 'required']]]] },
    ]);
    try {
      assert.strictEqual(await vscode.workspace.applyEdit(actions[0].edit), true, 'workspace.applyEdit refused the fix');
      assert.strictEqual(document.lineAt(9).text, '        required: true');
      // The typo and the missing `required` it hid are both gone.
      await expectDiagnostics(uri, searchDiagnostics().filter((d) => d.code !== 'unknown-key' && d.code !== 'missing-field'));
    } finally {
      await revert(document);
    }
  });

  test('a quick fix that inserts a whole argument, with its indentation', async () => {
    const { document, uri } = await open(SEARCH);
    await expectDiagnostics(uri, searchDiagnostics());
    const placeholder = vscode.languages.getDiagnostics(uri).find((d) => d.code === 'signature-unknown-placeholder');
    const actions = await quickFixesAt(uri, placeholder);
    assert.deepStrictEqual(
      actions.map((a) => [a.title, a.edit.entries().map(([, edits]) => edits.map((e) => [range(e.range), e.newText]))]),
      [['Add the argument `dir`', [[['23:0-23:0', '      - name: dir\n        type: string\n        description: ""\n        required: true\n']]]]],
    );
    try {
      assert.strictEqual(await vscode.workspace.applyEdit(actions[0].edit), true);
      assert.deepStrictEqual(document.getText().split('\n').slice(19), [
        '      - name: file_name',
        '        type: string',
        '        description: "the name of the file to search for"',
        '        required: true',
        '      - name: dir',
        '        type: string',
        '        description: ""',
        '        required: true',
        '',
      ]);
      await expectDiagnostics(uri, searchDiagnostics().filter((d) => d.code !== 'signature-unknown-placeholder'));
    } finally {
      await revert(document);
    }
  });

  test('a placeholder and an argument that do not match: both renames, from either diagnostic, each clearing both', async () => {
    const { document, editor, uri } = await open(VIEWER);
    await expectDiagnostics(uri, []);
    const codes = () => vscode.languages.getDiagnostics(uri).map((d) => [d.code, range(d.range)]);
    const renames = [
      ['Rename placeholder `<file>` to `<path>`', [['3:22-3:26', 'path']]],
      // The argument's name, and its mention in the docstring.
      ['Rename argument `path` to `file`', [['4:35-4:39', 'file'], ['6:14-6:18', 'file']]],
    ];
    try {
      for (const [pick, lines] of [
        [0, ['    signature: "open <path> [<line_number>]"', '    docstring: "opens the file at <path>, optionally at <line_number>"', '    arguments:', '      - name: path']],
        [1, ['    signature: "open <file> [<line_number>]"', '    docstring: "opens the file at <file>, optionally at <line_number>"', '    arguments:', '      - name: file']],
      ]) {
        // `<path>` in the signature (3:21-3:27) becomes `<file>`: a placeholder without an argument, an argument not in the signature.
        assert.ok(await editor.edit((b) => b.replace(new vscode.Range(3, 22, 3, 26), 'file')));
        await waitFor(() => {
          const seen = codes();
          return { ok: JSON.stringify(seen) === JSON.stringify([['signature-unknown-placeholder', '3:21-3:27'], ['signature-missing-argument', '6:14-6:18']]), seen };
        }, 'the two diagnostics of the mismatch');
        let actions;
        for (const diagnostic of vscode.languages.getDiagnostics(uri)) {
          actions = await quickFixesAt(uri, diagnostic);
          assert.deepStrictEqual(
            actions.map((a) => [a.title, a.edit.entries().flatMap(([, edits]) => edits.map((e) => [range(e.range), e.newText]))]),
            renames,
            `the fixes offered on ${diagnostic.code}`,
          );
        }
        assert.strictEqual(await vscode.workspace.applyEdit(actions[pick].edit), true);
        assert.deepStrictEqual(document.getText().split('\n').slice(3, 7), lines, `the text after ${renames[pick][0]}`);
        await expectDiagnostics(uri, [], `no diagnostic after ${renames[pick][0]}`);
        await revert(document);
      }
    } finally {
      await revert(document);
    }
  });

  test('an agent config: the did-you-mean fix of a hidden tool', async () => {
    const { document, uri } = await open('config/default.yaml');
    const codes = () => vscode.languages.getDiagnostics(uri).map((d) => [d.code, range(d.range)]);
    const onDisk = [['bundle-errors', '5:14-5:26'], ['bundle-path-missing', '6:14-6:27']];
    await waitFor(() => ({ ok: JSON.stringify(codes()) === JSON.stringify(onDisk), seen: codes() }), 'the diagnostics of the agent config');
    try {
      // Line 4 is `      - path: tools/viewer`; `open` misspelt in its hidden tools.
      const edit = new vscode.WorkspaceEdit();
      edit.insert(uri, new vscode.Position(5, 0), '        hidden_tools: [opne]\n');
      assert.strictEqual(await vscode.workspace.applyEdit(edit), true);
      await waitFor(() => vscode.languages.getDiagnostics(uri).some((d) => d.code === 'hidden-tool-missing'), 'the hidden-tool-missing diagnostic');
      const missing = vscode.languages.getDiagnostics(uri).find((d) => d.code === 'hidden-tool-missing');
      assert.deepStrictEqual(plainDiagnostic(missing), {
        range: '5:23-5:27',
        severity: 'error',
        code: 'hidden-tool-missing',
        source: 'swe-bundle',
        message: 'Bundle `tools/viewer` has no tool `opne` to hide; did you mean `open`?',
      });
      const actions = await quickFixesAt(uri, missing);
      assert.deepStrictEqual(
        actions.map((a) => [a.title, a.edit.entries().flatMap(([, edits]) => edits.map((e) => [range(e.range), e.newText]))]),
        [['Change `opne` to `open`', [['5:23-5:27', 'open']]]],
      );
      assert.strictEqual(await vscode.workspace.applyEdit(actions[0].edit), true);
      assert.strictEqual(document.lineAt(5).text, '        hidden_tools: [open]');
      // The diagnostic is gone; the others move down a line.
      const after = [['bundle-errors', '6:14-6:26'], ['bundle-path-missing', '7:14-7:27']];
      await waitFor(() => ({ ok: JSON.stringify(codes()) === JSON.stringify(after), seen: codes() }), 'the hidden-tool-missing diagnostic to go');
    } finally {
      await revert(document);
    }
  });

  test('.swe-bundle.json: the did-you-mean fixes of a setting and a rule code, none for a far name', async () => {
    const uri = fileUri('.swe-bundle.json');
    const text = '{\n  "rules": {"unknown-kye": "warning", "zzzz-qqqq": "off"},\n  "inlayHint": true\n}\n';
    const problems = () => vscode.languages.getDiagnostics(uri).map(plainDiagnostic);
    const expected = [
      { range: '1:12-1:25', severity: 'warning', code: 'settings-invalid', source: 'swe-bundle', message: 'unknown rule "unknown-kye"; did you mean "unknown-key"?' },
      { range: '1:38-1:49', severity: 'warning', code: 'settings-invalid', source: 'swe-bundle', message: 'unknown rule "zzzz-qqqq" (docs/rules.md lists every code)' },
      { range: '2:2-2:13', severity: 'warning', code: 'settings-invalid', source: 'swe-bundle', message: 'unknown setting "inlayHint"; did you mean "inlayHints"?' },
    ];
    // A settings file of this test's own (the fixture has none): what it sets is the default, so nothing else changes.
    await vscode.workspace.fs.writeFile(uri, Buffer.from(text));
    const { document } = await open('.swe-bundle.json');
    try {
      await expectDiagnostics(uri, expected, 'the settings diagnostics of .swe-bundle.json');
      const plainFixes = (actions) => actions.map((a) => [a.title, a.edit.entries().flatMap(([, edits]) => edits.map((e) => [range(e.range), e.newText]))]);
      const [rule, far, setting] = vscode.languages.getDiagnostics(uri);
      assert.deepStrictEqual(plainFixes(await quickFixesAt(uri, rule)), [['Rename "unknown-kye" to "unknown-key"', [['1:12-1:25', '"unknown-key"']]]]);
      assert.deepStrictEqual(plainFixes(await quickFixesAt(uri, setting)), [['Rename "inlayHint" to "inlayHints"', [['2:2-2:13', '"inlayHints"']]]]);
      // Here VS Code's answer only: a dropped answer is empty too (test/workspace/settingsFiles.test.ts holds the server's own).
      const farFixes = await exec('vscode.executeCodeActionProvider', uri, far.range, vscode.CodeActionKind.QuickFix.value);
      assert.deepStrictEqual(plainFixes(farFixes), [], 'no fix for a far name');
      for (const diagnostic of [setting, rule]) {
        const [action] = await quickFixesAt(uri, diagnostic);
        assert.strictEqual(await vscode.workspace.applyEdit(action.edit), true);
      }
      assert.strictEqual(document.getText(), '{\n  "rules": {"unknown-key": "warning", "zzzz-qqqq": "off"},\n  "inlayHints": true\n}\n');
      // The server reads the buffer: only the far name is left.
      await expectDiagnostics(uri, [expected[1]], 'the settings diagnostics after both fixes');
    } finally {
      // No settings left behind: VS Code keeps the document open after its editor closes (and sends it to
      // a restarted server), so it becomes `{}`, saved, before its editor closes and the file goes.
      const edit = new vscode.WorkspaceEdit();
      edit.replace(uri, new vscode.Range(0, 0, document.lineCount, 0), '{}\n');
      assert.strictEqual(await vscode.workspace.applyEdit(edit), true);
      assert.strictEqual(await document.save(), true);
      await waitFor(() => ({ ok: problems().length === 0, seen: problems() }), 'the settings diagnostics to go');
      await vscode.window.showTextDocument(document, { preview: false });
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      await vscode.workspace.fs.delete(uri);
    }
  });

  test('document symbols: the tools and their arguments', async () => {
    await open(SEARCH);
    const symbols = await exec('vscode.executeDocumentSymbolProvider', fileUri(SEARCH));
    const plain = (s) => ({ name: s.name, detail: s.detail, kind: s.kind, range: range(s.range), selection: range(s.selectionRange), children: (s.children || []).map(plain) });
    const { Function: F, Variable: V } = vscode.SymbolKind;
    assert.deepStrictEqual(symbols.map(plain), [
      {
        name: 'search_dir', detail: 'search_dir <search_term> [<dir>]', kind: F, range: '2:2-14:40', selection: '2:2-2:12',
        children: [
          { name: 'search_term', detail: 'string', kind: V, range: '6:6-9:22', selection: '6:14-6:25', children: [] },
          { name: 'dir', detail: 'string, optional', kind: V, range: '10:6-14:40', selection: '10:14-10:17', children: [] },
        ],
      },
      {
        name: 'find_file', detail: 'find_file <file_name> <dir>', kind: F, range: '15:2-22:22', selection: '15:2-15:11',
        children: [{ name: 'file_name', detail: 'string', kind: V, range: '19:6-22:22', selection: '19:14-19:23', children: [] }],
      },
    ]);
  });

  test('go to definition from a placeholder to its argument', async () => {
    const uri = fileUri(VIEWER);
    const targets = await exec('vscode.executeDefinitionProvider', uri, IN_PATH);
    assert.deepStrictEqual(
      targets.map((t) => (t.targetUri ? { uri: t.targetUri.toString(), origin: range(t.originSelectionRange), target: range(t.targetRange), selection: range(t.targetSelectionRange) } : { uri: t.uri.toString(), range: range(t.range) })),
      [{ uri: uri.toString(), origin: '3:21-3:27', target: '6:6-9:22', selection: '6:14-6:18' }],
    );
  });

  test('references and highlights of an argument', async () => {
    const uri = fileUri(VIEWER);
    const references = await exec('vscode.executeReferenceProvider', uri, IN_PATH);
    assert.deepStrictEqual(references.map((l) => [l.uri.toString(), range(l.range)]), [[uri.toString(), '3:22-3:26'], [uri.toString(), '4:35-4:39'], [uri.toString(), '6:14-6:18']]);
    const highlights = await exec('vscode.executeDocumentHighlights', uri, IN_PATH);
    const { Read, Write } = vscode.DocumentHighlightKind;
    assert.deepStrictEqual(highlights.map((h) => [range(h.range), h.kind]), [['3:22-3:26', Read], ['4:35-4:39', Read], ['6:14-6:18', Write]]);
  });

  test('rename an argument: its name, placeholder and docstring mention', async () => {
    const uri = fileUri(VIEWER);
    const prepared = await exec('vscode.prepareRename', uri, IN_PATH);
    assert.deepStrictEqual({ range: range(prepared.range), placeholder: prepared.placeholder }, { range: '3:22-3:26', placeholder: 'path' });
    const edit = await exec('vscode.executeDocumentRenameProvider', uri, IN_PATH, 'file');
    assert.deepStrictEqual(edit.entries().map(([u, edits]) => [u.toString(), edits.map((e) => [range(e.range), e.newText])]), [
      [uri.toString(), [['3:22-3:26', 'file'], ['4:35-4:39', 'file'], ['6:14-6:18', 'file']]],
    ]);
    await assert.rejects(exec('vscode.executeDocumentRenameProvider', uri, IN_PATH, '9lives'), /9lives/);
  });

  test('folding ranges and selection ranges', async () => {
    const uri = fileUri(VIEWER);
    const folds = await exec('vscode.executeFoldingRangeProvider', uri);
    assert.deepStrictEqual(folds.map((f) => `${f.start}-${f.end}`), ['1-21', '2-13', '5-13', '6-9', '10-13', '14-21', '17-21', '18-21']);
    const [selection] = await exec('vscode.executeSelectionRangeProvider', uri, [IN_PATH]);
    const chain = [];
    for (let s = selection; s; s = s.parent) chain.push(range(s.range));
    // The server's ranges, plus the two VS Code adds itself: a range that starts mid-line and
    // ends on another line also comes extended to its first line's start (3:0-…, 2:0-…).
    assert.deepStrictEqual(chain, ['3:22-3:26', '3:21-3:27', '3:16-3:43', '3:15-3:44', '3:4-3:44', '3:4-13:23', '3:0-13:23', '2:2-13:23', '2:2-21:22', '2:0-21:22', '1:0-21:22', '1:0-22:21', '0:0-23:0']);
  });

  test('semantic tokens of the placeholders and their mentions', async () => {
    const uri = fileUri(VIEWER);
    const legend = await exec('vscode.provideDocumentSemanticTokensLegend', uri);
    assert.deepStrictEqual({ types: legend.tokenTypes, modifiers: legend.tokenModifiers }, { types: ['parameter', 'variable'], modifiers: ['declaration', 'readonly', 'undefined'] });
    const tokens = await exec('vscode.provideDocumentSemanticTokens', uri);
    assert.deepStrictEqual(Array.from(tokens.data), [3, 21, 6, 0, 1, 0, 7, 15, 0, 1, 1, 34, 6, 0, 0, 0, 22, 13, 0, 0, 11, 21, 13, 0, 1, 1, 41, 13, 0, 0]);
  });

  test('inlay hints: the argument types after the placeholders', async () => {
    const uri = fileUri(VIEWER);
    const hints = await exec('vscode.executeInlayHintProvider', uri, new vscode.Range(0, 0, 23, 0));
    assert.deepStrictEqual(
      hints.map((h) => [pos(h.position), typeof h.label === 'string' ? h.label : h.label.map((p) => p.value).join(''), h.kind, typeof h.tooltip === 'string' ? h.tooltip : h.tooltip && h.tooltip.value]),
      [
        ['3:27', ': string', vscode.InlayHintKind.Type, 'the path to the file to open'],
        ['3:43', ': integer?', vscode.InlayHintKind.Type, 'the line number to move the window to'],
        ['15:34', ': integer', vscode.InlayHintKind.Type, 'the line number to move the window to'],
      ],
    );
  });

  test('document links to bin/ scripts and, from an agent config, to bundles', async () => {
    const links = await exec('vscode.executeLinkProvider', fileUri(VIEWER));
    assert.deepStrictEqual(links.map((l) => [range(l.range), l.target.toString(), l.tooltip]), [
      ['2:2-2:6', fileUri('tools/viewer/bin/open').toString(), 'Open bin/open'],
      ['14:2-14:6', fileUri('tools/viewer/bin/goto').toString(), 'Open bin/goto'],
      ['22:15-22:21', fileUri('tools/viewer/bin/_state').toString(), 'Open bin/_state'],
    ]);
    // The server answers for open documents only.
    await open('config/default.yaml');
    const agentLinks = await exec('vscode.executeLinkProvider', fileUri('config/default.yaml'));
    assert.deepStrictEqual(agentLinks.map((l) => [range(l.range), l.target.toString(), l.tooltip]), [
      ['4:14-4:26', fileUri(VIEWER).toString(), 'Open the bundle config'],
      ['5:14-5:26', fileUri(SEARCH).toString(), 'Open the bundle config'],
    ]);
  });

  test('an agent config: hover and go to definition on a bundle path', async () => {
    const { uri } = await open('config/default.yaml');
    const at = new vscode.Position(4, 18); // line 4 is `      - path: tools/viewer`
    const hovers = await exec('vscode.executeHoverProvider', uri, at);
    assert.deepStrictEqual(
      hovers.map((h) => ({ range: range(h.range), contents: h.contents.map(markdown) })),
      [
        {
          range: '4:14-4:26',
          contents: [
            `Bundle \`tools/viewer\`, at \`${fileUri(VIEWER).fsPath}\`.\n\n2 tools:\n\n\`open <path> [<line_number>]\`: opens the file at \\<path\\>, optionally at \\<line_number\\>\n\n\`goto <line_number>\`: moves the window to show \\<line_number\\>`,
          ],
        },
      ],
    );
    const targets = await exec('vscode.executeDefinitionProvider', uri, at);
    assert.deepStrictEqual(
      targets.map((t) => [range(t.originSelectionRange), t.targetUri.toString(), range(t.targetRange), range(t.targetSelectionRange)]),
      [['4:14-4:26', fileUri(VIEWER).toString(), '0:0-0:0', '0:0-0:0']],
    );
  });

  test('an agent config: completion of hidden tools, and a quick fix for a misspelt key', async () => {
    const { document, uri } = await open('config/default.yaml');
    const edit = new vscode.WorkspaceEdit();
    // Line 4 is `      - path: tools/viewer`, line 7 `    enable_bash_tool: true`.
    edit.insert(uri, new vscode.Position(5, 0), '        hidden_tools: [go]\n');
    edit.replace(uri, new vscode.Range(7, 4, 7, 20), 'enable_bash_tol');
    try {
      assert.strictEqual(await vscode.workspace.applyEdit(edit), true);
      const list = await exec('vscode.executeCompletionItemProvider', uri, new vscode.Position(5, 25));
      const items = list.items.map((item) => [typeof item.label === 'string' ? item.label : item.label.label, item.detail, item.range && range(item.range.replacing || item.range), item.sortText]);
      assert.deepStrictEqual(items, [
        ['open', 'open <path> [<line_number>]', '5:23-5:25', '00'],
        ['goto', 'goto <line_number>', '5:23-5:25', '01'],
      ]);
      await waitFor(() => vscode.languages.getDiagnostics(uri).some((d) => d.code === 'unknown-key'), 'the unknown-key diagnostic');
      const typo = vscode.languages.getDiagnostics(uri).find((d) => d.code === 'unknown-key');
      const actions = await quickFixesAt(uri, typo);
      assert.deepStrictEqual(
        actions.map((a) => [a.title, a.edit.entries().map(([, edits]) => edits.map((e) => [range(e.range), e.newText]))]),
        [['Rename `enable_bash_tol` to `enable_bash_tool`', [[['8:4-8:19', 'enable_bash_tool']]]]],
      );
      assert.strictEqual(await vscode.workspace.applyEdit(actions[0].edit), true);
      await waitFor(() => !vscode.languages.getDiagnostics(uri).some((d) => d.code === 'unknown-key'), 'the unknown-key diagnostic to go');
    } finally {
      await revert(document);
    }
  });

  test('workspace symbols find tools in every bundle', async () => {
    const symbols = await exec('vscode.executeWorkspaceSymbolProvider', 'goto');
    assert.deepStrictEqual(symbols.map((s) => [s.name, s.kind, s.containerName, s.location.uri.toString(), range(s.location.range)]), [
      ['goto', vscode.SymbolKind.Function, 'viewer', fileUri(VIEWER).toString(), '14:2-14:6'],
    ]);
  });
});
