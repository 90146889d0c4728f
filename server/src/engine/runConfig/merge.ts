/**
 * How `sweagent run` puts its configuration together before pydantic sees
 * it (`BasicCLI.get_config`): each `--config` file is loaded in turn (an
 * empty one is skipped with a warning) and merged into one mapping, since
 * 1.1.0 with `merge_nested_dicts` (mappings merged recursively, anything else
 * replaced whole), before with `dict.update` (a later file's top-level value
 * replaces the earlier one whole; a list of key/value pairs is read too), then the command-line overrides are laid over it the way
 * pydantic-settings' `deep_update` does. The merged tree is made of the
 * files' own nodes, so problems keep their places.
 */
import { pyIsBlank } from '../python/pyWhitespace';
import { MapNode, Origin, PyNode, PyPair, deref, dictEntries, pyKeyIdentities, pyTypeOf } from '../yaml/pyNode';
import { CommandLineOverride } from './commandLine';
import { charged, spend } from '../work';

export interface ConfigFile {
  /** The file's root node (null when PyYAML found no document). */
  root: PyNode | null;
  origin: Origin;
}

type MergeProblem =
  | { kind: 'empty-file'; file: ConfigFile }
  /** `merge_nested_dicts` fails: the file (or a value in it) is not a mapping where one is needed. */
  | { kind: 'not-a-mapping'; file: ConfigFile; at: PyNode | null; exception: 'AttributeError' | 'TypeError' | 'ValueError'; message: string };

export interface MergedConfig {
  /** The mapping pydantic validates; null for `{}`. */
  root: MapNode | null;
  problems: MergeProblem[];
  /** A file could not be merged: SWE-agent stops before validating. */
  failed: boolean;
  /** The command-line option each node that is not from a file comes from, by the node's origin (its value's, and its keys'). */
  optionOf: ReadonlyMap<Origin, CommandLineOverride>;
}

/** Python's name for a value's type, as its error messages print it. */
function pyTypeName(node: PyNode | null): string {
  if (!node) return 'NoneType';
  const target = deref(node);
  if (target.kind === 'scalar' && target.value.type === 'date') return 'datetime.date';
  if (target.kind === 'scalar' && target.value.type === 'datetime') return 'datetime.datetime';
  return pyTypeOf(node);
}

function asPlainDict(node: PyNode | null): MapNode | null {
  if (!node) return null;
  const target = deref(node);
  return target.kind === 'map' && target.python === 'dict' ? target : null;
}

/** A mapping with other pairs, placed where `base` is. */
function withPairs(base: MapNode, pairs: PyPair[]): MapNode {
  return { ...base, pairs, ownPairs: pairs };
}

type Merge = (old: PyNode, update: PyNode) => PyNode | { fails: string; at: PyNode };

/**
 * Lays `update`'s pairs over `base` (Python dict semantics: a key keeps its
 * first key object and place, the value is replaced, or merged by `both`
 * when the old and the new value are both dicts).
 */
function overlay(base: MapNode, update: MapNode, both: Merge, placeAtUpdate = false): MapNode | { fails: string; at: PyNode } {
  const entries = charged(dictEntries(base)).map((e) => ({ key: e.key, value: e.value }));
  const identityOf = pyKeyIdentities();
  const index = new Map(charged(entries).map((e, i) => [identityOf(e.key) ?? `unhashable:${i}`, i]));
  for (const entry of dictEntries(update)) {
    spend();
    const identity = identityOf(entry.key) ?? `unhashable-new:${entries.length}`;
    const at = index.get(identity);
    if (at === undefined) {
      index.set(identity, entries.length);
      entries.push({ key: entry.key, value: entry.value });
      continue;
    }
    const merged = asPlainDict(entry.value) ? both(entries[at].value, entry.value) : entry.value;
    if ('fails' in merged) return merged;
    // A value replaced whole by `dict.update` is reported under the key of the file it came from.
    entries[at] = { key: placeAtUpdate ? entry.key : entries[at].key, value: merged };
  }
  return withPairs(base, entries);
}

/** merge_nested_dicts: a dict value is merged into the old value, which must support item assignment. */
const mergeNested: Merge = (old, update) => {
  const oldMap = asPlainDict(old);
  if (!oldMap) {
    const type = pyTypeName(old);
    return { fails: type === 'list' ? 'list indices must be integers or slices, not str' : `'${type}' object does not support item assignment`, at: update };
  }
  return overlay(oldMap, asPlainDict(update)!, mergeNested);
};

/** `dict.update`: a value replaces the old one whole. */
const replaceWhole: Merge = (_old, update) => update;

/**
 * What `dict.update(value)` reads from a loaded file that is not a dict:
 * the pairs of a list of two-item lists, or the exception Python raises.
 */
function updatePairs(node: PyNode | null): { pairs: PyPair[] } | { exception: 'TypeError' | 'ValueError'; message: string; at: PyNode | null } {
  const target = node && deref(node);
  if (target?.kind === 'scalar' && target.value.type === 'str') {
    return target.value.value === '' ? { pairs: [] } : { exception: 'ValueError', message: 'dictionary update sequence element #0 has length 1; 2 is required', at: node };
  }
  if (target?.kind !== 'seq') return { exception: 'TypeError', message: `'${pyTypeName(node)}' object is not iterable`, at: node };
  const pairs: PyPair[] = [];
  for (const [index, item] of target.items.entries()) {
    spend();
    const element = deref(item);
    const length = element.kind === 'seq' ? element.items.length : element.kind === 'map' ? dictEntries(element).length : element.kind === 'scalar' && element.value.type === 'str' ? [...element.value.value].length : null;
    if (length === null) return { exception: 'TypeError', message: `cannot convert dictionary update sequence element #${index} to a sequence`, at: item };
    if (length !== 2) return { exception: 'ValueError', message: `dictionary update sequence element #${index} has length ${length}; 2 is required`, at: item };
    // A two-key mapping or a two-character string gives its keys or characters: not seen in configs, and not modelled.
    if (element.kind !== 'seq') return { exception: 'TypeError', message: `element #${index} is a ${pyTypeName(item)} of two, which this tool does not merge`, at: item };
    pairs.push({ key: element.items[0], value: element.items[1] });
  }
  return { pairs };
}

/** pydantic-settings' deep_update: dicts merge, anything else replaces. */
const deepUpdate: Merge = (old, update) => {
  const oldMap = asPlainDict(old);
  return oldMap ? overlay(oldMap, asPlainDict(update)!, deepUpdate) : update;
};

function emptyMapAt(origin: Origin): MapNode {
  return { kind: 'map', origin, start: 0, end: 0, tag: 'tag:yaml.org,2002:map', python: 'dict', pairs: [], ownPairs: [] };
}

/** The nested mapping an override stands for: `--a.b=v` is `{a: {b: v}}`. */
function overrideTree(override: CommandLineOverride, optionOf: Map<Origin, CommandLineOverride>): MapNode {
  let node: PyNode = override.value;
  optionOf.set(override.value.origin, override);
  for (let i = override.path.length - 1; i >= 0; i--) {
    spend();
    const part = override.path[i];
    const origin: Origin = { text: part };
    optionOf.set(origin, override);
    const key: PyNode = { kind: 'scalar', origin, start: 0, end: part.length, tag: 'tag:yaml.org,2002:str', style: 'plain', text: part, value: { type: 'str', value: part }, contentStart: 0, contentEnd: part.length };
    node = withPairs(emptyMapAt(override.value.origin), [{ key, value: node }]);
  }
  return node as MapNode;
}

/** `configMerge`: `shallow` is `dict.update` (SWE-agent up to 1.0.1), `deep` is `merge_nested_dicts` (since 1.1.0). */
export function mergeConfigs(files: readonly ConfigFile[], overrides: readonly CommandLineOverride[], configMerge: 'shallow' | 'deep' = 'deep'): MergedConfig {
  const problems: MergeProblem[] = [];
  const optionOf = new Map<Origin, CommandLineOverride>();
  let merged: MapNode | null = null;
  for (const file of files) {
    spend();
    if (pyIsBlank(file.origin.text)) {
      problems.push({ kind: 'empty-file', file });
      continue;
    }
    let loaded = asPlainDict(file.root);
    if (!loaded && configMerge === 'shallow') {
      const read = updatePairs(file.root);
      if ('exception' in read) {
        problems.push({ kind: 'not-a-mapping', file, at: read.at, exception: read.exception, message: read.message });
        return { root: merged, problems, failed: true, optionOf };
      }
      loaded = withPairs(emptyMapAt(file.origin), read.pairs);
    }
    if (!loaded) {
      problems.push({ kind: 'not-a-mapping', file, at: file.root, exception: 'AttributeError', message: `'${pyTypeName(file.root)}' object has no attribute 'items'` });
      return { root: merged, problems, failed: true, optionOf };
    }
    if (!merged) {
      merged = loaded;
      continue;
    }
    const next: MapNode | { fails: string; at: PyNode } = configMerge === 'shallow' ? overlay(merged, loaded, replaceWhole, true) : overlay(merged, loaded, mergeNested);
    if ('fails' in next) {
      problems.push({ kind: 'not-a-mapping', file, at: next.at, exception: 'TypeError', message: next.fails });
      return { root: merged, problems, failed: true, optionOf };
    }
    merged = next;
  }
  for (const override of overrides) {
    spend();
    const tree = overrideTree(override, optionOf);
    const next = overlay(merged ?? emptyMapAt(files[0]?.origin ?? override.value.origin), tree, deepUpdate);
    // deep_update never fails.
    if (!('fails' in next)) merged = next;
  }
  return { root: merged, problems, failed: false, optionOf };
}
