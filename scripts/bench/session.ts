/**
 * One server, one generated bundle: what an editor session does to it.
 * Initialize, open, type into a description one character at a time, type
 * `<` in signatures and ask for completion, hover over placeholders. Every
 * latency is client-side: from sending the message to receiving the answer.
 */
import * as fs from 'fs';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { LspClient } from './lspClient';
import { CLIENT_CAPABILITIES, ServerSpec } from './servers';

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
  for (const name of stateScript ? [...toolNames, stateScript] : toolNames) fs.writeFileSync(path.join(dir, 'bin', name), '#!/usr/bin/env bash\necho ok\n', { mode: 0o755 });
  return file;
}

export async function start(spec: ServerSpec, workspace: string): Promise<{ client: LspClient; initializeMs: number }> {
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
  await client.request('initialize', {
    processId: process.pid,
    rootUri: uri,
    workspaceFolders: [{ uri, name: path.basename(workspace) }],
    capabilities: CLIENT_CAPABILITIES,
    initializationOptions: {},
  });
  const initializeMs = performance.now() - client.spawnedAt;
  client.notify('initialized', {});
  client.notify('workspace/didChangeConfiguration', { settings: spec.settings });
  // Both servers pull their settings after `initialized`; start once they have them.
  await Promise.race([configuredPromise, new Promise((resolve) => setTimeout(resolve, 5000))]);
  await new Promise((resolve) => setTimeout(resolve, 100));
  return { client, initializeMs };
}

export class OpenDocument {
  version = 1;
  constructor(
    readonly client: LspClient,
    readonly spec: ServerSpec,
    readonly uri: string,
    public text: string,
  ) {}

  static async open(client: LspClient, spec: ServerSpec, file: string, text: string): Promise<{ document: OpenDocument; openMs: number }> {
    const document = new OpenDocument(client, spec, pathToFileURL(file).toString(), text);
    const start = performance.now();
    const published = document.diagnosticsFor(1, start);
    client.notify('textDocument/didOpen', { textDocument: { uri: document.uri, languageId: 'yaml', version: 1, text } });
    const d = await published;
    const openMs = d.at - start;
    // A server may publish again (settings arriving, indexing finishing): wait until it is quiet.
    await client.settle(300);
    return { document, openMs };
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

  /** Makes a change and waits for its diagnostics; the time from sending it to receiving them, in ms. */
  async changeAndWait(start: number, end: number, newText: string): Promise<{ ms: number; count: number }> {
    const sent = performance.now();
    const published = this.diagnosticsFor(this.version + 1, sent);
    this.change(start, end, newText);
    const d = await published;
    return { ms: d.at - sent, count: d.diagnostics.length };
  }
}
