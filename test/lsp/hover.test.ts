/** Hover over LSP: Markdown or plain text as the client asks, exact ranges, CRLF, settings' env, capability. */
import * as fs from 'fs';
import * as path from 'path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClientCapabilities, Hover } from 'vscode-languageserver-protocol';
import { TestClient, inMemory } from '../helpers/lspClient';
import { parseMarkers, rangeOf } from '../helpers/markers';
import { CORPUS_DIR, needsShared } from '../helpers/shared';

const URI = 'file:///w/tools/viewer/config.yaml';
const MARKDOWN: ClientCapabilities = { textDocument: { hover: { contentFormat: ['markdown', 'plaintext'] } } };

let client: TestClient | undefined;
afterEach(() => {
  client?.dispose();
  client = undefined;
});

const BUNDLE = `tools:
  open:
    signature: open «<path>» [<line>]
    docstring: Opens with «{PAGER}»
    arguments:
      - name: path
        type: string
        description: the *file*
        required: true
      - name: line
        type: integer
        description: where
        required: false
`;

const hoverAt = (c: TestClient, position: { line: number; character: number }, uri = URI) => c.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position });

describe('hover over LSP', () => {
  it('answers in Markdown when the client prefers it, with the token as range', async () => {
    const { text, ranges } = parseMarkers(BUNDLE);
    client = await inMemory({ capabilities: MARKDOWN });
    await client.openBundle(URI, text);
    const range = rangeOf(text, ranges[0]);
    expect(await hoverAt(client, { line: range.start.line, character: range.start.character + 2 })).toEqual({
      contents: {
        kind: 'markdown',
        value: '**path**: argument of `open` (`string`, required)\n\nthe \\*file\\*\n\n`<path>` in the signature becomes `{path}` in the invoke format and receives the value.',
      },
      range,
    });
  });

  it('answers in plain text when the client does not list Markdown first', async () => {
    const { text, ranges } = parseMarkers(BUNDLE);
    for (const capabilities of [{}, { textDocument: { hover: { contentFormat: ['plaintext', 'markdown'] } } }] as ClientCapabilities[]) {
      client = await inMemory({ capabilities });
      await client.openBundle(URI, text);
      const range = rangeOf(text, ranges[0]);
      expect(await hoverAt(client, range.end)).toEqual({
        contents: {
          kind: 'plaintext',
          value: 'path: argument of open (string, required)\n\nthe *file*\n\n<path> in the signature becomes {path} in the invoke format and receives the value.',
        },
        range,
      });
      client.dispose();
    }
    client = undefined;
  });

  it('uses the env variables of the settings for docstring variables', async () => {
    const { text, ranges } = parseMarkers(BUNDLE);
    client = await inMemory({ initializationOptions: { sweBundle: { envVariables: { PAGER: 'less' } } } });
    await client.openBundle(URI, text);
    const range = rangeOf(text, ranges[1]);
    expect(await hoverAt(client, range.start)).toEqual({
      contents: { kind: 'plaintext', value: '{PAGER}: the env variable PAGER. Renders as less.\n\nFrom the env variables of the settings (sweBundle.envVariables).' },
      range,
    });
  });

  it('maps ranges in a CRLF document', async () => {
    const { text, ranges } = parseMarkers(BUNDLE);
    client = await inMemory({ capabilities: MARKDOWN });
    await client.openBundle(URI, text.replace(/\n/g, '\r\n'));
    const range = rangeOf(text, ranges[1]);
    const result = await hoverAt(client, { line: range.start.line, character: range.start.character + 3 });
    expect(result?.range).toEqual(range);
    expect((result?.contents as { value: string }).value.split('\n')[0]).toBe('`{PAGER}`: the env variable **PAGER**. Renders as `cat`.');
  });

  it('returns null between tokens, outside the document, on broken YAML and for other files', async () => {
    client = await inMemory();
    await client.openBundle(URI, BUNDLE.replace(/[«»]/g, ''));
    expect(await hoverAt(client, { line: 2, character: 2 })).toBeNull();
    expect(await hoverAt(client, { line: 2, character: 200 })).toBeNull();
    expect(await hoverAt(client, { line: 99, character: 0 })).toBeNull();
    const broken = 'file:///w/tools/broken/config.yaml';
    await client.openBundle(broken, 'tools:\n  t:\n    signature: "t <x>\n    arguments:\n      - name: x\n');
    expect(await hoverAt(client, { line: 2, character: 19 }, broken)).toBeNull();
    await client.open('file:///w/other.yaml', 'tools: 1\n');
    expect(await hoverAt(client, { line: 0, character: 1 }, 'file:///w/other.yaml')).toBeNull();
    expect(await hoverAt(client, { line: 0, character: 1 }, 'file:///w/closed/config.yaml')).toBeNull();
  });

  it.skipIf(needsShared(path.join(CORPUS_DIR, 'GrinnerH__SWE-agent/tools/edit_anthropic/config.yaml')))('previews a tool of a real CRLF bundle', async () => {
    const text = fs.readFileSync(path.join(CORPUS_DIR, 'GrinnerH__SWE-agent/tools/edit_anthropic/config.yaml'), 'utf8');
    client = await inMemory({ capabilities: MARKDOWN });
    await client.openBundle(URI, text);
    const result = await hoverAt(client, { line: 1, character: 5 });
    expect(result?.range).toEqual({ start: { line: 1, character: 2 }, end: { line: 1, character: 20 } });
    const value = (result?.contents as { value: string }).value;
    expect(value.split('\n\n').slice(0, 3)).toEqual([
      "**str_replace_editor**: invoke format `'str_replace_editor {command} {path} {file_text} {view_range} {old_str} {new_str} {insert_line}\\n'`",
      "A call with `command='view', path='x', file_text='x', old_str='x', new_str='x', insert_line=1, view_range=['x', 'y']` runs:",
      '```sh\nstr_replace_editor view x --file_text x --view_range x y --old_str x --new_str x --insert_line 1\n```',
    ]);
    expect(value).not.toContain('\r');
    const insertLine = text.split('\r\n').findIndex((l) => l.includes('- name: insert_line'));
    const name = await hoverAt(client, { line: insertLine, character: 16 });
    expect(name?.range).toEqual({ start: { line: insertLine, character: 14 }, end: { line: insertLine, character: 25 } });
    expect((name?.contents as { value: string }).value.split('\n\n').pop()).toBe('Used in the signature as `[<insert_line>]`.');
  });

  it('announces the capability statically, or registers it when the client can', async () => {
    client = await inMemory();
    expect(client.initializeResult.capabilities.hoverProvider).toBe(true);
    client.dispose();
    client = await inMemory({ capabilities: { textDocument: { hover: { dynamicRegistration: true } } } });
    expect(client.initializeResult.capabilities.hoverProvider).toBeUndefined();
    await client.waitForRegistrations('textDocument/hover');
  });
});
