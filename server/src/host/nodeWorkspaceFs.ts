/**
 * WorkspaceFs on Node's fs, for the CLI and the server. Stat, read and list
 * only, and only inside the allowed roots (the workspace folders, the paths
 * the CLI was given, a configured config root): a path whose real location
 * (symlinks resolved) lies outside is neither read nor listed, and a symlink
 * pointing outside is reported with what its target is (a folder or not,
 * from a stat: the target is never opened).
 *
 * Reads are of regular files only, within `BUDGETS.readBytes`: the file is
 * opened non-blocking and without following a link, and checked with fstat
 * on the descriptor before a byte is read, so a FIFO cannot block and a
 * device cannot stream forever. Stats say what a path is (file, folder, FIFO,
 * device, socket, too big), so callers can say "not a regular file" rather
 * than "does not exist".
 */
import * as fs from 'fs';
import * as path from 'path';
import { BUDGETS } from '../engine/budgets';
import { FileKind, FileStat, WorkspaceFs } from '../engine/workspace/workspaceFs';

/** The C library's realpath: one call instead of Node's JavaScript walk with an lstat per path component (the CLI resolves thousands of paths). */
const realpath: (file: string) => string = fs.realpathSync.native ?? fs.realpathSync;

function realPathOf(file: string): string | null {
  try {
    return realpath(file);
  } catch {
    return null;
  }
}

export function fileKindOf(stat: fs.Stats): FileKind {
  if (stat.isFile()) return 'file';
  if (stat.isDirectory()) return 'directory';
  if (stat.isFIFO()) return 'fifo';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'device';
  if (stat.isSocket()) return 'socket';
  return 'other';
}

/** What the target of a link out of the roots is, from a stat of it alone: it is never opened, read or listed. */
function outsideKindOf(real: string): 'directory' | 'other' {
  try {
    return fs.statSync(real).isDirectory() ? 'directory' : 'other';
  } catch {
    return 'other';
  }
}

/**
 * The allowed roots, resolved once: whether a real path lies inside one is a
 * walk up its parents through a set, not a comparison with every root (the
 * CLI has a root per path it is given, thousands of them).
 */
class AllowedRoots {
  private readonly real: Set<string>;

  constructor(readonly roots: readonly string[]) {
    this.real = new Set(roots.map((root) => realPathOf(root) ?? path.resolve(root)));
  }

  contains(real: string): boolean {
    for (let dir = real; ; ) {
      if (this.real.has(dir)) return true;
      const parent = path.dirname(dir);
      if (parent === dir) return false;
      dir = parent;
    }
  }
}

const sameRoots = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((root, i) => root === b[i]);

const { O_RDONLY, O_NONBLOCK = 0, O_NOFOLLOW = 0 } = fs.constants;

/** A regular file's bytes, at most `limit` of them, read through one descriptor checked with fstat; null for anything else. */
function readRegularFile(file: string, limit: number = BUDGETS.readBytes): Uint8Array | null {
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, O_RDONLY | O_NONBLOCK | O_NOFOLLOW);
    const stat = fs.fstatSync(fd);
    if (!stat.isFile() || stat.size > limit) return null;
    // The size can change between fstat and the reads: read to the end, but never past the limit.
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(Math.max(stat.size - total + 1, 1 << 16), limit + 1 - total));
      const read = fs.readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      chunks.push(chunk.subarray(0, read));
      total += read;
      if (total > limit) return null;
    }
    return Buffer.concat(chunks, total);
  } catch {
    return null;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/**
 * `roots`: the allowed roots, or a function giving them (the server's change
 * with its workspace folders); they are resolved again only when they change.
 */
export function createNodeWorkspaceFs(roots: readonly string[] | (() => readonly string[])): WorkspaceFs {
  let allowedRoots: AllowedRoots | undefined;
  const current = (): AllowedRoots => {
    const now = typeof roots === 'function' ? roots() : roots;
    if (!allowedRoots || (now !== allowedRoots.roots && !sameRoots(now, allowedRoots.roots))) allowedRoots = new AllowedRoots(now);
    return allowedRoots;
  };
  const allowed = (real: string) => current().contains(real);
  return {
    isAllowed(file: string): boolean {
      const real = realPathOf(file);
      return allowed(real ?? path.resolve(file));
    },
    stat(file: string): FileStat | null {
      try {
        const link = fs.lstatSync(file);
        const real = realpath(file);
        if (!allowed(real)) return link.isSymbolicLink() ? { kind: 'other', executable: false, realPath: real, outside: outsideKindOf(real) } : null;
        const stat = link.isSymbolicLink() ? fs.statSync(real) : link;
        const kind = fileKindOf(stat);
        return {
          kind,
          executable: process.platform === 'win32' || (stat.mode & 0o111) !== 0,
          realPath: real,
          ...(kind === 'file' ? { size: stat.size, tooBig: stat.size > BUDGETS.readBytes } : {}),
        };
      } catch {
        return null;
      }
    },
    readFile(file: string): Uint8Array | null {
      const real = realPathOf(file);
      return real !== null && allowed(real) ? readRegularFile(real) : null;
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
