/** prepareRename and rename over LSP: exact edits, CRLF, refusals as errors, capability shape. */
import * as fs from 'fs';
import * as path from 'path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TextEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { lintBundleText } from '../helpers/lintText';
import { TestClient, inMemory } from '../helpers/lspClient';
import { parseMarkers, rangeOf } from '../helpers/markers';
import { CORPUS_DIR, needsShared } from '../helpers/shared';

const URI = 'file:///w/tools/viewer/config.yaml';
const PREPARE = { textDocument: { rename: { prepareSupport: true } } };

let client: TestClient | undefined;
afterEach(() => {
  client?.dispose();
  client = undefined;
});

const { text: BUNDLE, ranges: R } = parseMarkers(`tools:
  «open»:
    signature: "«open» <«path»> [<«line»>]"
    docstring: Opens <«path»> at <«line»>
    arguments:
      - name: «path»
        type: string
        description: the file
        required: true
      - name: «line»
        type: integer
        description: where
        required: false
`);
const [toolKey, sigCommand, sigPath, sigLine, docPath, , namePath, nameLine] = R.map((r) => rangeOf(BUNDLE, r));

const params = (position: { line: number; character: number }, extra: object = {}) => ({ textDocument: { uri: URI }, position, ...extra });
const apply = (text: string, edits: TextEdit[]) => TextDocument.applyEdits(TextDocument.create(URI, 'yaml', 1, text), edits);

describe('prepareRename', () => {
  it('gives the name under the cursor and its text', async () => {
    client = await inMemory({ capabilities: PREPARE });
    await client.openBundle(URI, BUNDLE);
    expect(await client.request('textDocument/prepareRename', params(sigLine.start))).toEqual({ range: sigLine, placeholder: 'line' });
    expect(await client.request('textDocument/prepareRename', params(docPath.end))).toEqual({ range: docPath, placeholder: 'path' });
    expect(await client.request('textDocument/prepareRename', params(toolKey.start))).toEqual({ range: toolKey, placeholder: 'open' });
  });

  it('returns null where there is nothing to rename, and refuses with the reason', async () => {
    client = await inMemory({ capabilities: PREPARE });
    await client.openBundle(URI, BUNDLE);
    expect(await client.request('textDocument/prepareRename', params({ line: 2, character: 6 }))).toBeNull();
    expect(await client.request('textDocument/prepareRename', params({ line: 50, character: 0 }))).toBeNull();
    const dup = 'file:///w/tools/dup/config.yaml';
    await client.openBundle(dup, 'tools:\n  t:\n    signature: t <a>\n    docstring: d\n    arguments:\n      - name: a\n      - name: a\n');
    await expect(client.request('textDocument/prepareRename', { textDocument: { uri: dup }, position: { line: 2, character: 18 } })).rejects.toMatchObject({
      code: -32803,
      message: 'Tool `t` has 2 arguments named `a`; rename one of them by hand first.',
    });
  });

  it('announces prepare support only to clients that have it, and registers dynamically when it can', async () => {
    client = await inMemory({ capabilities: PREPARE });
    expect(client.initializeResult.capabilities.renameProvider).toEqual({ prepareProvider: true });
    client.dispose();
    client = await inMemory();
    expect(client.initializeResult.capabilities.renameProvider).toBe(true);
    client.dispose();
    client = await inMemory({ capabilities: { textDocument: { rename: { dynamicRegistration: true, prepareSupport: true } } } });
    expect(client.initializeResult.capabilities.renameProvider).toBeUndefined();
    await client.waitForRegistrations('textDocument/rename');
  });
});

describe('rename', () => {
  it('renames an argument everywhere, as exact edits', async () => {
    client = await inMemory();
    await client.openBundle(URI, BUNDLE);
    const edit = await client.request<WorkspaceEdit>('textDocument/rename', params(sigPath.start, { newName: 'file' }));
    expect(edit).toEqual({ changes: { [URI]: [sigPath, docPath, namePath].map((range) => ({ range, newText: 'file' })) } });
    const after = apply(BUNDLE, edit.changes![URI]);
    expect(after).toBe(BUNDLE.replace(/<path>/g, '<file>').replace('name: path', 'name: file'));
    expect(lintBundleText(after).diagnostics).toEqual([]);
  });

  it('renames a tool and the command its signature starts with, as document changes when the client takes them', async () => {
    client = await inMemory({ capabilities: { workspace: { workspaceEdit: { documentChanges: true } } } });
    await client.openBundle(URI, BUNDLE, 7);
    const edit = await client.request<WorkspaceEdit>('textDocument/rename', params(toolKey.end, { newName: 'view' }));
    expect(edit).toEqual({
      documentChanges: [
        {
          textDocument: { uri: URI, version: 7 },
          edits: [
            { range: toolKey, newText: 'view' },
            { range: sigCommand, newText: 'view' },
          ],
        },
      ],
    });
  });

  it('refuses invalid names, clashes and places with nothing to rename', async () => {
    client = await inMemory();
    await client.openBundle(URI, BUNDLE);
    await expect(client.request('textDocument/rename', params(nameLine.start, { newName: '2nd' }))).rejects.toMatchObject({
      code: -32803,
      message: '`2nd` is not a valid argument name: SWE-agent needs a letter or `_` first, then only letters, digits, `_` or `-`.',
    });
    await expect(client.request('textDocument/rename', params(nameLine.start, { newName: 'path' }))).rejects.toMatchObject({
      code: -32803,
      message: 'Tool `open` already has an argument named `path`.',
    });
    await expect(client.request('textDocument/rename', params({ line: 0, character: 2 }, { newName: 'x' }))).rejects.toMatchObject({
      code: -32803,
      message: 'There is no argument or tool name here to rename.',
    });
    expect(await client.request('textDocument/rename', params({ line: 70, character: 0 }, { newName: 'x' }))).toBeNull();
  });

  it.skipIf(needsShared(path.join(CORPUS_DIR, 'GrinnerH__SWE-agent/tools/edit_anthropic/config.yaml')))('keeps CRLF line breaks and renames the arguments of a real bundle', async () => {
    const text = fs.readFileSync(path.join(CORPUS_DIR, 'GrinnerH__SWE-agent/tools/edit_anthropic/config.yaml'), 'utf8');
    client = await inMemory();
    await client.openBundle(URI, text);
    const lines = text.split('\r\n');
    const signatureLine = lines.findIndex((l) => l.includes('str_replace_editor <command>'));
    const character = lines[signatureLine].indexOf('<command>') + 1;
    const edit = await client.request<WorkspaceEdit>('textDocument/rename', params({ line: signatureLine, character }, { newName: 'action' }));
    const after = apply(text, edit.changes![URI]);
    expect(after).toBe(text.replace('<command> <path>', '<action> <path>').replace('- name: command\r\n', '- name: action\r\n'));
    expect(after.split('\r\n')).toHaveLength(lines.length);
    expect(lintBundleText(after).diagnostics).toEqual([]);

    const tool = await client.request<WorkspaceEdit>('textDocument/rename', params({ line: 1, character: 4 }, { newName: 'editor' }));
    const renamedTool = apply(text, tool.changes![URI]);
    expect(renamedTool).toBe(text.replace('  str_replace_editor:\r\n', '  editor:\r\n').replace('      str_replace_editor <command>', '      editor <command>'));
    expect(lintBundleText(renamedTool).diagnostics).toEqual([]);
  });
});
