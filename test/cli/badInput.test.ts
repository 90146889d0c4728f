/**
 * Bad input to the built CLI gets a clear error and exit status 2, in every format: a bad flag, a
 * missing path, a path we may not read. The unreadable cases run the CLI as an unprivileged user
 * when the tests run as root (root reads everything), from a copy of dist/lint.js that user can read.
 */
import { SpawnSyncReturns, spawn, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { afterEach, describe, expect, it } from 'vitest';
import { USAGE } from '../../server/src/cli/args';
import { REPO_ROOT } from '../helpers/shared';
import { TempWorkspace, tempWorkspace } from '../helpers/tempWorkspace';

const CONFIG = 'tools:\n  view:\n    docstring: "shows a file"\n';
/** Who runs the CLI: nobody, when we are root. */
const AS_USER = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};

let ws: TempWorkspace | undefined;
/** Paths whose mode a test took away, given back before the workspace is removed. */
let locked: string[] = [];
afterEach(() => {
  for (const file of locked) fs.chmodSync(file, 0o755);
  locked = [];
  ws?.remove();
  ws = undefined;
});

function lock(relative: string, mode: number): void {
  locked.push(ws!.path(relative));
  fs.chmodSync(ws!.path(relative), mode);
}

/** A workspace that the CLI's user can enter, with dist/lint.js copied in. */
function workspace(files: Record<string, string>): TempWorkspace {
  const created = tempWorkspace(files);
  fs.copyFileSync(path.join(REPO_ROOT, 'dist', 'lint.js'), created.path('lint.js'));
  for (const entry of ['', ...(fs.readdirSync(created.root, { recursive: true }) as string[])]) fs.chmodSync(created.path(entry), 0o755);
  return created;
}

function lint(argv: string[]): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [ws!.path('lint.js'), ...argv], { cwd: ws!.root, encoding: 'utf8', ...AS_USER });
}

describe('exit status 2 with a message', () => {
  it('for a bad flag or a bad value, with the usage after it', () => {
    ws = workspace({ 'tools/a/config.yaml': CONFIG });
    for (const [argv, message] of [
      [['--bogus', 'tools'], 'unknown option --bogus'],
      [['--format', 'xml', 'tools'], 'unknown format "xml" (use text, json or sarif)'],
      [['--format'], '--format needs a value'],
      [['--env', 'NOEQUALS', 'tools'], '--env needs KEY=VALUE, got "NOEQUALS"'],
      [['--format', 'sarif'], 'no PATH given'],
    ] as const) {
      const run = lint([...argv]);
      expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({ status: 2, stdout: '', stderr: `swe-bundle-lint: ${message}\n\n${USAGE}\n` });
    }
  });

  it('for a path that does not exist', () => {
    ws = workspace({ 'tools/a/config.yaml': CONFIG });
    const run = lint(['--format', 'sarif', 'tools/a', 'tools/nope']);
    expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({ status: 2, stdout: '', stderr: 'swe-bundle-lint: no such file or folder: tools/nope\n' });
  });

  it('for a file, a folder or a path through a folder that we may not read', () => {
    ws = workspace({ 'tools/a/config.yaml': CONFIG, 'locked/config.yaml': CONFIG, 'closed/b/config.yaml': CONFIG });
    lock('tools/a/config.yaml', 0o000);
    lock('locked', 0o000);
    lock('closed', 0o600);
    for (const format of ['text', 'json', 'sarif']) {
      for (const [given, code] of [
        ['tools/a/config.yaml', 'EACCES'],
        ['locked', 'EACCES'],
        ['closed/b', 'EACCES'],
      ]) {
        const run = lint(['--format', format, given]);
        expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({ status: 2, stdout: '', stderr: `swe-bundle-lint: cannot read (${code}): ${given}\n` });
      }
    }
  });
});

describe('a reader that stops early', () => {
  it('(`swe-bundle-lint --format json . | head`) ends the CLI quietly, with its status, not with an EPIPE stack trace', async () => {
    // 1,000 diagnostics: a JSON report of about 300 KB, several times what a pipe holds.
    const lines = Array.from({ length: 2_000 }, (_, i) => `      {{ v${i} }}`).join('\n');
    ws = tempWorkspace({ 'config/agent.yaml': `agent:\n  templates:\n    instance_template: |\n${lines}\n  model:\n    name: gpt-4o\n` });
    const child = spawn(process.execPath, [path.join(REPO_ROOT, 'dist', 'lint.js'), '--format', 'json', 'config/agent.yaml'], { cwd: ws.root });
    let stderr = '';
    let read = 0;
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.once('data', (chunk: Buffer) => {
      read = chunk.length;
      child.stdout.destroy();
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(read).toBeGreaterThan(0);
  });
});
