/**
 * BoundedMessageWriter over a stream that takes nothing until told to:
 * superseded messages are replaced while they wait, answers never are, the
 * order holds, and input is paused past the budget and resumed at half.
 */
import { Writable } from 'stream';
import { describe, expect, it } from 'vitest';
import { Message } from 'vscode-languageserver/node';
import { BoundedMessageWriter } from '../../server/src/lsp/boundedWriter';

interface Sent {
  id?: number;
  params?: { uri: string; version: number };
}

/** A stream whose writes complete only when `release()` is called: a client that does not read. */
class StuckStream extends Writable {
  readonly written: Buffer[] = [];
  private callbacks: (() => void)[] = [];

  constructor() {
    super({ highWaterMark: 1024 });
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: () => void): void {
    this.written.push(chunk);
    this.callbacks.push(callback);
  }

  release(): void {
    for (;;) {
      const callback = this.callbacks.shift();
      if (!callback) return;
      callback();
    }
  }

  messages(): Sent[] {
    const text = Buffer.concat(this.written).toString('utf8');
    return [...text.matchAll(/Content-Length: (\d+)\r\n\r\n/g)].map((m) => JSON.parse(Buffer.from(text.slice(m.index! + m[0].length)).subarray(0, Number(m[1])).toString('utf8')));
  }
}

const diagnostics = (uri: string, version: number): Message => ({ jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params: { uri, version, diagnostics: [] } }) as Message;
const answer = (id: number, size = 10): Message => ({ jsonrpc: '2.0', id, result: 'x'.repeat(size) }) as Message;

async function settled(stream: StuckStream): Promise<void> {
  for (let i = 0; i < 20; i++) {
    stream.release();
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('BoundedMessageWriter', () => {
  it('replaces diagnostics that wait with newer ones for the same document, keeping every answer in order', async () => {
    const stream = new StuckStream();
    const writer = new BoundedMessageWriter(stream, { pause: () => undefined, resume: () => undefined });
    await writer.write(answer(1, 2000));
    for (let version = 1; version <= 50; version++) {
      await writer.write(diagnostics('file:///a', version));
      await writer.write(diagnostics('file:///b', version));
      if (version % 10 === 0) await writer.write(answer(100 + version));
    }
    await settled(stream);
    const sent = stream.messages().map((m) => (m.id !== undefined ? `answer ${m.id}` : `${m.params!.uri} v${m.params!.version}`));
    // The first answer was taken before the stream stopped; the newest diagnostics wait where they were queued.
    expect(sent).toEqual(['answer 1', 'answer 110', 'answer 120', 'answer 130', 'answer 140', 'file:///a v50', 'file:///b v50', 'answer 150']);
    expect(writer.superseded).toBe(98);
  });

  it('pauses input past its budget and resumes it once half has been read', async () => {
    const stream = new StuckStream();
    const events: string[] = [];
    const writer = new BoundedMessageWriter(stream, { pause: () => events.push('pause'), resume: () => events.push('resume') }, 10_000);
    for (let id = 1; id <= 20; id++) await writer.write(answer(id, 1000));
    expect(events).toEqual(['pause']);
    await settled(stream);
    expect(events).toEqual(['pause', 'resume']);
    expect(stream.messages().map((m) => m.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const flushed = writer.drained();
    stream.release();
    await flushed;
  });
});
