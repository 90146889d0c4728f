/**
 * The structure features over LSP: folding ranges, selection ranges, semantic
 * tokens, inlay hints, code lenses and the preview command. Capabilities,
 * CRLF documents, limits and empty results for bad requests.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ClientCapabilities, CodeLens, FoldingRange, InlayHint, SelectionRange, SemanticTokens } from 'vscode-languageserver-protocol';
import { renderMarkdown, toolPreview, toolPreviewBlocks } from '../../server/src/engine/features/toolPreview';
import { UNKNOWN_ENV } from '../../server/src/engine/swe/env';
import { BUNDLE as BUNDLE_FILE, analysisOfBundle } from '../helpers/fixture';
import { TestClient, inMemory } from '../helpers/lspClient';
import { parseMarkers, positionOf, rangeOf } from '../helpers/markers';

const URI = 'file:///w/tools/viewer/config.yaml';
const OTHER = 'file:///w/other.yaml';
/** The bundle under test; the markers are the selection chain around ¦ (the selection test), which the other tests ignore. */
const MARKED = `««tools:
  ««open:
    ««signature: «"«open \\"«<«pa¦th»>»\\" [<line>]»"»»
    docstring: |
      Opens <path> with {PAGER}.

      See <nope>.
    arguments:
      - name: path
        type: string
        description: the file
        required: true
      - name: line
        type: integer
        description: where
        required: false»»
  close:
    signature: close
    docstring: Closes.»»
»`;
const BUNDLE = parseMarkers(MARKED).text;
const CRLF = BUNDLE.replace(/\n/g, '\r\n');
const doc = (uri: string) => ({ textDocument: { uri } });
const SEMANTIC: ClientCapabilities = { textDocument: { semanticTokens: { requests: { full: true, range: true }, tokenTypes: [], tokenModifiers: [], formats: ['relative'] } } };

let client: TestClient | undefined;
afterEach(async () => {
  // Shutting down first stops pending diagnostics from being sent over a disposed connection.
  await client?.shutdown();
  client?.dispose();
  client = undefined;
});

/** The LSP token integers back to absolute tokens. */
function decode(data: number[], legend: { tokenTypes: string[]; tokenModifiers: string[] }) {
  const tokens: { line: number; character: number; length: number; type: string; modifiers: string[] }[] = [];
  let line = 0;
  let character = 0;
  for (let i = 0; i < data.length; i += 5) {
    line += data[i];
    character = data[i] === 0 ? character + data[i + 1] : data[i + 1];
    tokens.push({ line, character, length: data[i + 2], type: legend.tokenTypes[data[i + 3]], modifiers: legend.tokenModifiers.filter((_, bit) => data[i + 4] & (1 << bit)) });
  }
  return tokens;
}

/** Where `needle` (the n-th occurrence) starts in BUNDLE, as a token of its length. */
function at(needle: string, nth = 0) {
  let offset = -1;
  for (let i = 0; i <= nth; i++) offset = BUNDLE.indexOf(needle, offset + 1);
  return { ...positionOf(BUNDLE, offset), length: needle.length };
}

describe('capabilities', () => {
  it('announces what a plain client can use, statically', async () => {
    client = await inMemory();
    const capabilities = client.initializeResult.capabilities;
    expect(capabilities.foldingRangeProvider).toBe(true);
    expect(capabilities.selectionRangeProvider).toBe(true);
    expect(capabilities.codeLensProvider).toEqual({ resolveProvider: false });
    expect(capabilities.executeCommandProvider).toEqual({ commands: ['sweBundle.previewTool', 'sweBundle.previewPrompt', 'sweBundle.makeExecutable'] });
    // Semantic tokens and inlay hints only for clients that ask for them.
    expect(capabilities.semanticTokensProvider).toBeUndefined();
    expect(capabilities.inlayHintProvider).toBeUndefined();
  });

  it('gates semantic tokens on the client: relative format, full and range requests', async () => {
    client = await inMemory({ capabilities: { ...SEMANTIC, textDocument: { ...SEMANTIC.textDocument, inlayHint: {} } } });
    expect(client.initializeResult.capabilities.semanticTokensProvider).toEqual({
      legend: { tokenTypes: ['parameter', 'variable'], tokenModifiers: ['declaration', 'readonly', 'undefined'] },
      full: true,
      range: true,
    });
    expect(client.initializeResult.capabilities.inlayHintProvider).toBe(true);
    await client.shutdown();
    client.dispose();
    client = await inMemory({ capabilities: { textDocument: { semanticTokens: { requests: { full: { delta: true } }, tokenTypes: [], tokenModifiers: [], formats: ['relative'] } } } });
    expect(client.initializeResult.capabilities.semanticTokensProvider).toMatchObject({ full: true, range: false });
    await client.shutdown();
    client.dispose();
    client = await inMemory({ capabilities: { textDocument: { semanticTokens: { requests: { full: true }, tokenTypes: [], tokenModifiers: [], formats: [] } } } });
    expect(client.initializeResult.capabilities.semanticTokensProvider).toBeUndefined();
  });

  it('registers dynamically for YAML when the client can', async () => {
    client = await inMemory({
      capabilities: {
        textDocument: {
          foldingRange: { dynamicRegistration: true },
          selectionRange: { dynamicRegistration: true },
          inlayHint: { dynamicRegistration: true },
          semanticTokens: { ...SEMANTIC.textDocument!.semanticTokens!, dynamicRegistration: true },
        },
      },
    });
    const capabilities = client.initializeResult.capabilities;
    expect([capabilities.foldingRangeProvider, capabilities.selectionRangeProvider, capabilities.inlayHintProvider, capabilities.semanticTokensProvider]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    await client.waitForRegistrations('textDocument/foldingRange', 'textDocument/selectionRange', 'textDocument/inlayHint', 'textDocument/semanticTokens');
    expect(client.registrations).toEqual(
      expect.arrayContaining(['textDocument/foldingRange', 'textDocument/selectionRange', 'textDocument/inlayHint', 'textDocument/semanticTokens']),
    );
  });
});

describe('folding ranges', () => {
  it('gives line ranges ending on the last line with content, in a CRLF document', async () => {
    client = await inMemory({ capabilities: { textDocument: { foldingRange: { lineFoldingOnly: true } } } });
    await client.open(URI, CRLF);
    expect(await client.request<FoldingRange[]>('textDocument/foldingRange', doc(URI))).toEqual([
      { startLine: 0, endLine: 18 },
      { startLine: 1, endLine: 15 },
      { startLine: 3, endLine: 6 },
      { startLine: 7, endLine: 15 },
      { startLine: 8, endLine: 11 },
      { startLine: 12, endLine: 15 },
      { startLine: 16, endLine: 18 },
    ]);
  });

  it('gives characters when the client folds by character, and honours rangeLimit', async () => {
    client = await inMemory({ capabilities: { textDocument: { foldingRange: { rangeLimit: 3 } } } });
    await client.open(URI, CRLF);
    expect(await client.request<FoldingRange[]>('textDocument/foldingRange', doc(URI))).toEqual([
      { startLine: 0, startCharacter: 6, endLine: 18, endCharacter: 22 },
      { startLine: 1, startCharacter: 7, endLine: 15, endCharacter: 23 },
      { startLine: 16, startCharacter: 8, endLine: 18, endCharacter: 22 },
    ]);
  });

  it('gives nothing for a document that is not open or not a bundle', async () => {
    client = await inMemory();
    await client.open(OTHER, 'a:\n  b: 1\n');
    expect(await client.request('textDocument/foldingRange', doc(OTHER))).toEqual([]);
    expect(await client.request('textDocument/foldingRange', doc('file:///w/tools/gone/config.yaml'))).toEqual([]);
  });
});

describe('selection ranges', () => {
  it('answers each position with its chain, in a CRLF document', async () => {
    const { text, cursor, ranges } = parseMarkers(MARKED);
    client = await inMemory();
    await client.open(URI, CRLF);
    const result = await client.request<SelectionRange[]>('textDocument/selectionRange', { ...doc(URI), positions: [positionOf(text, cursor), { line: 0, character: 0 }] });
    const chain = (range: SelectionRange | undefined): unknown[] => (range ? [range.range, ...chain(range.parent)] : []);
    const expected = [...ranges].sort((a, b) => b.start - a.start || a.end - b.end).map((r) => rangeOf(text, r));
    // The document's end is after the last line break, on the line after it.
    expect(chain(result[0])).toEqual(expected);
    expect(chain(result[1])).toEqual([
      { start: { line: 0, character: 0 }, end: { line: 0, character: 5 } },
      { start: { line: 0, character: 0 }, end: { line: 18, character: 22 } },
      expected[expected.length - 1],
    ]);
  });

  it('stays inside a document that starts with a blank line (found by the fuzzer)', async () => {
    client = await inMemory();
    await client.openBundle(URI, '\n  t:\n    docstring: d\n');
    const [result] = await client.request<SelectionRange[]>('textDocument/selectionRange', { ...doc(URI), positions: [{ line: 0, character: 0 }] });
    expect(result).toEqual({ range: { start: { line: 0, character: 0 }, end: { line: 3, character: 0 } } });
  });

  it('gives nothing for a position outside the document or a document that is not a bundle', async () => {
    client = await inMemory();
    await client.open(URI, CRLF);
    await client.open(OTHER, 'a: 1\n');
    expect(await client.request('textDocument/selectionRange', { ...doc(URI), positions: [{ line: 0, character: 0 }, { line: 40, character: 0 }] })).toEqual([]);
    expect(await client.request('textDocument/selectionRange', { ...doc(URI), positions: [{ line: 0, character: 7 }] })).toEqual([]);
    expect(await client.request('textDocument/selectionRange', { ...doc(OTHER), positions: [{ line: 0, character: 0 }] })).toEqual([]);
  });
});

describe('semantic tokens', () => {
  it('encodes placeholders, mentions and env fields with their modifiers, in a CRLF document', async () => {
    client = await inMemory({ capabilities: SEMANTIC });
    await client.open(URI, CRLF);
    const legend = client.initializeResult.capabilities.semanticTokensProvider!.legend;
    const full = await client.request<SemanticTokens>('textDocument/semanticTokens/full', doc(URI));
    expect(decode(full.data, legend)).toEqual([
      { ...at('<path>'), type: 'parameter', modifiers: ['declaration'] },
      { ...at('[<line>]'), type: 'parameter', modifiers: ['declaration'] },
      { ...at('<path>', 1), type: 'parameter', modifiers: [] },
      { ...at('{PAGER}'), type: 'variable', modifiers: ['readonly'] },
      { ...at('<nope>'), type: 'parameter', modifiers: ['undefined'] },
    ]);
    // Lines 4 to 5: the docstring's first line only.
    const range = await client.request<SemanticTokens>('textDocument/semanticTokens/range', { ...doc(URI), range: { start: { line: 4, character: 0 }, end: { line: 5, character: 0 } } });
    expect(decode(range.data, legend)).toEqual([
      { ...at('<path>', 1), type: 'parameter', modifiers: [] },
      { ...at('{PAGER}'), type: 'variable', modifiers: ['readonly'] },
    ]);
  });

  it('splits a token at an escaped line break', async () => {
    client = await inMemory({ capabilities: SEMANTIC });
    const text = 'tools:\r\n  t:\r\n    signature: "t <lo\\\r\n      ng>"\r\n    docstring: d\r\n    arguments:\r\n      - name: long\r\n';
    await client.open(URI, text);
    const legend = client.initializeResult.capabilities.semanticTokensProvider!.legend;
    const full = await client.request<SemanticTokens>('textDocument/semanticTokens/full', doc(URI));
    expect(decode(full.data, legend)).toEqual([
      { line: 2, character: 18, length: 3, type: 'parameter', modifiers: ['declaration'] },
      { line: 3, character: 6, length: 3, type: 'parameter', modifiers: ['declaration'] },
    ]);
  });

  it('uses the env variables from the settings', async () => {
    client = await inMemory({ capabilities: SEMANTIC, initializationOptions: { sweBundle: { envVariables: { WINDOW: 100 } } } });
    await client.open(URI, 'tools:\n  t:\n    signature: t\n    docstring: "{WINDOW} {PAGER}"\n');
    const legend = client.initializeResult.capabilities.semanticTokensProvider!.legend;
    const full = await client.request<SemanticTokens>('textDocument/semanticTokens/full', doc(URI));
    expect(decode(full.data, legend)).toEqual([
      { line: 3, character: 16, length: 8, type: 'variable', modifiers: ['readonly'] },
      { line: 3, character: 25, length: 7, type: 'variable', modifiers: ['readonly', 'undefined'] },
    ]);
  });

  it('gives no tokens for a bad range or a document that is not a bundle', async () => {
    client = await inMemory({ capabilities: SEMANTIC });
    await client.open(URI, CRLF);
    await client.open(OTHER, 'signature: "<a>"\n');
    expect(await client.request('textDocument/semanticTokens/range', { ...doc(URI), range: { start: { line: 0, character: 0 }, end: { line: 99, character: 0 } } })).toEqual({ data: [] });
    expect(await client.request('textDocument/semanticTokens/full', doc(OTHER))).toEqual({ data: [] });
  });
});

describe('inlay hints', () => {
  const hintsOf = (c: TestClient) => c.request<InlayHint[]>('textDocument/inlayHint', { ...doc(URI), range: { start: { line: 0, character: 0 }, end: { line: 18, character: 0 } } });

  it('shows the type after each placeholder, in a CRLF document', async () => {
    client = await inMemory({ capabilities: { textDocument: { inlayHint: {} } } });
    await client.open(URI, CRLF);
    const after = (needle: string) => ({ line: at(needle).line, character: at(needle).character + needle.length });
    expect(await hintsOf(client)).toEqual([
      { position: after('<path>'), label: ': string', kind: 1, tooltip: 'the file' },
      { position: after('[<line>]'), label: ': integer?', kind: 1, tooltip: 'where' },
    ]);
    expect(await client.request('textDocument/inlayHint', { ...doc(URI), range: { start: { line: 3, character: 0 }, end: { line: 18, character: 0 } } })).toEqual([]);
    expect(await client.request('textDocument/inlayHint', { ...doc(URI), range: { start: { line: 0, character: 0 }, end: { line: 19, character: 3 } } })).toEqual([]);
  });

  it('is turned off and on by sweBundle.inlayHints', async () => {
    client = await inMemory({ capabilities: { textDocument: { inlayHint: {} } }, initializationOptions: { sweBundle: { inlayHints: false } } });
    await client.open(URI, CRLF);
    expect(await hintsOf(client)).toEqual([]);
    await client.notify('workspace/didChangeConfiguration', { settings: { sweBundle: { inlayHints: true } } });
    expect((await hintsOf(client)).map((h) => h.label)).toEqual([': string', ': integer?']);
  });
});

describe('code lenses', () => {
  it('puts a preview lens on each tool, whose command returns the preview', async () => {
    client = await inMemory();
    await client.open(URI, CRLF);
    const lenses = await client.request<CodeLens[]>('textDocument/codeLens', doc(URI));
    expect(lenses).toEqual([
      { range: { start: { line: 1, character: 2 }, end: { line: 1, character: 6 } }, command: { title: 'Preview as the model sees it', command: 'sweBundle.previewTool', arguments: [URI, 'open'] } },
      { range: { start: { line: 16, character: 2 }, end: { line: 16, character: 7 } }, command: { title: 'Preview as the model sees it', command: 'sweBundle.previewTool', arguments: [URI, 'close'] } },
    ]);
    // The tool as the engine builds it, previewed with ToolConfig's default env (no agent config, no env setting).
    const command = analysisOfBundle(BUNDLE).bundleModel(BUNDLE_FILE)!.check.tools[0].command!;
    const preview = toolPreview(command, { env: UNKNOWN_ENV, from: null });
    const markdown = await client.request<string>('workspace/executeCommand', lenses[0].command);
    expect(markdown).toBe(renderMarkdown(toolPreviewBlocks(preview)));
    // The rendered docs and the function-calling schema.
    expect(preview.docs).toMatchObject({ ok: true, text: expect.stringContaining('docstring: Opens <path> with cat.') });
    expect(markdown).toContain((preview.docs as { text: string }).text.trimEnd());
    expect(markdown).toContain(JSON.stringify(preview.functionCallingTool, null, 2));
  });

  it('answers null for an unknown command, tool or document', async () => {
    client = await inMemory();
    await client.open(URI, CRLF);
    expect(await client.request('workspace/executeCommand', { command: 'sweBundle.previewTool', arguments: [URI, 'nope'] })).toBeNull();
    expect(await client.request('workspace/executeCommand', { command: 'sweBundle.previewTool', arguments: ['file:///w/tools/gone/config.yaml', 'open'] })).toBeNull();
    expect(await client.request('workspace/executeCommand', { command: 'sweBundle.previewTool' })).toBeNull();
    expect(await client.request('workspace/executeCommand', { command: 'other.command', arguments: [URI, 'open'] })).toBeNull();
    expect(await client.request('textDocument/codeLens', doc(OTHER))).toEqual([]);
  });
});
