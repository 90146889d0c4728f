/** Completion over LSP: the capability, snippet and plain-text clients, CRLF, broken input and a corpus bundle. */
import * as fs from 'fs';
import * as path from 'path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClientCapabilities, CompletionItem, CompletionList } from 'vscode-languageserver-protocol';
import { TestClient, inMemory } from '../helpers/lspClient';
import { parseMarkers, positionOf, rangeOf } from '../helpers/markers';
import { CORPUS_DIR } from '../helpers/shared';
import { fieldDoc } from '../../server/src/engine/features/fieldDocs';

const URI = 'file:///w/tools/viewer/config.yaml';
const TYPES = 'string,number,integer,boolean,array,object,null';

const SNIPPETS: ClientCapabilities = {
  textDocument: {
    completion: { completionItem: { snippetSupport: true, documentationFormat: ['markdown', 'plaintext'], insertTextModeSupport: { valueSet: [1, 2] } } },
  },
};

let client: TestClient | undefined;
afterEach(() => {
  client?.dispose();
  client = undefined;
});

async function completeAt(marked: string, capabilities: ClientCapabilities = SNIPPETS, eol = '\n') {
  const { text, cursor, ranges } = parseMarkers(marked);
  client?.dispose();
  client = await inMemory({ capabilities });
  await client.open(URI, text.replace(/\n/g, eol));
  // Let the debounced diagnostics go out before the test ends and disposes the connection.
  await client.waitForDiagnostics(URI);
  const list = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri: URI }, position: positionOf(text, cursor) });
  return { text, ranges, list };
}

const TOOL = `tools:
  open:
    signature: "open <path> [<line>]"
    arguments:
      - name: path
        type: string
        description: "the file"
        required: true
`;

describe('completion over LSP', () => {
  it('announces the trigger characters statically, or registers them for YAML when the client can register dynamically', async () => {
    client = await inMemory();
    expect(client.initializeResult.capabilities.completionProvider).toEqual({ triggerCharacters: ['<', '[', '{', '-', ':', ' '], resolveProvider: false });
    client.dispose();
    client = await inMemory({ capabilities: { textDocument: { completion: { dynamicRegistration: true } } } });
    expect(client.initializeResult.capabilities.completionProvider).toBeUndefined();
    // The registration is requested after `initialized`: wait for it, not for a fixed time.
    await client.waitFor(() => client!.registrations.includes('textDocument/completion'), 'the completion registration');
    expect(client.registrations).toContain('textDocument/completion');
  });

  it('gives snippets with markdown documentation, and multi-line ones as is, to a client that supports them', async () => {
    const { text, ranges, list } = await completeAt(TOOL + '    «¦»\n');
    const range = rangeOf(text, ranges[0]);
    expect(list).toEqual<CompletionList>({
      isIncomplete: false,
      items: [
        {
          label: 'docstring',
          kind: 10,
          sortText: '00',
          detail: 'string (required)',
          documentation: {
            kind: 'markdown',
            value:
              fieldDoc('tool', 'docstring')!.text,
          },
          textEdit: { range, newText: 'docstring: "${1}"' },
          insertTextFormat: 2,
        },
        {
          label: 'end_name',
          kind: 10,
          sortText: '01',
          detail: 'string (optional)',
          documentation: {
            kind: 'markdown',
            value: fieldDoc('tool', 'end_name')!.text,
          },
          textEdit: { range, newText: 'end_name: ${1}' },
          insertTextFormat: 2,
        },
      ],
    });
    const skeleton = await completeAt(TOOL + '      «¦»\n');
    expect(skeleton.list.items).toEqual<CompletionItem[]>([
      {
        label: 'new argument: line',
        kind: 15,
        sortText: '00',
        detail: 'for [<line>] in the signature',
        documentation: { kind: 'markdown', value: 'Declares the argument the signature writes as `[<line>]`, as optional, with the keys SWE-agent needs.' },
        textEdit: { range: rangeOf(skeleton.text, skeleton.ranges[0]), newText: `- name: \${1:line}\n        type: \${2|${TYPES}|}\n        description: "\${3}"\n        required: \${4|false,true|}` },
        insertTextFormat: 2,
        insertTextMode: 1,
      },
      {
        label: 'new argument',
        kind: 15,
        sortText: '01',
        detail: 'argument skeleton',
        documentation: { kind: 'markdown', value: 'An argument with `name`, `type`, `description` and `required`. Mention it in the signature too.' },
        textEdit: { range: rangeOf(skeleton.text, skeleton.ranges[0]), newText: `- name: \${1:arg_name}\n        type: \${2|${TYPES}|}\n        description: "\${3}"\n        required: \${4|true,false|}` },
        insertTextFormat: 2,
        insertTextMode: 1,
      },
    ]);
  });

  it('gives plain text without tab stops and plain documentation to a client without snippet support', async () => {
    const { text, ranges, list } = await completeAt(TOOL + '      «¦»\n', {});
    const range = rangeOf(text, ranges[0]);
    expect(list.items).toEqual<CompletionItem[]>([
      {
        label: 'new argument: line',
        kind: 15,
        sortText: '00',
        detail: 'for [<line>] in the signature',
        documentation: 'Declares the argument the signature writes as `[<line>]`, as optional, with the keys SWE-agent needs.',
        textEdit: { range, newText: '- name: line\n        type: string\n        description: ""\n        required: false' },
        insertTextFormat: 1,
      },
      {
        label: 'new argument',
        kind: 15,
        sortText: '01',
        detail: 'argument skeleton',
        documentation: 'An argument with `name`, `type`, `description` and `required`. Mention it in the signature too.',
        textEdit: { range, newText: '- name: arg_name\n        type: string\n        description: ""\n        required: true' },
        insertTextFormat: 1,
      },
    ]);
  });

  it('maps ranges through CRLF line breaks and inserts CRLF', async () => {
    const marked = `tools:\n  open:\n    signature: "open <path>"\n    «sig¦»\n    arguments:\n      - name: path\n`;
    const { text, ranges, list } = await completeAt(marked, SNIPPETS, '\r\n');
    const range = rangeOf(text, ranges[0]);
    expect(range).toEqual({ start: { line: 3, character: 4 }, end: { line: 3, character: 7 } });
    expect(list.items.map((item) => [item.label, item.textEdit])).toEqual([
      ['docstring', { range, newText: 'docstring: "${1}"' }],
      ['end_name', { range, newText: 'end_name: ${1}' }],
    ]);
    const tool = await completeAt('tools:\n  open:\n    signature: open\n  «new¦»\n', {}, '\r\n');
    expect(tool.list.items.map((item) => [item.label, item.filterText, item.textEdit])).toEqual([
      [
        'new tool',
        'new',
        {
          range: rangeOf(tool.text, tool.ranges[0]),
          newText: 'new:\r\n    signature: new <arg_name>\r\n    docstring: ""\r\n    arguments:\r\n      - name: arg_name\r\n        type: string\r\n        description: ""\r\n        required: true',
        },
      ],
    ]);
  });

  it('completes argument names in a half-typed signature of a corpus bundle', async () => {
    const source = fs.readFileSync(path.join(CORPUS_DIR, 'dmcilvaney__SWE-agent/tools/assess/config.yaml'), 'utf8');
    expect(source).toContain('signature: "assess <assessment_file>"');
    const marked = source.replace('signature: "assess <assessment_file>"', 'signature: "assess --«a¦»');
    const { text, ranges, list } = await completeAt(marked);
    expect(list.items).toEqual<CompletionItem[]>([
      {
        label: 'assessment_file',
        kind: 6,
        sortText: '00',
        detail: 'string argument',
        documentation: {
          kind: 'markdown',
          value: 'The path to the assessment file to be processed and submitted. This file should contain the assessment details in the required format.',
        },
        textEdit: { range: rangeOf(text, ranges[0]), newText: 'assessment_file' },
        insertTextFormat: 1,
      },
    ]);
  });

  it('answers a typed space after `key: ` but not one typed while indenting', async () => {
    const { text, ranges } = parseMarkers(TOOL.replace('required: true', 'required: «¦»'));
    client = await inMemory({ capabilities: SNIPPETS });
    await client.open(URI, text + '    \n');
    await client.waitForDiagnostics(URI);
    const request = (position: { line: number; character: number }) =>
      client!.request<CompletionList>('textDocument/completion', { textDocument: { uri: URI }, position, context: { triggerKind: 2, triggerCharacter: ' ' } });
    const range = rangeOf(text, ranges[0]);
    expect((await request(range.start)).items.map((item) => [item.label, item.textEdit])).toEqual([
      ['true', { range, newText: 'true' }],
      ['false', { range, newText: 'false' }],
    ]);
    expect(await request({ line: 8, character: 4 })).toEqual({ isIncomplete: false, items: [] });
    // Asked for without a trigger, the same place gets the tool's keys.
    const invoked = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri: URI }, position: { line: 8, character: 4 } });
    expect(invoked.items.map((item) => item.label)).toEqual(['docstring', 'end_name']);
  });

  it('returns an empty list outside bundles, for unknown documents and positions past the end', async () => {
    client = await inMemory({ capabilities: SNIPPETS });
    const empty = { isIncomplete: false, items: [] };
    expect(await client.request('textDocument/completion', { textDocument: { uri: 'file:///nope/config.yaml' }, position: { line: 0, character: 0 } })).toEqual(empty);
    await client.open('file:///w/other.yaml', 'a: 1\n');
    expect(await client.request('textDocument/completion', { textDocument: { uri: 'file:///w/other.yaml' }, position: { line: 1, character: 0 } })).toEqual(empty);
    await client.open(URI, TOOL);
    await client.waitForDiagnostics(URI);
    expect(await client.request('textDocument/completion', { textDocument: { uri: URI }, position: { line: 40, character: 0 } })).toEqual(empty);
    expect(await client.request('textDocument/completion', { textDocument: { uri: URI }, position: { line: 1, character: 99 } })).toEqual(empty);
  });
});
