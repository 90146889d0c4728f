/**
 * A bounded walk of a workspace folder for the YAML files that matter:
 * bundle configs (`config.yaml`) and agent config candidates (other YAML).
 * It skips node_modules, .git and friends, follows no symlink out of the
 * folder, never enters a folder twice (symlink loops), and stops after a
 * fixed number of entries.
 */
import * as path from 'path';
import { FsView } from './workspaceFs';

export const SKIPPED_DIRECTORIES = new Set(['node_modules', '.git', '.hg', '.svn', '__pycache__', '.venv', 'venv', '.tox', '.mypy_cache']);
export const MAX_WALK_ENTRIES = 200_000;
const MAX_DEPTH = 32;

export interface WalkResult {
  configYamls: string[];
  otherYamls: string[];
  /** The walk hit MAX_WALK_ENTRIES and stopped. */
  truncated: boolean;
}

export function isInside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

export function walkWorkspace(fs: FsView, root: string, maxEntries = MAX_WALK_ENTRIES): WalkResult {
  const result: WalkResult = { configYamls: [], otherYamls: [], truncated: false };
  const rootStat = fs.stat(root);
  if (!rootStat || rootStat.kind !== 'directory') return result;
  const realRoot = rootStat.realPath;
  const visited = new Set<string>([realRoot]);
  const queue: { dir: string; depth: number }[] = [{ dir: root, depth: 0 }];
  let entries = 0;
  while (queue.length > 0) {
    const { dir, depth } = queue.shift()!;
    const names = fs.list(dir);
    if (!names) continue;
    for (const name of [...names].sort()) {
      if (++entries > maxEntries) {
        result.truncated = true;
        return result;
      }
      const full = path.join(dir, name);
      const stat = fs.stat(full);
      if (!stat || !isInside(stat.realPath, realRoot)) continue;
      if (stat.kind === 'directory') {
        if (SKIPPED_DIRECTORIES.has(name) || depth >= MAX_DEPTH || visited.has(stat.realPath)) continue;
        visited.add(stat.realPath);
        queue.push({ dir: full, depth: depth + 1 });
      } else if (stat.kind === 'file') {
        if (name === 'config.yaml') result.configYamls.push(full);
        else if (/\.ya?ml$/.test(name)) result.otherYamls.push(full);
      }
    }
  }
  return result;
}
