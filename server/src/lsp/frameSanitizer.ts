/**
 * A guard in front of the JSON-RPC reader on stdio. vscode-jsonrpc stops
 * reading for good when a header block is malformed (it keeps re-parsing the
 * same bytes), so a single bad frame would leave the server deaf. This drops
 * malformed header blocks and absurd lengths, and passes well-formed frames
 * through byte for byte.
 */
import { Transform, TransformCallback } from 'stream';

const SEPARATOR = Buffer.from('\r\n\r\n');
/** Larger messages are not LSP traffic; their header is dropped like any malformed one. */
export const MAX_MESSAGE_BYTES = 256 * 1024 * 1024;
/** Bytes without a header separator kept while waiting; beyond this they are garbage. */
const MAX_HEADER_BYTES = 64 * 1024;

export class FrameSanitizer extends Transform {
  private buffer: Buffer = Buffer.alloc(0);
  private bodyLeft = 0;

  constructor(private readonly onDropped: (reason: string) => void = () => undefined) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    for (;;) {
      if (this.bodyLeft > 0) {
        const take = Math.min(this.bodyLeft, this.buffer.length);
        if (take === 0) break;
        this.push(this.buffer.subarray(0, take));
        this.buffer = this.buffer.subarray(take);
        this.bodyLeft -= take;
        continue;
      }
      const end = this.buffer.indexOf(SEPARATOR);
      if (end === -1) {
        if (this.buffer.length > MAX_HEADER_BYTES) {
          this.onDropped(`${this.buffer.length} bytes without a message header`);
          this.buffer = Buffer.alloc(0);
        }
        break;
      }
      const header = this.buffer.subarray(0, end).toString('ascii');
      const length = this.contentLength(header);
      const block = this.buffer.subarray(0, end + SEPARATOR.length);
      this.buffer = this.buffer.subarray(end + SEPARATOR.length);
      if (length === null) {
        this.onDropped(`malformed header ${JSON.stringify(header.slice(0, 100))}`);
        continue;
      }
      this.push(block);
      this.bodyLeft = length;
    }
    callback();
  }

  private contentLength(header: string): number | null {
    let length: number | null = null;
    for (const line of header.split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon <= 0) return null;
      if (line.slice(0, colon).trim().toLowerCase() === 'content-length') {
        const value = line.slice(colon + 1).trim();
        if (!/^\d+$/.test(value)) return null;
        length = Number(value);
      }
    }
    return length !== null && length <= MAX_MESSAGE_BYTES ? length : null;
  }
}
