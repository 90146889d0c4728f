/** Definition, references and document highlights over LSP. */
import * as fs from 'fs';
import * as path from 'path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DocumentHighlight, Location, LocationLink } from 'vscode-languageserver-protocol';
import { TestClient, inMemory } from '../helpers/lspClient';
import { parseMarkers, rangeOf } from '../helpers/markers';
import { CORPUS_DIR, needsShared } from '../helpers/shared';

const URI = 'file:///w/tools/viewer/config.yaml';

let client: TestClient | undefined;
afterEach(() => {
  client?.dispose();
  client = undefined;
});

const { text: BUNDLE, ranges: R } = parseMarkers(`tools:
  open:
    signature: open «<«path»>» «[<«line»>]» {«path»} --«path»
    docstring: Opens <«path»> at <«line»>
    arguments:
«      - name: «path»
        type: string
        description: the file
        required: true»
      - name: «line»
        type: integer
        description: where
        required: false
`);
// in document order: <path> token, path, [<line>] token, line, {path}, --path, doc path, doc line, path item, path name, line name
const [pathToken, sigPath, lineToken, sigLine, bracePath, flagPath, docPath, docLine, pathItem, namePath, nameLine] = R.map((r) => rangeOf(BUNDLE, r));

const params = (position: { line: number; character: number }, uri = URI) => ({ textDocument: { uri }, position });

describe('go to definition', () => {
  it('goes from a placeholder to the argument name', async () => {
    client = await inMemory();
    await client.openBundle(URI, BUNDLE);
    expect(await client.request('textDocument/definition', params(sigPath.start))).toEqual([{ uri: URI, range: namePath }]);
    expect(await client.request('textDocument/definition', params(lineToken.start))).toEqual([{ uri: URI, range: nameLine }]);
    expect(await client.request('textDocument/definition', params(docPath.end))).toEqual([{ uri: URI, range: namePath }]);
  });

  it('answers with location links when the client supports them', async () => {
    client = await inMemory({ capabilities: { textDocument: { definition: { linkSupport: true } } } });
    await client.openBundle(URI, BUNDLE);
    const links = await client.request<LocationLink[]>('textDocument/definition', params(sigPath.start));
    expect(links).toEqual([
      { originSelectionRange: pathToken, targetUri: URI, targetRange: { start: { line: pathItem.start.line, character: 6 }, end: pathItem.end }, targetSelectionRange: namePath },
    ]);
  });

  it('returns null where there is no argument, outside the document and on broken YAML', async () => {
    client = await inMemory();
    await client.openBundle(URI, BUNDLE);
    expect(await client.request('textDocument/definition', params({ line: 2, character: 17 }))).toBeNull();
    expect(await client.request('textDocument/definition', params({ line: 40, character: 0 }))).toBeNull();
    const broken = 'file:///w/tools/broken/config.yaml';
    await client.openBundle(broken, BUNDLE.replace('signature: open', 'signature: "open'));
    expect(await client.request('textDocument/definition', params(sigPath.start, broken))).toBeNull();
    expect(await client.request('textDocument/references', { ...params(sigPath.start, broken), context: { includeDeclaration: true } })).toEqual([]);
    expect(await client.request('textDocument/documentHighlight', params(sigPath.start, broken))).toEqual([]);
  });
});

describe('references and highlights', () => {
  it('lists every occurrence, with or without the declaration', async () => {
    client = await inMemory();
    await client.openBundle(URI, BUNDLE);
    const all = [sigPath, bracePath, flagPath, docPath, namePath].map((range) => ({ uri: URI, range }));
    expect(await client.request<Location[]>('textDocument/references', { ...params(flagPath.start), context: { includeDeclaration: true } })).toEqual(all);
    expect(await client.request<Location[]>('textDocument/references', { ...params(namePath.start), context: { includeDeclaration: false } })).toEqual(all.slice(0, 4));
  });

  it('highlights the name as a write and the rest as reads', async () => {
    client = await inMemory();
    await client.openBundle(URI, BUNDLE);
    expect(await client.request<DocumentHighlight[]>('textDocument/documentHighlight', params(docLine.start))).toEqual([
      { range: sigLine, kind: 2 },
      { range: docLine, kind: 2 },
      { range: nameLine, kind: 3 },
    ]);
  });

  it('maps ranges in a CRLF document', async () => {
    client = await inMemory();
    await client.openBundle(URI, BUNDLE.replace(/\n/g, '\r\n'));
    expect(await client.request<DocumentHighlight[]>('textDocument/documentHighlight', params(nameLine.end))).toEqual([
      { range: sigLine, kind: 2 },
      { range: docLine, kind: 2 },
      { range: nameLine, kind: 3 },
    ]);
    expect(await client.request('textDocument/definition', params(lineToken.start))).toEqual([{ uri: URI, range: nameLine }]);
  });

  it.skipIf(needsShared(path.join(CORPUS_DIR, 'GrinnerH__SWE-agent/tools/edit_anthropic/config.yaml')))('navigates a real CRLF bundle', async () => {
    const text = fs.readFileSync(path.join(CORPUS_DIR, 'GrinnerH__SWE-agent/tools/edit_anthropic/config.yaml'), 'utf8');
    const lines = text.split('\r\n');
    client = await inMemory();
    await client.openBundle(URI, text);
    const signatureLine = lines.findIndex((l) => l.includes('str_replace_editor <command>'));
    const oldStr = lines[signatureLine].indexOf('[<old_str>]') + 2;
    const nameLineIndex = lines.findIndex((l) => l === '      - name: old_str');
    const expected = [
      { uri: URI, range: { start: { line: signatureLine, character: oldStr }, end: { line: signatureLine, character: oldStr + 7 } } },
      { uri: URI, range: { start: { line: nameLineIndex, character: 14 }, end: { line: nameLineIndex, character: 21 } } },
    ];
    expect(await client.request('textDocument/references', { ...params({ line: signatureLine, character: oldStr }), context: { includeDeclaration: true } })).toEqual(expected);
    expect(await client.request('textDocument/definition', params({ line: signatureLine, character: oldStr - 2 }))).toEqual([expected[1]]);
  });

  it('announces definition, references and highlights statically', async () => {
    client = await inMemory();
    const capabilities = client.initializeResult.capabilities;
    expect([capabilities.definitionProvider, capabilities.referencesProvider, capabilities.documentHighlightProvider]).toEqual([true, true, true]);
  });
});
