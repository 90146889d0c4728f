/**
 * Selection ranges ("expand selection"): for a cursor, the chain of ranges
 * around it, innermost first, each strictly containing the one before:
 * word, then (in a signature) the placeholder's name and its whole spelling,
 * or (in a docstring) a `<x>` mention or `{VAR}` field; the scalar's content
 * inside its quotes (or a block scalar's body), the scalar with its quotes;
 * the `key: value` entry or `- ` item, the mapping or sequence holding it
 * (an argument, a tool, `tools`), and so on up to the whole document.
 */
import { BundleModel } from '../document/bundleModel';
import { parseFormatString } from '../python/formatString';
import type { NameRepeat } from '../python/argumentNamePattern';
import { angleMentions, signaturePlaceholders } from '../swe/placeholders';
import { PyNode, ScalarNode, strValue } from '../yaml/pyNode';
import { Placement } from '../document/placement';
import { ValueOffsets, valueOffsets } from '../yaml/scalarOffsets';
import { lineBounds } from './edits';
import { envFieldName } from '../swe/env';
import { charged, spend } from '../work';

export interface OffsetRange {
  start: number;
  end: number;
}

/** Value ranges of a scalar that name something: a spelling (e.g. `[<x>]`) and the name inside it. */
interface Named {
  start: number;
  end: number;
  nameStart: number;
  nameEnd: number;
}

function namedRanges(role: string | undefined, value: string, repeat: NameRepeat): Named[] {
  if (role === 'signature') return signaturePlaceholders(value, repeat);
  if (role === 'docstring') {
    const fields = charged(parseFormatString(value).items).flatMap((item) =>
      item.field && envFieldName(item.field.name) !== null ? [{ start: item.field.start, end: item.field.end, nameStart: item.field.nameStart, nameEnd: item.field.nameEnd }] : [],
    );
    const mentions = charged(angleMentions(value)).map((m) => ({ start: m.start, end: m.end, nameStart: m.nameStart, nameEnd: m.end - 1 }));
    return [...fields, ...mentions];
  }
  return [];
}

class Chain {
  readonly ranges: OffsetRange[];

  constructor(
    /** Where the model's nodes are. */
    readonly at: Placement,
    /** The chosen SWE-agent's argument-name pattern, for the signature's placeholders. */
    readonly repeat: NameRepeat,
    private readonly offset: number,
    document: OffsetRange,
  ) {
    this.ranges = [document];
  }

  /** Adds a range around the cursor that lies strictly inside the last one; false when it does not fit. */
  add(start: number, end: number): boolean {
    const last = this.ranges[this.ranges.length - 1];
    if (!(start <= this.offset && this.offset <= end)) return false;
    if (start < last.start || end > last.end) return false;
    if (start === last.start && end === last.end) return true;
    this.ranges.push({ start, end });
    return true;
  }

  holds(start: number, end: number): boolean {
    return start <= this.offset && this.offset <= end;
  }
}

/** Where a block scalar's body starts: the first character after its header line's indentation. */
function blockBodyStart(at: Placement, node: ScalarNode): number {
  const text = node.origin.text;
  const headerEnd = text.indexOf('\n', node.contentStart);
  if (headerEnd === -1 || headerEnd >= node.end) return at.end(node);
  let start = headerEnd + 1;
  while (start < node.end && /\s/.test(text[start])) {
    spend();
    start++;
  }
  return at.base(node.origin) + start;
}

function visitScalar(node: ScalarNode, role: string | undefined, chain: Chain): void {
  const at = chain.at;
  if (!chain.add(at.start(node), at.trimmedEnd(node))) return;
  const base = at.base(node.origin);
  if (node.style === 'single' || node.style === 'double') {
    if (!chain.add(base + node.contentStart, base + node.contentEnd)) return;
  } else if (node.style === 'literal' || node.style === 'folded') {
    if (!chain.add(blockBodyStart(at, node), at.trimmedEnd(node))) return;
  }
  const offsets = valueOffsets(node);
  if (!offsets) return;
  const span = (start: number, end: number): OffsetRange | null => (end > start && end <= offsets.starts.length ? sourceSpan(offsets, base, start, end) : null);
  const value = node.text;
  const named = charged(namedRanges(role, value, chain.repeat))
    .map((n) => ({ whole: span(n.start, n.end), name: span(n.nameStart, n.nameEnd) }))
    .find((n) => n.whole && chain.holds(n.whole.start, n.whole.end));
  if (named?.whole) {
    if (!chain.add(named.whole.start, named.whole.end)) return;
    if (named.name && !chain.add(named.name.start, named.name.end)) return;
  }
  for (const match of value.matchAll(/[\p{L}\p{N}_]+/gu)) {
    spend();
    const word = span(match.index!, match.index! + match[0].length);
    if (word && chain.holds(word.start, word.end)) {
      chain.add(word.start, word.end);
      return;
    }
  }
}

function sourceSpan(offsets: ValueOffsets, base: number, start: number, end: number): OffsetRange {
  let from = Infinity;
  let to = -Infinity;
  for (let i = start; i < end; i++) {
    spend();
    from = Math.min(from, offsets.starts[i]);
    to = Math.max(to, offsets.ends[i]);
  }
  return { start: base + from, end: base + to };
}

function visit(node: PyNode, role: string | undefined, chain: Chain): void {
  spend();
  const at = chain.at;
  if (node.kind === 'alias') {
    chain.add(at.start(node), at.end(node));
    return;
  }
  if (node.kind === 'scalar') {
    visitScalar(node, role, chain);
    return;
  }
  if (!chain.add(at.start(node), at.trimmedEnd(node))) return;
  if (node.kind === 'map') {
    for (const pair of node.ownPairs) {
      spend();
      const start = at.start(pair.key);
      const end = Math.max(at.end(pair.key), at.trimmedEnd(pair.value));
      if (!chain.holds(start, end)) continue;
      if (!chain.add(start, end)) return;
      if (chain.holds(at.start(pair.key), at.end(pair.key))) visit(pair.key, undefined, chain);
      else if (chain.holds(at.start(pair.value), at.trimmedEnd(pair.value))) visit(pair.value, strValue(pair.key), chain);
      return;
    }
  } else {
    for (const item of node.items) {
      spend();
      const start = at.itemStart(item);
      const end = at.trimmedEnd(item);
      if (!chain.holds(start, end)) continue;
      if (chain.add(start, end)) visit(item, undefined, chain);
      return;
    }
  }
}

/** The selection ranges around an absolute offset, innermost first; the last is the whole document. */
export function selectionRanges(model: BundleModel, offset: number): OffsetRange[] {
  const text = model.source.normalized;
  const chain = new Chain(model.placement, model.facts.argumentNamePattern, offset, { start: 0, end: text.length });
  if (model.root) {
    visit(model.root, undefined, chain);
  } else {
    // The YAML does not load: the word and the line around the cursor.
    const { start: lineStart, end: lineEnd } = lineBounds(text, offset);
    const line = text.slice(lineStart, lineEnd);
    const indent = /^\s*/.exec(line)![0].length;
    chain.add(lineStart + indent, lineStart + line.trimEnd().length);
    for (const match of line.matchAll(/[\p{L}\p{N}_]+/gu)) {
      spend();
      const start = lineStart + match.index!;
      if (chain.holds(start, start + match[0].length)) {
        chain.add(start, start + match[0].length);
        break;
      }
    }
  }
  return chain.ranges.reverse();
}
