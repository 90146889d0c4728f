/**
 * The work budget over LSP (server/src/engine/work.ts), set low here: a
 * bundle that takes more work than one analysis may is published as one
 * `resource-limit` that names the budget, a request about it gets an error
 * answer that names the budget, and the other documents are served as before.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { DocumentSymbol } from 'vscode-languageserver-protocol';
import { TestClient, inMemory } from '../helpers/lspClient';

const HEAVY_URI = 'file:///w/tools/heavy/config.yaml';
const LIGHT_URI = 'file:///w/tools/light/config.yaml';
/** 2.7 KB that cost more than 100,000 steps: 100 format passes over a docstring of 2,600 characters. */
const HEAVY = `tools:\n  heavy:\n    signature: heavy\n    docstring: "${Array.from({ length: 100 }, (_, i) => `{v${i}}`).join(' ')} ${'x'.repeat(2000)}"\n`;
const LIGHT = 'tools:\n  light:\n    signature: light\n    docstring: does it\n';

let client: TestClient | undefined;
afterEach(async () => {
  await client?.shutdown();
  client?.dispose();
  client = undefined;
});

describe('the work budget of the server', () => {
  it('publishes the budget for the document that runs out, answers a request about it with an error that names the budget, and serves the others', async () => {
    client = await inMemory({}, { workSteps: 20_000 });
    await client.openBundle(HEAVY_URI, HEAVY);
    await client.openBundle(LIGHT_URI, LIGHT);
    const published = client.diagnostics.get(HEAVY_URI)!.at(-1)!.diagnostics;
    expect(published.map(({ code, severity, range, message }) => ({ code, severity, range, message }))).toEqual([
      {
        code: 'resource-limit',
        severity: 2,
        range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
        message: 'Stopped checking this file: it took more than 20,000 steps of work (the work budget of one analysis).',
      },
    ]);
    await expect(client.request('textDocument/documentSymbol', { textDocument: { uri: HEAVY_URI } })).rejects.toMatchObject({
      code: -32803,
      message: 'Stopped answering this document symbols request: it took more than 20,000 steps of work (the work budget of one analysis).',
    });
    const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: LIGHT_URI } });
    expect(symbols.map((s) => s.name)).toEqual(['light']);
    expect(client.diagnostics.get(LIGHT_URI)!.at(-1)!.diagnostics.map((d) => d.code)).toEqual([]);
  });
});
