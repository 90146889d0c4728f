/**
 * How many entries `<<` merge keys copy, counted before anything is copied.
 * PyYAML's flatten_mapping puts a copy of every merged mapping's flattened
 * pairs in front of the merging mapping's own, so a chain of anchors each
 * merging the last (or a mapping merged into many) expands quadratically or
 * geometrically: 110 KB of anchors each merging the last ask for millions of
 * entries (billions, when each merges the last twice). The
 * constructor builds them only when this count stays within the budget
 * (`LIMITS.maxMergedPairs`), so a text whose merges pass it costs one pass
 * over its nodes, not the budget's worth of copies and values.
 *
 * The count is PyYAML's for merges without a cycle: a mapping is flattened
 * once (its `<<` pairs are removed then), to its own pairs plus the flattened
 * pairs of every mapping it merges, and each flattening copies those merged
 * pairs. A mapping that merges itself, or a mapping that merges it, is
 * flattened by PyYAML while it is half flattened, which only the constructor
 * plays exactly: then no count is given, and the constructor counts as it
 * copies. Every mapping reachable from the root is counted, as if each were
 * constructed (a mapping under a tag whose constructor never reads it is
 * counted too: a text can only seem bigger, never smaller).
 */
import { TAG } from '../resolver';
import { ComposedMapping, ComposedNode, ComposedValue, valueOf } from './composer';
import { charged, spend } from '../../work';

export interface MergeCount {
  /** The entries the merges copy, counted up to one past the budget. */
  copies: number;
  /** The first mapping, in document order, whose merges take the count past the budget. */
  pastBudget: ComposedMapping | null;
}

/** What the merges reachable from `root` copy; null when they form a cycle. */
export function countMerges(root: ComposedNode, budget: number): MergeCount | null {
  const flatSizes = new Map<ComposedMapping, number>();
  const merging: ComposedMapping[] = [];
  for (const map of mappingsFrom(valueOf(root))) {
    spend();
    if (flatSizes.has(map)) continue;
    // Post-order over the merge edges, without recursion: a mapping's flattened size after those of the mappings it merges.
    const onPath = new Set<ComposedMapping>([map]);
    const stack: { node: ComposedMapping; sources: ComposedMapping[]; next: number }[] = [{ node: map, sources: mergeSources(map), next: 0 }];
    while (stack.length > 0) {
      spend();
      const top = stack[stack.length - 1];
      if (top.next < top.sources.length) {
        const source = top.sources[top.next++];
        if (onPath.has(source)) return null;
        if (flatSizes.has(source)) continue;
        onPath.add(source);
        stack.push({ node: source, sources: mergeSources(source), next: 0 });
        continue;
      }
      stack.pop();
      onPath.delete(top.node);
      let merged = 0;
      for (const source of top.sources) {
        spend();
        merged = Math.min(merged + flatSizes.get(source)!, budget + 1);
      }
      if (top.sources.length > 0) merging.push(top.node);
      flatSizes.set(top.node, Math.min(merged + ownCount(top.node), budget + 1));
    }
  }
  // Each flattening copies what its merges give: past the budget at the first mapping, in document order, that takes the total there.
  charged(merging).sort((a, b) => a.start.offset - b.start.offset);
  let copies = 0;
  for (const node of merging) {
    spend();
    for (const source of mergeSources(node)) {
      spend();
      copies += flatSizes.get(source)!;
    }
    if (copies > budget) return { copies: budget + 1, pastBudget: node };
  }
  return { copies, pastBudget: null };
}

/** Every mapping reachable from `root` through keys, values, items and merges, once. */
function mappingsFrom(root: ComposedValue): ComposedMapping[] {
  const maps: ComposedMapping[] = [];
  const seen = new Set<ComposedValue>([root]);
  const queue: ComposedValue[] = [root];
  for (let next = 0; next < queue.length; next++) {
    spend();
    const node = queue[next];
    if (node.kind === 'scalar') continue;
    if (node.kind === 'map') maps.push(node);
    for (const child of node.kind === 'seq' ? node.items : node.pairs.flat()) {
      spend();
      const value = valueOf(child);
      if (seen.has(value)) continue;
      seen.add(value);
      queue.push(value);
    }
  }
  return maps;
}

const isMergeKey = ([key]: [ComposedNode, ComposedNode]) => valueOf(key).tag === TAG.merge;

function ownCount(node: ComposedMapping): number {
  let own = 0;
  for (const pair of node.pairs) {
    spend();
    if (!isMergeKey(pair)) own++;
  }
  return own;
}

/** The mappings a mapping's `<<` keys merge, each as often as it is merged (a value that is no mapping is the constructor's error). */
function mergeSources(node: ComposedMapping): ComposedMapping[] {
  const sources: ComposedMapping[] = [];
  for (const pair of node.pairs) {
    spend();
    if (!isMergeKey(pair)) continue;
    const value = valueOf(pair[1]);
    if (value.kind === 'map') sources.push(value);
    else if (value.kind === 'seq') for (const item of value.items) {
      spend();
      if (valueOf(item).kind === 'map') sources.push(valueOf(item) as ComposedMapping);
    }
  }
  return sources;
}
