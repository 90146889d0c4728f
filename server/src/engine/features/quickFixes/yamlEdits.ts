/**
 * Text edits that keep YAML valid and in the file's own style: whole lines
 * in block collections, `, ` separated items in flow ones, scalar values
 * edited through their quoting and escapes. Offsets are absolute, in the
 * engine's normalized text.
 */
import { plainTextIsNotString } from '../../yaml/resolver';
import { MapNode, PyNode, ScalarNode, SeqNode, deref } from '../../yaml/pyNode';
import { valueOffsets } from '../../yaml/scalarOffsets';
import { Placement } from '../../document/placement';
import { OffsetEdit, lineBounds } from '../edits';
import { charged, spend } from '../../work';

/** A text and where the nodes of its tree are in it: what edits of nodes need. */
export interface YamlText {
  text: string;
  at: Placement;
}

/** The column (in UTF-16 units) of an offset. */
export function column(text: string, offset: number): number {
  return offset - lineBounds(text, offset).start;
}

/** The start of the line after the content that ends at `contentEnd` (or the text's end). */
export function lineAfter(text: string, contentEnd: number): number {
  if (contentEnd > 0 && text[contentEnd - 1] === '\n') return contentEnd;
  const newline = text.indexOf('\n', contentEnd);
  return newline === -1 ? text.length : newline + 1;
}

/** Inserts whole lines at a line start (`at`), or after the last line when it has no line break. */
export function insertLines(text: string, at: number, lines: string[]): OffsetEdit {
  const body = lines.join('\n');
  if (at === text.length && text.length > 0 && !text.endsWith('\n')) return { start: at, end: at, newText: '\n' + body };
  return { start: at, end: at, newText: body + '\n' };
}

/** Lines moved from one indentation to another (blank lines stay blank). */
export function reindent(lines: string, from: number, to: number): string {
  return lines.replace(/^( *)(?=[^\n])/gm, (spaces: string) => ' '.repeat(Math.max(0, spaces.length - from + to)));
}

/** The whole lines from the one holding `start` to the one holding `contentEnd - 1`: their range and their text (ending in a line break). */
export function wholeLines(text: string, start: number, contentEnd: number): { start: number; end: number; text: string; deletion: OffsetEdit } {
  const from = lineBounds(text, start).start;
  const to = lineAfter(text, contentEnd);
  const lines = text.slice(from, to);
  const ended = lines.endsWith('\n');
  // The last line of the text has no line break: take the one before it instead.
  const deletion = ended || from === 0 ? { start: from, end: to, newText: '' } : { start: from - 1, end: to, newText: '' };
  return { start: from, end: to, text: ended ? lines : lines + '\n', deletion };
}

export function isFlowCollection(doc: YamlText, node: PyNode): boolean {
  const target = deref(node);
  if (target.kind === 'scalar') return false;
  const first = doc.text[doc.at.start(target)];
  return first === '{' || first === '[';
}

/** The chain of collections that hold `target` (outermost first), or null when it is not in the tree. */
export function ancestorsOf(root: PyNode | null, target: PyNode): PyNode[] | null {
  if (!root) return null;
  const path: PyNode[] = [];
  const visit = (node: PyNode): boolean => {
    spend();
    if (node === target) return true;
    if (node.kind === 'alias' || node.kind === 'scalar') return false;
    path.push(node);
    const children = node.kind === 'seq' ? node.items : charged(node.pairs).flatMap((pair) => [pair.key, pair.value]);
    for (const child of children) {
      spend();
      if (visit(child)) return true;
    }
    path.pop();
    return false;
  };
  return visit(root) ? path : null;
}

/** A scalar inside `[...]` or `{...}`, where a plain scalar cannot contain `[]{},`. */
function inFlowContext(doc: YamlText, root: PyNode | null, node: PyNode): boolean {
  const ancestors = ancestorsOf(root, node);
  return ancestors === null || charged(ancestors).some((ancestor) => isFlowCollection(doc, ancestor));
}

/** A YAML double-quoted string for `value`. */
export function doubleQuoted(value: string): string {
  const escaped = value.replace(/[\\"\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff]/g, (ch) => {
    switch (ch) {
      case '\\':
        return '\\\\';
      case '"':
        return '\\"';
      case '\n':
        return '\\n';
      case '\t':
        return '\\t';
      default: {
        const code = ch.charCodeAt(0);
        return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
      }
    }
  });
  return `"${escaped}"`;
}

/** A name as a YAML scalar that loads as that string: plain when it can be, quoted otherwise. */
export function nameScalar(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_-]*$/.test(name) && !plainTextIsNotString(name) ? name : doubleQuoted(name);
}

/** Characters that a plain scalar cannot start with. */
const PLAIN_FIRST = /^[-?:,[\]{}#&*!|>'"%@`]/;
/** Characters that a plain scalar in a flow collection cannot contain. */
const FLOW_INDICATORS = /[[\]{},]/;

export interface ValueChange {
  /** Indices in the scalar's value. `start === end` inserts. */
  start: number;
  end: number;
  text: string;
}

/**
 * Edits that turn the scalar's value into `value` with `changes` applied,
 * keeping its style, quoting and escapes: each change replaces the source
 * characters that produced value[start, end). When the style cannot hold the
 * new text (a plain scalar that would start with `[`, flow indicators in a
 * flow collection), the whole scalar is rewritten double-quoted.
 */
export function changeScalarValue(doc: YamlText, root: PyNode | null, node: ScalarNode, changes: ValueChange[]): OffsetEdit[] {
  const value = node.text;
  const offsets = valueOffsets(node);
  const base = doc.at.base(node.origin);
  const inserted = charged(changes).map((c) => c.text).join('');
  const unsafe =
    !offsets ||
    (node.style === 'plain' && (charged(changes).some((c) => c.start === 0 && PLAIN_FIRST.test(c.text)) || (FLOW_INDICATORS.test(inserted) && inFlowContext(doc, root, node)))) ||
    (node.style === 'single' && inserted.includes("'")) ||
    (node.style === 'double' && /["\\]/.test(inserted)) ||
    inserted.includes('\n');
  if (unsafe) {
    let result = '';
    let position = 0;
    for (const change of charged([...changes]).sort((a, b) => a.start - b.start)) {
      spend();
      result += value.slice(position, change.start) + change.text;
      position = change.end;
    }
    result += value.slice(position);
    const end = node.style === 'literal' || node.style === 'folded' ? doc.at.trimmedEnd(node) : doc.at.end(node);
    return [{ start: doc.at.start(node), end, newText: doubleQuoted(result) }];
  }
  return charged(changes).map((change) => {
    if (change.start < change.end) return { start: base + offsets.starts[change.start], end: base + offsets.ends[change.end - 1], newText: change.text };
    const at = change.start < offsets.starts.length ? offsets.starts[change.start] : offsets.ends.length > 0 ? offsets.ends[offsets.ends.length - 1] : node.contentStart;
    return { start: base + at, end: base + at, newText: change.text };
  });
}

/** The value index where text appended to a scalar goes: before the trailing line breaks of a block scalar. */
export function appendIndex(value: string): number {
  return value.replace(/\n+$/, '').length;
}

/** Inserts `key: value` as the last entry of a mapping, on its own line (block) or after a `, ` (flow). */
export function appendMapEntry(doc: YamlText, map: MapNode, entry: string): OffsetEdit {
  if (isFlowCollection(doc, map)) return appendFlowItem(doc, map, entry);
  const { text, at } = doc;
  return insertLines(text, lineAfter(text, at.trimmedEnd(map)), [' '.repeat(column(text, at.start(map))) + entry]);
}

/** Inserts an item at the end of a flow collection (`[...]` or `{...}`). */
export function appendFlowItem(doc: YamlText, collection: MapNode | SeqNode, item: string): OffsetEdit {
  const text = doc.text;
  let at = doc.at.trimmedEnd(collection) - 1;
  while (at > doc.at.start(collection) + 1 && /\s/.test(text[at - 1])) {
    spend();
    at--;
  }
  const empty = (collection.kind === 'map' ? collection.pairs.length : collection.items.length) === 0;
  const before = text[at - 1];
  return { start: at, end: at, newText: empty ? item : before === ',' ? ` ${item}` : `, ${item}` };
}

/** Deletes one entry of a block or flow mapping (with its line, or with its `, `). */
export function removeMapEntry(doc: YamlText, map: MapNode, key: PyNode, value: PyNode): OffsetEdit {
  const { text, at } = doc;
  const index = charged(map.ownPairs).findIndex((pair) => pair.key === key);
  const entryEnd = Math.max(at.end(key), at.trimmedEnd(value));
  if (isFlowCollection(doc, map)) {
    const next = map.ownPairs[index + 1];
    const previous = map.ownPairs[index - 1];
    if (next) return { start: at.start(key), end: at.start(next.key), newText: '' };
    if (previous) return { start: Math.max(at.end(previous.key), at.trimmedEnd(previous.value)), end: entryEnd, newText: '' };
    return { start: at.start(key), end: entryEnd, newText: '' };
  }
  // The only entry: the mapping becomes `{}` rather than null.
  if (map.ownPairs.length === 1 && map.pairs.length === 1) return { start: at.start(key), end: entryEnd, newText: '{}' };
  return wholeLines(text, at.start(key), entryEnd).deletion;
}

/** The source text of one item of a sequence, and the edit that removes it (its lines, or its `, `). */
export function seqItem(doc: YamlText, seq: SeqNode, index: number): { text: string; start: number; deletion: OffsetEdit; flow: boolean; separator: string } {
  const { text, at } = doc;
  const item = seq.items[index];
  if (isFlowCollection(doc, seq)) {
    const itemText = text.slice(at.start(item), at.trimmedEnd(item));
    const previous = seq.items[index - 1];
    const next = seq.items[index + 1];
    const deletion = previous
      ? { start: at.trimmedEnd(previous), end: at.trimmedEnd(item), newText: '' }
      : { start: at.start(item), end: next ? at.start(next) : at.trimmedEnd(item), newText: '' };
    // The `,` and the spacing or line break the list uses between these items.
    const separator = previous ? text.slice(at.trimmedEnd(previous), at.start(item)) : next ? text.slice(at.trimmedEnd(item), at.start(next)) : ', ';
    return { text: itemText, start: at.start(item), deletion, flow: true, separator };
  }
  const lines = wholeLines(text, at.itemStart(item), at.trimmedEnd(item));
  return { text: lines.text, start: lines.start, deletion: lines.deletion, flow: false, separator: '' };
}

/** The node (key, value or item) that spans exactly [start, end), with the collection holding it. */
export function nodeAtSpan(at: Placement, root: PyNode | null, start: number, end: number): { node: PyNode; parent: MapNode | SeqNode | null } | null {
  if (!root) return null;
  let found: { node: PyNode; parent: MapNode | SeqNode | null } | null = null;
  const visit = (node: PyNode, parent: MapNode | SeqNode | null): void => {
    spend();
    if (found || at.start(node) > end || at.end(node) < start) return;
    if (at.start(node) === start && at.end(node) === end && node.kind !== 'map' && node.kind !== 'seq') {
      found = { node, parent };
      return;
    }
    if (node.kind === 'seq') for (const item of node.items) {
      spend();
      visit(item, node);
    }
    if (node.kind === 'map') for (const pair of node.ownPairs) {
      spend();
      visit(pair.key, node);
      visit(pair.value, node);
    }
  };
  visit(root, null);
  return found;
}
