/**
 * Maps a position in a scalar's value back to the source: `<path>` inside
 * `signature: "run \"<path>\""` is found in the decoded string, and the
 * diagnostic must land on the characters in the file. Re-decodes the raw
 * source for its style, recording where each value character came from.
 */
import { ScalarNode } from './pyNode';
import { spend } from '../work';

export interface ValueOffsets {
  /** starts[i]..ends[i] is the source text (relative to the node's origin) that produced value character i. */
  starts: number[];
  ends: number[];
}

const ESCAPES: Record<string, string> = {
  '0': '\0', a: '\x07', b: '\b', t: '\t', '\t': '\t', n: '\n', v: '\v', f: '\f', r: '\r', e: '\x1b',
  ' ': ' ', '"': '"', '/': '/', '\\': '\\', N: '\x85', _: '\xa0', L: '\u2028', P: '\u2029',
};
const HEX_LENGTH: Record<string, number> = { x: 2, u: 4, U: 8 };

interface Builder {
  value: string;
  starts: number[];
  ends: number[];
}

/** Appends `text` produced by the `length` source characters at `offset` (each char of a longer text gets one source char). */
function push(builder: Builder, text: string, offset: number, length = text.length === 1 ? 1 : 0): void {
  for (let i = 0; i < text.length; i++) {
    spend();
    builder.value += text[i];
    const start = text.length > 1 ? offset + i : offset;
    builder.starts.push(start);
    builder.ends.push(text.length > 1 ? start + 1 : offset + length);
  }
}

/** PyYAML's line breaks (the text has no `\r`): NEL folds like `\n`; U+2028 and U+2029 are kept as they are. */
const LINE_BREAK = /(\n|\x85|\u2028|\u2029)/;

/** What a run of line breaks between two lines of a flow scalar folds to, as PyYAML's scan_*_spaces fold them. */
function foldedBreaks(run: string[]): string {
  const [first, ...rest] = run;
  let out = first === '\u2028' || first === '\u2029' ? first : rest.length === 0 ? ' ' : '';
  for (const next of rest) {
    spend();
    out += next === '\x85' ? '\n' : next;
  }
  return out;
}

/** Folds the line breaks of a flow (plain or quoted) scalar the way PyYAML does. */
function foldFlow(raw: string, base: number, decodeLine: (line: string, lineBase: number, builder: Builder) => void, builder: Builder): void {
  const parts = raw.split(LINE_BREAK);
  let run: string[] = [];
  let pendingAt = base;
  let lineBase = base;
  for (let index = 0; index < parts.length; index += 2) {
    spend();
    const line = parts[index];
    const isFirst = index === 0;
    const isLast = index === parts.length - 1;
    let content = line;
    let contentBase = lineBase;
    if (!isFirst) {
      const lead = /^[ \t]*/.exec(content)![0].length;
      content = content.slice(lead);
      contentBase += lead;
      run.push(parts[index - 1]);
    }
    let kept = content;
    if (!isLast) kept = kept.replace(/[ \t]+$/, '');
    if (isFirst || kept.length > 0 || isLast) {
      if (!isFirst) for (const ch of foldedBreaks(run)) {
        spend();
        push(builder, ch, pendingAt, 0);
      }
      run = [];
      decodeLine(kept, contentBase, builder);
    }
    pendingAt = lineBase + line.length;
    lineBase += line.length + 1;
  }
}

function decodeDouble(raw: string, base: number, builder: Builder): void {
  // Escaped line breaks join lines without a space; split on unescaped breaks only.
  const segments: { text: string; base: number }[] = [];
  let start = 0;
  for (let i = 0; i < raw.length; i++) {
    spend();
    if (raw[i] === '\\') {
      if (LINE_BREAK.test(raw[i + 1] ?? '')) {
        segments.push({ text: raw.slice(start, i), base: base + start });
        i++;
        start = i + 1;
        while (start < raw.length && (raw[start] === ' ' || raw[start] === '\t')) {
          spend();
          start++;
        }
        i = start - 1;
      } else {
        i++;
      }
    }
  }
  segments.push({ text: raw.slice(start), base: base + start });
  for (const segment of segments) {
    spend();
    foldFlow(segment.text, segment.base, decodeDoubleLine, builder);
  }
}

function decodeDoubleLine(line: string, lineBase: number, builder: Builder): void {
  for (let i = 0; i < line.length; i++) {
    spend();
    const ch = line[i];
    if (ch !== '\\') {
      push(builder, ch, lineBase + i);
      continue;
    }
    const code = line[i + 1];
    if (code in ESCAPES) {
      push(builder, ESCAPES[code], lineBase + i, 2);
      i++;
    } else if (code in HEX_LENGTH) {
      const length = HEX_LENGTH[code];
      const decoded = String.fromCodePoint(parseInt(line.slice(i + 2, i + 2 + length), 16));
      // An astral character is two UTF-16 units; both come from the one escape.
      for (const unit of decoded.split('')) {
        spend();
        push(builder, unit, lineBase + i, 2 + length);
      }
      i += 1 + length;
    } else {
      push(builder, ch, lineBase + i);
    }
  }
}

function decodeSingleLine(line: string, lineBase: number, builder: Builder): void {
  for (let i = 0; i < line.length; i++) {
    spend();
    const escapedQuote = line[i] === "'" && line[i + 1] === "'";
    push(builder, line[i], lineBase + i, escapedQuote ? 2 : 1);
    if (escapedQuote) i++;
  }
}

function decodePlainLine(line: string, lineBase: number, builder: Builder): void {
  for (let i = 0; i < line.length; i++) {
    spend();
    push(builder, line[i], lineBase + i);
  }
}

/**
 * Where each character of a block scalar's value comes from, following
 * PyYAML's `scan_block_scalar` (folding, kept and trimmed breaks, chomping).
 * Checked against the value; null when it does not reproduce it.
 *  */
function blockOffsets(node: ScalarNode): ValueOffsets | null {
  const source = node.origin.text;
  const header = /^([|>])([+-]?)([1-9]?)([+-]?)/.exec(source.slice(node.contentStart));
  const headerEnd = source.indexOf('\n', node.contentStart);
  if (!header || headerEnd === -1) return null;
  const folded = header[1] === '>';
  const chompText = header[2] || header[4];
  const chomping = chompText === '+' ? true : chompText === '-' ? false : null;
  const increment = header[3] ? Number(header[3]) : null;
  const end = source.length;
  const decode = (explicitIndent: number | null): ValueOffsets & { value: string } => {
    const result = { value: '', starts: [] as number[], ends: [] as number[] };
    const emit = (text: string, at: number) => {
      result.value += text;
      result.starts.push(at);
      result.ends.push(at + 1);
    };
    /** The characters source[from, to) as they are: one slice for the value (a string grown a character at a time was most of a template's check). */
    const emitRun = (from: number, to: number) => {
      result.value += source.slice(from, to);
      for (let at = from; at < to; at++) {
        spend();
        result.starts.push(at);
        result.ends.push(at + 1);
      }
    };
    let pos = headerEnd + 1;
    const column = () => pos - (source.lastIndexOf('\n', pos - 1) + 1);
    const scanBreaks = (indent: number): number[] => {
      const breaks: number[] = [];
      while (column() < indent && source[pos] === ' ') {
        spend();
        pos++;
      }
      while (pos < end && source[pos] === '\n') {
        spend();
        breaks.push(pos++);
        while (column() < indent && source[pos] === ' ') {
          spend();
          pos++;
        }
      }
      return breaks;
    };
    let indent: number;
    let breaks: number[];
    if (explicitIndent === null) {
      breaks = [];
      let maxIndent = 0;
      while (pos < end && (source[pos] === ' ' || source[pos] === '\n')) {
        spend();
        if (source[pos] === '\n') breaks.push(pos++);
        else {
          pos++;
          maxIndent = Math.max(maxIndent, column());
        }
      }
      indent = Math.max(1, maxIndent);
    } else {
      indent = explicitIndent;
      breaks = scanBreaks(indent);
    }
    let lineBreak = -1;
    while (column() === indent && pos < end) {
      spend();
      for (const b of breaks) {
        spend();
        emit('\n', b);
      }
      const leadingNonSpace = source[pos] !== ' ' && source[pos] !== '\t';
      const lineEnd = source.indexOf('\n', pos);
      emitRun(pos, lineEnd === -1 ? end : lineEnd);
      pos = lineEnd === -1 ? end : lineEnd;
      lineBreak = pos < end ? pos++ : -1;
      breaks = scanBreaks(indent);
      if (!(column() === indent && pos < end)) break;
      if (folded && lineBreak !== -1 && leadingNonSpace && source[pos] !== ' ' && source[pos] !== '\t') {
        if (breaks.length === 0) emit(' ', lineBreak);
      } else if (lineBreak !== -1) emit('\n', lineBreak);
    }
    if (chomping !== false && lineBreak !== -1) emit('\n', lineBreak);
    if (chomping === true) for (const b of breaks) {
      spend();
      emit('\n', b);
    }
    return result;
  };
  const attempts = increment === null ? [null] : Array.from({ length: 100 }, (_, i) => i + increment);
  for (const indent of attempts) {
    spend();
    const decoded = decode(indent);
    if (decoded.value === node.text) return { starts: decoded.starts, ends: decoded.ends };
  }
  return null;
}

/**
 * The source offset of each character of the node's value, or null when the
 * re-decoded text does not match the value (then callers use the whole node).
 * Linear in the scalar's length: a caller that maps many pieces of one value
 * maps it once (swe/valueSpans.ts).
 */
export function valueOffsets(node: ScalarNode): ValueOffsets | null {
  if (node.style === 'literal' || node.style === 'folded') return blockOffsets(node);
  const source = node.origin.text;
  const builder: Builder = { value: '', starts: [], ends: [] };
  const raw = source.slice(node.contentStart, node.contentEnd);
  if (node.style === 'plain') foldFlow(raw, node.contentStart, decodePlainLine, builder);
  else if (node.style === 'single') foldFlow(raw, node.contentStart, decodeSingleLine, builder);
  else decodeDouble(raw, node.contentStart, builder);
  return builder.value === node.text ? { starts: builder.starts, ends: builder.ends } : null;
}

/** The source span (relative to the node's origin) of value[start, end), given the node's mapped offsets, or the node itself as a fallback. */
export function valueSpan(node: ScalarNode, mapped: ValueOffsets | null, start: number, end: number): { start: number; end: number } {
  if (!mapped || end > mapped.starts.length || start >= end) return { start: node.start, end: node.end };
  return { start: mapped.starts[start], end: mapped.ends[end - 1] };
}
