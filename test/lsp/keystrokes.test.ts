/**
 * What a keystroke costs the client (issue 19): a comment typed in an agent
 * config changes no other document's diagnostics, so the server publishes
 * nothing for them, asks for no refresh (pulled diagnostics, inlay hints,
 * semantic tokens) and does not send the settings diagnostics again; a
 * change that does change a bundle's diagnostics (the env its agent config
 * sets) is published, or refreshed, once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Diagnostic, DocumentDiagnosticReport } from 'vscode-languageserver-protocol';
import { TestClient, codes, inMemory } from '../helpers/lspClient';
import { TempWorkspace, tempWorkspace } from '../helpers/tempWorkspace';

const BUNDLE = 'tools:\n  demo:\n    signature: "demo <path>"\n    docstring: "shows {WINDOW} lines of <path>"\n    arguments:\n      - name: path\n        type: string\n        description: the file\n        required: true\n';
const agentText = (tail: string) => `agent:\n  model: {name: gpt-4o}\n  tools:\n    env_variables: {${tail}}\n    bundles:\n      - path: tools/demo\n`;
const COMMENTED = (comment: string) => agentText('WINDOW: 100}  #' + comment).replace('}}', '}');

const REFRESHES = { inlayHint: { refreshSupport: true }, semanticTokens: { refreshSupport: true } };

let client: TestClient | undefined;
let ws: TempWorkspace | undefined;
afterEach(() => {
  client?.dispose();
  ws?.remove();
  client = undefined;
  ws = undefined;
});

async function session(pull: boolean) {
  ws = tempWorkspace({ 'tools/demo/config.yaml': BUNDLE, 'config/default.yaml': agentText('WINDOW: 100'), '.swe-bundle.json': '{"noSuchSetting": 1}\n' });
  ws.write('tools/demo/bin/demo', '#!/bin/sh\n', 0o755);
  const capabilities = pull
    ? { workspace: { diagnostics: { refreshSupport: true }, ...REFRESHES }, textDocument: { diagnostic: { dynamicRegistration: false } } }
    : { workspace: REFRESHES };
  const folder = `file://${ws.root}`;
  const c = (client = await inMemory({ capabilities, workspaceFolders: [{ uri: folder, name: 'ws' }] }));
  const bundle = `${folder}/tools/demo/config.yaml`;
  const agent = `${folder}/config/default.yaml`;
  const settings = `${folder}/.swe-bundle.json`;
  await c.waitForDiagnostics(settings);
  await c.open(bundle, BUNDLE);
  await c.open(agent, agentText('WINDOW: 100'));
  let version = 1;
  /** Types a comment into the agent config, one character per change. */
  const typeComment = async (comment: string) => {
    for (let i = 1; i <= comment.length; i++) {
      version++;
      await c.notify('textDocument/didChange', { textDocument: { uri: agent, version }, contentChanges: [{ text: COMMENTED(comment.slice(0, i)) }] });
    }
  };
  const change = async (text: string) => {
    version++;
    await c.notify('textDocument/didChange', { textDocument: { uri: agent, version }, contentChanges: [{ text }] });
  };
  return { c, bundle, agent, settings, typeComment, change, version: () => version };
}

describe('a comment typed in an agent config', () => {
  it('push: publishes the agent config alone, sends no refresh and no settings diagnostics again; an env change publishes the bundle once', async () => {
    const { c, bundle, agent, settings, typeComment, change, version } = await session(false);
    await c.waitForDiagnostics(bundle);
    await c.waitForDiagnostics(agent);
    expect(c.diagnostics.get(bundle)!.map((p) => p.diagnostics)).toEqual([[]]);
    const refreshesBefore = c.refreshes.length;

    await typeComment(' the model');
    await c.waitForDiagnostics(agent, (p) => p.version === version());
    expect(c.refreshes.slice(refreshesBefore)).toEqual([]);
    expect(c.diagnostics.get(settings)).toHaveLength(1);

    // Without WINDOW the bundle's docstring names an unknown variable: published once, with the hints and tokens refreshed once.
    await change(agentText(''));
    await c.waitForDiagnostics(bundle, (p) => codes(p.diagnostics).includes('docstring-unknown-variable'));
    expect(c.diagnostics.get(bundle)!.map((p) => codes(p.diagnostics))).toEqual([[], ['docstring-unknown-variable']]);
    expect(c.refreshes.slice(refreshesBefore)).toEqual(['workspace/inlayHint/refresh', 'workspace/semanticTokens/refresh']);
    expect(c.diagnostics.get(settings)).toHaveLength(1);
  });

  it('pull: a pull of an unchanged document is answered unchanged; no refresh is asked for until a bundle\'s diagnostics change', async () => {
    const { c, bundle, agent, typeComment, change } = await session(true);
    type Full = DocumentDiagnosticReport & { resultId: string; items: Diagnostic[] };
    const pull = (uri: string, previousResultId?: string) => c.request<Full>('textDocument/diagnostic', { textDocument: { uri }, previousResultId });
    const first = await pull(bundle);
    expect(first.kind).toBe('full');
    expect(first.items).toEqual([]);
    expect(await pull(bundle, first.resultId)).toEqual({ kind: 'unchanged', resultId: first.resultId });
    await pull(agent);
    const refreshesBefore = c.refreshes.length;

    await typeComment(' the model');
    const agentAfter = await pull(agent);
    expect(agentAfter.kind === 'unchanged' || agentAfter.items.length === 0).toBe(true);
    expect(await pull(bundle, first.resultId)).toEqual({ kind: 'unchanged', resultId: first.resultId });
    expect(c.refreshes.slice(refreshesBefore)).toEqual([]);

    await change(agentText(''));
    await c.waitFor(() => c.refreshes.includes('workspace/diagnostic/refresh'), 'a diagnostics refresh');
    expect(c.refreshes.slice(refreshesBefore)).toEqual(['workspace/inlayHint/refresh', 'workspace/semanticTokens/refresh', 'workspace/diagnostic/refresh']);
    const changed = await pull(bundle, first.resultId);
    expect(changed.kind).toBe('full');
    expect(codes(changed.items)).toEqual(['docstring-unknown-variable']);
    // Pulled, never pushed (only the settings file's problems are).
    expect([c.diagnostics.has(bundle), c.diagnostics.has(agent)]).toEqual([false, false]);
  });
});
