/**
 * Where a problem with a command-line option is shown: the command line has
 * no place in the files, so at the key the option sets (`--agent.model.name`:
 * `name` under `agent.model`) when a file has it, else at the deepest key of
 * the option's path a file has (`model`), else at the start of the first file.
 */
import { Span, spanOf } from '../diagnostics';
import { Origin, PyNode, deref, dictEntries, strValue } from '../yaml/pyNode';
import { charged, spend } from '../work';

/** The key at the end of the longest prefix of `path` that the file's mappings hold, and that prefix's length. */
function deepestKey(root: PyNode | null, path: readonly string[]): { key: PyNode | null; depth: number } {
  let node = root;
  let key: PyNode | null = null;
  let depth = 0;
  for (const part of path) {
    spend();
    const target = node ? deref(node) : null;
    // pydantic-settings reads the option in lower case; the field names it sets are lower case.
    const entry = target?.kind === 'map' ? charged(dictEntries(target)).find((e) => strValue(e.key)?.toLowerCase() === part) : undefined;
    if (!entry) break;
    key = entry.key;
    node = entry.value;
    depth++;
  }
  return { key, depth };
}

/** The place of an option's problem among the files (the first file holding the deepest key wins, as a merged key keeps its first place). */
export function optionSpan(files: readonly { root: PyNode | null; origin: Origin }[], path: readonly string[]): Span {
  let best: { key: PyNode | null; depth: number } = { key: null, depth: 0 };
  for (const file of files) {
    spend();
    const found = deepestKey(file.root, path);
    if (found.depth > best.depth) best = found;
  }
  return best.key ? spanOf(best.key) : { origin: files[0]?.origin ?? { text: '' }, start: 0, end: 0 };
}
