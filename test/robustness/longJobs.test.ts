/**
 * A long analysis does not hold up the server: opening a 52,000-line bundle
 * is done in slices (documentPreparer.ts), so requests about other documents
 * are answered meanwhile, and a request about the big one can be cancelled.
 * Run against the built binary; the assertions are about order, not time.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { generateBundleOfLines } from '../../scripts/generateBundle';
import { Message, RawServer } from '../helpers/rawServer';

const SMALL = 'file:///long/tools/small/config.yaml';
const BIG = 'file:///long/tools/big/config.yaml';
const SMALL_TEXT = 'tools:\n  t:\n    signature: "t <a>"\n    docstring: d\n    arguments:\n      - name: a\n        type: string\n        description: x\n        required: true\n';
const BIG_TEXT = generateBundleOfLines(52_000).text;

let server: RawServer | undefined;
afterEach(() => {
  server?.kill();
  server = undefined;
});

function open(s: RawServer, uri: string, text: string): void {
  s.send({ method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'yaml', version: 1, text } } });
}

const published = (uri: string) => (m: Message) => m.method === 'textDocument/publishDiagnostics' && (m.params as { uri: string }).uri === uri;

async function serverWithSmallOpen(): Promise<RawServer> {
  const s = new RawServer();
  await s.initialize();
  open(s, SMALL, SMALL_TEXT);
  await s.waitFor(published(SMALL));
  return s;
}

describe('a long analysis', () => {
  it('does not hold up a request about another document', async () => {
    server = await serverWithSmallOpen();
    open(server, BIG, BIG_TEXT);
    server.send({ id: 10, method: 'textDocument/documentSymbol', params: { textDocument: { uri: BIG } } });
    server.send({ id: 11, method: 'textDocument/hover', params: { textDocument: { uri: SMALL }, position: { line: 1, character: 2 } } });
    const big = await server.response(10);
    const small = await server.response(11);
    // The small document's answer came first, while the big one was still being analysed.
    expect(server.messages.indexOf(small)).toBeLessThan(server.messages.indexOf(big));
    expect((big.result as unknown[]).length).toBeGreaterThan(0);
    await server.waitFor(published(BIG), 60_000);
  });

  it('can be cancelled while it runs', async () => {
    server = await serverWithSmallOpen();
    open(server, BIG, BIG_TEXT);
    server.send({ id: 20, method: 'textDocument/documentSymbol', params: { textDocument: { uri: BIG } } });
    // An answer about the small document proves the server is between slices of the big one.
    server.send({ id: 21, method: 'textDocument/hover', params: { textDocument: { uri: SMALL }, position: { line: 1, character: 2 } } });
    await server.response(21);
    server.send({ method: '$/cancelRequest', params: { id: 20 } });
    expect((await server.response(20)).error).toEqual({ code: -32800, message: 'cancelled' });
    // The work goes on and ends in diagnostics for the big document.
    await server.waitFor(published(BIG), 60_000);
  });
});
