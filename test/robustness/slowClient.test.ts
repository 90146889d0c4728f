/**
 * A client that stops reading (boundedWriter.ts): the server does not buffer
 * without limit. Past the output budget it stops reading its input and says
 * so on stderr; once the client reads again, every answer arrives (what
 * waits and what is replaced: test/lsp/boundedWriter.test.ts). Against the built server; the
 * peak RSS is printed and held to a generous bound (unbounded, these 2,000
 * answers of 100 KB held 600 MB and more).
 */
import * as fs from 'fs';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { Message, RawServer } from '../helpers/rawServer';
import { timings } from '../helpers/timings';

const URI = 'file:///slow/tools/t/config.yaml';
/** A tool whose hover is about 100 KB: its docstring, in the docs and in the function-calling schema. */
const TEXT = `tools:\n  t:\n    signature: "t"\n    docstring: "${'d'.repeat(50_000)}"\n`;

function rssOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)![1]) * 1024;
  return { rss: kib('VmRSS'), peak: kib('VmHWM') };
}

async function stderrSays(server: RawServer, text: string): Promise<void> {
  if (server.stderr.includes(text)) return;
  await new Promise<void>((resolve) => {
    const check = () => {
      if (server.stderr.includes(text)) {
        server.process.stderr!.off('data', check);
        resolve();
      }
    };
    server.process.stderr!.on('data', check);
  });
}

let server: RawServer | undefined;
afterEach(() => {
  server?.kill();
  server = undefined;
});
const timing = timings('a client that stops reading');
afterAll(() => timing.print());

const published = (m: Message) => m.method === 'textDocument/publishDiagnostics' && (m.params as { uri: string }).uri === URI;

describe.skipIf(process.platform !== 'linux')('a client that stops reading', () => {
  it('makes the server stop reading at its output budget, and every answer arrives once it reads again', { timeout: 120_000 }, async () => {
    server = new RawServer();
    await server.initialize();
    server.send({ method: 'textDocument/didOpen', params: { textDocument: { uri: URI, languageId: 'yaml', version: 1, text: TEXT } } });
    await server.waitFor(published);
    const started = performance.now();
    server.process.stdout!.pause();
    const count = 2000;
    for (let id = 100; id < 100 + count; id++) server.send({ id, method: 'textDocument/hover', params: { textDocument: { uri: URI }, position: { line: 1, character: 2 } } });
    await stderrSays(server, 'the client is not reading its answers: input paused');
    const whilePaused = rssOf(server.process.pid!);
    server.process.stdout!.resume();
    for (let id = 100; id < 100 + count; id++) expect(((await server.response(id)).result as { contents: { value: string } }).contents.value.length).toBeGreaterThan(50_000);
    const memory = rssOf(server.process.pid!);
    timing.add(`${count} hovers of 100 KB, unread, then read`, performance.now() - started, memory.peak);
    timing.add('  RSS while paused', 0, whilePaused.rss);
    expect(server.stderr).toContain('the client read its answers: input resumed');
    expect(memory.peak).toBeLessThan(300 * 1024 * 1024);
  });
});
