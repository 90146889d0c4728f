/**
 * Framing on stdio against the built server (frameSanitizer.ts): one bad
 * frame costs that frame alone. After each kind of damage, the two frames
 * that follow it in the same write are both answered; the server is never
 * left alive but deaf. Input that ends inside a frame ends the process.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { RawServer } from '../helpers/rawServer';
import { timings } from '../helpers/timings';

const URI = 'file:///framing/tools/t/config.yaml';

function frame(body: string): string {
  return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

const symbols = (id: number) => frame(JSON.stringify({ jsonrpc: '2.0', id, method: 'textDocument/documentSymbol', params: { textDocument: { uri: URI } } }));
const body = JSON.stringify({ jsonrpc: '2.0', id: 999, method: 'textDocument/documentSymbol', params: { textDocument: { uri: URI } } });

/** Damage, each followed by two good frames. */
const DAMAGE: Record<string, string> = {
  'a stray byte': 'x',
  'a lone \\n between frames': '\n',
  'a lone \\r\\n between frames': '\r\n',
  'an LF-only header': `Content-Length: ${Buffer.byteLength(body)}\n\n${body}`,
  'a space before the colon': `Content-Length : ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  'a leading space': ` Content-Length: 10\r\n\r\n`,
  'a negative length': `Content-Length: -5\r\n\r\n${body}`,
  'a hex length': `Content-Length: 0x10\r\n\r\n${body}`,
  'an exponent length': `Content-Length: 1e3\r\n\r\n${body}`,
  'a signed length': `Content-Length: +10\r\n\r\n${body}`,
  'a misspelt header with a body': `Content-Lenght: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  'a header without a length': `Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n${body}`,
  'two lengths': `Content-Length: 3\r\nContent-Length: 3\r\n\r\n{}x`,
  'a length too large to read': `Content-Length: 99999999999999\r\n\r\n${body}`,
  'a length longer than the body': `Content-Length: 5000\r\n\r\n{"jsonrpc":"2.0"}`,
  'a length shorter than the body': `Content-Length: 7\r\n\r\n${body}`,
  'random garbage with CRLFs': 'GET / HTTP/1.1\r\nHost: x\r\n\r\n\u0000\u0001\u00ff garbage',
  'a NUL byte in a header value': `Content-Type: a\u0000b\r\nContent-Length: 2\r\n\r\n{}`,
};

let server: RawServer | undefined;
afterEach(() => {
  server?.kill();
  server = undefined;
});
const timing = timings('framing');
afterAll(() => timing.print());

async function initialized(): Promise<RawServer> {
  const s = new RawServer();
  await s.initialize();
  return s;
}

describe('framing', () => {
  it.each(Object.keys(DAMAGE))('after %s, the frames that follow are read', async (name) => {
    server = await initialized();
    const started = performance.now();
    server.raw(DAMAGE[name] + symbols(10) + symbols(11));
    expect((await server.response(10)).error).toBeUndefined();
    expect((await server.response(11)).error).toBeUndefined();
    timing.add(name, performance.now() - started);
    // Still reading afterwards, one frame at a time.
    server.raw(symbols(12));
    expect((await server.response(12)).error).toBeUndefined();
  });

  it('reads a frame that arrives one byte at a time, with other headers and any case', async () => {
    server = await initialized();
    const text = `content-type: application/vscode-jsonrpc; charset=utf-8\r\nCONTENT-LENGTH:  ${Buffer.byteLength(body)} \r\n\r\n${body}`;
    for (const byte of Buffer.from(text)) server.raw(Buffer.from([byte]));
    expect((await server.response(999)).error).toBeUndefined();
  });

  it('answers a frame the client waits on after a length that swallows it', async () => {
    server = await initialized();
    // Nothing follows: the second frame is inside the first one's declared length.
    server.raw(`Content-Length: 100000\r\n\r\n{"jsonrpc":"2.0",` + symbols(20));
    expect((await server.response(20)).error).toBeUndefined();
  });

  it.each([
    ['right after a header', 'Content-Length: 52\r\n\r\n'],
    ['inside a body', 'Content-Length: 52\r\n\r\n{"jsonrpc"'],
    ['inside a header', 'Content-Len'],
  ])('ends the process when the input ends %s (exit 1, no shutdown)', async (_name, tail) => {
    server = await initialized();
    server.raw(tail);
    server.process.stdin!.end();
    expect(await server.exited).toBe(1);
    expect(server.stderr).toContain('the input ended inside a message');
  });
});
