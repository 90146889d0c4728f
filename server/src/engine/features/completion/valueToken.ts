/**
 * The value being typed after `key:` on the cursor's line, and the text a
 * completed value goes in as: escaped inside the quotes already typed, or
 * plain, or quoted when YAML would not read it back as the same string.
 */
import { LineShape } from './lineContext';
import { plainSafe, quoteContent } from './style';

/** The cursor's value on a `key: value` line: the range to replace and how it is quoted. */
export interface ValueToken {
  start: number;
  end: number;
  quote: '"' | "'" | null;
  closed: boolean;
  needsSpace: boolean;
}

/** The value token at column `col` of a key line, or null when the cursor is not on the value (or after a closing quote or in a comment). */
export function valueToken(line: LineShape, col: number): ValueToken | null {
  const text = line.text;
  const valueCol = line.valueCol!;
  const key = line.key!;
  if (col < valueCol) {
    return line.value === 'empty' ? { start: col, end: col, quote: null, closed: true, needsSpace: col === key.colon + 1 } : null;
  }
  const first = text[valueCol];
  if (first === '"' || first === "'") {
    if (col === valueCol) return null;
    const pattern = first === '"' ? /^(?:[^"\\]|\\.)*/ : /^(?:[^']|'')*/;
    const inner = pattern.exec(text.slice(valueCol + 1))![0];
    const close = valueCol + 1 + inner.length;
    const closed = close < text.length;
    if (closed && col > close) return null;
    return { start: valueCol + 1, end: closed ? close : Math.max(text.trimEnd().length, col), quote: first, closed, needsSpace: false };
  }
  let value = text.slice(valueCol);
  const comment = value.search(/(?:^|[ \t])#/);
  if (comment !== -1 && col > valueCol + comment) return null;
  if (comment !== -1) value = value.slice(0, comment);
  const end = valueCol + value.trimEnd().length;
  return { start: valueCol, end: Math.max(end, col), quote: null, closed: true, needsSpace: valueCol === key.colon + 1 && valueCol === text.length };
}

/** The text for a value at a token: escaped for the quotes it is in, or quoted in `quoteAs` when it needs quotes. */
export function valueText(value: string, token: ValueToken, quoteAs: 'double' | 'single' | null): string {
  if (token.quote) {
    const style = token.quote === '"' ? 'double' : 'single';
    return quoteContent(style, value) + (token.closed ? '' : token.quote);
  }
  const mark = quoteAs === 'single' ? "'" : '"';
  const text = quoteAs ? mark + quoteContent(quoteAs, value) + mark : value;
  return (token.needsSpace ? ' ' : '') + text;
}

/** How a plain value is written: as is when YAML reads it back as the same string, double-quoted otherwise. */
export function quoteIfNeeded(value: string): 'double' | null {
  return plainSafe(value) ? null : 'double';
}
