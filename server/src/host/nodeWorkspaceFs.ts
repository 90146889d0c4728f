/**
 * WorkspaceFs on Node's fs, for the CLI and the server. Stat, read and list
 * only, and only inside the allowed roots (the workspace folders, the paths
 * the CLI was given, a configured config root): a path whose real location
 * (symlinks resolved) lies outside is neither read nor listed, and a symlink
 * pointing outside is reported without touching its target.
 */
import * as fs from 'fs';
import * as path from 'path';
import { decodeFile } from '../engine/document/decodeFile';
import { isInside } from '../engine/workspace/walk';
import { FileStat, WorkspaceFs } from '../engine/workspace/workspaceFs';

/** Bigger files are not bundle or agent configs; reading them would only cost memory. */
export const MAX_READ_BYTES = 16 * 1024 * 1024;

/** The C library's realpath: one call instead of Node's JavaScript walk with an lstat per path component (the CLI resolves thousands of paths). */
const realpath: (file: string) => string = fs.realpathSync.native ?? fs.realpathSync;

function realPathOf(file: string): string | null {
  try {
    return realpath(file);
  } catch {
    return null;
  }
}

/** `roots` is read on each call, so the server can change its workspace folders. */
export function createNodeWorkspaceFs(roots: () => readonly string[]): WorkspaceFs {
  // A root's real path, resolved once (every stat asks about every root; the CLI stats thousands of files).
  const realRoots = new Map<string, string>();
  const realRoot = (root: string) => {
    let real = realRoots.get(root);
    if (real === undefined) {
      const resolved = realPathOf(root);
      if (resolved === null) return path.resolve(root);
      real = resolved;
      realRoots.set(root, real);
    }
    return real;
  };
  const allowed = (real: string) => roots().some((root) => isInside(real, realRoot(root)));
  return {
    isAllowed(file: string): boolean {
      const real = realPathOf(file);
      return real !== null ? allowed(real) : allowed(path.resolve(file));
    },
    stat(file: string): FileStat | null {
      try {
        const link = fs.lstatSync(file);
        const real = realpath(file);
        if (!allowed(real)) return link.isSymbolicLink() ? { kind: 'other', executable: false, realPath: real, outside: true } : null;
        const stat = link.isSymbolicLink() ? fs.statSync(real) : link;
        return {
          kind: stat.isFile() ? 'file' : stat.isDirectory() ? 'directory' : 'other',
          executable: process.platform === 'win32' || (stat.mode & 0o111) !== 0,
          realPath: real,
        };
      } catch {
        return null;
      }
    },
    readFile(file: string): Uint8Array | null {
      try {
        const real = realpath(file);
        if (!allowed(real)) return null;
        const stat = fs.statSync(real);
        if (!stat.isFile() || stat.size > MAX_READ_BYTES) return null;
        return fs.readFileSync(real);
      } catch {
        return null;
      }
    },
    list(dir: string): string[] | null {
      try {
        const real = realpath(dir);
        return allowed(real) ? fs.readdirSync(real) : null;
      } catch {
        return null;
      }
    },
  };
}

/** `fs` with `stat` and `list` answered once per path: for a run that may take the disk as unchanging (the CLI). */
export function memoizedWorkspaceFs(fs: WorkspaceFs): WorkspaceFs {
  const stats = new Map<string, FileStat | null>();
  const lists = new Map<string, string[] | null>();
  return {
    isAllowed: (file) => fs.isAllowed(file),
    stat(file) {
      let stat = stats.get(file);
      if (stat === undefined) stats.set(file, (stat = fs.stat(file)));
      return stat;
    },
    readFile: (file) => fs.readFile(file),
    list(dir) {
      let names = lists.get(dir);
      if (names === undefined) lists.set(dir, (names = fs.list(dir)));
      return names && [...names];
    },
  };
}

/** A file's text as SWE-agent reads it, or null when it cannot be read or is not UTF-8. */
export function readUtf8(fsImpl: WorkspaceFs, file: string): string | null {
  const bytes = fsImpl.readFile(file);
  if (!bytes) return null;
  const decoded = decodeFile(bytes);
  return decoded.ok ? decoded.text : null;
}
