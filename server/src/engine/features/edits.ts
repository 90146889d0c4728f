import { charged, spend } from '../work';
/**
 * Text edits as the engine makes them: absolute offsets in the engine's
 * (newline-normalized) text, and `\n` line breaks. The server converts them
 * to LSP ranges and the document's own line breaks.
 */
export interface OffsetEdit {
  start: number;
  end: number;
  newText: string;
}

/** Applies non-overlapping edits (any order) to a text. */
export function applyEdits(text: string, edits: readonly OffsetEdit[]): string {
  const sorted = charged([...edits]).sort((a, b) => b.start - a.start || b.end - a.end);
  let result = text;
  for (const edit of sorted) {
    spend();
    result = result.slice(0, edit.start) + edit.newText + result.slice(edit.end);
  }
  return result;
}

/** The offset of the start of the line holding `offset`, and of its end (before the line break). */
export function lineBounds(text: string, offset: number): { start: number; end: number } {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  const newline = text.indexOf('\n', offset);
  return { start, end: newline === -1 ? text.length : newline };
}
