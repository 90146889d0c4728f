/** Quick fixes over LSP: the capability, matching the client's diagnostics, exact edits, CRLF documents. */
import * as fs from 'fs';
import * as path from 'path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClientCapabilities, CodeAction, Diagnostic, TextEdit } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { TestClient, inMemory } from '../helpers/lspClient';
import { parseMarkers, rangeOf } from '../helpers/markers';
import { CORPUS_DIR, needsShared } from '../helpers/shared';

const URI = 'file:///w/tools/demo/config.yaml';
const LITERALS: ClientCapabilities = {
  textDocument: { codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix'] } }, isPreferredSupport: true } },
};

let client: TestClient | undefined;
afterEach(() => {
  client?.dispose();
  client = undefined;
});

async function openBundle(text: string, capabilities: ClientCapabilities = LITERALS, uri = URI): Promise<Diagnostic[]> {
  client = await inMemory({ capabilities });
  await client.open(uri, text);
  return (await client.waitForDiagnostics(uri)).diagnostics;
}

function codeActions(diagnostics: Diagnostic[], only?: string[], uri = URI): Promise<CodeAction[]> {
  const range = diagnostics[0]?.range ?? { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  return client!.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range, context: only ? { diagnostics, only } : { diagnostics } });
}

/** The text after applying one action's edits, as a client does. */
function applied(text: string, action: CodeAction, uri = URI): string {
  const edits: TextEdit[] = action.edit?.changes?.[uri] ?? [];
  return TextDocument.applyEdits(TextDocument.create(uri, 'yaml', 1, text), edits);
}

describe('the code action capability', () => {
  it('announces quick fixes to clients with literal support, a plain provider otherwise, or registers dynamically', async () => {
    client = await inMemory({ capabilities: LITERALS });
    expect(client.initializeResult.capabilities.codeActionProvider).toEqual({ codeActionKinds: ['quickfix'] });
    client.dispose();
    client = await inMemory();
    expect(client.initializeResult.capabilities.codeActionProvider).toBe(true);
    client.dispose();
    client = await inMemory({ capabilities: { textDocument: { codeAction: { dynamicRegistration: true, codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix'] } } } } } });
    expect(client.initializeResult.capabilities.codeActionProvider).toBeUndefined();
    await client.waitForRegistrations('textDocument/codeAction');
    // YAML documents, and the settings file, whose misspelt keys have fixes too.
    expect(client.registrationOptions.get('textDocument/codeAction')).toEqual({
      documentSelector: [{ language: 'yaml' }, { pattern: '**/*.{yaml,yml}' }, { pattern: '**/.swe-bundle.json' }],
      codeActionKinds: ['quickfix'],
    });
  });
});

describe('quick fixes', () => {
  const marked = 'tools:\n  demo:\n    signature: "demo <path> «<line>»"\n    docstring: "shows {WINDOW} lines"\n    arguments:\n      - name: path\n        type: string\n        description: the file\n        required: true\n';

  it('answers the diagnostics the client sends with exact edits, the obvious fix preferred', async () => {
    const { text, ranges } = parseMarkers(marked);
    const diagnostics = await openBundle(text);
    const unknown = diagnostics.find((d) => d.code === 'signature-unknown-placeholder')!;
    expect(unknown.range).toEqual(rangeOf(text, ranges[0]));
    const actions = await codeActions([unknown]);
    expect(actions).toEqual<CodeAction[]>([
      {
        title: 'Add the argument `line`',
        kind: 'quickfix',
        diagnostics: [unknown],
        isPreferred: true,
        edit: {
          changes: {
            [URI]: [{ range: { start: { line: 9, character: 0 }, end: { line: 9, character: 0 } }, newText: '      - name: line\n        type: string\n        description: ""\n        required: true\n' }],
          },
        },
      },
    ]);
    const window = diagnostics.find((d) => d.code === 'docstring-unknown-variable')!;
    expect(await codeActions([window])).toEqual<CodeAction[]>([
      {
        title: 'Escape `{WINDOW}` as `{{WINDOW}}`',
        kind: 'quickfix',
        diagnostics: [window],
        edit: {
          changes: {
            [URI]: [
              { range: { start: { line: 3, character: 22 }, end: { line: 3, character: 23 } }, newText: '{{' },
              { range: { start: { line: 3, character: 29 }, end: { line: 3, character: 30 } }, newText: '}}' },
            ],
          },
        },
      },
    ]);
  });

  it('sends a versioned document change to clients that support them, and isPreferred only to clients that do', async () => {
    const { text } = parseMarkers(marked);
    const diagnostics = await openBundle(text, {
      workspace: { workspaceEdit: { documentChanges: true } },
      textDocument: { codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix'] } } } },
    });
    const [action] = await codeActions(diagnostics.filter((d) => d.code === 'signature-unknown-placeholder'));
    expect(action.isPreferred).toBeUndefined();
    expect(action.edit).toEqual({
      documentChanges: [
        {
          textDocument: { uri: URI, version: 1 },
          edits: [{ range: { start: { line: 9, character: 0 }, end: { line: 9, character: 0 } }, newText: '      - name: line\n        type: string\n        description: ""\n        required: true\n' }],
        },
      ],
    });
  });

  it('honours context.only, and returns nothing to a client without CodeAction literals', async () => {
    const { text } = parseMarkers(marked);
    const diagnostics = await openBundle(text);
    expect(await codeActions(diagnostics, ['refactor'])).toEqual([]);
    expect(await codeActions(diagnostics, ['quickfix.other'])).toEqual([]);
    expect((await codeActions(diagnostics, ['quickfix'])).map((a) => a.title)).toEqual(['Add the argument `line`', 'Escape `{WINDOW}` as `{{WINDOW}}`']);
    expect((await codeActions(diagnostics, [''])).map((a) => a.title)).toEqual(['Add the argument `line`', 'Escape `{WINDOW}` as `{{WINDOW}}`']);
    client!.dispose();
    const plain = await openBundle(text, {});
    expect(plain.map((d) => d.code)).toEqual(['signature-unknown-placeholder', 'docstring-unknown-variable']);
    expect(await codeActions(plain)).toEqual([]);
  });

  it('finds the diagnostic by its message when the client moved its range, and ignores other sources and codes', async () => {
    const { text } = parseMarkers(marked);
    const diagnostics = await openBundle(text);
    const unknown = diagnostics.find((d) => d.code === 'signature-unknown-placeholder')!;
    const moved = { ...unknown, range: { start: { line: 3, character: 0 }, end: { line: 3, character: 4 } } };
    const [action] = await codeActions([moved]);
    expect(action.title).toBe('Add the argument `line`');
    expect(action.diagnostics).toEqual([moved]);
    expect(await codeActions([{ ...unknown, source: 'yaml' }])).toEqual([]);
    expect(await codeActions([{ ...unknown, code: 'bash-tool-clash' }])).toEqual([]);
    expect(await codeActions([{ ...unknown, message: 'something else', range: moved.range }])).toEqual([]);
  });

  it('gives one action to two diagnostics that the same edit fixes', async () => {
    const text = 'tools:\n  demo:\n    signature: "demo <path> {line} {line}"\n    docstring: d\n    arguments:\n      - name: path\n        type: string\n        description: the file\n        required: true\n';
    const diagnostics = await openBundle(text);
    expect(diagnostics.map((d) => d.code)).toEqual(['signature-unknown-placeholder', 'signature-unknown-placeholder']);
    const actions = await codeActions(diagnostics);
    expect(actions.map((a) => [a.title, a.diagnostics?.length])).toEqual([
      ['Add the argument `line`', 2],
      ['Escape `{line}` as literal text `{{line}}`', 1],
      ['Escape `{line}` as literal text `{{line}}`', 1],
    ]);
  });

  it('offers both renames of a renamed argument from either diagnostic, one action each for both, with the same edit', async () => {
    const text = 'tools:\n  edit:\n    signature: edit <file_path>\n    docstring: d\n    arguments:\n      - name: path\n        type: string\n        description: the file\n        required: true\n';
    const diagnostics = await openBundle(text);
    expect(diagnostics.map((d) => d.code)).toEqual(['signature-unknown-placeholder', 'signature-missing-argument']);
    const renamePlaceholder = { [URI]: [{ range: { start: { line: 2, character: 21 }, end: { line: 2, character: 30 } }, newText: 'path' }] };
    const renameArgument = { [URI]: [{ range: { start: { line: 5, character: 14 }, end: { line: 5, character: 18 } }, newText: 'file_path' }] };
    for (const one of diagnostics) {
      expect(await codeActions([one])).toEqual<CodeAction[]>([
        { title: 'Rename placeholder `<file_path>` to `<path>`', kind: 'quickfix', diagnostics: [one], edit: { changes: renamePlaceholder } },
        { title: 'Rename argument `path` to `file_path`', kind: 'quickfix', diagnostics: [one], edit: { changes: renameArgument } },
      ]);
    }
    expect((await codeActions(diagnostics)).map((a) => [a.title, a.diagnostics])).toEqual([
      ['Rename placeholder `<file_path>` to `<path>`', diagnostics],
      ['Rename argument `path` to `file_path`', diagnostics],
    ]);
  });

  it("uses the data of the diagnostic the client sends back, whatever its range; without data, finds it by range", async () => {
    // Two diagnostics with one code and one message: only where they are tells them apart.
    const text = 'tools:\n  demo:\n    signature: "demo <path> {line} {line}"\n    docstring: d\n    arguments:\n      - name: path\n        type: string\n        description: the file\n        required: true\n';
    const [first, second] = await openBundle(text);
    expect([first.message === second.message, first.range.start.character, second.range.start.character]).toEqual([true, 28, 35]);
    const escapes = async (sent: Diagnostic) => (await codeActions([sent])).filter((a) => a.title.startsWith('Escape')).map((a) => a.edit?.changes?.[URI]);
    const at = (start: number, end: number) => ({ start: { line: 2, character: start }, end: { line: 2, character: end } });
    const escapeAt = (character: number) => [[{ range: at(character, character + 1), newText: '{{' }, { range: at(character + 5, character + 6), newText: '}}' }]];
    // The second, sent back with the first one's range (a client that moved it): its data names it, so its own fix.
    expect(await escapes({ ...second, range: first.range })).toEqual(escapeAt(35));
    // Without data, the range says which one it is.
    const { data: _data, ...withoutData } = second;
    expect(await escapes(withoutData)).toEqual(escapeAt(35));
    expect(await escapes({ ...withoutData, range: first.range })).toEqual(escapeAt(28));
  });

  it('returns nothing for documents that are not open bundles', async () => {
    client = await inMemory({ capabilities: LITERALS });
    expect(await codeActions([], undefined, 'file:///nope/config.yaml')).toEqual([]);
    await client.open('file:///w/other.yaml', 'a: 1\n');
    expect(await codeActions([], undefined, 'file:///w/other.yaml')).toEqual([]);
  });
});

describe('on CRLF documents', () => {
  /** Each fix, applied by the client to the CRLF text, gives the fixed text with CRLF line breaks. */
  const cases: { name: string; text: string; code: string; fixed: string }[] = [
    {
      name: 'a line inserted after the tool key',
      text: 'tools:\n  demo:\n    signature: demo\n',
      code: 'missing-field',
      fixed: 'tools:\n  demo:\n    docstring: null\n    signature: demo\n',
    },
    {
      name: 'an argument added at the end of the file, which has no last line break',
      text: 'tools:\n  demo:\n    signature: demo <a> <b>\n    docstring: d\n    arguments:\n      - name: a\n        type: string\n        description: x\n        required: true',
      code: 'signature-unknown-placeholder',
      fixed: 'tools:\n  demo:\n    signature: demo <a> <b>\n    docstring: d\n    arguments:\n      - name: a\n        type: string\n        description: x\n        required: true\n      - name: b\n        type: string\n        description: ""\n        required: true',
    },
    {
      name: 'an argument moved up',
      text: 'tools:\n  demo:\n    signature: demo [<a>] <b>\n    docstring: d\n    arguments:\n      - name: a\n        type: string\n        description: x\n        required: false\n      - name: b\n        type: string\n        description: x\n        required: true\n',
      code: 'required-after-optional',
      fixed: 'tools:\n  demo:\n    signature: demo [<a>] <b>\n    docstring: d\n    arguments:\n      - name: b\n        type: string\n        description: x\n        required: true\n      - name: a\n        type: string\n        description: x\n        required: false\n',
    },
    {
      name: 'a brace escaped at the end of a line',
      text: 'tools:\n  demo:\n    docstring: |\n      Shows {WINDOW}\n      lines.\n',
      code: 'docstring-unknown-variable',
      fixed: 'tools:\n  demo:\n    docstring: |\n      Shows {{WINDOW}}\n      lines.\n',
    },
    {
      name: 'a placeholder appended at the end of a line',
      text: 'tools:\n  demo:\n    signature: demo\n    docstring: d\n    arguments:\n      - name: a\n        type: string\n        description: x\n        required: true\n',
      code: 'signature-missing-argument',
      fixed: 'tools:\n  demo:\n    signature: demo <a>\n    docstring: d\n    arguments:\n      - name: a\n        type: string\n        description: x\n        required: true\n',
    },
    {
      name: 'a multi-line entry removed',
      text: 'tools:\n  demo:\n    name: >\n      other\n    docstring: d\n',
      code: 'name-key-conflict',
      fixed: 'tools:\n  demo:\n    docstring: d\n',
    },
  ];

  for (const c of cases) {
    it(c.name, async () => {
      const text = c.text.replace(/\n/g, '\r\n');
      const diagnostics = await openBundle(text);
      const targets = diagnostics.filter((d) => d.code === c.code);
      expect(targets).toHaveLength(1);
      const [action] = await codeActions(targets);
      const edits = action.edit!.changes![URI];
      const lines = text.split('\r\n');
      // Every position lies within its line (none between a `\r` and its `\n`).
      for (const edit of edits) for (const p of [edit.range.start, edit.range.end]) expect(p.character).toBeLessThanOrEqual(lines[p.line].length);
      expect(edits.every((e) => !/(^|[^\r])\n/.test(e.newText))).toBe(true);
      const result = applied(text, action);
      expect(result).toBe(c.fixed.replace(/\n/g, '\r\n'));
      client!.dispose();
      // The fixed document has none of that diagnostic left.
      expect((await openBundle(result)).filter((d) => d.code === c.code)).toEqual([]);
    });
  }
});

describe('on a real bundle', () => {
  it.skipIf(needsShared(path.join(CORPUS_DIR, 'arktrail__SWE-agent/tools/defaults/config.yaml')))('escapes {WINDOW} in each docstring of SWE-agent\'s default tools that uses it', async () => {
    const text = fs.readFileSync(path.join(CORPUS_DIR, 'arktrail__SWE-agent/tools/defaults/config.yaml'), 'utf8');
    const diagnostics = await openBundle(text);
    const windows = diagnostics.filter((d) => d.code === 'docstring-unknown-variable');
    expect(windows.map((d) => d.data?.tool)).toEqual(['scroll_up', 'scroll_down']);
    const actions = await codeActions(windows);
    expect(actions.map((a) => a.title)).toEqual(['Escape `{WINDOW}` as `{{WINDOW}}`', 'Escape `{WINDOW}` as `{{WINDOW}}`']);
    expect(applied(applied(text, actions[0]), actions[1])).toBe(
      text.replace('"moves the window up {WINDOW} lines"', '"moves the window up {{WINDOW}} lines"').replace('"moves the window down {WINDOW} lines"', '"moves the window down {{WINDOW}} lines"'),
    );
  });
});
