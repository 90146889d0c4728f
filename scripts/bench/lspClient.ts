/**
 * A minimal LSP client over a child process's stdio, as an editor drives a
 * server: Content-Length framing, requests with ids, notifications, and
 * answers to the server's own requests (configuration, registrations,
 * progress). Timing is taken with `performance.now()` around each message.
 */
import { ChildProcess, spawn } from 'child_process';
import * as fs from 'fs';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface Diagnostics {
  uri: string;
  version?: number;
  diagnostics: Json[];
  at: number;
}

export interface ClientOptions {
  /** Answers `workspace/configuration` items. */
  configuration?: (item: { section?: string; scopeUri?: string }) => Json;
  /** Extra environment for the server process. */
  env?: Record<string, string>;
  cwd?: string;
}

export class LspClient {
  readonly process: ChildProcess;
  readonly spawnedAt: number;
  private buffer: Buffer = Buffer.alloc(0);
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (value: Json) => void; reject: (error: Error) => void }>();
  private readonly diagnosticWaiters: { match: (d: Diagnostics) => boolean; resolve: (d: Diagnostics) => void }[] = [];
  private readonly notificationWaiters: { method: string; match: (params: Json) => boolean; resolve: (at: number) => void }[] = [];
  /** Every publishDiagnostics received, newest last (trimmed to the last few). */
  readonly published: Diagnostics[] = [];
  stderr = '';
  private exited = false;

  constructor(command: string, args: string[], private readonly options: ClientOptions = {}) {
    this.spawnedAt = performance.now();
    this.process = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ...options.env }, cwd: options.cwd });
    this.process.stdout!.on('data', (chunk: Buffer) => this.receive(chunk));
    this.process.stderr!.on('data', (chunk: Buffer) => {
      if (this.stderr.length < 20000) this.stderr += chunk.toString();
    });
    this.process.on('exit', () => {
      this.exited = true;
      for (const { reject } of this.pending.values()) reject(new Error(`server exited\n${this.stderr}`));
      this.pending.clear();
    });
  }

  get pid(): number {
    return this.process.pid!;
  }

  private send(message: Json): void {
    const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...message }), 'utf8');
    this.process.stdin!.write(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]));
  }

  private receive(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const headerEnd = this.buffer.indexOf('\r\n\r\n');
      if (headerEnd === -1) return;
      const header = this.buffer.subarray(0, headerEnd).toString('ascii');
      const match = /Content-Length: *(\d+)/i.exec(header);
      if (!match) throw new Error(`bad header: ${header}`);
      const length = Number(match[1]);
      if (this.buffer.length < headerEnd + 4 + length) return;
      const body = this.buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString('utf8');
      this.buffer = this.buffer.subarray(headerEnd + 4 + length);
      this.dispatch(JSON.parse(body), performance.now());
    }
  }

  private dispatch(message: Json, at: number): void {
    if (message.id !== undefined && message.method === undefined) {
      const waiter = this.pending.get(message.id);
      if (!waiter) return;
      this.pending.delete(message.id);
      if (message.error) waiter.reject(new Error(`${message.error.code}: ${message.error.message}`));
      else waiter.resolve(message.result);
      return;
    }
    if (message.id !== undefined) {
      this.send({ id: message.id, result: this.answer(message.method, message.params) });
      return;
    }
    for (let i = 0; i < this.notificationWaiters.length; i++) {
      const waiter = this.notificationWaiters[i];
      if (waiter.method === message.method && waiter.match(message.params)) {
        this.notificationWaiters.splice(i--, 1);
        waiter.resolve(at);
      }
    }
    if (message.method === 'textDocument/publishDiagnostics') {
      const published: Diagnostics = { ...message.params, at };
      this.published.push(published);
      if (this.published.length > 16) this.published.shift();
      for (let i = 0; i < this.diagnosticWaiters.length; i++) {
        const waiter = this.diagnosticWaiters[i];
        if (waiter.match(published)) {
          this.diagnosticWaiters.splice(i--, 1);
          waiter.resolve(published);
        }
      }
    }
  }

  private answer(method: string, params: Json): Json {
    if (method === 'workspace/configuration') return (params.items as Json[]).map((item) => this.options.configuration?.(item) ?? null);
    return null;
  }

  request<T = Json>(method: string, params: Json): Promise<T> {
    if (this.exited) return Promise.reject(new Error(`server exited\n${this.stderr}`));
    const id = this.nextId++;
    const promise = new Promise<T>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    this.send({ id, method, params });
    return promise;
  }

  /** Sends a request and measures the time to its response, in ms. */
  async timed<T = Json>(method: string, params: Json): Promise<{ result: T; ms: number }> {
    const start = performance.now();
    const result = await this.request<T>(method, params);
    return { result, ms: performance.now() - start };
  }

  notify(method: string, params: Json): void {
    this.send({ method, params });
  }

  /** The next publishDiagnostics that `match` accepts (registered before the action that causes it). */
  nextDiagnostics(match: (d: Diagnostics) => boolean, timeoutMs = 120_000): Promise<Diagnostics> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no diagnostics within ${timeoutMs} ms\n${this.stderr}`)), timeoutMs);
      this.diagnosticWaiters.push({
        match,
        resolve: (d) => {
          clearTimeout(timer);
          resolve(d);
        },
      });
    });
  }

  /** When the next notification `method` that `match` accepts arrived (registered before the action that causes it). */
  nextNotification(method: string, match: (params: Json) => boolean, timeoutMs = 120_000): Promise<number> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${method} within ${timeoutMs} ms\n${this.stderr}`)), timeoutMs);
      this.notificationWaiters.push({
        method,
        match,
        resolve: (at) => {
          clearTimeout(timer);
          resolve(at);
        },
      });
    });
  }

  /** Resolves once no diagnostics have arrived for `quietMs`. */
  async settle(quietMs: number): Promise<void> {
    for (;;) {
      const last = this.published.length > 0 ? this.published[this.published.length - 1].at : 0;
      const wait = last + quietMs - performance.now();
      if (wait <= 0) return;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }

  /** The process's resident set now and at its peak, in bytes (Linux /proc). */
  memory(): { rss: number; peak: number } {
    const status = fs.readFileSync(`/proc/${this.pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
    return { rss: field('VmRSS'), peak: field('VmHWM') };
  }

  async shutdown(): Promise<void> {
    if (this.exited) return;
    try {
      await Promise.race([this.request('shutdown', null), new Promise((resolve) => setTimeout(resolve, 5000))]);
      this.notify('exit', null);
    } catch {
      // already gone
    }
    await Promise.race([new Promise((resolve) => this.process.once('exit', resolve)), new Promise((resolve) => setTimeout(resolve, 3000))]);
    if (!this.exited) this.process.kill();
  }
}
