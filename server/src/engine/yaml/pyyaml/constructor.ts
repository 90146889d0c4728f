/**
 * PyYAML 6's SafeConstructor (lib/yaml/constructor.py) over the composed
 * graph: the PyNode tree with each node's Python value, and the errors
 * `construct_document` raises, in the order it raises them.
 *
 * The order follows PyYAML's: a scalar is built when it is reached, while a
 * collection yields its (empty) object first and fills it later, from a
 * queue (`state_generators`); a mapping flattens its `<<` merges before it
 * builds its keys and values. PyYAML stops at the first error; this goes on
 * with placeholders and keeps every error, so the first one is PyYAML's and
 * the others are reported too.
 *
 * Scalar values come from scalarConstructors.ts; `pairs` of a MapNode are
 * PyYAML's after merge keys are flattened.
 */
import { AliasNode, MapNode, Origin, PyNode, PyPair, ScalarNode, ScalarStyle, SeqNode } from '../pyNode';
import { TAG } from '../resolver';
import { constructScalar } from '../scalarConstructors';
import { YamlProblem, YamlProblemKind } from '../yamlProblem';
import { LIMITS } from '../limits';
import { ComposedMapping, ComposedNode, ComposedScalar, ComposedSequence, ComposedValue, valueOf } from './composer';
import { RecursionLimit } from './recursionLimit';
import { countMerges } from './mergeExpansion';
import { pyReprString } from '../../python/pyObject';
import { charged, spend } from '../../work';

const STYLE: Record<string, ScalarStyle> = { "'": 'single', '"': 'double', '|': 'literal', '>': 'folded' };

/** PyYAML's `node.id`. */
const NODE_ID = { scalar: 'scalar', seq: 'sequence', map: 'mapping' } as const;

/** Tags whose constructor reads the node as a scalar (`construct_scalar`). */
const SCALAR_TAGS: ReadonlySet<string> = new Set([TAG.str, TAG.null, TAG.bool, TAG.int, TAG.float, TAG.binary, TAG.timestamp]);
/** Tags whose constructor is a generator: the object first, its content later. */
const COLLECTION_TAGS: ReadonlySet<string> = new Set([TAG.seq, TAG.map, TAG.set, TAG.omap, TAG.pairs]);

export interface Constructed {
  root: PyNode | null;
  /** In the order PyYAML raises them: the first is what `safe_load` raises. */
  problems: YamlProblem[];
  mergeKeys: boolean;
}

class BudgetExceeded extends Error {
  constructor(readonly problem: YamlProblem) {
    super(problem.message);
  }
}

/** An offset range of the source for a problem about a node. */
interface At {
  start: number;
  end: number;
}

/**
 * `composed` says whether a node has an anchor or the merge tag: without an anchor no alias names a node, and
 * without the merge tag no mapping merges another, so each node is reached once.
 */
export function constructDocument(root: ComposedNode | null, origin: Origin, composed: { anchors: boolean; mergeTags: boolean }): Constructed {
  const { mergeTags } = composed;
  const constructor = new SafeConstructor(origin, composed.anchors || mergeTags);
  if (root === null) return { root: null, problems: [], mergeKeys: false };
  // Merges that would copy more than the budget are counted first, and nothing is built (mergeExpansion.ts).
  const pastBudget = mergeTags ? countMerges(root, LIMITS.maxMergedPairs)?.pastBudget : undefined;
  if (pastBudget) return { root: null, problems: [mergeBudgetProblem(pastBudget)], mergeKeys: true };
  try {
    const node = constructor.constructObject(root);
    constructor.runDeferred();
    return { root: node, problems: constructor.problems, mergeKeys: constructor.mergeKeys };
  } catch (e) {
    // Both end the construction, as PyYAML's RecursionError does (and as our own budget must).
    const stop = e instanceof BudgetExceeded ? e.problem : e instanceof RecursionLimit ? e.problem() : null;
    if (!stop) throw e;
    return { root: null, problems: [...constructor.problems, stop], mergeKeys: constructor.mergeKeys };
  }
}

class SafeConstructor {
  readonly problems: YamlProblem[] = [];
  mergeKeys = false;
  /**
   * PyYAML's `constructed_objects`: one PyNode per composed node, however many aliases (or merges) name it. Null
   * for a document with neither: each node is then reached once, and a map of 300,000 nodes was a third of the
   * garbage of loading a 52,000-line bundle.
   */
  private readonly constructed: Map<ComposedValue, PyNode> | null;
  /** PyYAML's `state_generators`, run in order after the root is built. */
  private readonly deferred: (() => void)[] = [];
  /** How many pairs of a mapping are its own, fixed when its merges are first flattened. */
  private readonly ownCounts = new Map<ComposedMapping, number>();
  private nodeCount = 0;
  private mergedPairs = 0;

  constructor(
    private readonly origin: Origin,
    nodesReachedTwice: boolean,
  ) {
    this.constructed = nodesReachedTwice ? new Map() : null;
  }

  runDeferred(): void {
    for (let i = 0; i < this.deferred.length; i++) {
      spend();
      this.deferred[i]();
    }
  }

  constructObject(node: ComposedNode): PyNode {
    spend();
    if (node.kind === 'alias') {
      const target = this.constructObject(node.target);
      const alias: AliasNode = { kind: 'alias', origin: this.origin, start: node.start.offset, end: node.end.offset, tag: target.tag, name: node.name, target };
      return alias;
    }
    const cached = this.constructed?.get(node);
    if (cached) return cached;
    if (++this.nodeCount > LIMITS.maxNodes) {
      throw new BudgetExceeded(this.problem('check-budget', `the file has more than ${LIMITS.maxNodes} YAML values, more than this checker reads`, { start: node.start.offset, end: node.start.offset }));
    }
    const built = this.build(node);
    this.constructed?.set(node, built);
    return built;
  }

  private build(node: ComposedValue): PyNode {
    const tag = node.tag;
    if (SCALAR_TAGS.has(tag)) return this.buildScalar(node, tag);
    if (COLLECTION_TAGS.has(tag)) {
      if (node.kind === 'seq' && (tag === TAG.seq || tag === TAG.omap || tag === TAG.pairs)) return this.buildSequence(node, tag);
      if (node.kind === 'map' && (tag === TAG.map || tag === TAG.set)) return this.buildMapping(node, tag);
      return this.wrongCollection(node, tag);
    }
    // construct_undefined (also for `=` and `<<` outside a mapping key).
    this.fail(tag === TAG.value ? 'value-indicator' : 'unknown-tag', `could not determine a constructor for the tag ${pyReprString(tag)}`, this.at(node));
    return this.placeholder(node);
  }

  /** A scalar constructor (str, null, bool, int, float, binary, timestamp); it raises at once. */
  private buildScalar(node: ComposedValue, tag: string): PyNode {
    const source = this.scalarSource(node);
    if (source === null) return this.placeholder(node);
    // construct_yaml_timestamp matches its pattern against `node.value`, which for a mapping is a list.
    if (tag === TAG.timestamp && node.kind === 'map') {
      this.crash('TypeError', "expected string or bytes-like object, got 'list'", this.at(node));
      return this.placeholder(node);
    }
    const scalar = this.scalarNode(node, source, tag);
    const outcome = constructScalar(tag, source.value);
    if (outcome === null) {
      this.fail('unknown-tag', `could not determine a constructor for the tag ${pyReprString(tag)}`, this.at(node));
    } else if (!outcome.ok) {
      if (outcome.yamlError) this.fail('bad-value', outcome.problem, this.at(node));
      else this.crash(outcome.exceptionType, outcome.message, this.valueAt(node));
    } else {
      scalar.value = outcome.value;
    }
    return scalar;
  }

  /**
   * SafeConstructor.construct_scalar: a scalar's own text, or for a mapping
   * the text of the value under its first `=` key (recursively); null after
   * reporting "expected a scalar node".
   */
  private scalarSource(node: ComposedValue): ComposedScalar | null {
    let current: ComposedValue = node;
    // PyYAML recurses once per `=` level; a mapping whose `=` value is an alias of itself never ends.
    for (let depth = 0; current.kind === 'map'; depth++) {
      spend();
      if (depth > LIMITS.pythonFrames.available) throw new RecursionLimit(node.start);
      const valuePair: [ComposedNode, ComposedNode] | undefined = charged(current.pairs).find(([key]) => valueOf(key).tag === TAG.value);
      if (!valuePair) break;
      current = valueOf(valuePair[1]);
    }
    if (current.kind === 'scalar') return current;
    this.fail('bad-value', `expected a scalar node, but found ${NODE_ID[current.kind]}`, this.at(current));
    return null;
  }

  private scalarNode(node: ComposedValue, source: ComposedScalar, tag: string): ScalarNode {
    const style = source.style === null ? 'plain' : STYLE[source.style];
    const start = node.contentStart;
    const end = node.kind === 'scalar' ? source.rangeEnd : this.collectionEnd(node);
    const contentStart = source.contentStart;
    const contentEnd = source.rangeEnd;
    const quoted = style === 'single' || style === 'double';
    return {
      kind: 'scalar',
      origin: this.origin,
      start,
      end,
      tag,
      style,
      text: source.value,
      value: { type: 'str', value: source.value },
      contentStart: quoted ? contentStart + 1 : contentStart,
      contentEnd: quoted ? Math.max(contentStart + 1, contentEnd - 1) : contentEnd,
    };
  }

  private buildSequence(node: ComposedSequence, tag: string): SeqNode {
    const seq: SeqNode = { kind: 'seq', origin: this.origin, start: node.contentStart, end: this.collectionEnd(node), tag, python: 'list', items: [] };
    if (tag === TAG.seq) {
      this.deferred.push(() => {
        for (const item of node.items) {
          spend();
          seq.items.push(this.constructObject(item));
        }
      });
    } else {
      this.deferred.push(() => this.fillPairs(seq, node, tag));
    }
    return seq;
  }

  /** construct_yaml_omap / construct_yaml_pairs: each item a one-pair mapping, made a (key, value) tuple. */
  private fillPairs(seq: SeqNode, node: ComposedSequence, tag: string): void {
    const context = { message: tag === TAG.omap ? 'while constructing an ordered map' : 'while constructing pairs', start: node.start.offset };
    for (const item of node.items) {
      spend();
      const entry = valueOf(item);
      if (entry.kind !== 'map') {
        this.fail('bad-value', `expected a mapping of length 1, but found ${NODE_ID[entry.kind]}`, this.at(entry), context);
        continue;
      }
      if (entry.pairs.length !== 1) {
        this.fail('bad-value', `expected a single mapping item, but found ${entry.pairs.length} items`, this.at(entry), context);
        continue;
      }
      const key = this.constructObject(entry.pairs[0][0]);
      const value = this.constructObject(entry.pairs[0][1]);
      seq.items.push({ kind: 'seq', origin: this.origin, start: key.start, end: value.end, tag: TAG.seq, python: 'tuple', items: [key, value] });
    }
  }

  private buildMapping(node: ComposedMapping, tag: string): MapNode {
    const map: MapNode = { kind: 'map', origin: this.origin, start: node.contentStart, end: this.collectionEnd(node), tag, python: tag === TAG.set ? 'set' : 'dict', pairs: [], ownPairs: [] };
    this.deferred.push(() => {
      const own = this.flattenMapping(node);
      const pairs = node.pairs;
      for (let i = 0; i < pairs.length; i++) {
        spend();
        const [keyNode, valueNode] = pairs[i];
        const key = this.constructObject(keyNode);
        const keyType = key.kind === 'alias' ? key.target : key;
        if (keyType.kind !== 'scalar') {
          this.fail('unhashable-key', 'found unhashable key', this.at(valueOf(keyNode)), { message: 'while constructing a mapping', start: node.start.offset });
        }
        const pair: PyPair = { key, value: this.constructObject(valueNode) };
        map.pairs.push(pair);
        if (i >= pairs.length - own) map.ownPairs.push(pair);
      }
    });
    return map;
  }

  /**
   * SafeConstructor.flatten_mapping: removes the `<<` pairs of `node` and
   * puts the pairs they merge (flattened first) in front; `=` keys become
   * strings. Mutates the composed node in the same order as PyYAML, which
   * matters when a mapping merges itself. Returns how many of the resulting
   * pairs are the mapping's own (counted at its first flattening).
   */
  private flattenMapping(node: ComposedMapping, depth = 0): number {
    spend();
    // PyYAML recurses here once per merged mapping that is not flattened yet.
    if (depth > LIMITS.pythonFrames.available) throw new RecursionLimit(node.start);
    const merged: [ComposedNode, ComposedNode][] = [];
    const context = { message: 'while constructing a mapping', start: node.start.offset };
    let index = 0;
    while (index < node.pairs.length) {
      spend();
      const [keyNode, valueNode] = node.pairs[index];
      const key = valueOf(keyNode);
      if (key.tag === TAG.merge) {
        this.mergeKeys = true;
        node.pairs.splice(index, 1);
        const value = valueOf(valueNode);
        if (value.kind === 'map') {
          this.flattenMapping(value, depth + 1);
          this.addMerged(merged, value.pairs, value);
        } else if (value.kind === 'seq') {
          const parts: [ComposedNode, ComposedNode][][] = [];
          for (const item of value.items) {
            spend();
            const sub = valueOf(item);
            if (sub.kind !== 'map') {
              this.fail('bad-merge', `expected a mapping for merging, but found ${NODE_ID[sub.kind]}`, this.at(sub), context);
              continue;
            }
            this.flattenMapping(sub, depth + 1);
            parts.push(sub.pairs);
          }
          for (const part of parts.reverse()) {
            spend();
            this.addMerged(merged, part, value);
          }
        } else {
          this.fail('bad-merge', `expected a mapping or list of mappings for merging, but found ${NODE_ID[value.kind]}`, this.at(value), context);
        }
      } else {
        if (key.tag === TAG.value) key.tag = TAG.str;
        index++;
      }
    }
    let own = this.ownCounts.get(node);
    if (own === undefined) {
      own = node.pairs.length;
      this.ownCounts.set(node, own);
    }
    if (merged.length > 0) node.pairs = [...merged, ...node.pairs];
    return own;
  }

  /** Counted as it copies too: `countMerges` gives no count for merges in a cycle. */
  private addMerged(merged: [ComposedNode, ComposedNode][], pairs: [ComposedNode, ComposedNode][], from: ComposedValue): void {
    this.mergedPairs += pairs.length;
    if (this.mergedPairs > LIMITS.maxMergedPairs) throw new BudgetExceeded(mergeBudgetProblem(from));
    for (const pair of pairs) {
      spend();
      merged.push(pair);
    }
  }

  /** A collection constructor given the other kind of node: the (empty, unhashable) object is yielded, the error comes when it is filled. */
  private wrongCollection(node: ComposedValue, tag: string): PyNode {
    const base = { origin: this.origin, start: node.contentStart, end: node.rangeEnd, tag };
    const placeholder: PyNode =
      tag === TAG.map || tag === TAG.set ? { kind: 'map', ...base, python: tag === TAG.set ? 'set' : 'dict', pairs: [], ownPairs: [] } : { kind: 'seq', ...base, python: 'list', items: [] };
    this.deferred.push(() => {
      if (tag === TAG.seq) this.fail('bad-value', `expected a sequence node, but found ${NODE_ID[node.kind]}`, this.at(node));
      else if (tag === TAG.map || tag === TAG.set) this.fail('bad-value', `expected a mapping node, but found ${NODE_ID[node.kind]}`, this.at(node));
      else {
        const message = tag === TAG.omap ? 'while constructing an ordered map' : 'while constructing pairs';
        this.fail('bad-value', `expected a sequence, but found ${NODE_ID[node.kind]}`, this.at(node), { message, start: node.start.offset });
      }
    });
    return placeholder;
  }

  /** A node that stands in after an error: the file does not load, so only its place matters. */
  private placeholder(node: ComposedValue): PyNode {
    if (node.kind === 'scalar') return this.scalarNode(node, node, node.tag);
    const base = { origin: this.origin, start: node.contentStart, end: this.collectionEnd(node), tag: node.tag };
    return node.kind === 'seq' ? { kind: 'seq', ...base, python: 'list', items: [] } : { kind: 'map', ...base, python: 'dict', pairs: [], ownPairs: [] };
  }

  private collectionEnd(node: ComposedSequence | ComposedMapping): number {
    return node.rangeEnd;
  }

  /** From PyYAML's mark (the node's properties included) to the node's end. */
  private at(node: ComposedValue): At {
    return { start: node.start.offset, end: Math.max(node.rangeEnd, node.start.offset) };
  }

  /** The node's own text, without its properties: plain Python exceptions carry no mark. */
  private valueAt(node: ComposedValue): At {
    return { start: node.contentStart, end: Math.max(node.rangeEnd, node.contentStart) };
  }

  private problem(kind: YamlProblemKind, message: string, at: At): YamlProblem {
    return { pyClass: 'ConstructorError', kind, message, start: at.start, end: at.end };
  }

  private fail(kind: YamlProblemKind, message: string, at: At, context?: { message: string; start: number }): void {
    this.problems.push({ ...this.problem(kind, message, at), context });
  }

  private crash(exceptionType: string, message: string, at: At): void {
    this.problems.push({ pyClass: 'Crash', kind: 'bad-value', exceptionType, message, start: at.start, end: at.end });
  }
}

/** Where merges pass the budget: at the merging mapping (counted before building) or the mapping being merged (counted while copying). */
function mergeBudgetProblem(at: ComposedValue): YamlProblem {
  const message = `merge keys here expand to more than ${LIMITS.maxMergedPairs} entries, more than this checker reads`;
  return { pyClass: 'ConstructorError', kind: 'check-budget', message, start: at.start.offset, end: Math.max(at.rangeEnd, at.start.offset) };
}
