import * as fs from 'fs';
import { afterEach, expect, it } from 'vitest';
import { TestClient, inMemory } from '../test/helpers/lspClient';
import { fileUri } from '../test/helpers/project';
import { tempWorkspace } from '../test/helpers/tempWorkspace';

let client: TestClient | undefined;
afterEach(() => client?.dispose());
const TEXT = '{\n  "rules": {"unknown-kye": "warning", "zzzz-qqqq": "off"},\n  "inlayHint": true\n}\n';
const CAPS = {
  window: { workDoneProgress: true },
  workspace: { didChangeWatchedFiles: { dynamicRegistration: true }, workspaceFolders: true, configuration: true, diagnostics: { refreshSupport: true } },
  textDocument: { diagnostic: {}, publishDiagnostics: { relatedInformation: true }, codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix'] } }, isPreferredSupport: true } },
};
for (const order of ['open-then-event', 'event-then-open', 'event-after-fix']) {
  it(order, async () => {
    const ws = tempWorkspace({ 'tools/view/config.yaml': 'tools:\n  view:\n    signature: "view"\n    docstring: "x"\n' });
    client = await inMemory({ workspaceFolders: [{ uri: fileUri(ws.root), name: 'ws' }], capabilities: CAPS, configuration: () => ({}) });
    await client.waitFor(() => client!.progress.some((p) => p.value.kind === 'end'), 'index');
    const file = ws.path('.swe-bundle.json');
    const uri = fileUri(file);
    fs.writeFileSync(file, TEXT);
    const event = () => client!.notify('workspace/didChangeWatchedFiles', { changes: [{ uri, type: 1 }] });
    if (order === 'event-then-open') await event();
    await client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'json', version: 1, text: TEXT } });
    if (order === 'open-then-event') await event();
    const { diagnostics } = await client.waitForDiagnostics(uri, (p) => p.diagnostics.length === 3);
    const fixes = async (d: (typeof diagnostics)[number]) => ((await client!.request('textDocument/codeAction', { textDocument: { uri }, range: d.range, context: { diagnostics: [d], only: ['quickfix'] } })) as { title: string }[]).map((a) => a.title);
    const got: string[][] = [];
    got.push(await fixes(diagnostics[0]));
    if (order === 'event-after-fix') void event();
    got.push(await fixes(diagnostics[1]));
    got.push(await fixes(diagnostics[2]));
    for (let i = 0; i < 20; i++) {
      const all = await Promise.all([fixes(diagnostics[0]), client.request('textDocument/diagnostic', { textDocument: { uri } }), fixes(diagnostics[2]), i % 3 === 0 ? event() : null]);
      got.push(all[0], all[2]);
    }
    expect(got.filter((g) => g.length === 0).length).toBe(1);
    ws.remove();
  });
}
