/**
 * One server, one generated bundle (saved with LF or CRLF line ends): what an
 * editor session does to it. Initialize, open, type into a description one
 * character at a time, type `<` in signatures and ask for completion, hover
 * over placeholders. Every latency is client-side: from sending the message
 * to receiving the answer.
 */
import * as fs from 'fs';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { generateBundleOfLines } from '../generateBundle';
import { Diagnostics, LspClient } from './lspClient';
import { CLIENT_CAPABILITIES, ServerSpec } from './servers';
import { Summary, summarize } from './stats';

export interface Position {
  line: number;
  character: number;
}

export function positionAt(text: string, offset: number): Position {
  let line = 0;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, character: offset - lineStart };
}

/** A bundle folder on disk, as a user has it: config.yaml and a bin/ script per tool. */
export function writeBundleFolder(dir: string, text: string, toolNames: string[], stateScript?: string): string {
  fs.mkdirSync(path.join(dir, 'bin'), { recursive: true });
  const file = path.join(dir, 'config.yaml');
  fs.writeFileSync(file, text);
  for (const name of toolNames) fs.writeFileSync(path.join(dir, 'bin', name), '#!/usr/bin/env bash\necho ok\n', { mode: 0o755 });
  // A state command writes the state where SWE-agent reads it, as SWE-agent's do.
  if (stateScript) fs.writeFileSync(path.join(dir, 'bin', stateScript), '#!/usr/bin/env bash\necho \'{}\' > /root/state.json\n', { mode: 0o755 });
  return file;
}

/**
 * How the client gets diagnostics: `push` (publishDiagnostics, as Neovim and
 * Emacs get them) or `pull` (textDocument/diagnostic after each change, as
 * VS Code asks any server that offers it; a server that does not offer it
 * pushes, as yaml-language-server does).
 */
export type DiagnosticsMode = 'push' | 'pull';

/** What VS Code adds to the capabilities for pulled diagnostics and the refreshes that go with them. */
const PULL_CAPABILITIES = {
  workspace: { diagnostics: { refreshSupport: true }, inlayHint: { refreshSupport: true }, semanticTokens: { refreshSupport: true } },
  textDocument: { diagnostic: { dynamicRegistration: false, relatedDocumentSupport: false } },
};

function capabilitiesFor(mode: DiagnosticsMode) {
  if (mode === 'push') return CLIENT_CAPABILITIES;
  return {
    ...CLIENT_CAPABILITIES,
    workspace: { ...CLIENT_CAPABILITIES.workspace, ...PULL_CAPABILITIES.workspace },
    textDocument: { ...CLIENT_CAPABILITIES.textDocument, ...PULL_CAPABILITIES.textDocument },
  };
}

export async function start(spec: ServerSpec, workspace: string, mode: DiagnosticsMode = 'push'): Promise<{ client: LspClient; initializeMs: number; pulls: boolean }> {
  let configured!: () => void;
  const configuredPromise = new Promise<void>((resolve) => (configured = resolve));
  const client = new LspClient(spec.command, spec.args, {
    configuration: (item) => {
      const answer = spec.configuration(item);
      if (answer !== null) setImmediate(configured);
      return answer;
    },
  });
  const uri = pathToFileURL(workspace).toString();
  const initialized = await client.request<{ capabilities?: { diagnosticProvider?: unknown } }>('initialize', {
    processId: process.pid,
    rootUri: uri,
    workspaceFolders: [{ uri, name: path.basename(workspace) }],
    capabilities: capabilitiesFor(mode),
    initializationOptions: {},
  });
  const pulls = mode === 'pull' && initialized?.capabilities?.diagnosticProvider !== undefined;
  const initializeMs = performance.now() - client.spawnedAt;
  client.notify('initialized', {});
  client.notify('workspace/didChangeConfiguration', { settings: spec.settings });
  // Both servers pull their settings after `initialized`; start once they have them.
  await Promise.race([configuredPromise, new Promise((resolve) => setTimeout(resolve, 5000))]);
  await new Promise((resolve) => setTimeout(resolve, 100));
  return { client, initializeMs, pulls };
}

export class OpenDocument {
  version = 1;
  /** Pull mode: the last pull's result id, and how many diagnostics it held. */
  private resultId: string | undefined;
  lastCount = -1;
  constructor(
    readonly client: LspClient,
    readonly spec: ServerSpec,
    readonly uri: string,
    public text: string,
    /** Diagnostics are pulled after each change (else awaited as published). */
    readonly pulls = false,
  ) {}

  static async open(client: LspClient, spec: ServerSpec, file: string, text: string, pulls = false): Promise<{ document: OpenDocument; openMs: number }> {
    const start = performance.now();
    const { document, published } = OpenDocument.send(client, spec, file, text, pulls);
    const d = await published;
    const openMs = d.at - start;
    // A server may publish again (settings arriving, indexing finishing): wait until it is quiet.
    await client.settle(300);
    return { document, openMs };
  }

  /** Sends didOpen without waiting: the document, and its first diagnostics to come (for opening many at once). */
  static send(client: LspClient, spec: ServerSpec, file: string, text: string, pulls = false): { document: OpenDocument; published: Promise<Diagnostics> } {
    const document = new OpenDocument(client, spec, pathToFileURL(file).toString(), text, pulls);
    const wait = document.awaitDiagnostics(1, performance.now());
    client.notify('textDocument/didOpen', { textDocument: { uri: document.uri, languageId: 'yaml', version: 1, text } });
    return { document, published: wait() };
  }

  /**
   * Called before a change (or an open): waits, once the change is sent, for
   * the diagnostics of the version it makes: published ones, or the answer
   * to a pull sent right after the change (as VS Code pulls after each one).
   */
  awaitDiagnostics(version: number, since: number): () => Promise<Diagnostics> {
    if (!this.pulls) {
      const published = this.diagnosticsFor(version, since);
      return () => published;
    }
    return () => this.pull();
  }

  /** Pulls the document's diagnostics (previous result id included): an unchanged answer keeps the last count. */
  async pull(): Promise<Diagnostics> {
    const report = await this.client.request<{ kind: 'full' | 'unchanged'; resultId?: string; items?: unknown[] }>('textDocument/diagnostic', { textDocument: { uri: this.uri }, previousResultId: this.resultId ?? null });
    const at = performance.now();
    this.resultId = report.resultId;
    if (report.kind === 'full') this.lastCount = report.items?.length ?? 0;
    return { uri: this.uri, version: this.version, diagnostics: new Array(this.lastCount).fill(null), at } as Diagnostics;
  }

  /** The diagnostics published for the current version (or, for servers that do not say, the next ones after `since`). */
  diagnosticsFor(version: number, since: number) {
    return this.client.nextDiagnostics((d) => d.uri === this.uri && (this.spec.versionedDiagnostics ? d.version === version : d.at >= since));
  }

  /** Replaces [start, end) with `newText` (offsets in the text) as one incremental change. */
  change(start: number, end: number, newText: string): void {
    const range = { start: positionAt(this.text, start), end: positionAt(this.text, end) };
    this.text = this.text.slice(0, start) + newText + this.text.slice(end);
    this.version++;
    this.client.notify('textDocument/didChange', { textDocument: { uri: this.uri, version: this.version }, contentChanges: [{ range, text: newText }] });
  }

  /** Types `count` characters of `typed` (cycling) from `at`, one change each, waiting for each one's diagnostics: the latencies, in ms. */
  async type(at: number, typed: string, count: number): Promise<number[]> {
    const latencies: number[] = [];
    for (let i = 0; i < count; i++) latencies.push((await this.changeAndWait(at + i, at + i, typed[i % typed.length])).ms);
    return latencies;
  }

  /** Makes a change and waits for its diagnostics; the time from sending it to receiving them, in ms. */
  async changeAndWait(start: number, end: number, newText: string): Promise<{ ms: number; count: number }> {
    const sent = performance.now();
    const wait = this.awaitDiagnostics(this.version + 1, sent);
    this.change(start, end, newText);
    const d = await wait();
    return { ms: d.at - sent, count: d.diagnostics.length };
  }
}

const TYPED = ' and then a few more words typed by hand';

export interface SessionResult {
  server: string;
  /** How this server's diagnostics reached the client (a server that does not offer pull pushes). */
  mode: DiagnosticsMode;
  lines: number;
  lineEnd: SessionOptions['lineEnd'];
  initializeMs: number;
  openMs: number;
  edit: Summary;
  completionTyped: Summary;
  completionCached: Summary;
  hover: Summary;
  peakRss: number;
  /** Sanity: what the answers held. */
  diagnosticsAtEnd: number;
  completionItems: number;
  hoversAnswered: number;
}

/** The offset of the closing quote of tool `t`'s signature (the signature itself holds no quote). */
function signatureEnd(text: string, t: number): number {
  const at = text.indexOf(`    signature: "tool_${t} `);
  if (at === -1) throw new Error(`no signature for tool_${t}`);
  return text.indexOf('"', at + '    signature: "'.length);
}

export interface SessionOptions {
  edits: number;
  samples: number;
  /** The line ends the bundle is saved with. */
  lineEnd: '\n' | '\r\n';
  mode?: DiagnosticsMode;
}

/**
 * Initialize, open a generated bundle of about `lines` lines, type into a
 * description one character at a time, type `<` in signatures and ask for
 * completion, hover over placeholders.
 */
export async function editorSession(spec: ServerSpec, lines: number, work: string, options: SessionOptions): Promise<SessionResult> {
  const { lineEnd } = options;
  const generated = generateBundleOfLines(lines);
  const text = lineEnd === '\n' ? generated.text : generated.text.replace(/\n/g, lineEnd);
  const { toolCount } = generated;
  const workspace = path.join(work, `${spec.name}-${lines}${lineEnd === '\n' ? '' : '-crlf'}`);
  const file = writeBundleFolder(path.join(workspace, 'tools', 'bench'), text, Array.from({ length: toolCount }, (_, t) => `tool_${t}`), '_state');
  const { client, initializeMs, pulls } = await start(spec, workspace, options.mode);
  try {
    const { document, openMs } = await OpenDocument.open(client, spec, file, text, pulls);

    // Typing into the description of the middle tool, one character per change.
    const middle = Math.floor(toolCount / 2);
    const toolAt = document.text.indexOf(`  tool_${middle}:${lineEnd}`);
    const cursor = document.text.indexOf('description: "The file to work on"', toolAt) + 'description: "The file to work on'.length;
    const edits = await document.type(cursor, TYPED, options.edits);

    // Typing `<` at the end of a signature (tools spread over the file), then completion there;
    // then the same request again once the version has settled.
    const completionTyped: number[] = [];
    const completionCached: number[] = [];
    let completionItems = 0;
    for (let s = 0; s < options.samples; s++) {
      const t = Math.floor(((s + 0.5) * toolCount) / options.samples);
      const at = signatureEnd(document.text, t);
      const sent = performance.now();
      const wait = document.awaitDiagnostics(document.version + 1, sent);
      document.change(at, at, ' <');
      const positionAfter = positionAt(document.text, at + 2);
      const params = {
        textDocument: { uri: document.uri },
        position: positionAfter,
        context: { triggerKind: 2, triggerCharacter: '<' },
      };
      // A server without completion answers with an error: no sample.
      const unanswered = { result: null, ms: NaN };
      const typed = await client.timed('textDocument/completion', params).catch(() => unanswered);
      completionTyped.push(typed.ms);
      await wait();
      const cached = await client.timed('textDocument/completion', params).catch(() => unanswered);
      completionCached.push(cached.ms);
      const items = Array.isArray(cached.result) ? cached.result : (cached.result?.items ?? []);
      if (s === 0) completionItems = items.length;
    }

    // Hover over the `<mode>` placeholder of signatures spread over the file (the version does not change).
    const hovers: number[] = [];
    let hoversAnswered = 0;
    for (let s = 0; s < options.samples; s++) {
      const t = Math.floor(((s + 0.5) * toolCount) / options.samples);
      const lineStart = document.text.indexOf(`    signature: "tool_${t} `);
      const at = document.text.indexOf('<mode>', lineStart) + 2;
      const { ms, result } = await client.timed('textDocument/hover', { textDocument: { uri: document.uri }, position: positionAt(document.text, at) }).catch(() => ({ ms: NaN, result: null }));
      hovers.push(ms);
      if (result) hoversAnswered++;
    }
    await client.settle(100);
    const last = client.published.filter((d) => d.uri === document.uri).pop();
    return {
      server: spec.name,
      mode: pulls ? 'pull' : 'push',
      lines: text.split('\n').length,
      lineEnd,
      initializeMs,
      openMs,
      edit: summarize(edits),
      completionTyped: summarize(completionTyped),
      completionCached: summarize(completionCached),
      hover: summarize(hovers),
      peakRss: client.memory().peak,
      diagnosticsAtEnd: pulls ? document.lastCount : (last?.diagnostics.length ?? -1),
      completionItems,
      hoversAnswered,
    };
  } finally {
    await client.shutdown();
  }
}
