/** Small workspaces on disk for CLI and server tests. */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

export interface TempWorkspace {
  root: string;
  path(...parts: string[]): string;
  write(relative: string, content: string | Uint8Array, mode?: number): string;
  remove(): void;
}

export function tempWorkspace(files: Record<string, string> = {}): TempWorkspace {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'swe-bundle-')));
  const workspace: TempWorkspace = {
    root,
    path: (...parts) => path.join(root, ...parts),
    write(relative, content, mode) {
      const full = path.join(root, relative);
      fs.mkdirSync(path.dirname(full), { recursive: true });
      fs.writeFileSync(full, content);
      if (mode !== undefined) fs.chmodSync(full, mode);
      return full;
    },
    remove: () => fs.rmSync(root, { recursive: true, force: true }),
  };
  for (const [relative, content] of Object.entries(files)) workspace.write(relative, content);
  return workspace;
}
