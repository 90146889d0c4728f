import { spend } from '../work';
/**
 * The text PyYAML sees. SWE-agent reads configs with `Path.read_text()`, which
 * turns `\r\n` and lone `\r` into `\n`; the engine works on that normalized
 * text and maps offsets back to the editor's text at the edge.
 */
export interface SourceText {
  /** The text as the editor or the file has it. */
  original: string;
  /** With universal newlines applied. */
  normalized: string;
  toOriginal(offset: number): number;
  toNormalized(offset: number): number;
}

export function sourceTextOf(original: string): SourceText {
  if (!original.includes('\r')) {
    return { original, normalized: original, toOriginal: (o) => o, toNormalized: (o) => o };
  }
  // Offsets (in the normalized text) where a `\r` of a `\r\n` was dropped, ascending.
  const dropped: number[] = [];
  let normalized = '';
  let last = 0;
  for (let i = original.indexOf('\r'); i !== -1; i = original.indexOf('\r', i + 1)) {
    spend();
    normalized += original.slice(last, i);
    if (original[i + 1] === '\n') {
      dropped.push(normalized.length);
    } else {
      normalized += '\n';
    }
    last = i + 1;
  }
  normalized += original.slice(last);
  const countBefore = (offset: number, inclusive: boolean) => {
    let lo = 0;
    let hi = dropped.length;
    while (lo < hi) {
      spend();
      const mid = (lo + hi) >> 1;
      if (dropped[mid] < offset || (inclusive && dropped[mid] === offset)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return {
    original,
    normalized,
    // A `\r` was dropped just before the `\n` at each recorded offset: an offset at that `\n`
    // (a line's end) maps to the `\r`, so only drops strictly before it count.
    toOriginal: (offset) => offset + countBefore(offset, false),
    toNormalized: (offset) => {
      // The largest normalized offset whose original offset is <= offset.
      let lo = 0;
      let hi = normalized.length;
      while (lo < hi) {
        spend();
        const mid = (lo + hi + 1) >> 1;
        if (mid + countBefore(mid, false) <= offset) lo = mid;
        else hi = mid - 1;
      }
      return lo;
    },
  };
}
