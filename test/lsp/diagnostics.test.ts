/** The server's diagnostics over LSP: push, pull, incremental edits, settings, cancellation. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Diagnostic, DocumentDiagnosticReport } from 'vscode-languageserver-protocol';
import { TestClient, codes, inMemory } from '../helpers/lspClient';

const URI = 'file:///work/project/tools/demo/config.yaml';
const BUNDLE = `tools:
  demo:
    signature: "demo <path>"
    docstring: "shows {WINDOW} lines of <path>"
    arguments:
      - name: path
        type: string
        description: "the file"
        required: true
`;

let client: TestClient | undefined;
afterEach(() => {
  vi.useRealTimers();
  client?.dispose();
  client = undefined;
});

describe('push diagnostics', () => {
  it('publishes exact diagnostics on open, with code, source, range and data', async () => {
    client = await inMemory({ capabilities: { textDocument: { publishDiagnostics: { relatedInformation: true } } } });
    await client.open(URI, BUNDLE);
    const published = await client.waitForDiagnostics(URI);
    expect(published.version).toBe(1);
    expect(published.diagnostics).toEqual<Diagnostic[]>([
      {
        range: { start: { line: 3, character: 22 }, end: { line: 3, character: 30 } },
        severity: 2,
        code: 'docstring-unknown-variable',
        source: 'swe-bundle',
        message: "The docstring of `demo` uses {WINDOW}, which ToolConfig's default env does not set.",
        data: { variable: 'WINDOW', escape: { start: 6, end: 14 }, tool: 'demo', origin: { version: 1, index: 0 } },
        // What the message leaves out, at its own place: the client said it shows related information.
        relatedInformation: [
          "Every agent config using this bundle must set WINDOW in `tools.env_variables`, or SWE-agent fails: KeyError: 'WINDOW'",
          'For literal braces write {{WINDOW}}.',
        ].map((message) => ({ location: { uri: URI, range: { start: { line: 3, character: 22 }, end: { line: 3, character: 30 } } }, message })),
      },
    ]);
  });

  it('follows incremental edits and publishes for the new version only', async () => {
    client = await inMemory();
    await client.open(URI, BUNDLE);
    await client.waitForDiagnostics(URI, (p) => p.version === 1);
    // Rename the argument: the signature placeholder no longer has an argument.
    await client.notify('textDocument/didChange', {
      textDocument: { uri: URI, version: 2 },
      contentChanges: [{ range: { start: { line: 5, character: 14 }, end: { line: 5, character: 18 } }, text: 'file' }],
    });
    await client.notify('textDocument/didChange', {
      textDocument: { uri: URI, version: 3 },
      contentChanges: [{ range: { start: { line: 3, character: 22 }, end: { line: 3, character: 30 } }, text: '100' }],
    });
    const published = await client.waitForDiagnostics(URI, (p) => p.version === 3);
    expect(codes(published.diagnostics)).toEqual(['signature-unknown-placeholder', 'signature-missing-argument']);
    // The burst of two edits was debounced into one publication.
    expect((client.diagnostics.get(URI) ?? []).map((p) => p.version)).toEqual([1, 3]);
  });

  it('clears diagnostics when the document closes', async () => {
    client = await inMemory();
    await client.open(URI, BUNDLE);
    await client.waitForDiagnostics(URI, (p) => p.diagnostics.length > 0);
    await client.notify('textDocument/didClose', { textDocument: { uri: URI } });
    const cleared = await client.waitForDiagnostics(URI, (p) => p.diagnostics.length === 0);
    expect(cleared.diagnostics).toEqual([]);
  });

  it('ignores YAML files that are not bundle configs', async () => {
    client = await inMemory();
    await client.open('file:///work/project/.github/workflows/ci.yaml', 'on: [push]\njobs: {}\n');
    await client.open(URI, BUNDLE);
    await client.waitForDiagnostics(URI);
    expect(client.diagnostics.has('file:///work/project/.github/workflows/ci.yaml')).toBe(false);
  });

  it('treats files matching sweBundle.filePatterns as bundles', async () => {
    client = await inMemory({ initializationOptions: { sweBundle: { filePatterns: ['**/bundles/*.yml'] } } });
    const uri = 'file:///work/project/bundles/x.yml';
    await client.open(uri, 'tools: [a]\n');
    const published = await client.waitForDiagnostics(uri);
    expect(codes(published.diagnostics)).toEqual(['wrong-type']);
  });
});

describe('settings', () => {
  it('reads sweBundle through workspace/configuration: a known env turns the warning into an error', async () => {
    client = await inMemory({
      capabilities: { workspace: { configuration: true } },
      configuration: (section) => (section === 'sweBundle' ? { envVariables: { PAGER: 'cat' } } : null),
    });
    await client.open(URI, BUNDLE);
    const published = await client.waitForDiagnostics(URI, (p) => p.diagnostics.some((d) => d.severity === 1));
    expect(published.diagnostics.map((d) => [d.code, d.severity])).toEqual([['docstring-unknown-variable', 1]]);
  });

  it('applies per-rule severities and re-validates on didChangeConfiguration', async () => {
    client = await inMemory();
    await client.open(URI, BUNDLE);
    await client.waitForDiagnostics(URI, (p) => p.diagnostics.length === 1);
    await client.notify('workspace/didChangeConfiguration', { settings: { sweBundle: { rules: { 'docstring-unknown-variable': 'off' } } } });
    const published = await client.waitForDiagnostics(URI, (p) => p.diagnostics.length === 0);
    expect(published.diagnostics).toEqual([]);
  });

  it('honours a suppression comment on the line', async () => {
    client = await inMemory();
    await client.open(URI, BUNDLE.replace('lines of <path>"', 'lines of <path>" # swe-bundle-disable-line docstring-unknown-variable'));
    const published = await client.waitForDiagnostics(URI);
    expect(published.diagnostics).toEqual([]);
  });
});

describe('pull diagnostics', () => {
  it('answers textDocument/diagnostic when the client pulls, and says unchanged for the same version', async () => {
    client = await inMemory({ capabilities: { workspace: { diagnostics: { refreshSupport: true } }, textDocument: { diagnostic: { dynamicRegistration: false } } } });
    // A bundle's diagnostics depend on the agent configs that use it, and the reverse.
    expect(client.initializeResult.capabilities.diagnosticProvider).toEqual({ identifier: 'swe-bundle', interFileDependencies: true, workspaceDiagnostics: false });
    // The fake clock holds every timer the server sets, so "no push" below is checked after all of them ran.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await client.open(URI, BUNDLE);
    const report = await client.request<DocumentDiagnosticReport & { resultId: string; items: Diagnostic[] }>('textDocument/diagnostic', { textDocument: { uri: URI } });
    expect(report.kind).toBe('full');
    expect(codes(report.items)).toEqual(['docstring-unknown-variable']);
    const again = await client.request<DocumentDiagnosticReport>('textDocument/diagnostic', { textDocument: { uri: URI }, previousResultId: report.resultId });
    expect(again).toEqual({ kind: 'unchanged', resultId: report.resultId });
    // No push when the client pulls.
    await vi.runAllTimersAsync();
    vi.useRealTimers();
    expect(client.diagnostics.has(URI)).toBe(false);
  });

  it('pushes to a client that pulls but cannot be asked to pull again (Neovim 0.10: no workspace/diagnostic/refresh)', async () => {
    client = await inMemory({ capabilities: { textDocument: { diagnostic: { dynamicRegistration: false } } } });
    expect(client.initializeResult.capabilities.diagnosticProvider).toBeUndefined();
    await client.open(URI, BUNDLE);
    const published = await client.waitForDiagnostics(URI);
    expect(codes(published.diagnostics)).toEqual(['docstring-unknown-variable']);
  });

  it('returns an empty report for a cancelled request', async () => {
    client = await inMemory({ capabilities: { workspace: { diagnostics: { refreshSupport: true } }, textDocument: { diagnostic: {} } } });
    await client.open(URI, BUNDLE);
    const { CancellationTokenSource } = await import('vscode-jsonrpc');
    const source = new CancellationTokenSource();
    source.cancel();
    const pending = client.connection.sendRequest('textDocument/diagnostic', { textDocument: { uri: URI } }, source.token);
    await expect(pending).rejects.toThrow(/cancel/i);
  });
});

describe('a client that goes away', () => {
  it('leaves no error behind when the connection closes before the debounced diagnostics are sent', async () => {
    const errors: unknown[] = [];
    const record = (e: unknown) => errors.push(e);
    process.on('uncaughtException', record);
    process.on('unhandledRejection', record);
    try {
      const gone = await inMemory();
      // The server's debounce timer is held by the fake clock, so the diagnostics cannot be sent before the
      // connection closes, however loaded the machine; then the clock runs every timer the server left.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      await gone.open(URI, BUNDLE);
      // The answer means the server has the document; its diagnostics are waiting for the debounce.
      await gone.request('textDocument/documentSymbol', { textDocument: { uri: URI } });
      expect(gone.diagnostics.get(URI)).toBeUndefined();
      expect(vi.getTimerCount()).toBeGreaterThan(0);
      gone.dispose();
      await vi.runAllTimersAsync();
    } finally {
      vi.useRealTimers();
      process.off('uncaughtException', record);
      process.off('unhandledRejection', record);
    }
    expect(errors).toEqual([]);
  });
});
