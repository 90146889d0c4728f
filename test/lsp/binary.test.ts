/** The built server binary over stdio, as editors start it. */
import { execFileSync } from 'child_process';
import * as path from 'path';
import { beforeAll, describe, expect, it } from 'vitest';
import { codes, spawnServer } from '../helpers/lspClient';
import { REPO_ROOT } from '../helpers/shared';

beforeAll(() => {
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'build.mjs')], { cwd: REPO_ROOT });
});

describe('swe-bundle-language-server binary', () => {
  it('serves diagnostics over stdio and exits 0 after shutdown', async () => {
    const server = await spawnServer();
    expect(server.client.initializeResult.serverInfo?.name).toBe('swe-bundle-language-server');
    const uri = 'file:///tmp/project/tools/t/config.yaml';
    await server.client.open(uri, 'tools:\n  t:\n    signature: "t <a>"\n');
    const published = await server.client.waitForDiagnostics(uri);
    expect(codes(published.diagnostics)).toEqual(['missing-field']);
    await server.client.shutdown();
    await server.client.notify('exit', null);
    expect(await server.exited).toBe(0);
    expect(server.stderr()).toBe('');
  });

  it('exits 1 on exit without shutdown', async () => {
    const server = await spawnServer();
    await server.client.notify('exit', null);
    expect(await server.exited).toBe(1);
  });

  it('defaults to stdio and prints its version', () => {
    const version = execFileSync(process.execPath, [path.join(REPO_ROOT, 'dist', 'server.js'), '--version'], { encoding: 'utf8' });
    expect(version.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});
