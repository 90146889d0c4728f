/**
 * Where the cursor is in the bundle's structure, read from the text: the
 * shape of the cursor's line and the lines above it, by indentation. This is
 * what still works on a half-typed line the parser rejects; the parsed model
 * (see ../completion.ts) then supplies what the mappings hold.
 */
import { LineIndex } from '../../document/lineIndex';
import { charged, spend } from '../../work';

type ValueKind = 'empty' | 'block' | 'flow' | 'scalar';

export interface LineShape {
  /** Absolute offset of the line's first character. */
  start: number;
  text: string;
  indent: number;
  /** Columns of the block sequence indicators (`- `) before the content. */
  dashes: number[];
  /** Column of the content after the indentation and the indicators. */
  contentCol: number;
  /** Nothing but spaces, or a comment. */
  blank: boolean;
  /** A plain or quoted mapping key ending in `:`. */
  key?: { name: string; plain: boolean; end: number; colon: number };
  /** For key lines: what follows the colon, and the column where it starts. */
  value?: ValueKind;
  valueCol?: number;
}

export type Frame =
  | { kind: 'key'; name: string; value: ValueKind; line: LineShape; col: number; offset: number }
  | { kind: 'item'; line: LineShape; col: number; offset: number }
  | { kind: 'text'; line: LineShape; col: number; offset: number };

const PLAIN_KEY = /^([^\s#'"[\]{},&*!|>%@`:?-](?:[^:#]|:(?![ \t]|$)|(?<![ \t])#)*?)[ \t]*:(?=[ \t]|$)/;
const QUOTED_KEY = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*')[ \t]*:(?=[ \t]|$)/;
const BLOCK_HEADER = /^[|>][-+0-9]*[ \t]*(?:#.*)?$/;

function valueKind(rest: string): ValueKind {
  // Anchors and tags before a nested collection do not make it a scalar.
  const value = rest.replace(/^(?:[&!]\S*[ \t]*)+/, '');
  if (value === '' || value.startsWith('#')) return 'empty';
  if (BLOCK_HEADER.test(value)) return 'block';
  if (value.startsWith('[') || value.startsWith('{')) return 'flow';
  return 'scalar';
}

function parseLine(text: string, start: number): LineShape {
  const indent = /^ */.exec(text)![0].length;
  const rest = text.slice(indent);
  const shape: LineShape = { start, text, indent, dashes: [], contentCol: indent, blank: rest.trim() === '' || rest.startsWith('#') };
  if (shape.blank) return shape;
  let pos = indent;
  while (text[pos] === '-' && (pos + 1 === text.length || text[pos + 1] === ' ')) {
    spend();
    shape.dashes.push(pos);
    pos++;
    while (text[pos] === ' ') {
      spend();
      pos++;
    }
  }
  shape.contentCol = pos;
  const content = text.slice(pos);
  const plain = PLAIN_KEY.exec(content);
  const quoted = plain ? null : QUOTED_KEY.exec(content);
  const match = plain ?? quoted;
  if (match) {
    const raw = match[1];
    const name = plain ? raw : raw.startsWith("'") ? raw.slice(1, -1).replace(/''/g, "'") : raw.slice(1, -1).replace(/\\(.)/g, '$1');
    const colon = pos + match[0].length - 1;
    shape.key = { name, plain: Boolean(plain), end: pos + raw.length, colon };
    let valueCol = colon + 1;
    while (text[valueCol] === ' ' || text[valueCol] === '\t') {
      spend();
      valueCol++;
    }
    shape.valueCol = valueCol;
    shape.value = valueKind(text.slice(valueCol));
  }
  return shape;
}

/** The frames a line opens, outermost first: its sequence items, then its key or text. */
export function framesOf(line: LineShape): Frame[] {
  const frames: Frame[] = charged(line.dashes).map((col) => ({ kind: 'item', line, col, offset: line.start + col }));
  if (line.key) frames.push({ kind: 'key', name: line.key.name, value: line.value!, line, col: line.contentCol, offset: line.start + line.contentCol });
  else if (line.contentCol < line.text.length) frames.push({ kind: 'text', line, col: line.contentCol, offset: line.start + line.contentCol });
  return frames;
}

/** The lines of a text (the engine's, line breaks normalized to `\n`), parsed on demand. */
export class LineTable {
  private readonly lines: LineIndex;
  private readonly shapes = new Map<number, LineShape>();

  constructor(readonly text: string) {
    this.lines = new LineIndex(text);
  }

  get count(): number {
    return this.lines.lineCount;
  }

  indexAt(offset: number): number {
    return this.lines.positionAt(offset).line;
  }

  private startOf(index: number): number {
    return this.lines.offsetAt({ line: index, character: 0 });
  }

  /** The number of spaces line `index` starts with (its `indent`), without parsing it. */
  spacesAt(index: number): number {
    const start = this.startOf(index);
    let end = start;
    while (this.text.charCodeAt(end) === 32) {
      spend();
      end++;
    }
    return end - start;
  }

  line(index: number): LineShape {
    let shape = this.shapes.get(index);
    if (!shape) {
      const start = this.startOf(index);
      // A character past the line's end is its end, before the line break.
      const end = this.lines.offsetAt({ line: index, character: Number.MAX_SAFE_INTEGER });
      shape = parseLine(this.text.slice(start, end), start);
      this.shapes.set(index, shape);
    }
    return shape;
  }
}

/**
 * The frames enclosing a position at column `col` of line `index`, outermost
 * first, followed by `own` (the frames the cursor's line itself opens around
 * the position). A line above that starts left of the position opens the
 * frames left of it; a key at the column of a sequence item right below it
 * is that sequence's parent (`arguments:` followed by `- name:` at the same
 * indentation).
 */
export function enclosingFrames(table: LineTable, index: number, col: number, own: Frame[]): Frame[] {
  const chain = [...own].reverse();
  let limit = own.length > 0 ? own[0].col : col;
  for (let i = index - 1; i >= 0 && limit > 0; i--) {
    spend();
    // A line indented past the limit changes nothing (blank or not): skip it without parsing it.
    if (table.spacesAt(i) > limit) continue;
    const line = table.line(i);
    if (line.blank) continue;
    const innermost = chain[chain.length - 1];
    if (line.indent >= limit) {
      if (line.indent === limit && innermost?.kind === 'item' && innermost.col === limit && line.dashes.length === 0 && line.key && line.value === 'empty') {
        chain.push(framesOf(line)[0]);
      }
      continue;
    }
    const frames = framesOf(line);
    for (let j = frames.length - 1; j >= 0; j--) {
      spend();
      if (frames[j].col < limit) {
        chain.push(frames[j]);
        limit = frames[j].col;
      }
    }
  }
  return chain.reverse();
}

/**
 * Keys written at a column around the cursor's line, read from the text: for
 * when no parse of the mapping can be had. Stops at a line left of the column
 * (taking its key when it sits at the column, as in `- name: a`). A mapping
 * that starts on the cursor's line (after its `- `) is read downwards only.
 */
export function keysAround(table: LineTable, index: number, col: number): Set<string> {
  const keys = new Set<string>();
  for (const step of table.line(index).dashes.length > 0 ? [1] : [-1, 1]) {
    spend();
    for (let i = index + step; i >= 0 && i < table.count; i += step) {
      spend();
      const line = table.line(i);
      if (line.blank || line.indent > col) continue;
      if (line.key && line.contentCol === col && (line.indent === col || step < 0)) keys.add(line.key.name);
      if (line.indent < col || line.dashes.length > 0) break;
    }
  }
  return keys;
}
