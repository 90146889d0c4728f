/**
 * Cursor and range markers in test documents: `¦` marks the cursor, `«…»`
 * marks ranges. Neither character appears in the YAML under test.
 */
export interface Marked {
  text: string;
  /** Offset of `¦`, if present. */
  cursor: number;
  ranges: { start: number; end: number }[];
}

export function parseMarkers(marked: string): Marked {
  let text = '';
  let cursor = -1;
  const ranges: { start: number; end: number }[] = [];
  const open: number[] = [];
  for (const ch of marked) {
    if (ch === '¦') cursor = text.length;
    else if (ch === '«') open.push(text.length);
    else if (ch === '»') ranges.push({ start: open.pop()!, end: text.length });
    else text += ch;
  }
  if (open.length > 0) throw new Error('unclosed « in test document');
  // Document order; of two ranges starting together, the outer one first.
  ranges.sort((a, b) => a.start - b.start || b.end - a.end);
  return { text, cursor, ranges };
}

/** 0-based line/character of an offset in `text` (lines split on \n). */
export function positionOf(text: string, offset: number): { line: number; character: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, character: offset - (before.lastIndexOf('\n') + 1) };
}

export function rangeOf(text: string, range: { start: number; end: number }) {
  return { start: positionOf(text, range.start), end: positionOf(text, range.end) };
}

/** `text` with the cursor `¦` where `needle` shows it, at the needle's first occurrence (the needle without its `¦`). */
export function withCursor(text: string, needle: string): string {
  const bare = needle.replace('¦', '');
  const at = text.indexOf(bare);
  if (bare === needle || at === -1) throw new Error(`withCursor: the needle ${JSON.stringify(needle)} has no ¦, or the text has no ${JSON.stringify(bare)}`);
  return text.slice(0, at) + needle + text.slice(at + bare.length);
}
