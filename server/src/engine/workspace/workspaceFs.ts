/**
 * The file access the engine's workspace logic needs, injected by the front
 * end (the CLI and the server use Node's fs; tests may fake it). Only stat,
 * read and list: nothing is ever executed.
 */

/** What a path is. Only a `file` is ever read; a FIFO, a device or a socket is named, never opened for reading. */
export type FileKind = 'file' | 'directory' | 'fifo' | 'device' | 'socket' | 'other';

export interface FileStat {
  kind: FileKind;
  /** Any execute bit set (POSIX); always true where the platform has none. */
  executable: boolean;
  /** The path with symlinks resolved. */
  realPath: string;
  /**
   * A symlink whose target lies outside the readable roots, and what that
   * target is: a folder or anything else (it was stat'ed, never opened, read
   * or listed).
   */
  outside?: 'directory' | 'other';
  /** Bytes, for a file. */
  size?: number;
  /** A file over the read budget: it is not read. */
  tooBig?: boolean;
}

export interface WorkspaceFs {
  /** Whether the path lies inside the roots this process may read. */
  isAllowed(path: string): boolean;
  stat(path: string): FileStat | null;
  /** Raw bytes of a regular file within the size budget, or null when unreadable. */
  readFile(path: string): Uint8Array | null;
  /** Entry names of a directory, or null. */
  list(path: string): string[] | null;
}

/** The part of the file access that engine logic reads through (the analysis host tracks each call as a dependency). */
export interface FsView {
  isAllowed(path: string): boolean;
  stat(path: string): FileStat | null;
  list(path: string): readonly string[] | null;
}

/** What a path is, for a message: "a folder", "a FIFO", ...; null for a regular file that can be read. */
export function notReadableAs(stat: FileStat): string | null {
  switch (stat.kind) {
    case 'file':
      return stat.tooBig ? `a file of ${(stat.size ?? 0).toLocaleString('en-US')} bytes, too big to read` : null;
    case 'directory':
      return 'a folder';
    case 'fifo':
      return 'a FIFO (named pipe), not a regular file';
    case 'device':
      return 'a device, not a regular file';
    case 'socket':
      return 'a socket, not a regular file';
    default:
      return 'not a regular file';
  }
}
