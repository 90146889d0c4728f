/**
 * Folding ranges: every mapping entry and sequence item that spans lines
 * (`tools:`, each tool, `arguments:`, each argument, block-scalar docstrings,
 * any other multi-line mapping or sequence). A range runs from its key (or
 * `- `) to the last line with content: trailing blank lines and the comments
 * after an entry stay visible.
 */
import { BundleModel } from '../document/bundleModel';
import { LineIndex } from '../document/lineIndex';
import { PyNode } from '../yaml/pyNode';
import { Placement } from '../document/placement';
import { BUDGETS } from '../budgets';
import { charged, spend } from '../work';

export interface FoldingRegion {
  /** Absolute offsets: where the entry starts (its key or `-`) and where its content ends. */
  start: number;
  end: number;
  /** Nesting level, 0 for the top-level entries. */
  depth: number;
}

/** Like json.maxItemsComputed: huge files get at most this many ranges. */
export const MAX_FOLDING_RANGES = BUDGETS.itemsPerRequest;

function collect(at: Placement, node: PyNode, depth: number, out: FoldingRegion[]): void {
  spend();
  if (node.kind === 'map') {
    for (const pair of node.ownPairs) {
      spend();
      out.push({ start: at.start(pair.key), end: Math.max(at.end(pair.key), at.trimmedEnd(pair.value)), depth });
      collect(at, pair.value, depth + 1, out);
    }
  } else if (node.kind === 'seq') {
    for (const item of node.items) {
      spend();
      out.push({ start: at.itemStart(item), end: at.trimmedEnd(item), depth });
      collect(at, item, depth + 1, out);
    }
  }
  // Scalars fold with their entry; an alias is one token (its target folds where it is written).
}

/**
 * The folding ranges in document order, one per start line (the outermost),
 * each spanning at least two lines. Beyond `limit`, the deepest go first.
 */
export function foldingRanges(model: BundleModel, limit = MAX_FOLDING_RANGES): FoldingRegion[] {
  if (!model.root || limit <= 0) return [];
  const all: FoldingRegion[] = [];
  collect(model.placement, model.root, 0, all);
  const lines = new LineIndex(model.source.normalized);
  const byStartLine = new Map<number, { region: FoldingRegion; endLine: number }>();
  for (const region of all) {
    spend();
    const startLine = lines.positionAt(region.start).line;
    const endLine = lines.positionAt(region.end).line;
    if (endLine <= startLine) continue;
    const existing = byStartLine.get(startLine);
    if (!existing || endLine > existing.endLine || (endLine === existing.endLine && region.depth < existing.region.depth)) {
      byStartLine.set(startLine, { region, endLine });
    }
  }
  let regions = charged([...byStartLine.values()]).map((entry) => entry.region);
  if (regions.length > limit) regions = charged(regions).sort((a, b) => a.depth - b.depth || a.start - b.start).slice(0, limit);
  return charged(regions).sort((a, b) => a.start - b.start);
}
