/**
 * The guarded fs (host/nodeWorkspaceFs.ts) on a real disk: it reads regular
 * files only, through a descriptor checked with fstat (a FIFO never blocks, a
 * device is never read), within the read budget, and its stats say what a
 * path is. Its allowed roots follow their source when it changes.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as net from 'net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUDGETS } from '../../server/src/engine/budgets';
import { notReadableAs } from '../../server/src/engine/workspace/workspaceFs';
import { createNodeWorkspaceFs } from '../../server/src/host/nodeWorkspaceFs';
import { TempWorkspace, tempWorkspace } from '../helpers/tempWorkspace';

let ws: TempWorkspace;
let socket: net.Server;
beforeAll(async () => {
  ws = tempWorkspace({ 'file.yaml': 'tools: {}\n', 'folder/x': '' });
  spawnSync('mkfifo', [ws.path('fifo.yaml')]);
  fs.writeFileSync(ws.path('big.yaml'), '');
  fs.truncateSync(ws.path('big.yaml'), BUDGETS.readBytes + 1);
  fs.symlinkSync('/dev/zero', ws.path('zero.yaml'));
  fs.symlinkSync('/dev', ws.path('dev'));
  socket = net.createServer();
  await new Promise<void>((resolve) => socket.listen(ws.path('socket'), resolve));
});
afterAll(() => {
  socket.close();
  ws.remove();
});

describe.skipIf(process.platform === 'win32')('the guarded fs', () => {
  const guarded = () => createNodeWorkspaceFs([ws.root, '/dev']);

  it('says what each path is', () => {
    const kinds = ['file.yaml', 'folder', 'fifo.yaml', 'socket', 'big.yaml'].map((name) => guarded().stat(ws.path(name))?.kind);
    expect(kinds).toEqual(['file', 'directory', 'fifo', 'socket', 'file']);
    expect(guarded().stat('/dev/null')?.kind).toBe('device');
    expect(guarded().stat(ws.path('big.yaml'))).toMatchObject({ size: BUDGETS.readBytes + 1, tooBig: true });
    expect(['folder', 'fifo.yaml', 'socket', 'big.yaml'].map((name) => notReadableAs(guarded().stat(ws.path(name))!))).toEqual([
      'a folder',
      'a FIFO (named pipe), not a regular file',
      'a socket, not a regular file',
      `a file of ${(BUDGETS.readBytes + 1).toLocaleString('en-US')} bytes, too big to read`,
    ]);
    expect(notReadableAs(guarded().stat('/dev/null')!)).toBe('a device, not a regular file');
  });

  it('reads a regular file, and refuses a FIFO (without blocking), a device, a folder and a file over budget', () => {
    expect(Buffer.from(guarded().readFile(ws.path('file.yaml'))!).toString()).toBe('tools: {}\n');
    for (const file of [ws.path('fifo.yaml'), '/dev/zero', ws.path('zero.yaml'), ws.path('folder'), ws.path('big.yaml'), ws.path('socket')]) expect(guarded().readFile(file)).toBeNull();
  });

  it('does not follow a link out of its roots, and says whether its target is a folder', () => {
    const fsInWorkspace = createNodeWorkspaceFs([ws.root]);
    expect(fsInWorkspace.stat(ws.path('zero.yaml'))).toEqual({ kind: 'other', executable: false, realPath: '/dev/zero', outside: 'other' });
    expect(fsInWorkspace.readFile(ws.path('zero.yaml'))).toBeNull();
    expect(fsInWorkspace.stat(ws.path('dev'))).toEqual({ kind: 'other', executable: false, realPath: '/dev', outside: 'directory' });
    expect(fsInWorkspace.list(ws.path('dev'))).toBeNull();
    expect(fsInWorkspace.stat(ws.path('dev/null'))).toBeNull();
  });

  it('follows its roots when they change', () => {
    let roots = [ws.path('folder')];
    const following = createNodeWorkspaceFs(() => roots);
    expect(following.isAllowed(ws.path('file.yaml'))).toBe(false);
    roots = [ws.root];
    expect(following.isAllowed(ws.path('file.yaml'))).toBe(true);
  });
});
