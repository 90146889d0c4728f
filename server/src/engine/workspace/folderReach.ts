/**
 * What a folder holds as the walk found it: what lies under it, and what its
 * aliases lead to (a symbolic link to a folder the walk searched under another
 * name), link after link. The CLI reports what a folder given holds; each
 * folder reached is looked into once, so a loop of links ends.
 */
import * as path from 'path';
import { WalkAlias } from './walk';
import { charged, spend } from '../work';

/** The first index in `sorted` whose path is not before `from`. */
function firstFrom(sorted: readonly WalkAlias[], from: string): number {
  let [low, high] = [0, sorted.length];
  while (low < high) {
    spend();
    const middle = (low + high) >> 1;
    if (sorted[middle].path < from) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** For a folder, whether it holds a path: the aliases are sorted once, each folder's reach is found when asked. */
export function folderReach(aliases: readonly WalkAlias[]): (folder: string) => (file: string) => boolean {
  const sorted = charged([...aliases]).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return (folder) => {
    const reached = new Set<string>();
    const holds = (file: string): boolean => {
      for (let dir = file; ; ) {
        spend();
        if (reached.has(dir)) return true;
        const parent = path.dirname(dir);
        if (parent === dir) return false;
        dir = parent;
      }
    };
    const queue = [folder];
    for (let next = 0; next < queue.length; next++) {
      spend();
      const dir = queue[next];
      if (holds(dir)) continue;
      reached.add(dir);
      // The folder itself may be an alias, then those under it (a sorted run of their own: "dir-x" sorts between "dir" and "dir/").
      for (let i = firstFrom(sorted, dir); i < sorted.length && sorted[i].path === dir; i++) {
        spend();
        queue.push(sorted[i].to);
      }
      for (let i = firstFrom(sorted, dir + path.sep); i < sorted.length && sorted[i].path.startsWith(dir + path.sep); i++) {
        spend();
        queue.push(sorted[i].to);
      }
    }
    return holds;
  };
}
