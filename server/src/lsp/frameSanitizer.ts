/**
 * The framing of stdio, in front of vscode-jsonrpc's reader: it takes the
 * raw input and passes on only well-formed frames, each as one canonical
 * `Content-Length: N\r\n\r\n` header and its body. vscode-jsonrpc's own
 * reader stops for good at a malformed header block (it keeps re-reading the
 * same bytes), so without this one stray byte would leave the server deaf.
 *
 * What counts as a header block (the base protocol's, read strictly):
 * header lines `name: value\r\n`, then an empty line `\r\n`. A name is an
 * RFC 9110 token (so no space before the colon, none before the name); a
 * value is visible characters, spaces and tabs. The block has exactly one
 * Content-Length (any case), whose value is ASCII digits only (no sign, hex
 * or exponent), at most `BUDGETS.frameBytes`; other headers (Content-Type)
 * are read and dropped. A block longer than `BUDGETS.headerBytes` is garbage.
 *
 * One bad frame costs that frame alone. On anything else, the reader
 * resynchronises on the next `Content-Length:` (in any case), not on the
 * next blank line, which would be the next frame's
 * own and lose it. A body that holds a complete header block is a frame whose
 * declared length swallowed the next one (a body is JSON, which cannot hold a
 * line break outside a string nor a header inside one): it is cut there, so
 * the frame after it is read, even while the client waits for its answer.
 * Input that ends inside a frame is reported; the stream then ends, and so
 * does the server (lifecycle.ts).
 */
import { Transform, TransformCallback } from 'stream';
import { BUDGETS } from '../engine/budgets';

const CR = 0x0d;
const LF = 0x0a;
const COLON = 0x3a;
const SPACE = 0x20;
const TAB = 0x09;
const TOKEN_PUNCTUATION = new Set([..."!#$%&'*+-.^_`|~"].map((c) => c.charCodeAt(0)));

type HeaderParse =
  | { kind: 'frame'; headerLength: number; bodyLength: number }
  | { kind: 'partial' }
  | { kind: 'bad'; reason: string };

function isTokenByte(byte: number): boolean {
  return (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a) || TOKEN_PUNCTUATION.has(byte);
}

function describeByte(byte: number): string {
  if (byte === LF) return 'a line feed without a carriage return';
  if (byte === CR) return 'a carriage return without a line feed';
  if (byte === SPACE) return 'a space';
  return byte >= 0x21 && byte <= 0x7e ? `'${String.fromCharCode(byte)}'` : `the byte 0x${byte.toString(16).padStart(2, '0')}`;
}

/** Reads the header block at `start` of `bytes`. */
function parseHeader(bytes: Uint8Array, start = 0): HeaderParse {
  const end = Math.min(bytes.length, start + BUDGETS.headerBytes + 1);
  const partial = (): HeaderParse => (end - start > BUDGETS.headerBytes ? { kind: 'bad', reason: `no end of the header block within ${BUDGETS.headerBytes} bytes` } : { kind: 'partial' });
  const bad = (reason: string): HeaderParse => ({ kind: 'bad', reason });
  let pos = start;
  let length: number | null = null;
  for (let lines = 0; ; lines++) {
    if (pos >= end) return partial();
    if (bytes[pos] === CR) {
      if (pos + 1 >= end) return partial();
      if (bytes[pos + 1] !== LF) return bad(describeByte(CR));
      if (length === null) return bad(lines === 0 ? 'an empty header block' : 'a header block without Content-Length');
      return { kind: 'frame', headerLength: pos + 2 - start, bodyLength: length };
    }
    const nameStart = pos;
    while (pos < end && isTokenByte(bytes[pos])) pos++;
    if (pos >= end) return partial();
    if (pos === nameStart) return bad(`a header line that starts with ${describeByte(bytes[pos])}`);
    if (bytes[pos] !== COLON) return bad(`a header name followed by ${describeByte(bytes[pos])}`);
    const name = Buffer.from(bytes.buffer, bytes.byteOffset + nameStart, pos - nameStart).toString('latin1').toLowerCase();
    pos++;
    while (pos < end && (bytes[pos] === SPACE || bytes[pos] === TAB)) pos++;
    const valueStart = pos;
    if (name === 'content-length') {
      // Digits only, checked byte by byte: a body full of "Content-Length:" costs a few bytes per mention.
      while (pos < end && bytes[pos] >= 0x30 && bytes[pos] <= 0x39) pos++;
      const digits = Buffer.from(bytes.buffer, bytes.byteOffset + valueStart, pos - valueStart).toString('latin1');
      while (pos < end && (bytes[pos] === SPACE || bytes[pos] === TAB)) pos++;
      if (pos >= end) return partial();
      if (digits !== '' && bytes[pos] === LF) return bad(`a header line ending in ${describeByte(LF)}`);
      if (digits === '' || bytes[pos] !== CR) return bad(`a Content-Length that is not a number of bytes (${describeByte(bytes[pos])} in it)`);
      if (length !== null) return bad('two Content-Length headers');
      if (digits.length > 15 || Number(digits) > BUDGETS.frameBytes) return bad(`a message of ${digits} bytes, more than the ${BUDGETS.frameBytes} read`);
      length = Number(digits);
    } else {
      while (pos < end && (bytes[pos] === TAB || (bytes[pos] >= SPACE && bytes[pos] !== 0x7f))) pos++;
      if (pos >= end) return partial();
      if (bytes[pos] !== CR) return bad(`a header value with ${describeByte(bytes[pos])}`);
    }
    if (pos + 1 >= end) return partial();
    if (bytes[pos + 1] !== LF) return bad(describeByte(CR));
    pos += 2;
  }
}

const MARK = Buffer.from('content-length:');
const MARK_TAILS = [Buffer.from('h:'), Buffer.from('H:')];

/** Whether `Content-Length:`, in any case, starts at `at`. */
function markAt(bytes: Buffer, at: number): boolean {
  if (at < 0 || at + MARK.length > bytes.length) return false;
  // Setting bit 5 lower-cases a letter and leaves '-' and ':' as they are.
  for (let i = 0; i < MARK.length; i++) if ((bytes[at + i] | 0x20) !== MARK[i]) return false;
  return true;
}

/** The first place at or after `from` where a `Content-Length:` (any case) starts and ends before `to`, or -1: found through its last two bytes. */
function nextMark(bytes: Buffer, from: number, to = bytes.length): number {
  const region = bytes.subarray(0, to);
  let found = -1;
  for (const tail of MARK_TAILS) {
    for (let at = region.indexOf(tail, from + MARK.length - 2); at !== -1; at = region.indexOf(tail, at + 1)) {
      if (markAt(region, at - MARK.length + 2)) {
        if (found === -1 || at - MARK.length + 2 < found) found = at - MARK.length + 2;
        break;
      }
    }
  }
  return found;
}

/** Bytes received and not yet passed on, in one buffer that grows by doubling (a body arriving in 64 KiB chunks is not copied again for each one). */
class ByteQueue {
  private data = Buffer.alloc(0);
  private head = 0;
  private tail = 0;

  get length(): number {
    return this.tail - this.head;
  }

  append(chunk: Buffer): void {
    if (this.tail + chunk.length > this.data.length) {
      const size = this.length + chunk.length;
      const grown = size > this.data.length ? Buffer.allocUnsafe(Math.max(size, 2 * this.data.length, 4096)) : this.data;
      this.data.copy(grown, 0, this.head, this.tail);
      this.data = grown;
      this.tail = this.length;
      this.head = 0;
    }
    chunk.copy(this.data, this.tail);
    this.tail += chunk.length;
  }

  view(): Buffer {
    return this.data.subarray(this.head, this.tail);
  }

  consume(count: number): void {
    this.head += count;
    if (this.head === this.tail) {
      this.head = this.tail = 0;
      // A big message's buffer is not kept for the small ones after it.
      if (this.data.length > 1 << 20) this.data = Buffer.alloc(0);
    }
  }
}

export class FrameSanitizer extends Transform {
  private readonly queue = new ByteQueue();
  /** The header of the frame whose body is being received, and how far its body was searched for a swallowed frame. */
  private pending: { headerLength: number; bodyLength: number; searched: number } | null = null;

  constructor(private readonly onDropped: (reason: string) => void = () => undefined) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.queue.append(chunk);
    this.drain();
    callback();
  }

  override _flush(callback: TransformCallback): void {
    if (this.queue.length > 0) this.onDropped(`the input ended inside a message (${this.queue.length} bytes)`);
    callback();
  }

  private drain(): void {
    for (;;) {
      const bytes = this.queue.view();
      if (bytes.length === 0) return;
      if (!this.pending) {
        const header = parseHeader(bytes);
        if (header.kind === 'partial') return;
        if (header.kind === 'bad') {
          this.resync(bytes, header.reason);
          continue;
        }
        this.pending = { headerLength: header.headerLength, bodyLength: header.bodyLength, searched: header.headerLength };
      }
      const { headerLength, bodyLength } = this.pending;
      const frameEnd = headerLength + bodyLength;
      const swallowed = this.swallowedFrame(bytes, frameEnd);
      if (swallowed === 'wait') return;
      if (swallowed !== -1) {
        this.pending = null;
        this.discard(swallowed, 'a message shorter than its Content-Length (the next message starts inside it)');
        continue;
      }
      if (bytes.length < frameEnd) return;
      this.push(Buffer.concat([Buffer.from(`Content-Length: ${bodyLength}\r\n\r\n`, 'ascii'), bytes.subarray(headerLength, frameEnd)]));
      this.pending = null;
      this.queue.consume(frameEnd);
    }
  }

  /**
   * Where a complete header block starts inside the pending body (it may end
   * past the body's declared end), -1 when none does, or 'wait' when one may,
   * depending on bytes still to come.
   */
  private swallowedFrame(bytes: Buffer, frameEnd: number): number | 'wait' {
    const pending = this.pending!;
    const limit = Math.min(bytes.length, frameEnd);
    const searchEnd = Math.min(bytes.length, limit + MARK.length - 1);
    for (let at = nextMark(bytes, pending.searched, searchEnd); at !== -1 && at < limit; at = nextMark(bytes, at + 1, searchEnd)) {
      const header = parseHeader(bytes, at);
      if (header.kind === 'frame') return at;
      if (header.kind === 'partial') {
        // Looked at again when more bytes arrive.
        pending.searched = at;
        return 'wait';
      }
    }
    pending.searched = Math.max(pending.searched, limit - MARK.length + 1);
    return -1;
  }

  /** Drops bytes up to the next `Content-Length:`, or all but a tail that could begin one. */
  private resync(bytes: Buffer, reason: string): void {
    const next = nextMark(bytes, 1);
    this.discard(next !== -1 ? next : Math.max(1, bytes.length - MARK.length + 1), reason);
  }

  private discard(count: number, reason: string): void {
    this.queue.consume(count);
    this.onDropped(`${count} byte${count === 1 ? '' : 's'}: ${reason}`);
  }
}
