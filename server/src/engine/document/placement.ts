/**
 * Where the texts that trees were parsed from sit in one version of a
 * document. A node's offsets are relative to its origin (yaml/pyNode.ts); an
 * unchanged chunk keeps its tree from version to version while its place
 * moves, so absolute offsets (in the document's normalized text) are asked of
 * the placement of the version at hand, never stored on the shared tree.
 */
import { Origin } from '../yaml/pyNode';
import { EngineDiagnostic, FileDiagnostic } from '../diagnostics';
import { charged, spend } from '../work';

interface Positioned {
  origin: Origin;
  start: number;
  end: number;
}

export class Placement {
  private constructor(private readonly bases: ReadonlyMap<Origin, number>) {}

  /** A document parsed as a whole: its one origin starts at 0. */
  static whole(origin: Origin): Placement {
    return new Placement(new Map([[origin, 0]]));
  }

  /** A document assembled from chunks: each origin with the offset of its first character. */
  static ofChunks(bases: ReadonlyMap<Origin, number>): Placement {
    return new Placement(bases);
  }

  /** The offset of an origin's first character; a node of another document is a bug, not a position. */
  base(origin: Origin): number {
    const base = this.bases.get(origin);
    if (base === undefined) throw new Error('a node of another document (or version) was placed in this one');
    return base;
  }

  start(node: { origin: Origin; start: number }): number {
    return this.base(node.origin) + node.start;
  }

  end(node: { origin: Origin; end: number }): number {
    return this.base(node.origin) + node.end;
  }

  /** The absolute start and end of a node or span. */
  range(node: Positioned): { start: number; end: number } {
    const base = this.base(node.origin);
    return { start: base + node.start, end: base + node.end };
  }

  /** Whether an absolute offset falls in a node (end inclusive: a cursor right after a word is on it). */
  contains(node: Positioned, offset: number): boolean {
    const base = this.base(node.origin);
    return base + node.start <= offset && offset <= base + node.end;
  }

  /** The absolute end of a node without the line break and blank lines a block collection's range ends with. */
  trimmedEnd(node: Positioned): number {
    const text = node.origin.text;
    let end = node.end;
    while (end > node.start && /\s/.test(text[end - 1])) {
      spend();
      end--;
    }
    return this.base(node.origin) + end;
  }

  /** The absolute start of a sequence item, including its `- ` indicator. */
  itemStart(node: Positioned): number {
    const text = node.origin.text;
    let start = node.start;
    while (start > 0 && text[start - 1] === ' ') {
      spend();
      start--;
    }
    return this.base(node.origin) + (start > 0 && text[start - 1] === '-' ? start - 1 : node.start);
  }
}

/** A check's diagnostic at its place in one version of a file. */
export function placeDiagnostic(diagnostic: EngineDiagnostic, at: Placement): FileDiagnostic {
  const base = at.base(diagnostic.origin);
  // Its fields but the place, copied one by one: a rest pattern (`{ origin, start, end, related, ...fields }`) cost
  // twenty times as much, and a report places every diagnostic of the file again at each version.
  const placed: Record<string, unknown> = {};
  for (const field in diagnostic) {
    spend();
    if (field !== 'origin' && field !== 'start' && field !== 'end' && field !== 'related') placed[field] = diagnostic[field as keyof EngineDiagnostic];
  }
  placed.start = base + diagnostic.start;
  placed.end = base + diagnostic.end;
  const { related } = diagnostic;
  if (related) placed.related = charged(related).map((r) => (r.file !== undefined ? r : { message: r.message, ...at.range(r) }));
  return placed as unknown as FileDiagnostic;
}

export function placeDiagnostics(diagnostics: readonly EngineDiagnostic[], at: Placement): FileDiagnostic[] {
  return charged(diagnostics).map((d) => placeDiagnostic(d, at));
}
