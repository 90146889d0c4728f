/**
 * The work budget over LSP (server/src/engine/work.ts), set low here: a
 * tool whose check runs out is published with the budget's notice beside the
 * bundle's other tools; a bundle checked whole that runs out is published as
 * one `resource-limit`, and a request about it gets an error answer that
 * names the budget; the other documents are served as before.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { DocumentSymbol } from 'vscode-languageserver-protocol';
import { TestClient, inMemory } from '../helpers/lspClient';

const HEAVY_URI = 'file:///w/tools/heavy/config.yaml';
const WHOLE_URI = 'file:///w/tools/whole/config.yaml';
const LIGHT_URI = 'file:///w/tools/light/config.yaml';
/** 2.7 KB that cost more than 100,000 steps: 100 format passes over a docstring of 2,600 characters. */
const HEAVY = `tools:\n  heavy:\n    signature: heavy\n    docstring: "${Array.from({ length: 100 }, (_, i) => `{v${i}}`).join(' ')} ${'x'.repeat(2000)}"\n  other:\n    signature: other\n    docstring: does it\n`;
/** The same with an anchor, which makes the file checked whole. */
const WHOLE = HEAVY.replace('docstring: "', 'docstring: &d "');
const LIGHT = 'tools:\n  light:\n    signature: light\n    docstring: does it\n';

let client: TestClient | undefined;
afterEach(async () => {
  await client?.shutdown();
  client?.dispose();
  client = undefined;
});

describe('the work budget of the server', () => {
  it('publishes the budget for what runs out, answers a request about a document checked whole that runs out with an error that names the budget, and serves the others', async () => {
    client = await inMemory({}, { workSteps: 20_000 });
    await client.openBundle(HEAVY_URI, HEAVY);
    await client.openBundle(WHOLE_URI, WHOLE);
    await client.openBundle(LIGHT_URI, LIGHT);
    const shown = (uri: string) => client!.diagnostics.get(uri)!.at(-1)!.diagnostics.map(({ code, severity, range, message }) => ({ code, severity, range, message }));
    expect(shown(HEAVY_URI)).toEqual([
      {
        code: 'resource-limit',
        severity: 2,
        range: { start: { line: 1, character: 2 }, end: { line: 1, character: 7 } },
        message: 'Stopped checking the docstring of `heavy` with the env: it took more than 20,000 steps of work (the work budget of one analysis).',
      },
    ]);
    const outline = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: HEAVY_URI } });
    expect(outline.map((s) => s.name)).toEqual(['heavy', 'other']);
    expect(shown(WHOLE_URI)).toEqual([
      {
        code: 'resource-limit',
        severity: 2,
        range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
        message: 'Stopped checking this file: it took more than 20,000 steps of work (the work budget of one analysis).',
      },
    ]);
    await expect(client.request('textDocument/documentSymbol', { textDocument: { uri: WHOLE_URI } })).rejects.toMatchObject({
      code: -32803,
      message: 'Stopped answering this document symbols request: it took more than 20,000 steps of work (the work budget of one analysis).',
    });
    const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: LIGHT_URI } });
    expect(symbols.map((s) => s.name)).toEqual(['light']);
    expect(client.diagnostics.get(LIGHT_URI)!.at(-1)!.diagnostics.map((d) => d.code)).toEqual([]);
  });
});
