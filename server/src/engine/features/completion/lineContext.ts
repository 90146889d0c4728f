/**
 * Where the cursor is in the bundle's structure, read from the text: the
 * shape of the cursor's line and the lines above it, by indentation. This is
 * what still works on a half-typed line the parser rejects; the parsed model
 * (see ../completion.ts) then supplies what the mappings hold.
 */
import { ChunkSpec } from '../../document/chunker';
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

/**
 * The tools under a block `tools:` mapping, as the chunker's split of the
 * text (document/chunker.ts) has them: every line from the `tools:` line to
 * the end of the last tool is blank, a comment, or indented at least as far
 * as the tool keys, and the lines at that indent are the tools' key lines.
 */
interface ToolsBody {
  /** Offset of the `tools:` line. */
  header: number;
  /** The tool keys' column. */
  indent: number;
  /** The index of the first tool's chunk in the split. */
  firstTool: number;
}

/**
 * The lines of a text (the engine's, line breaks normalized to `\n`), found
 * and parsed on demand: only the lines a request reads, walking from the
 * cursor's line. A line is named by the offset it starts at. Given the
 * text's chunks (`splitIntoChunks` of this text), a walk up can step over
 * the tools above a tool's line in one go (`toolsBodyAt`).
 */
export class LineTable {
  private readonly shapes = new Map<number, LineShape>();

  constructor(
    readonly text: string,
    private readonly chunks: readonly ChunkSpec[] | null = null,
  ) {}

  /** The line holding an offset (clamped to the text). */
  indexAt(offset: number): number {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    return clamped === 0 ? 0 : this.text.lastIndexOf('\n', clamped - 1) + 1;
  }

  /** The line before line `index`, or -1 at the first line. */
  above(index: number): number {
    if (index === 0) return -1;
    return index < 2 ? 0 : this.text.lastIndexOf('\n', index - 2) + 1;
  }

  /** The line after line `index`, or -1 at the last line (a text ending in a line break ends with an empty line). */
  below(index: number): number {
    const end = this.text.indexOf('\n', index);
    return end === -1 ? -1 : end + 1;
  }

  /** The number of spaces line `index` starts with (its `indent`), without parsing it. */
  spacesAt(index: number): number {
    let end = index;
    while (this.text.charCodeAt(end) === 32) {
      spend();
      end++;
    }
    return end - index;
  }

  line(index: number): LineShape {
    let shape = this.shapes.get(index);
    if (!shape) {
      const end = this.text.indexOf('\n', index);
      shape = parseLine(this.text.slice(index, end === -1 ? this.text.length : end), index);
      this.shapes.set(index, shape);
    }
    return shape;
  }

  /** The tools line `index` is among (the line of a tool, or a line after the `tools:` line before the first tool), when the text splits. */
  toolsBodyAt(index: number): ToolsBody | null {
    const chunks = this.chunks;
    if (!chunks) return null;
    // The last chunk starting at or before the line.
    let lo = 0;
    let hi = chunks.length - 1;
    while (lo < hi) {
      spend();
      const mid = (lo + hi + 1) >> 1;
      if (chunks[mid].start <= index) lo = mid;
      else hi = mid - 1;
    }
    let header = lo;
    while (header >= 0 && chunks[header].role === 'tool') {
      spend();
      header--;
    }
    if (header < 0 || chunks[header].role !== 'tools-header' || header + 1 >= chunks.length || chunks[header + 1].role !== 'tool') return null;
    const headerLine = this.indexAt(chunks[header].keyStart);
    if (index <= headerLine) return null;
    const first = chunks[header + 1];
    return { header: headerLine, indent: first.keyStart - first.start, firstTool: header + 1 };
  }

  /** The key lines of the tools in a tools body, with their keys (plain, as the chunker reads them: as `parseLine` does). */
  toolKeys(tools: ToolsBody): { line: number; name: string }[] {
    const keys: { line: number; name: string }[] = [];
    for (let i = tools.firstTool; i < this.chunks!.length && this.chunks![i].role === 'tool'; i++) {
      spend();
      const chunk = this.chunks![i];
      keys.push({ line: chunk.start, name: this.text.slice(chunk.keyStart, chunk.keyEnd) });
    }
    return keys;
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
  // The lines above a line among the tools are among them too, up to the `tools:` line.
  const tools = table.toolsBodyAt(index);
  for (let i = table.above(index); i !== -1 && limit > 0; i = table.above(i)) {
    spend();
    const innermost = chain[chain.length - 1];
    // Among the tools, with the limit at or left of their keys, no line changes anything up to the `tools:` line:
    // each is blank or indented past the limit, or a tool's key line at the limit, which only a sequence item there would take.
    if (tools && i > tools.header && (limit < tools.indent || (limit === tools.indent && !(innermost?.kind === 'item' && innermost.col === limit)))) i = tools.header;
    // A line indented past the limit changes nothing (blank or not): skip it without parsing it.
    if (table.spacesAt(i) > limit) continue;
    const line = table.line(i);
    if (line.blank) continue;
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
  const downwards = table.line(index).dashes.length > 0;
  const tools = table.toolsBodyAt(index);
  if (tools && col === tools.indent) {
    // At the tools' column, the lines there are their key lines, and either way the first line left of them ends the body.
    for (const key of table.toolKeys(tools)) {
      spend();
      if (downwards ? key.line > index : key.line !== index) keys.add(key.name);
    }
    return keys;
  }
  for (const step of downwards ? [1] : [-1, 1]) {
    spend();
    for (let i = step < 0 ? table.above(index) : table.below(index); i !== -1; i = step < 0 ? table.above(i) : table.below(i)) {
      spend();
      // A line indented past the column is passed over, blank or not: no need to parse it.
      if (table.spacesAt(i) > col) continue;
      const line = table.line(i);
      if (line.blank) continue;
      if (line.key && line.contentCol === col && (line.indent === col || step < 0)) keys.add(line.key.name);
      if (line.indent < col || line.dashes.length > 0) break;
    }
  }
  return keys;
}
