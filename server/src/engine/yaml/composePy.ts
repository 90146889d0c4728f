/**
 * Turns the `yaml` package's AST into PyNodes the way PyYAML's Composer and
 * SafeConstructor would: anchors registered when a node starts, implicit
 * YAML 1.1 resolution, explicit tags, `<<` merge keys, `=` keys, and the
 * errors each of those raises. Collects every constructor problem rather
 * than stopping at the first.
 */
import { Alias, isAlias, isMap, isPair, isScalar, isSeq, Node as YamlNode, Pair, Scalar, YAMLMap, YAMLSeq } from 'yaml';
import { AliasNode, MapNode, Origin, PyNode, PyPair, ScalarNode, ScalarStyle, SeqNode, deref } from './pyNode';
import { TAG, resolveImplicit } from './resolver';
import { constructScalar } from './scalarConstructors';
import { YamlProblem } from './yamlProblem';
import { LIMITS } from './limits';
import { pushAll } from '../util/pushAll';

interface ComposeState {
  origin: Origin;
  /** Maps offsets of the parsed text back to the text the caller gave (see flowIndentRepair.ts). */
  toOriginal: (offset: number) => number;
  /** Whether the text ends without a line break (PyYAML then gives block scalars no final newline). */
  endsWithoutBreak: boolean;
  textLength: number;
  anchors: Map<string, { node: PyNode; start: number }>;
  /** Composer errors (undefined alias, duplicate anchor): PyYAML stops at the first. */
  composerProblems: YamlProblem[];
  constructorProblems: YamlProblem[];
  nodeCount: number;
  mergedPairs: number;
  features: YamlFeatures;
}

export interface YamlFeatures {
  anchors: boolean;
  aliases: boolean;
  mergeKeys: boolean;
}

export interface ComposeResult {
  root: PyNode | null;
  composerProblems: YamlProblem[];
  constructorProblems: YamlProblem[];
  features: YamlFeatures;
}

class BudgetExceeded extends Error {
  constructor(readonly problem: YamlProblem) {
    super(problem.message);
  }
}

const STYLE: Record<string, ScalarStyle> = {
  PLAIN: 'plain',
  QUOTE_SINGLE: 'single',
  QUOTE_DOUBLE: 'double',
  BLOCK_LITERAL: 'literal',
  BLOCK_FOLDED: 'folded',
};

const KIND_NAME = { scalar: 'scalar', seq: 'sequence', map: 'mapping' } as const;

export function composePy(
  contents: YamlNode | null,
  origin: Origin,
  documentStart: number,
  text: string,
  toOriginal: (offset: number) => number,
): ComposeResult {
  const state: ComposeState = {
    origin,
    toOriginal,
    endsWithoutBreak: !text.endsWith('\n'),
    textLength: text.length,
    anchors: new Map(),
    composerProblems: [],
    constructorProblems: [],
    nodeCount: 0,
    mergedPairs: 0,
    features: { anchors: false, aliases: false, mergeKeys: false },
  };
  let root: PyNode | null = null;
  try {
    root = contents === null ? null : composeNode(contents, toOriginal(documentStart), state, 0);
  } catch (e) {
    if (!(e instanceof BudgetExceeded)) throw e;
    return { root: null, composerProblems: [e.problem], constructorProblems: [], features: state.features };
  }
  return { root, composerProblems: state.composerProblems, constructorProblems: state.constructorProblems, features: state.features };
}

function budget(state: ComposeState, at: number, depth: number): void {
  if (++state.nodeCount > LIMITS.maxNodes) {
    throw new BudgetExceeded({ pyClass: 'ComposerError', kind: 'check-budget', message: `the file has more than ${LIMITS.maxNodes} YAML values, more than this checker reads`, start: at, end: at });
  }
  if (depth > LIMITS.maxDepth) {
    throw new BudgetExceeded({
      pyClass: 'ComposerError',
      kind: 'resource-limit',
      message: `the YAML nests deeper than ${LIMITS.maxDepth} levels here, where PyYAML's composer hits Python's recursion limit (RecursionError)`,
      start: at,
      end: at + 1,
    });
  }
}

function rangeOf(node: YamlNode | Pair | null, fallback: number, state: ComposeState): [number, number] {
  if (node && !isPair(node) && node.range) return [state.toOriginal(node.range[0]), state.toOriginal(node.range[1])];
  return [fallback, fallback];
}

function emptyScalar(state: ComposeState, at: number): ScalarNode {
  return { kind: 'scalar', origin: state.origin, start: at, end: at, tag: TAG.null, style: 'plain', text: '', value: { type: 'NoneType' }, contentStart: at, contentEnd: at };
}

function composeNode(node: YamlNode | null, fallback: number, state: ComposeState, depth: number): PyNode {
  if (node === null) return emptyScalar(state, fallback);
  const [start, end] = rangeOf(node, fallback, state);
  budget(state, start, depth);
  if (isAlias(node)) return composeAlias(node, start, end, state);
  if (isScalar(node)) {
    const scalar = composeScalar(node, start, end, state);
    registerAnchor(node.anchor, scalar, start, state);
    return scalar;
  }
  if (isMap(node)) return composeMap(node, start, end, state, depth);
  if (isSeq(node)) return composeSeq(node as YAMLSeq<YamlNode | Pair>, start, end, state, depth);
  return emptyScalar(state, fallback);
}

function registerAnchor(anchor: string | undefined, node: PyNode, start: number, state: ComposeState): void {
  if (!anchor) return;
  state.features.anchors = true;
  const previous = state.anchors.get(anchor);
  if (previous) {
    state.composerProblems.push({
      pyClass: 'ComposerError',
      kind: 'duplicate-anchor',
      message: `found duplicate anchor '${anchor}'`,
      start,
      end: start + 1,
      context: { message: `the first anchor '${anchor}'`, start: previous.start },
    });
  }
  state.anchors.set(anchor, { node, start });
}

function composeAlias(node: Alias, start: number, end: number, state: ComposeState): PyNode {
  state.features.aliases = true;
  const name = node.source;
  const anchored = state.anchors.get(name);
  if (!anchored) {
    state.composerProblems.push({ pyClass: 'ComposerError', kind: 'undefined-alias', message: `found undefined alias '${name}'`, start, end });
    return emptyScalar(state, start);
  }
  const alias: AliasNode = { kind: 'alias', origin: state.origin, start, end, tag: anchored.node.tag, name, target: deref(anchored.node) };
  return alias;
}

function constructorProblem(state: ComposeState, problem: Omit<YamlProblem, 'pyClass'> & { pyClass?: YamlProblem['pyClass'] }): void {
  state.constructorProblems.push({ pyClass: 'ConstructorError', ...problem });
}

function tagOf(node: YamlNode): string | undefined {
  const tag = (node as { tag?: string }).tag;
  return tag === undefined || tag === '!' ? undefined : tag;
}

function composeScalar(node: Scalar, start: number, end: number, state: ComposeState): ScalarNode {
  const style = STYLE[node.type ?? 'PLAIN'] ?? 'plain';
  let text = typeof node.source === 'string' ? node.source : String(node.source ?? '');
  // At the very end of a stream with no final line break, PyYAML has no break to keep.
  if ((style === 'literal' || style === 'folded') && state.endsWithoutBreak && node.range && node.range[2] >= state.textLength && text.endsWith('\n')) {
    text = text.slice(0, -1);
  }
  const explicit = (node as { tag?: string }).tag;
  // PyYAML resolves implicitly a plain scalar without a tag, and any scalar tagged with the non-specific `!`.
  const tag = explicit === undefined ? (style === 'plain' ? resolveImplicit(text) : TAG.str) : explicit === '!' ? resolveImplicit(text) : explicit;
  const [contentStart, contentEnd] = contentRange(style, start, end);
  const scalar: ScalarNode = { kind: 'scalar', origin: state.origin, start, end, tag, style, text, value: { type: 'str', value: text }, contentStart, contentEnd };
  const outcome = constructScalar(tag, text);
  if (outcome === null) {
    // `=` and `<<` have no constructor; as mapping keys, composeMap rescues them.
    constructorProblem(state, {
      kind: tag === TAG.value ? 'value-indicator' : 'unknown-tag',
      message: `could not determine a constructor for the tag '${tag}'`,
      start,
      end,
    });
  } else if (!outcome.ok) {
    if (outcome.yamlError) constructorProblem(state, { kind: 'bad-value', message: outcome.problem, start, end });
    else constructorProblem(state, { pyClass: 'Crash', kind: 'bad-value', exceptionType: outcome.exceptionType, message: outcome.message, start, end });
  } else {
    scalar.value = outcome.value;
  }
  return scalar;
}

function contentRange(style: ScalarStyle, start: number, end: number): [number, number] {
  if (style === 'single' || style === 'double') return [start + 1, Math.max(start + 1, end - 1)];
  return [start, end];
}

function wrongKind(state: ComposeState, tag: string, found: 'seq' | 'map', start: number, end: number): void {
  const expectedScalar = [TAG.str, TAG.int, TAG.float, TAG.bool, TAG.null, TAG.binary, TAG.timestamp].includes(tag as never);
  if (expectedScalar) {
    constructorProblem(state, { kind: 'bad-value', message: `expected a scalar node, but found ${KIND_NAME[found]}`, start, end });
  } else if (tag === TAG.seq) {
    constructorProblem(state, { kind: 'bad-value', message: `expected a sequence node, but found ${KIND_NAME[found]}`, start, end });
  } else if (tag === TAG.map || tag === TAG.set) {
    constructorProblem(state, { kind: 'bad-value', message: `expected a mapping node, but found ${KIND_NAME[found]}`, start, end });
  } else if (tag === TAG.omap || tag === TAG.pairs) {
    constructorProblem(state, {
      kind: 'bad-value',
      message: `expected a sequence, but found ${KIND_NAME[found]}`,
      start,
      end,
      context: { message: tag === TAG.omap ? 'while constructing an ordered map' : 'while constructing pairs', start },
    });
  } else {
    constructorProblem(state, { kind: 'unknown-tag', message: `could not determine a constructor for the tag '${tag}'`, start, end });
  }
}

function composeMap(node: YAMLMap, start: number, end: number, state: ComposeState, depth: number): MapNode {
  const tag = tagOf(node) ?? TAG.map;
  const map: MapNode = { kind: 'map', origin: state.origin, start, end, tag, python: tag === TAG.set ? 'set' : 'dict', pairs: [], ownPairs: [] };
  registerAnchor(node.anchor, map, start, state);
  const merges: { key: PyNode; value: PyNode }[] = [];
  for (const item of node.items) {
    const keyNode = item.key as YamlNode | null;
    const keyFallback = rangeOf(keyNode, start, state)[0];
    const key = composeNode(keyNode, keyFallback, state, depth + 1);
    const isMergeKey = key.kind === 'scalar' && key.tag === TAG.merge;
    if (key.kind === 'scalar' && (isMergeKey || key.tag === TAG.value)) dropKeyProblem(state, key);
    const value = composeNode(item.value as YamlNode | null, valueFallback(item, key, state), state, depth + 1);
    if (isMergeKey) {
      state.features.mergeKeys = true;
      merges.push({ key, value });
      continue;
    }
    if (key.kind === 'scalar' && key.tag === TAG.value) {
      // flatten_mapping turns `=` keys into plain strings.
      key.tag = TAG.str;
      key.value = { type: 'str', value: key.text };
    }
    map.ownPairs.push({ key, value });
  }
  map.pairs = [...flattenMerges(map, merges, state), ...map.ownPairs];
  checkHashableKeys(map, state);
  if (tag !== TAG.map && tag !== TAG.set) wrongKind(state, tag, 'map', start, end);
  return map;
}

/** `=` and `<<` keys are handled by flatten_mapping, so the no-constructor problem recorded for them goes. */
function dropKeyProblem(state: ComposeState, key: ScalarNode): void {
  const last = state.constructorProblems[state.constructorProblems.length - 1];
  if (last && last.start === key.start && (last.kind === 'value-indicator' || last.kind === 'unknown-tag')) state.constructorProblems.pop();
}

function valueFallback(item: Pair, key: PyNode, state: ComposeState): number {
  const keyNode = item.key as YamlNode | null;
  if (keyNode && !isPair(keyNode) && keyNode.range) return state.toOriginal(keyNode.range[2]);
  return key.end;
}

function flattenMerges(map: MapNode, merges: { key: PyNode; value: PyNode }[], state: ComposeState): PyPair[] {
  const merged: PyPair[] = [];
  for (const { value } of merges) {
    const target = deref(value);
    if (target.kind === 'map') {
      pushAll(merged, target.pairs);
    } else if (target.kind === 'seq') {
      const parts: PyPair[][] = [];
      for (const item of target.items) {
        const sub = deref(item);
        if (sub.kind !== 'map') {
          constructorProblem(state, {
            kind: 'bad-merge',
            message: `expected a mapping for merging, but found ${KIND_NAME[sub.kind]}`,
            start: item.start,
            end: item.end,
            context: { message: 'while constructing a mapping', start: map.start },
          });
          continue;
        }
        parts.push(sub.pairs);
      }
      for (const part of parts.reverse()) pushAll(merged, part);
    } else {
      constructorProblem(state, {
        kind: 'bad-merge',
        message: `expected a mapping or list of mappings for merging, but found ${KIND_NAME[target.kind]}`,
        start: value.start,
        end: value.end,
        context: { message: 'while constructing a mapping', start: map.start },
      });
    }
    state.mergedPairs += merged.length;
    if (state.mergedPairs > LIMITS.maxMergedPairs) {
      throw new BudgetExceeded({
        pyClass: 'ComposerError',
        kind: 'check-budget',
        message: `merge keys here expand to more than ${LIMITS.maxMergedPairs} entries, more than this checker reads`,
        start: value.start,
        end: value.end,
      });
    }
  }
  return merged;
}

function checkHashableKeys(map: MapNode, state: ComposeState): void {
  for (const { key } of map.ownPairs) {
    const target = deref(key);
    if (target.kind === 'scalar') continue;
    constructorProblem(state, {
      kind: 'unhashable-key',
      message: 'found unhashable key',
      start: key.start,
      end: key.end,
      context: { message: 'while constructing a mapping', start: map.start },
    });
  }
}

function composeSeq(node: YAMLSeq<YamlNode | Pair>, start: number, end: number, state: ComposeState, depth: number): SeqNode {
  const tag = tagOf(node) ?? TAG.seq;
  const seq: SeqNode = { kind: 'seq', origin: state.origin, start, end, tag, python: 'list', items: [] };
  registerAnchor(node.anchor, seq, start, state);
  for (const item of node.items) {
    if (isPair(item)) {
      seq.items.push(composeFlowPair(item, state, depth + 1, start));
    } else {
      seq.items.push(composeNode(item as YamlNode | null, start, state, depth + 1));
    }
  }
  if (tag === TAG.omap || tag === TAG.pairs) seq.items = seq.items.map((item) => pairTuple(item, tag, state));
  else if (tag !== TAG.seq) wrongKind(state, tag, 'seq', start, end);
  return seq;
}

/** `[a: b]` in a flow sequence is a single-pair mapping. */
function composeFlowPair(pair: Pair, state: ComposeState, depth: number, fallback: number): MapNode {
  const key = composeNode(pair.key as YamlNode | null, fallback, state, depth + 1);
  const value = composeNode(pair.value as YamlNode | null, key.end, state, depth + 1);
  const map: MapNode = { kind: 'map', origin: state.origin, start: key.start, end: value.end, tag: TAG.map, python: 'dict', pairs: [], ownPairs: [] };
  map.ownPairs.push({ key, value });
  map.pairs = map.ownPairs;
  checkHashableKeys(map, state);
  return map;
}

/** An `!!omap` / `!!pairs` entry: a single-item mapping becomes a (key, value) tuple. */
function pairTuple(item: PyNode, tag: string, state: ComposeState): PyNode {
  const entry = deref(item);
  const context = { message: tag === TAG.omap ? 'while constructing an ordered map' : 'while constructing pairs', start: item.start };
  if (entry.kind !== 'map') {
    constructorProblem(state, { kind: 'bad-value', message: `expected a mapping of length 1, but found ${KIND_NAME[entry.kind]}`, start: item.start, end: item.end, context });
    return item;
  }
  if (entry.ownPairs.length !== 1) {
    constructorProblem(state, {
      kind: 'bad-value',
      message: `expected a single mapping item, but found ${entry.ownPairs.length} items`,
      start: item.start,
      end: item.end,
      context,
    });
    return item;
  }
  const [{ key, value }] = entry.ownPairs;
  return { kind: 'seq', origin: state.origin, start: item.start, end: item.end, tag: TAG.seq, python: 'tuple', items: [key, value] };
}
