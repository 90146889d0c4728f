/** The outline over LSP, and how its capability is registered. */
import { afterEach, describe, expect, it } from 'vitest';
import type { DocumentSymbol } from 'vscode-languageserver-protocol';
import { TestClient, inMemory } from '../helpers/lspClient';
import { parseMarkers, rangeOf } from '../helpers/markers';

const URI = 'file:///w/tools/viewer/config.yaml';

let client: TestClient | undefined;
afterEach(() => {
  client?.dispose();
  client = undefined;
});

describe('document symbols', () => {
  it('lists tools with their signature and arguments with their type', async () => {
    const { text, ranges } = parseMarkers(`tools:
  «‹open›:
    signature: "open <path> [<line>]"
    docstring: d
    arguments:
      «- name: ‹path›
        type: string
        description: the file
        required: true»
      «- name: ‹line›
        type: integer
        description: where
        required: false»»
«‹state_command›: _state»
`.replace(/‹/g, '«').replace(/›/g, '»'));
    client = await inMemory();
    await client.open(URI, text);
    const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: URI } });
    // ranges in document order: tool entry, tool name, path item, path name, line item, line name, state entry, state name
    const [tool, toolName, path, pathName, line, lineName, state, stateName] = ranges.map((r) => rangeOf(text, r));
    expect(symbols).toEqual([
      {
        name: 'open',
        kind: 12,
        detail: 'open <path> [<line>]',
        range: { start: tool.start, end: tool.end },
        selectionRange: toolName,
        children: [
          { name: 'path', kind: 13, detail: 'string', range: path, selectionRange: pathName, children: [] },
          { name: 'line', kind: 13, detail: 'integer, optional', range: line, selectionRange: lineName, children: [] },
        ],
      },
      { name: 'state_command', kind: 7, range: state, selectionRange: stateName, children: [] },
    ]);
  });

  it('announces the capability statically, or registers it for YAML when the client can register dynamically', async () => {
    client = await inMemory();
    expect(client.initializeResult.capabilities.documentSymbolProvider).toEqual({ label: 'SWE-agent tools' });
    client.dispose();
    client = await inMemory({ capabilities: { textDocument: { documentSymbol: { dynamicRegistration: true } } } });
    expect(client.initializeResult.capabilities.documentSymbolProvider).toBeUndefined();
    await client.waitForRegistrations('textDocument/documentSymbol');
  });

  it('returns nothing for a document that is not open or not a bundle', async () => {
    client = await inMemory();
    expect(await client.request('textDocument/documentSymbol', { textDocument: { uri: 'file:///nope/config.yaml' } })).toEqual([]);
    await client.open('file:///w/other.yaml', 'a: 1\n');
    expect(await client.request('textDocument/documentSymbol', { textDocument: { uri: 'file:///w/other.yaml' } })).toEqual([]);
  });
});
