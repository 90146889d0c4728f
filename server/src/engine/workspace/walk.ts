/**
 * A bounded walk of a workspace folder for the YAML files that matter:
 * bundle configs (`config.yaml`) and agent config candidates (other YAML).
 * It skips node_modules, .git and friends, follows no symlink out of the
 * folder, never enters a folder twice (symlink loops), enters no folder
 * deeper than `BUDGETS.walkDepth`, and stops after `BUDGETS.walkEntries`
 * entries. What it did not search is returned (`cuts`), so that it is
 * reported as not checked rather than passed over in silence.
 */
import * as path from 'path';
import { BUDGETS } from '../budgets';
import { FsView } from './workspaceFs';

const SKIPPED_DIRECTORIES = new Set(['node_modules', '.git', '.hg', '.svn', '__pycache__', '.venv', 'venv', '.tox', '.mypy_cache']);

/**
 * Folders the walk did not search, and why: past the depth budget, left when
 * the entry budget ran out, or named with bytes that are not UTF-8 (Node
 * lists such a name with U+FFFD in place of the bytes, a name no file has).
 */
export interface WalkCut {
  reason: 'depth' | 'entries' | 'name';
  /** The first such folders, in walk order (at most `WALK_CUT_EXAMPLES`). */
  folders: string[];
  /** How many folders were not searched (for `entries`: the one being listed, and those found and not entered). */
  count: number;
}

const WALK_CUT_EXAMPLES = 10;

/** What a cut means to a user: the folders not searched, and why. */
export function describeCut(cut: WalkCut): string {
  const why =
    cut.reason === 'depth'
      ? `they lie more than ${BUDGETS.walkDepth} folders deep`
      : cut.reason === 'name'
        ? `${cut.count === 1 ? 'its name is' : 'their names are'} not valid UTF-8 (shown with U+FFFD for the bytes that are not), so ${cut.count === 1 ? 'it cannot' : 'they cannot'} be opened by name`
        : `the search stopped after ${BUDGETS.walkEntries.toLocaleString('en-US')} entries`;
  const shown = cut.folders.join(', ');
  return `${cut.count.toLocaleString('en-US')} folder${cut.count === 1 ? ' was' : 's were'} not searched, so nothing in ${cut.count === 1 ? 'it' : 'them'} is checked: ${why} (${shown}${cut.count > cut.folders.length ? ', ...' : ''})`;
}

export interface WalkResult {
  configYamls: string[];
  otherYamls: string[];
  /** The walk hit its entry budget and stopped. */
  truncated: boolean;
  cuts: WalkCut[];
}

export function isInside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

export function walkWorkspace(fs: FsView, root: string, maxEntries: number = BUDGETS.walkEntries, maxDepth: number = BUDGETS.walkDepth): WalkResult {
  const result: WalkResult = { configYamls: [], otherYamls: [], truncated: false, cuts: [] };
  const rootStat = fs.stat(root);
  if (!rootStat || rootStat.kind !== 'directory') return result;
  const realRoot = rootStat.realPath;
  const visited = new Set<string>([realRoot]);
  // A queue read by index: shift() moves every element, which made 100,000 folders cost seconds.
  const queue: { dir: string; depth: number }[] = [{ dir: root, depth: 0 }];
  const tooDeep: WalkCut = { reason: 'depth', folders: [], count: 0 };
  const undecodable: WalkCut = { reason: 'name', folders: [], count: 0 };
  const cut = (into: WalkCut, dir: string) => {
    into.count++;
    if (into.folders.length < WALK_CUT_EXAMPLES) into.folders.push(dir);
  };
  let entries = 0;
  walk: for (let next = 0; next < queue.length; next++) {
    const { dir, depth } = queue[next];
    const names = fs.list(dir);
    if (!names) continue;
    for (const name of [...names].sort()) {
      if (++entries > maxEntries) {
        result.truncated = true;
        // The folder being listed, then those found and not entered yet.
        const left: WalkCut = { reason: 'entries', folders: [], count: 0 };
        for (const rest of queue.slice(next)) cut(left, rest.dir);
        result.cuts.push(left);
        break walk;
      }
      const full = path.join(dir, name);
      const stat = fs.stat(full);
      if (!stat && name.includes('\uFFFD')) cut(undecodable, full);
      if (!stat || !isInside(stat.realPath, realRoot)) continue;
      if (stat.kind === 'directory') {
        if (SKIPPED_DIRECTORIES.has(name) || visited.has(stat.realPath)) continue;
        if (depth >= maxDepth) {
          cut(tooDeep, full);
          continue;
        }
        visited.add(stat.realPath);
        queue.push({ dir: full, depth: depth + 1 });
      } else if (stat.kind === 'file') {
        if (name === 'config.yaml') result.configYamls.push(full);
        else if (/\.ya?ml$/.test(name)) result.otherYamls.push(full);
      }
    }
  }
  if (undecodable.count > 0) result.cuts.unshift(undecodable);
  if (tooDeep.count > 0) result.cuts.unshift(tooDeep);
  return result;
}
