/**
 * Hostile input, round three (issue 22), item 9: the built server over stdio
 * with a rename over 100,000 shared ranges, a burst of 1,000 closes, and a
 * client that writes 10,000 requests and reads nothing. Each checks the
 * right answer; times and peak RSS are printed as a table at the end
 * (numbers to read), and memory is held to generous bounds.
 */
import * as fs from 'fs';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextEdit } from 'vscode-languageserver-protocol';
import { Message, RawServer } from '../helpers/rawServer';
import { timings } from '../helpers/timings';

const MiB = 1024 * 1024;
const timing = timings('hostile input, round three: the server (issue 22, item 9)');
afterAll(() => timing.print());

let server: RawServer | undefined;
afterEach(() => {
  server?.kill();
  server = undefined;
});

function peakRss(s: RawServer): number {
  const status = fs.readFileSync(`/proc/${s.process.pid}/status`, 'utf8');
  return Number(/^VmHWM:\s+(\d+) kB/m.exec(status)![1]) * 1024;
}

const open = (s: RawServer, uri: string, text: string) => s.send({ method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'yaml', version: 1, text } } });
const published = (uri: string) => (m: Message) => m.method === 'textDocument/publishDiagnostics' && (m.params as { uri: string }).uri === uri;

describe.skipIf(process.platform !== 'linux')('rename over 100,000 shared ranges', () => {
  const URI = 'file:///rename/tools/t/config.yaml';
  const OTHER = 'file:///rename/tools/s/config.yaml';
  /** 100,000 aliases of one anchor (100,000 shared ranges to look each edit up in), and a tool whose argument `a` is mentioned `mentions` times. */
  const bundle = (mentions: number) =>
    `defs:\n  - &x [1]\n${'  - *x\n'.repeat(100_000)}tools:\n  t:\n    signature: "t <a>"\n    docstring: "${'<a> '.repeat(mentions)}"\n    arguments:\n      - name: a\n        type: string\n        description: d\n        required: true\n`;

  async function renameIn(text: string): Promise<{ rename: Message; hover: Message; ms: number }> {
    server = new RawServer();
    await server.initialize();
    open(server, URI, text);
    open(server, OTHER, 'tools:\n  s:\n    signature: s\n    docstring: d\n');
    await server.waitFor(published(URI), 120_000);
    await server.waitFor(published(OTHER), 120_000);
    const line = text.split('\n').findIndex((l) => l.includes('- name: a'));
    const started = performance.now();
    server.send({ id: 5, method: 'textDocument/rename', params: { textDocument: { uri: URI }, position: { line, character: 14 }, newName: 'b' } });
    // A request about another document, sent right after: answered once the rename is.
    server.send({ id: 6, method: 'textDocument/hover', params: { textDocument: { uri: OTHER }, position: { line: 1, character: 2 } } });
    const rename = await server.response(5);
    const hover = await server.response(6);
    return { rename, hover, ms: performance.now() - started };
  }

  it('5,000 mentions: the exact edits, and the next request is answered', { timeout: 180_000 }, async () => {
    const text = bundle(5_000);
    const { rename, hover, ms } = await renameIn(text);
    timing.add('rename over 100,000 shared ranges, 5,002 edits (then a hover)', ms, peakRss(server!));
    const edits = (rename.result as { changes: Record<string, TextEdit[]> }).changes[URI];
    expect(edits).toHaveLength(5_002);
    const renamed = TextDocument.applyEdits(TextDocument.create(URI, 'yaml', 1, text), edits);
    expect(renamed).toBe(text.replaceAll('<a>', '<b>').replace('- name: a', '- name: b'));
    expect((hover.result as { contents: { value: string } }).contents.value).toContain('s');
    expect(peakRss(server!)).toBeLessThan(600 * MiB);
  });

  it('20,000 mentions: an error answer names the renameEdits budget', { timeout: 180_000 }, async () => {
    const { rename, hover, ms } = await renameIn(bundle(20_000));
    timing.add('rename over 100,000 shared ranges, 20,002 edits refused (then a hover)', ms, peakRss(server!));
    expect(rename.error).toEqual({ code: -32803, message: 'Renaming `a` would edit 20002 places, more than the 10000 one rename may (the renameEdits budget).' });
    expect(hover.result).not.toBeNull();
    expect(peakRss(server!)).toBeLessThan(600 * MiB);
  });
});

describe.skipIf(process.platform !== 'linux')('closing 1,000 documents at once', () => {
  it('is one change for the host: no refresh asked per document, and the next request is answered', { timeout: 180_000 }, async () => {
    server = new RawServer();
    server.send({
      id: 1,
      method: 'initialize',
      params: { processId: null, rootUri: null, capabilities: { workspace: { inlayHint: { refreshSupport: true } } } },
    });
    await server.response(1);
    server.send({ method: 'initialized', params: {} });
    const count = 1_000;
    const uri = (i: number) => `file:///close/tools/t${i}/config.yaml`;
    for (let i = 0; i < count; i++) open(server, uri(i), `tools:\n  t${i}:\n    signature: t${i}\n    docstring: d\n`);
    await server.waitFor(published(uri(count - 1)), 120_000);
    const before = server.messages.length;
    const started = performance.now();
    for (let i = 0; i < count; i++) server.send({ method: 'textDocument/didClose', params: { textDocument: { uri: uri(i) } } });
    server.send({ id: 7, method: 'textDocument/hover', params: { textDocument: { uri: uri(0) }, position: { line: 1, character: 2 } } });
    expect((await server.response(7)).result).toBeNull();
    timing.add(`${count} documents closed, then a hover`, performance.now() - started, peakRss(server));
    const after = server.messages.slice(before);
    // Each closed document with diagnostics is cleared; the host's change comes once per burst, and a refresh only where
    // what an open document shows changed (here nothing is open, so none: one per close was asked before closes were batched).
    expect(after.filter((m) => m.method === 'textDocument/publishDiagnostics' && (m.params as { diagnostics: unknown[] }).diagnostics.length === 0)).toHaveLength(count);
    const refreshes = after.filter((m) => m.method === 'workspace/inlayHint/refresh').length;
    timing.add(`  inlay-hint refreshes asked (was ${count})`, 0);
    expect(refreshes).toBeLessThan(10);
  });
});

describe.skipIf(process.platform !== 'linux')('a client that writes and never reads', () => {
  it('makes the server read no further ahead than it answers; every answer arrives once it reads', { timeout: 300_000 }, async () => {
    server = new RawServer();
    await server.initialize();
    const uri = 'file:///never/tools/t/config.yaml';
    // A hover of about 20 KB: 800 of them fill the output budget.
    open(server, uri, `tools:\n  t:\n    signature: "t"\n    docstring: "${'d'.repeat(10_000)}"\n`);
    await server.waitFor(published(uri));
    const started = performance.now();
    server.process.stdout!.pause();
    const count = 10_000;
    for (let id = 100; id < 100 + count; id++) server.send({ id, method: 'textDocument/hover', params: { textDocument: { uri }, position: { line: 1, character: 2 } } });
    const written = server.process.stdin!.writableLength;
    await new Promise<void>((resolve) => {
      const check = () => server!.stderr.includes('input paused') && (server!.process.stderr!.off('data', check), resolve());
      server!.process.stderr!.on('data', check);
      check();
    });
    // Most requests are still unread: the server read a few ahead of what it answered, not all 10,000 (and then
    // answered every one of them into its queue while it said its input was paused: 2 GB for a client that never reads).
    const unread = server.process.stdin!.writableLength;
    timing.add(`  requests unread when the output budget was hit: ${Math.round((100 * unread) / written)}%`, 0);
    expect(unread).toBeGreaterThan(written / 2);
    server.process.stdout!.resume();
    for (let id = 100; id < 100 + count; id++) expect(((await server.response(id)).result as { contents: { value: string } }).contents.value.length).toBeGreaterThan(10_000);
    timing.add(`${count} hovers of 20 KB written unread, then read`, performance.now() - started, peakRss(server));
    expect(peakRss(server)).toBeLessThan(250 * MiB);
  });
});
