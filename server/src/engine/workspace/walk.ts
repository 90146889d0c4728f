/**
 * A bounded walk of a workspace folder for the YAML files that matter:
 * bundle configs (`config.yaml`) and agent config candidates (other YAML).
 * It skips node_modules, .git and friends, never enters a folder twice
 * (symlink loops), enters no folder deeper than `BUDGETS.walkDepth`, and
 * stops after `BUDGETS.walkEntries` entries. A symbolic link is followed when
 * it leads inside the workspace (`WalkArea`): to a folder another walked
 * folder holds, it is left to that walk (`aliases`). What it did not search
 * (with the folders whose links lead out of the workspace), and the YAML files
 * it did not read because their links lead out of it, are returned (`cuts`),
 * so that they are reported as not checked rather than passed over in silence.
 */
import * as path from 'path';
import { BUDGETS } from '../budgets';
import { FsView } from './workspaceFs';
import { charged, spend } from '../work';

const SKIPPED_DIRECTORIES = new Set(['node_modules', '.git', '.hg', '.svn', '__pycache__', '.venv', 'venv', '.tox', '.mypy_cache']);

/**
 * What the walk did not search or read, and why: folders past the depth
 * budget, left when the entry budget ran out, or named with bytes that are
 * not UTF-8 (Node lists such a name with U+FFFD in place of the bytes, a name
 * no file has), or symbolic links to folders outside the workspace
 * (`folder-link`: the target is stat'ed, never listed; a name the walk skips
 * anyway, such as node_modules, is not said); YAML files (`config.yaml` and
 * the agent config candidates) that are symbolic links leading outside the
 * workspace to anything but a folder (`link`: their targets are never
 * opened). A link out to a file the walk would not take, and a link to
 * nothing, are not said.
 */
export interface WalkCut {
  reason: 'depth' | 'entries' | 'name' | 'folder-link' | 'link';
  /** The first such folders (files, for `link`), in walk order (at most `WALK_CUT_EXAMPLES`). */
  paths: string[];
  /** How many were not searched or read (for `entries`: the folder being listed, and those found and not entered). */
  count: number;
}

const WALK_CUT_EXAMPLES = 10;

/** What the cuts left out, counted as a summary line says it: `3 folders not searched`, `1 file not read`. */
export function countCuts(cuts: readonly WalkCut[]): string[] {
  const sum = (links: boolean) => charged(cuts).filter((cut) => (cut.reason === 'link') === links).reduce((n, cut) => n + cut.count, 0);
  const [folders, files] = [sum(false), sum(true)];
  return [
    ...(folders > 0 ? [`${folders.toLocaleString('en-US')} folder${folders === 1 ? '' : 's'} not searched`] : []),
    ...(files > 0 ? [`${files.toLocaleString('en-US')} file${files === 1 ? '' : 's'} not read`] : []),
  ];
}

/** What a cut means to a user: the folders not searched (the files not read), and why. */
export function describeCut(cut: WalkCut): string {
  const shown = `${cut.paths.join(', ')}${cut.count > cut.paths.length ? ', ...' : ''}`;
  if (cut.reason === 'link') {
    const one = cut.count === 1;
    return `${cut.count.toLocaleString('en-US')} YAML file${one ? ' was' : 's were'} not read, so ${one ? 'it is' : 'they are'} not checked: ${one ? 'it is a symbolic link that leads' : 'they are symbolic links that lead'} outside the workspace (${shown})`;
  }
  const why =
    cut.reason === 'depth'
      ? `they lie more than ${BUDGETS.walkDepth} folders deep`
      : cut.reason === 'name'
        ? `${cut.count === 1 ? 'its name is' : 'their names are'} not valid UTF-8 (shown with U+FFFD for the bytes that are not), so ${cut.count === 1 ? 'it cannot' : 'they cannot'} be opened by name`
        : cut.reason === 'folder-link'
          ? `${cut.count === 1 ? 'it is a symbolic link that leads' : 'they are symbolic links that lead'} outside the workspace`
          : `the search stopped after ${BUDGETS.walkEntries.toLocaleString('en-US')} entries`;
  return `${cut.count.toLocaleString('en-US')} folder${cut.count === 1 ? ' was' : 's were'} not searched, so nothing in ${cut.count === 1 ? 'it' : 'them'} is checked: ${why} (${shown})`;
}

/**
 * Where links may lead: the workspace roots (the server's workspace folders;
 * the CLI's working directory and the paths it is given), inside which a link
 * is followed, and the folders that are walked, each of which searches what
 * it holds itself.
 */
export interface WalkArea {
  roots: readonly string[];
  folders: readonly string[];
}

/**
 * A folder not entered because the walk searches what it leads to under
 * another name (`to`): a link to a folder this walk entered, or that another
 * walked folder holds, or a folder this walk entered first through a link.
 * What a folder holds includes what its aliases lead to.
 */
export interface WalkAlias {
  path: string;
  to: string;
}

export interface WalkResult {
  configYamls: string[];
  otherYamls: string[];
  /** The walk hit its entry budget and stopped. */
  truncated: boolean;
  cuts: WalkCut[];
  aliases: WalkAlias[];
}

/** A file the walk takes: a bundle config, or YAML that may be an agent config. */
const isWalkedYaml = (name: string) => /\.ya?ml$/.test(name);

export function isInside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/**
 * Where a real path outside the walked folder lies: inside another walked
 * folder (the name it has there), elsewhere in the workspace, or outside it.
 * The area's real paths are resolved at the first link out of the folder.
 */
function placeOf(fs: FsView, area: WalkArea): (real: string) => { walkedAs: string } | 'workspace' | 'outside' {
  let resolved: { roots: Set<string>; folders: Map<string, string> } | undefined;
  const realOf = (dir: string) => fs.stat(dir)?.realPath ?? path.resolve(dir);
  return (real) => {
    resolved ??= { roots: new Set(charged(area.roots).map(realOf)), folders: new Map(charged(area.folders).map((folder) => [realOf(folder), folder])) };
    let inWorkspace = false;
    for (let dir = real; ; ) {
      spend();
      const folder = resolved.folders.get(dir);
      if (folder !== undefined) return { walkedAs: path.join(folder, path.relative(dir, real)) };
      inWorkspace ||= resolved.roots.has(dir);
      const parent = path.dirname(dir);
      if (parent === dir) return inWorkspace ? 'workspace' : 'outside';
      dir = parent;
    }
  };
}

export function walkWorkspace(fs: FsView, root: string, area: WalkArea = { roots: [root], folders: [root] }, maxEntries: number = BUDGETS.walkEntries, maxDepth: number = BUDGETS.walkDepth): WalkResult {
  const result: WalkResult = { configYamls: [], otherYamls: [], truncated: false, cuts: [], aliases: [] };
  const rootStat = fs.stat(root);
  if (!rootStat || rootStat.kind !== 'directory') return result;
  const realRoot = rootStat.realPath;
  const place = placeOf(fs, area);
  // Each folder entered, by its real path, with the name it was entered by.
  const visited = new Map<string, string>([[realRoot, root]]);
  // A queue read by index: shift() moves every element, which made 100,000 folders cost seconds.
  const queue: { dir: string; depth: number }[] = [{ dir: root, depth: 0 }];
  const tooDeep: WalkCut = { reason: 'depth', paths: [], count: 0 };
  const undecodable: WalkCut = { reason: 'name', paths: [], count: 0 };
  const foldersOut: WalkCut = { reason: 'folder-link', paths: [], count: 0 };
  const linksOut: WalkCut = { reason: 'link', paths: [], count: 0 };
  const cut = (into: WalkCut, found: string) => {
    into.count++;
    if (into.paths.length < WALK_CUT_EXAMPLES) into.paths.push(found);
  };
  let entries = 0;
  walk: for (let next = 0; next < queue.length; next++) {
    spend();
    const { dir, depth } = queue[next];
    const names = fs.list(dir);
    if (!names) continue;
    for (const name of [...names].sort()) {
      spend();
      if (++entries > maxEntries) {
        result.truncated = true;
        // The folder being listed, then those found and not entered yet.
        const left: WalkCut = { reason: 'entries', paths: [], count: 0 };
        for (const rest of queue.slice(next)) {
          spend();
          cut(left, rest.dir);
        }
        result.cuts.push(left);
        break walk;
      }
      const full = path.join(dir, name);
      const stat = fs.stat(full);
      if (!stat) {
        if (name.includes('\uFFFD')) cut(undecodable, full);
        continue;
      }
      const where = stat.outside ? 'outside' : isInside(stat.realPath, realRoot) ? 'here' : place(stat.realPath);
      if (where === 'outside') {
        // A link out of the workspace, to a folder the walk would enter or named as a file it takes: not followed, and said.
        const folder = (stat.outside ?? (stat.kind === 'directory' ? 'directory' : 'other')) === 'directory';
        if (folder && !SKIPPED_DIRECTORIES.has(name)) cut(foldersOut, full);
        else if (!folder && isWalkedYaml(name)) cut(linksOut, full);
        continue;
      }
      if (stat.kind === 'directory') {
        if (SKIPPED_DIRECTORIES.has(name)) continue;
        const searchedAs = visited.get(stat.realPath) ?? (typeof where === 'object' ? where.walkedAs : undefined);
        if (searchedAs !== undefined) {
          result.aliases.push({ path: full, to: searchedAs });
          continue;
        }
        if (depth >= maxDepth) {
          cut(tooDeep, full);
          continue;
        }
        visited.set(stat.realPath, full);
        queue.push({ dir: full, depth: depth + 1 });
      } else if (stat.kind === 'file') {
        if (name === 'config.yaml') result.configYamls.push(full);
        else if (isWalkedYaml(name)) result.otherYamls.push(full);
      }
    }
  }
  if (linksOut.count > 0) result.cuts.unshift(linksOut);
  if (foldersOut.count > 0) result.cuts.unshift(foldersOut);
  if (undecodable.count > 0) result.cuts.unshift(undecodable);
  if (tooDeep.count > 0) result.cuts.unshift(tooDeep);
  return result;
}
