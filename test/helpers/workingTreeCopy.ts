/**
 * A copy of this repository's working tree in a temporary folder: every file git lists (tracked,
 * or new and not ignored), so no build output, no node_modules. Package and integration tests
 * build, pack and install from it without touching the checkout, uncommitted changes included.
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { commitAll } from './git';
import { REPO_ROOT } from './shared';

export interface WorkingTreeCopy {
  root: string;
  remove(): void;
}

/** Options: `nodeModules` links the checkout's node_modules in (to build offline); `commit` makes it a git repository whose HEAD is the copy. */
export function copyWorkingTree(options: { nodeModules?: boolean; commit?: boolean } = {}): WorkingTreeCopy {
  const parent = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'swe-bundle-tree-')));
  const root = path.join(parent, 'swe-bundle-lsp');
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: REPO_ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  for (const file of listed.split('\0').filter((f) => f.length > 0)) {
    const from = path.join(REPO_ROOT, file);
    if (!fs.existsSync(from)) continue; // deleted in the working tree, not yet in the index
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.cpSync(from, path.join(root, file), { verbatimSymlinks: true });
  }
  if (options.commit) commitAll(root, 'working tree');
  // After the commit: git would take a link for a file, not for the ignored node_modules/ folder.
  if (options.nodeModules) fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(root, 'node_modules'));
  return { root, remove: () => fs.rmSync(parent, { recursive: true, force: true }) };
}
