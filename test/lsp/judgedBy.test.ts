/** `sweBundle/judgedBy` over LSP: which SWE-agent the active document is judged by and why (VS Code's status item shows it), and the bundle checks that follow it. */
import { afterEach, describe, expect, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { TestClient, inMemory } from '../helpers/lspClient';

const URI = 'file:///w/tools/viewer/config.yaml';
const BUNDLE = `tools:
  view:
    signature: view <x>
    docstring: shows x
    arguments:
      - name: x
        type: string
        description: the x
        required: true
`;

let client: TestClient | undefined;
afterEach(() => {
  client?.dispose();
  client = undefined;
});

const judgedBy = (c: TestClient, uri: string) => c.request<{ label: string; reason: string } | null>('sweBundle/judgedBy', { textDocument: { uri } });

describe('sweBundle/judgedBy', () => {
  it('with nothing set: SWE-agent main, found by auto', async () => {
    client = await inMemory();
    await client.openBundle(URI, BUNDLE);
    expect(await judgedBy(client, URI)).toEqual({
      label: 'SWE-agent main (3ea751c0)',
      reason: 'the default: the workspace has no sweagent package and pins no version (sweBundle.sweAgent: auto)',
    });
  });

  it('with sweBundle.sweAgent set: that version, and the bundle is checked by its code', async () => {
    client = await inMemory({ initializationOptions: { sweBundle: { sweAgent: '1.0.1' } } });
    await client.openBundle(URI, BUNDLE);
    expect(await judgedBy(client, URI)).toEqual({ label: 'SWE-agent v1.0.1', reason: 'set by sweBundle.sweAgent' });
    const { items } = await client.request<{ items: Diagnostic[] }>('textDocument/diagnostic', { textDocument: { uri: URI } });
    expect(items.filter((d) => d.severity === 1).map((d) => [d.code, d.range.start.line, d.range.start.character])).toEqual([
      ['argument-not-a-placeholder', 5, 14],
      ['invalid-argument-name', 5, 14],
    ]);
  });

  it('after sweBundle.sweAgent changes, the server announces the index again once it has read the settings, and answers with the new SWE-agent', async () => {
    let sweAgent = 'auto';
    client = await inMemory({ capabilities: { workspace: { configuration: true } }, configuration: (section) => (section === 'sweBundle' ? { sweAgent } : null) });
    await client.openBundle(URI, BUNDLE);
    expect((await judgedBy(client, URI))?.label).toBe('SWE-agent main (3ea751c0)');
    const announced = client.statuses.length;
    sweAgent = '1.0.1';
    await client.notify('workspace/didChangeConfiguration', { settings: null });
    await client.waitFor(() => client!.statuses.length > announced, 'the index announced after the settings change');
    // No workspace folder here: the index counts the folders' files, none.
    expect(client.statuses.slice(announced)).toEqual([{ state: 'ready', bundles: 0, agentConfigs: 0, truncated: false }]);
    expect(await judgedBy(client, URI)).toEqual({ label: 'SWE-agent v1.0.1', reason: 'set by sweBundle.sweAgent' });
  });

  it('a document that is neither a bundle config nor an agent config, or is not open: null', async () => {
    client = await inMemory();
    await client.open('file:///w/notes.yaml', 'just: notes\n');
    expect(await judgedBy(client, 'file:///w/notes.yaml')).toBeNull();
    expect(await judgedBy(client, 'file:///w/closed.yaml')).toBeNull();
  });

  it('settings read before the first indexing are not announced: the status goes indexing, then ready, never ready first', async () => {
    // The editor sends its settings right after `initialized`, as VS Code does; the first indexing waits on its progress token.
    client = await inMemory({ capabilities: { window: { workDoneProgress: true }, workspace: { configuration: true } }, configuration: () => ({}) });
    await client.notify('workspace/didChangeConfiguration', { settings: null });
    await client.waitFor(() => client!.progress.some((p) => p.value.kind === 'end'), 'the first indexing');
    await client.openBundle(URI, BUNDLE);
    expect(client.statuses).toEqual([{ state: 'indexing' }, { state: 'ready', bundles: 0, agentConfigs: 0, truncated: false }]);
  });
});
