/**
 * The guarantees of docs/SECURITY.md, proven on the built binaries: a preload
 * (auditSideEffects.cjs) records every spawn, network call and file read of
 * the server and the CLI while they work on a project whose bin/ scripts
 * would leave a marker if run, and whose symlinks and bundle paths point
 * outside the workspace.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer } from '../helpers/lspClient';
import { REPO_ROOT } from '../helpers/shared';
import { TempWorkspace, tempWorkspace } from '../helpers/tempWorkspace';

const PRELOAD = path.join(__dirname, 'auditSideEffects.cjs');

interface AuditEntry {
  kind: 'exec' | 'net' | 'fs';
  name: string;
  detail: string | null;
}

let ws: TempWorkspace;
let outside: TempWorkspace;
let marker: string;

beforeAll(() => {
  outside = tempWorkspace({
    'bundle/config.yaml': 'tools:\n  secret:\n    signature: "secret"\n    docstring: "outside the workspace"\n',
    'secret.yaml': 'agent:\n  tools:\n    bundles: []\n',
    'settings.json': '{"rules": {}}',
  });
  marker = outside.path('executed');
  const trap = `#!/bin/sh\ntouch '${marker}'\n`;
  ws = tempWorkspace({
    'tools/trap/config.yaml': 'tools:\n  trap:\n    signature: "trap <x>"\n    docstring: "runs <x>"\n    arguments:\n      - name: x\n        type: string\n        description: "x"\n        required: true\nstate_command: trap_state\n',
    'config/agent.yaml': 'agent:\n  tools:\n    bundles:\n      - path: tools/trap\n      - path: tools/escape\n      - path: ../' + path.basename(outside.root) + '/bundle\n  model: {name: gpt-4o}\n',
  });
  ws.write('tools/trap/bin/trap', trap, 0o755);
  ws.write('tools/trap/bin/trap_state', trap, 0o755);
  ws.write('tools/trap/install.sh', trap, 0o755);
  outside.write('bundle/bin/secret', trap, 0o755);
  fs.symlinkSync(outside.path('bundle'), ws.path('tools/escape'));
  fs.symlinkSync(ws.root, ws.path('tools/loop'));
  fs.symlinkSync(outside.path('secret.yaml'), ws.path('config/linked.yaml'));
  fs.symlinkSync(outside.path('settings.json'), ws.path('.swe-bundle.json'));
});
afterAll(() => {
  ws.remove();
  outside.remove();
});

function readAudit(file: string): AuditEntry[] {
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as AuditEntry) : [];
}

function auditFile(): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'swe-bundle-audit-')), 'audit.jsonl');
}

/** Files the process may read: the workspace, and its own code. */
const readableRoots = () => [ws.root, path.join(REPO_ROOT, 'dist')];
const inside = (file: string, root: string) => file === root || file.startsWith(root + path.sep);

function expectNoEscape(entries: AuditEntry[], allowedRoots: string[]): void {
  expect(entries.length).toBeGreaterThan(0);
  expect(entries.filter((e) => e.kind === 'exec')).toEqual([]);
  expect(entries.filter((e) => e.kind === 'net')).toEqual([]);
  expect(entries.filter((e) => e.kind === 'fs' && !allowedRoots.some((root) => inside(e.detail!, root)))).toEqual([]);
  expect(fs.existsSync(marker)).toBe(false);
}

describe('the language server', () => {
  it('never spawns, never connects, reads only inside the workspace, and says so where a path leads out', async () => {
    const audit = auditFile();
    const server = await spawnServer(
      {
        workspaceFolders: [{ uri: pathToFileURL(ws.root).toString(), name: 'ws' }],
        capabilities: { window: { workDoneProgress: true }, workspace: { didChangeWatchedFiles: { dynamicRegistration: true } } },
      },
      ['--stdio'],
      { nodeArgs: ['--require', PRELOAD], env: { SWE_BUNDLE_AUDIT_LOG: audit } },
    );
    const { client } = server;
    await client.waitFor(() => client.progress.some((p) => p.value.kind === 'end'), 'indexing to finish');

    const bundleUri = pathToFileURL(ws.path('tools/trap/config.yaml')).toString();
    const agentUri = pathToFileURL(ws.path('config/agent.yaml')).toString();
    await client.open(bundleUri, fs.readFileSync(ws.path('tools/trap/config.yaml'), 'utf8'));
    await client.open(agentUri, fs.readFileSync(ws.path('config/agent.yaml'), 'utf8'));
    const agentDiagnostics = await client.waitForDiagnostics(agentUri);
    // Every request that looks at files: links, definitions, hovers, lenses, actions, completion.
    for (const uri of [bundleUri, agentUri]) {
      const position = { line: 4, character: 12 };
      await client.request('textDocument/documentLink', { textDocument: { uri } });
      await client.request('textDocument/definition', { textDocument: { uri }, position });
      await client.request('textDocument/hover', { textDocument: { uri }, position });
      await client.request('textDocument/completion', { textDocument: { uri }, position });
      await client.request('textDocument/codeLens', { textDocument: { uri } });
      await client.request('textDocument/codeAction', {
        textDocument: { uri },
        range: { start: { line: 0, character: 0 }, end: { line: 9, character: 0 } },
        context: { diagnostics: [] },
      });
    }
    await client.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: pathToFileURL(ws.path('tools/trap/bin/trap')).toString(), type: 2 }] });
    await client.request('workspace/symbol', { query: '' });
    await client.shutdown();
    await client.notify('exit', undefined);
    expect(await server.exited).toBe(0);

    const entries = readAudit(audit);
    expectNoEscape(entries, readableRoots());
    // The audit sees the server's reads: the index read the bundle.
    expect(entries.some((e) => e.detail === ws.path('tools/trap/config.yaml'))).toBe(true);
    expect(agentDiagnostics.diagnostics.map((d) => `${d.code}@${d.range.start.line}`)).toEqual(['bundle-outside-workspace@4', 'bundle-outside-workspace@5']);
  });
});

describe('the lint CLI', () => {
  function lintAudited(args: string[]): { audit: AuditEntry[]; stdout: string } {
    const audit = auditFile();
    const run = spawnSync(process.execPath, ['--require', PRELOAD, path.join(REPO_ROOT, 'dist', 'lint.js'), ...args], {
      env: { ...process.env, SWE_BUNDLE_AUDIT_LOG: audit },
      encoding: 'utf8',
    });
    return { audit: readAudit(audit), stdout: run.stdout };
  }

  it('lints a project without spawning, connecting, or reading outside the path it was given', () => {
    const { audit, stdout } = lintAudited(['--format', 'json', ws.root]);
    expectNoEscape(audit, readableRoots());
    expect(stdout).toContain('bundle-outside-workspace');
  });

  it('reads a path outside the project only when it is given one', () => {
    const { audit } = lintAudited([ws.root, outside.path('bundle')]);
    expectNoEscape(audit, [...readableRoots(), outside.root]);
    expect(audit.some((e) => e.kind === 'fs' && e.detail === outside.path('bundle', 'config.yaml'))).toBe(true);
  });
});
