/**
 * An LSP client for tests. `inMemory` runs the server in this process over
 * in-memory streams; `spawnServer` runs the built binary over stdio.
 */
import { ChildProcess, spawn } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { PassThrough } from 'stream';
import { MessageConnection, StreamMessageReader, StreamMessageWriter, createMessageConnection } from 'vscode-jsonrpc/node';
import { ProposedFeatures, createConnection } from 'vscode-languageserver/node';
import type { ClientCapabilities, Diagnostic, InitializeResult, PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { startLanguageServer } from '../../server/src/lsp/bundleLanguageServer';
import { PacedReader } from '../../server/src/lsp/pacedReader';
import { REPO_ROOT } from './shared';

export interface ClientOptions {
  capabilities?: ClientCapabilities;
  initializationOptions?: unknown;
  /** Answers workspace/configuration; called with each item's section. */
  configuration?: (section: string | undefined) => unknown;
  rootUri?: string | null;
  workspaceFolders?: { uri: string; name: string }[] | null;
}

export class TestClient {
  readonly diagnostics = new Map<string, PublishDiagnosticsParams[]>();
  readonly logs: string[] = [];
  /** `window/showMessage` notifications, as `type: message`. */
  readonly shown: string[] = [];
  readonly registrations: string[] = [];
  /** The options of each dynamic registration, by method (the last one of a method). */
  readonly registrationOptions = new Map<string, unknown>();
  readonly progress: { token: unknown; value: { kind: string; title?: string; message?: string } }[] = [];
  /** The refresh requests the server sent (`workspace/diagnostic/refresh`, `workspace/inlayHint/refresh`, `workspace/semanticTokens/refresh`), in order. */
  readonly refreshes: string[] = [];
  /** The `sweBundle/status` notifications, in order. */
  readonly statuses: { state: string }[] = [];
  private waiters: (() => void)[] = [];
  initializeResult!: InitializeResult;

  constructor(
    readonly connection: MessageConnection,
    private readonly options: ClientOptions,
    readonly dispose: () => void,
  ) {
    connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => {
      const list = this.diagnostics.get(params.uri) ?? [];
      list.push(params);
      this.diagnostics.set(params.uri, list);
      this.wake();
    });
    connection.onNotification('window/logMessage', (params: { message: string }) => {
      this.logs.push(params.message);
    });
    connection.onNotification('window/showMessage', (params: { type: number; message: string }) => {
      this.shown.push(`${params.type}: ${params.message}`);
      this.wake();
    });
    connection.onNotification('sweBundle/status', (params: { state: string }) => {
      this.statuses.push(params);
      this.wake();
    });
    connection.onRequest('workspace/configuration', (params: { items: { section?: string }[] }) =>
      params.items.map((item) => this.options.configuration?.(item.section) ?? null),
    );
    connection.onRequest('client/registerCapability', (params: { registrations: { method: string; registerOptions?: unknown }[] }) => {
      this.registrations.push(...params.registrations.map((r) => r.method));
      for (const r of params.registrations) this.registrationOptions.set(r.method, r.registerOptions);
      this.wake();
      return null;
    });
    for (const method of ['workspace/diagnostic/refresh', 'workspace/inlayHint/refresh', 'workspace/semanticTokens/refresh']) {
      connection.onRequest(method, () => {
        this.refreshes.push(method);
        this.wake();
        return null;
      });
    }
    connection.onRequest('window/workDoneProgress/create', () => null);
    connection.onNotification('$/progress', (params: { token: unknown; value: { kind: string } }) => {
      this.progress.push(params);
      this.wake();
    });
    connection.listen();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    waiters.forEach((w) => w());
  }

  async initialize(): Promise<InitializeResult> {
    this.initializeResult = await this.connection.sendRequest('initialize', {
      processId: null,
      rootUri: this.options.rootUri ?? null,
      workspaceFolders: this.options.workspaceFolders ?? null,
      capabilities: this.options.capabilities ?? {},
      initializationOptions: this.options.initializationOptions,
    });
    await this.connection.sendNotification('initialized', {});
    return this.initializeResult;
  }

  request<R>(method: string, params: unknown): Promise<R> {
    return this.connection.sendRequest(method, params) as Promise<R>;
  }

  notify(method: string, params: unknown): Promise<void> {
    return this.connection.sendNotification(method, params);
  }

  open(uri: string, text: string, version = 1): Promise<void> {
    return this.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version, text } });
  }

  /** Opens a bundle and waits for its first diagnostics: after it, requests see the document analysed. */
  async openBundle(uri: string, text: string, version = 1): Promise<void> {
    await this.open(uri, text, version);
    await this.waitForDiagnostics(uri);
  }

  /** Waits until `condition` holds (checked after each message), up to `timeoutMs`. */
  async waitFor(condition: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 50));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Waits until the server has registered every one of `methods` dynamically (client/registerCapability). */
  async waitForRegistrations(...methods: string[]): Promise<void> {
    await this.waitFor(() => methods.every((m) => this.registrations.includes(m)), `the registration of ${methods.join(', ')}`);
  }

  /** Resolves with the first publication for `uri` matching `accept`, waiting up to `timeoutMs`. */
  async waitForDiagnostics(uri: string, accept: (p: PublishDiagnosticsParams) => boolean = () => true, timeoutMs = 5000): Promise<PublishDiagnosticsParams> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = (this.diagnostics.get(uri) ?? []).find(accept);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching diagnostics for ${uri} within ${timeoutMs} ms; got ${JSON.stringify(this.diagnostics.get(uri) ?? [])}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async shutdown(): Promise<void> {
    await this.connection.sendRequest('shutdown');
  }
}

/** `server`: the server's own options (`startLanguageServer`), such as a small work budget. */
export async function inMemory(options: ClientOptions = {}, server: Parameters<typeof startLanguageServer>[1] = {}): Promise<TestClient> {
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  // Paced as stdio is (transport.ts), so a burst of messages is one to the diagnostics scheduler as it is in an editor.
  const reader = new PacedReader(new StreamMessageReader(toServer), toServer);
  const serverConnection = createConnection(ProposedFeatures.all, reader, new StreamMessageWriter(toClient));
  startLanguageServer(serverConnection, { messagesWaiting: () => reader.waiting, ...server });
  const connection = createMessageConnection(new StreamMessageReader(toClient), new StreamMessageWriter(toServer));
  const client = new TestClient(connection, options, () => {
    connection.dispose();
    serverConnection.dispose();
    toServer.end();
    toClient.end();
  });
  await client.initialize();
  return client;
}

export interface SpawnedServer {
  client: TestClient;
  process: ChildProcess;
  exited: Promise<number | null>;
  stderr: () => string;
}

/** `nodeArgs` go before the script (e.g. `--require` a preload); `env` is added to this process's environment. */
export interface SpawnOptions {
  nodeArgs?: string[];
  env?: Record<string, string>;
  /** A program to run instead of `node dist/server.js`, such as an installed `swe-bundle-language-server`. */
  executable?: string;
}

export async function spawnServer(options: ClientOptions = {}, args = ['--stdio'], spawnOptions: SpawnOptions = {}): Promise<SpawnedServer> {
  const [command, commandArgs] = spawnOptions.executable
    ? [spawnOptions.executable, args]
    : [process.execPath, [...(spawnOptions.nodeArgs ?? []), path.join(REPO_ROOT, 'dist', 'server.js'), ...args]];
  const child = spawn(command, commandArgs, {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, ...spawnOptions.env },
  });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += String(d)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const connection = createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  const client = new TestClient(connection, options, () => {
    connection.dispose();
    child.kill();
  });
  await client.initialize();
  return { client, process: child, exited, stderr: () => stderr };
}

/** The spawned server's peak resident memory so far (Linux: VmHWM), for the hostile-input tests' tables. */
export function peakRssOf(server: SpawnedServer): number {
  const status = fs.readFileSync(`/proc/${server.process.pid}/status`, 'utf8');
  return Number(/^VmHWM:\s+(\d+) kB/m.exec(status)![1]) * 1024;
}

export function codes(diagnostics: Diagnostic[]): string[] {
  return diagnostics.map((d) => String(d.code));
}
