/** Protocol abuse against the spawned server binary: it answers what it can and stays up. */
import { execFileSync } from 'child_process';
import * as path from 'path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RawServer } from '../helpers/rawServer';
import { REPO_ROOT } from '../helpers/shared';

const URI = 'file:///proto/tools/t/config.yaml';
const TEXT = 'tools:\n  t:\n    signature: "t <a>"\n    docstring: d\n    arguments:\n      - name: a\n        type: string\n        description: x\n        required: true\n';

let server: RawServer | undefined;
beforeAll(() => {
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'build.mjs')], { cwd: REPO_ROOT });
});
afterEach(() => {
  server?.kill();
  server = undefined;
});

async function stillAnswers(s: RawServer, id: number): Promise<void> {
  s.send({ id, method: 'textDocument/documentSymbol', params: { textDocument: { uri: URI } } });
  const response = await s.response(id);
  expect(response.error).toBeUndefined();
}

describe('protocol robustness', () => {
  it('refuses requests before initialize with ServerNotInitialized, then works', async () => {
    server = new RawServer();
    server.send({ id: 100, method: 'textDocument/hover', params: { textDocument: { uri: URI }, position: { line: 0, character: 0 } } });
    expect((await server.response(100)).error).toEqual({ code: -32002, message: 'The server is not initialized yet.' });
    await server.initialize();
    await stillAnswers(server, 101);
  });

  it('survives malformed frames and bad JSON', async () => {
    server = new RawServer();
    await server.initialize();
    server.raw('Content-Length: 10\r\n\r\n{not json}');
    server.raw('this is not a header\r\n\r\n');
    server.send({ id: 7, method: 'textDocument/documentSymbol', params: 'not an object' });
    server.send({ id: 8, method: 'textDocument/hover', params: { textDocument: { uri: 42 }, position: { line: -1, character: 'x' } } });
    expect((await server.response(8)).error ?? null).toBeNull();
    await stillAnswers(server, 9);
  });

  it('ignores notifications for unknown documents', async () => {
    server = new RawServer();
    await server.initialize();
    server.send({ method: 'textDocument/didChange', params: { textDocument: { uri: 'file:///nowhere/config.yaml', version: 3 }, contentChanges: [{ text: 'x' }] } });
    server.send({ method: 'textDocument/didClose', params: { textDocument: { uri: 'file:///nowhere/config.yaml' } } });
    server.send({ method: 'textDocument/didSave', params: { textDocument: { uri: 'file:///nowhere/config.yaml' } } });
    await stillAnswers(server, 2);
  });

  it('takes a didChange with a version gap and publishes for the new version', async () => {
    server = new RawServer();
    await server.initialize();
    server.send({ method: 'textDocument/didOpen', params: { textDocument: { uri: URI, languageId: 'yaml', version: 1, text: TEXT } } });
    server.send({
      method: 'textDocument/didChange',
      params: { textDocument: { uri: URI, version: 9 }, contentChanges: [{ range: { start: { line: 5, character: 14 }, end: { line: 5, character: 15 } }, text: 'b' }] },
    });
    const published = await server.waitFor((m) => m.method === 'textDocument/publishDiagnostics' && (m.params as { version: number }).version === 9);
    expect((published.params as { diagnostics: { code: string }[] }).diagnostics.map((d) => d.code)).toEqual(['signature-unknown-placeholder', 'signature-missing-argument']);
  });

  it('answers out-of-range positions with empty results', async () => {
    server = new RawServer();
    await server.initialize();
    server.send({ method: 'textDocument/didOpen', params: { textDocument: { uri: URI, languageId: 'yaml', version: 1, text: TEXT } } });
    const positions = [
      { line: 999, character: 0 },
      { line: 0, character: 999 },
      { line: -1, character: 0 },
      { line: 1.5, character: 0 },
    ];
    let id = 10;
    for (const position of positions) {
      for (const method of ['textDocument/hover', 'textDocument/completion', 'textDocument/definition', 'textDocument/references', 'textDocument/documentHighlight']) {
        server.send({ id: ++id, method, params: { textDocument: { uri: URI }, position, context: { includeDeclaration: true } } });
        const response = await server.response(id);
        expect(response.error, `${method} at ${JSON.stringify(position)}`).toBeUndefined();
        expect([null, [], { isIncomplete: false, items: [] }]).toContainEqual(response.result);
      }
    }
  });

  it('stays responsive through a storm of $/cancelRequest', async () => {
    server = new RawServer();
    await server.initialize();
    server.send({ method: 'textDocument/didOpen', params: { textDocument: { uri: URI, languageId: 'yaml', version: 1, text: TEXT } } });
    for (let i = 0; i < 2000; i++) {
      if (i % 10 === 0) server.send({ id: 1000 + i, method: 'textDocument/documentSymbol', params: { textDocument: { uri: URI } } });
      server.send({ method: '$/cancelRequest', params: { id: 1000 + i } });
      server.send({ method: '$/cancelRequest', params: { id: `bogus-${i}` } });
    }
    // Every request got an answer: a result, or RequestCancelled.
    for (let i = 0; i < 2000; i += 10) {
      const response = await server.response(1000 + i);
      expect(response.error === undefined || response.error.code === -32800).toBe(true);
    }
    await stillAnswers(server, 5);
  });

  it('exits 0 after shutdown and exit, and 1 on exit without shutdown', async () => {
    server = new RawServer();
    await server.initialize();
    server.send({ id: 3, method: 'shutdown' });
    expect((await server.response(3)).result).toBeNull();
    server.send({ method: 'exit' });
    expect(await server.exited).toBe(0);
    server = new RawServer();
    await server.initialize();
    server.send({ method: 'exit' });
    expect(await server.exited).toBe(1);
  });

  it('refuses a second initialize with InvalidRequest and keeps working', async () => {
    server = new RawServer();
    await server.initialize();
    server.send({ id: 2, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
    expect((await server.response(2)).error).toEqual({ code: -32600, message: 'initialize: the server is initialized already (initialize may be sent only once)' });
    await stillAnswers(server, 3);
  });

  it('answers requests after shutdown with InvalidRequest, then exits 0 on exit', async () => {
    server = new RawServer();
    await server.initialize();
    server.send({ id: 2, method: 'shutdown' });
    expect((await server.response(2)).result).toBeNull();
    server.send({ id: 3, method: 'textDocument/documentSymbol', params: { textDocument: { uri: URI } } });
    server.send({ id: 4, method: 'shutdown' });
    expect((await server.response(3)).error).toEqual({ code: -32600, message: 'textDocument/documentSymbol: the server has been shut down; it answers no request after shutdown' });
    expect((await server.response(4)).error?.code).toBe(-32600);
    server.send({ method: 'exit' });
    expect(await server.exited).toBe(0);
  });

  it('exits 1 when the input ends without shutdown, and 0 when it ends after shutdown', async () => {
    server = new RawServer();
    await server.initialize();
    server.process.stdin!.end();
    expect(await server.exited).toBe(1);
    server = new RawServer();
    await server.initialize();
    server.send({ id: 2, method: 'shutdown' });
    await server.response(2);
    server.process.stdin!.end();
    expect(await server.exited).toBe(0);
  });
});

