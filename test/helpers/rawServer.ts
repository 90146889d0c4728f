/** The server binary driven with raw JSON-RPC frames, for protocol abuse that a well-behaved client library would not send. */
import { ChildProcess, spawn } from 'child_process';
import * as path from 'path';
import { REPO_ROOT } from './shared';

export interface Message {
  id?: number | string | null;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: { code: number; message: string };
}

export class RawServer {
  readonly messages: Message[] = [];
  readonly process: ChildProcess;
  readonly exited: Promise<number | null>;
  private buffer = Buffer.alloc(0);
  private waiters: (() => void)[] = [];
  stderr = '';

  constructor(args: string[] = ['--stdio']) {
    this.process = spawn(process.execPath, [path.join(REPO_ROOT, 'dist', 'server.js'), ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.process.stderr!.on('data', (d) => (this.stderr += String(d)));
    // A test that ends the server may still be writing to it.
    this.process.stdin!.on('error', () => undefined);
    this.process.stdout!.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      for (;;) {
        const headerEnd = this.buffer.indexOf('\r\n\r\n');
        if (headerEnd === -1) break;
        const length = Number(/Content-Length: (\d+)/i.exec(this.buffer.subarray(0, headerEnd).toString())?.[1]);
        if (this.buffer.length < headerEnd + 4 + length) break;
        this.messages.push(JSON.parse(this.buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString()));
        this.buffer = this.buffer.subarray(headerEnd + 4 + length);
      }
      const waiters = this.waiters;
      this.waiters = [];
      waiters.forEach((w) => w());
    });
    this.exited = new Promise((resolve) => this.process.on('exit', (code) => resolve(code)));
  }

  raw(bytes: string | Buffer): void {
    this.process.stdin!.write(bytes);
  }

  send(message: Message & { jsonrpc?: string }): void {
    const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...message }));
    this.raw(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`), body]));
  }

  async waitFor(accept: (m: Message) => boolean, timeoutMs = 10_000): Promise<Message> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find(accept);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching message within ${timeoutMs} ms; stderr: ${this.stderr.slice(0, 500)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 50);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  response(id: number): Promise<Message> {
    return this.waitFor((m) => m.id === id && (m.result !== undefined || m.error !== undefined));
  }

  async initialize(id = 1): Promise<Message> {
    this.send({ id, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
    const response = await this.response(id);
    this.send({ method: 'initialized', params: {} });
    return response;
  }

  kill(): void {
    this.process.kill();
  }
}
