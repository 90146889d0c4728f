import { spend } from '../work';
/**
 * The YAML document as PyYAML's `safe_load` sees it: nodes that carry the
 * Python value they construct to, plus their source ranges.
 *
 * Ranges are offsets relative to an `Origin`: the text the node was parsed
 * from, a chunk of a document or the whole of it. A tree says nothing about
 * where that text sits in a document, so an unchanged chunk's tree serves
 * every version of the document (and every document) that contains the chunk;
 * a `Placement` (document/placement.ts) gives each origin's place in one version.
 */

/** The text a tree was parsed from; its identity tells trees apart (two equal chunks are two origins). */
export interface Origin {
  /** What node offsets index into. */
  readonly text: string;
}

export type ScalarStyle = 'plain' | 'single' | 'double' | 'literal' | 'folded';

export type PyScalarValue =
  | { type: 'str'; value: string }
  | { type: 'int'; value: bigint }
  | {
      type: 'float';
      value: number;
      /** PyYAML's one NaN object, built for every `.nan`: as a dict key it equals itself. */
      sharedNan?: true;
    }
  | { type: 'bool'; value: boolean }
  | { type: 'NoneType' }
  | { type: 'bytes'; value: Uint8Array }
  | { type: 'date'; iso: string }
  | { type: 'datetime'; iso: string; /** equal keys for equal instants */ key: string };

interface NodeBase {
  origin: Origin;
  start: number;
  end: number;
  /** The resolved YAML tag, e.g. `tag:yaml.org,2002:str`. */
  tag: string;
}

export interface ScalarNode extends NodeBase {
  kind: 'scalar';
  style: ScalarStyle;
  /** The scalar's text after YAML escapes and folding, before construction. */
  text: string;
  value: PyScalarValue;
  /** Offsets of the scalar's content (inside quotes, after a block header). */
  contentStart: number;
  contentEnd: number;
}

/** A Python list (or, for a `!!omap`/`!!pairs` entry, a 2-tuple). */
export interface SeqNode extends NodeBase {
  kind: 'seq';
  python: 'list' | 'tuple';
  items: PyNode[];
}

export interface PyPair {
  key: PyNode;
  value: PyNode;
}

/** A Python dict, or a set for `!!set`. `pairs` are in PyYAML's order after merge keys are flattened. */
export interface MapNode extends NodeBase {
  kind: 'map';
  python: 'dict' | 'set';
  pairs: PyPair[];
  /** The pairs written in this mapping itself, in source order (merge-key pairs excluded). */
  ownPairs: PyPair[];
}

/** `*name`: the same Python object as the anchored node, reported at the alias. */
export interface AliasNode extends NodeBase {
  kind: 'alias';
  name: string;
  target: PyNode;
}

export type PyNode = ScalarNode | SeqNode | MapNode | AliasNode;

/** The node an alias stands for (aliases never point at aliases). */
export function deref(node: PyNode): Exclude<PyNode, AliasNode> {
  return node.kind === 'alias' ? (node.target as Exclude<PyNode, AliasNode>) : node;
}

/** Python's type name of the value a node constructs to. */
export function pyTypeOf(node: PyNode): string {
  const target = deref(node);
  if (target.kind === 'scalar') return target.value.type;
  if (target.kind === 'seq') return target.python;
  return target.python;
}

export function strValue(node: PyNode): string | undefined {
  const target = deref(node);
  return target.kind === 'scalar' && target.value.type === 'str' ? target.value.value : undefined;
}

export function isNone(node: PyNode): boolean {
  const target = deref(node);
  return target.kind === 'scalar' && target.value.type === 'NoneType';
}

/**
 * Python hash-equality keys of hashable scalars, for the keys of one dict (or
 * one merge of dicts): two keys are the same dict key exactly when their
 * identities are equal (True == 1 == 1.0, but 0.1 + 0.2 != 0.3). A NaN is
 * equal only to itself as an object: PyYAML's one shared `.nan`, or a node
 * (and its aliases) of its own, told apart by the order this function meets them.
 */
export function pyKeyIdentities(): (node: PyNode) => string | null {
  const nanObjects = new Map<ScalarNode, number>();
  return (node) => pyKeyIdentity(node, nanObjects);
}

function pyKeyIdentity(node: PyNode, nanObjects: Map<ScalarNode, number>): string | null {
  const target = deref(node);
  if (target.kind !== 'scalar') return null;
  const v = target.value;
  switch (v.type) {
    case 'str':
      return 's:' + v.value;
    case 'bytes':
      return 'b:' + Buffer.from(v.value).toString('hex');
    case 'NoneType':
      return 'None';
    case 'bool':
      return 'n:' + (v.value ? '1' : '0');
    case 'int':
      return 'n:' + v.value.toString();
    case 'float':
      if (Number.isNaN(v.value)) {
        if (v.sharedNan) return 'nan';
        if (!nanObjects.has(target)) nanObjects.set(target, nanObjects.size);
        return `nan#${nanObjects.get(target)}`;
      }
      if (Number.isInteger(v.value)) return 'n:' + BigInt(v.value).toString();
      return 'n:' + String(v.value);
    case 'date':
      return 'd:' + v.iso;
    case 'datetime':
      return 't:' + v.key;
  }
}

/** Python dict semantics over a mapping: unique keys in first-seen order, last value wins. */
export interface DictEntry {
  key: PyNode;
  value: PyNode;
  /** Every pair with this key, in order; more than one means a duplicate. */
  occurrences: PyPair[];
}

export function dictEntries(map: MapNode): DictEntry[] {
  const byKey = new Map<string, DictEntry>();
  const order: DictEntry[] = [];
  const identityOf = pyKeyIdentities();
  for (const pair of map.pairs) {
    spend();
    const identity = identityOf(pair.key) ?? `unhashable:${order.length}`;
    const existing = byKey.get(identity);
    if (existing) {
      existing.value = pair.value;
      existing.occurrences.push(pair);
    } else {
      const entry = { key: pair.key, value: pair.value, occurrences: [pair] };
      byKey.set(identity, entry);
      order.push(entry);
    }
  }
  return order;
}
