/**
 * The one write the server ever makes to the disk: on the user's explicit
 * command (`sweBundle.makeExecutable`, a quick fix), the execute bits of a
 * bundle's bin/ script. It changes only a regular file with one link, in a
 * `bin/` that is a real folder (no symbolic link) of the bundle, inside the
 * workspace: the folder is checked with lstat and realpath, the file is
 * opened without following a link and checked with fstat on the descriptor,
 * and the mode is changed on that descriptor, so it is the file that was
 * checked. Nothing else (content, owner, other files) is ever touched.
 */
import * as fs from 'fs';
import * as path from 'path';
import { isInside } from '../engine/workspace/walk';
import { fileKindOf } from './nodeWorkspaceFs';

export type ModeChange = { changed: true; mode: number } | { changed: false; reason: string };

const { O_RDONLY, O_NOFOLLOW = 0, O_NONBLOCK = 0 } = fs.constants;

const octal = (mode: number) => `0${(mode & 0o7777).toString(8)}`;

function realPathOf(file: string): string | null {
  try {
    return fs.realpathSync.native(file);
  } catch {
    return null;
  }
}

/**
 * Adds the execute bits the read bits allow (u+x if u+r, g+x if g+r, o+x if
 * o+r), as `chmod +x` does under a usual umask, to `script`, which must be
 * `<bundleDir>/bin/<name>` with `bundleDir` inside one of `workspaceFolders`.
 * Answers why not when nothing changed.
 */
export function makeExecutable(script: string, bundleDir: string, workspaceFolders: readonly string[]): ModeChange {
  const refuse = (reason: string): ModeChange => ({ changed: false, reason });
  const binDir = path.dirname(script);
  if (path.basename(binDir) !== 'bin' || path.dirname(binDir) !== bundleDir) return refuse("it is not in the bundle's bin/ folder");
  const realBundle = realPathOf(bundleDir);
  if (realBundle === null) return refuse('its bundle folder does not exist');
  if (!workspaceFolders.some((folder) => isInside(realBundle, realPathOf(folder) ?? path.resolve(folder)))) return refuse('its bundle folder lies outside the workspace');
  let binStat: fs.Stats;
  try {
    binStat = fs.lstatSync(binDir);
  } catch {
    return refuse('the bundle has no bin/ folder');
  }
  if (binStat.isSymbolicLink()) return refuse(`bin/ is a symbolic link (to ${fs.readlinkSync(binDir)}), not a folder of the bundle`);
  if (!binStat.isDirectory()) return refuse('bin/ is not a folder');
  const realBin = path.join(realBundle, 'bin');
  if (realPathOf(binDir) !== realBin) return refuse('bin/ does not resolve to a folder of the bundle');
  const file = path.join(realBin, path.basename(script));
  let fd: number;
  try {
    fd = fs.openSync(file, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') return refuse('it is a symbolic link');
    if (code === 'ENOENT') return refuse('it does not exist');
    return refuse(`it cannot be opened (${code ?? (e as Error).message})`);
  }
  try {
    const stat = fs.fstatSync(fd);
    const kind = fileKindOf(stat);
    if (kind !== 'file') return refuse(kind === 'directory' ? 'it is a folder' : `it is not a regular file (${kind === 'fifo' ? 'a FIFO' : `a ${kind}`})`);
    if (stat.nlink !== 1) return refuse(`it has ${stat.nlink} hard links: changing its mode would change the same file under its other names`);
    // The name still leads to the file opened, through the same folder.
    const now = fs.lstatSync(file);
    if (now.ino !== stat.ino || now.dev !== stat.dev || realPathOf(binDir) !== realBin) return refuse('it changed while it was being checked');
    const mode = stat.mode & 0o7777;
    // Execute bits as far as the read bits go; setuid, setgid and sticky are cleared (a bundle's script run as its owner is not what the fix offers).
    const next = (mode & 0o777) | ((mode & 0o444) >> 2);
    if (next === mode) {
      return refuse(
        (mode & 0o444) === 0
          ? `it has no read permission (mode ${octal(mode)}), so no one could run it; make it readable first`
          : `it is executable as far as its read permissions go already (mode ${octal(mode)})`,
      );
    }
    fs.fchmodSync(fd, next);
    const after = fs.fstatSync(fd).mode & 0o7777;
    if (after !== next) return refuse(`the file system kept its mode at ${octal(after)}`);
    return { changed: true, mode: next };
  } catch (e) {
    return refuse(`its mode could not be changed (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  } finally {
    fs.closeSync(fd);
  }
}
