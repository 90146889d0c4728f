/** WorkspaceFs on Node's fs, for the CLI and the server. Reads and stats only. */
import * as fs from 'fs';
import { FileStat, WorkspaceFs } from '../engine/workspace/workspaceFs';
import { decodeFile } from '../engine/document/decodeFile';

/** Bigger files are not bundle or agent configs; reading them would only cost memory. */
export const MAX_READ_BYTES = 16 * 1024 * 1024;

export const nodeWorkspaceFs: WorkspaceFs = {
  stat(path: string): FileStat | null {
    try {
      const stat = fs.statSync(path);
      return {
        kind: stat.isFile() ? 'file' : stat.isDirectory() ? 'directory' : 'other',
        executable: process.platform === 'win32' || (stat.mode & 0o111) !== 0,
        realPath: fs.realpathSync(path),
      };
    } catch {
      return null;
    }
  },
  readFile(path: string): Uint8Array | null {
    try {
      const stat = fs.statSync(path);
      if (!stat.isFile() || stat.size > MAX_READ_BYTES) return null;
      return fs.readFileSync(path);
    } catch {
      return null;
    }
  },
  list(path: string): string[] | null {
    try {
      return fs.readdirSync(path);
    } catch {
      return null;
    }
  },
};

/** A file's text as SWE-agent reads it, or null when it cannot be read or is not UTF-8. */
export function readUtf8(fsImpl: WorkspaceFs, path: string): string | null {
  const bytes = fsImpl.readFile(path);
  if (!bytes) return null;
  const decoded = decodeFile(bytes);
  return decoded.ok ? decoded.text : null;
}
