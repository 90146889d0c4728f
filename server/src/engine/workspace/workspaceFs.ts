/**
 * The file access the engine's workspace logic needs, injected by the front
 * end (the CLI and the server use Node's fs; tests may fake it). Only stat,
 * read and list: nothing is ever executed.
 */
export interface FileStat {
  kind: 'file' | 'directory' | 'other';
  /** Any execute bit set (POSIX); always true where the platform has none. */
  executable: boolean;
  /** The path with symlinks resolved. */
  realPath: string;
  /** A symlink whose target lies outside the readable roots (its target was not looked at). */
  outside?: boolean;
}

export interface WorkspaceFs {
  /** Whether the path lies inside the roots this process may read. */
  isAllowed(path: string): boolean;
  stat(path: string): FileStat | null;
  /** Raw bytes, or null when unreadable. */
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
