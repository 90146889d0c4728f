/**
 * Navigation between an argument and the places that name it: its `name`
 * value, its placeholders in the signature (`<x>`, `[<x>]`, `{x}`, `--x`) and
 * its `<x>` mentions in the docstring. Go to definition, references and
 * document highlights; rename and hover build on the same occurrences.
 */
import { BundleModel } from '../document/bundleModel';
import type { NameRepeat } from '../python/argumentNamePattern';
import { PlaceholderSpelling, angleMentions, signaturePlaceholders } from '../swe/placeholders';
import { PyNode, ScalarNode, deref } from '../yaml/pyNode';
import { Placement } from '../document/placement';
import { ValueOffsets, valueOffsets } from '../yaml/scalarOffsets';
import { ArgumentView, ToolView, toolAt } from '../document/bundleView';
import { charged, spend } from '../work';

export interface TextRange {
  start: number;
  end: number;
}

/**
 * The absolute source range of value[start, end) of a scalar, exactly, or
 * null when the characters cannot be mapped (then callers give no answer
 * rather than a wrong one).
 */
export function valueRange(at: Placement, node: ScalarNode, start: number, end: number): TextRange | null {
  return valueRanges(at, node)(start, end);
}

/** `valueRange` for many pieces of one scalar: its offsets are mapped once, when the first piece is asked for. */
export function valueRanges(at: Placement, node: ScalarNode): (start: number, end: number) => TextRange | null {
  let mapped: ValueOffsets | null | undefined;
  return (start, end) => {
    if (mapped === undefined) mapped = valueOffsets(node);
    if (!mapped || start < 0 || start >= end || end > mapped.starts.length) return null;
    const base = at.base(node.origin);
    return { start: base + mapped.starts[start], end: base + mapped.ends[end - 1] };
  };
}

/** The string scalar a node stands for (through an alias), or undefined. */
export function strScalarOf(node: PyNode | undefined): ScalarNode | undefined {
  if (!node) return undefined;
  const target = deref(node);
  return target.kind === 'scalar' && target.value.type === 'str' ? target : undefined;
}

type OccurrenceKind = 'name' | 'placeholder' | 'mention';

export interface ArgumentOccurrence {
  kind: OccurrenceKind;
  /** For placeholders: how the signature spells it. */
  spelling?: PlaceholderSpelling;
  /** For `name` occurrences: the argument. */
  argument?: ArgumentView;
  /** The string scalar that holds the name (the argument's name, the signature or the docstring). */
  node: ScalarNode;
  /** The name's characters in the scalar's value. */
  valueStart: number;
  valueEnd: number;
  /** The name's characters in the source (absolute). */
  start: number;
  end: number;
  /** The whole token in the source: `<x>`, `[<x>]`, `{x}`, `--x`, or the name value with its quotes. */
  tokenStart: number;
  tokenEnd: number;
  /** The whole token in the scalar's value (for a name: the whole value). */
  tokenValueStart: number;
  tokenValueEnd: number;
}

export interface ArgumentTarget {
  tool: ToolView;
  name: string;
  /** The arguments with this name (more than one is a duplicate SWE-agent rejects). */
  arguments: ArgumentView[];
  /** Every occurrence, in document order. */
  occurrences: ArgumentOccurrence[];
  /** False when some occurrence could not be mapped to the source; it is then missing from `occurrences`. */
  complete: boolean;
  /** The occurrence at the offset asked about. */
  at: ArgumentOccurrence;
}

interface Candidate {
  name: string;
  node: ScalarNode;
  kind: OccurrenceKind;
  spelling?: PlaceholderSpelling;
  argument?: ArgumentView;
  valueStart: number;
  valueEnd: number;
  tokenValueStart?: number;
  tokenValueEnd?: number;
  /** The node whose whole range is the token (a `name` value, which may be an alias). */
  tokenNode?: PyNode;
}

/** Every place in a tool that names an argument, whether or not the argument exists. */
function candidates(tool: ToolView, repeat: NameRepeat): Candidate[] {
  const found: Candidate[] = [];
  for (const argument of tool.arguments) {
    spend();
    const node = strScalarOf(argument.nameNode);
    if (!node || argument.name === undefined || argument.name.length === 0) continue;
    found.push({ name: argument.name, node, kind: 'name', argument, valueStart: 0, valueEnd: argument.name.length, tokenNode: argument.nameNode });
  }
  const signature = tool.signature;
  if (signature && signature.value.type === 'str') {
    for (const p of signaturePlaceholders(signature.value.value, repeat)) {
      spend();
      found.push({ name: p.name, node: signature, kind: 'placeholder', spelling: p.spelling, valueStart: p.nameStart, valueEnd: p.nameEnd, tokenValueStart: p.start, tokenValueEnd: p.end });
    }
  }
  const docstring = tool.docstring;
  if (docstring && docstring.value.type === 'str') {
    for (const m of angleMentions(docstring.value.value)) {
      spend();
      found.push({ name: m.name, node: docstring, kind: 'mention', valueStart: m.nameStart, valueEnd: m.nameStart + m.name.length, tokenValueStart: m.start, tokenValueEnd: m.end });
    }
  }
  return found;
}

function occurrenceOf(at: Placement, candidate: Candidate, rangesOf: (node: ScalarNode) => (start: number, end: number) => TextRange | null): ArgumentOccurrence | null {
  const ranges = rangesOf(candidate.node);
  const name = ranges(candidate.valueStart, candidate.valueEnd);
  if (!name) return null;
  let token: TextRange | null;
  if (candidate.tokenNode) token = at.range(candidate.tokenNode);
  else token = ranges(candidate.tokenValueStart!, candidate.tokenValueEnd!);
  if (!token) return null;
  return {
    kind: candidate.kind,
    spelling: candidate.spelling,
    argument: candidate.argument,
    node: candidate.node,
    valueStart: candidate.valueStart,
    valueEnd: candidate.valueEnd,
    start: name.start,
    end: name.end,
    tokenStart: token.start,
    tokenEnd: token.end,
    tokenValueStart: candidate.tokenValueStart ?? candidate.valueStart,
    tokenValueEnd: candidate.tokenValueEnd ?? candidate.valueEnd,
  };
}

/** The token holding the offset: one it is inside of, else one it touches at the end (a cursor right after a word). */
export function pickAt<T extends { tokenStart: number; tokenEnd: number }>(items: readonly T[], offset: number): T | undefined {
  return charged(items).find((i) => i.tokenStart <= offset && offset < i.tokenEnd) ?? charged(items).find((i) => i.tokenEnd === offset);
}

/** Every place in the tool that names `name` (an argument or not), located in the source; `complete` is false when some place could not be located. */
/** Every place in `tool` that names the argument `name`; `repeat` is the chosen SWE-agent's argument-name pattern. */
export function occurrencesOf(at: Placement, tool: ToolView, name: string, repeat: NameRepeat): { occurrences: ArgumentOccurrence[]; complete: boolean } {
  const same = charged(candidates(tool, repeat)).filter((c) => c.name === name);
  const mappers = new Map<ScalarNode, (start: number, end: number) => TextRange | null>();
  const rangesOf = (node: ScalarNode) => mappers.get(node) ?? mappers.set(node, valueRanges(at, node)).get(node)!;
  const occurrences = charged(same).flatMap((c) => occurrenceOf(at, c, rangesOf) ?? []);
  return { occurrences: charged(occurrences).sort((a, b) => a.start - b.start), complete: occurrences.length === same.length };
}

/** The argument named at an offset (its name, a placeholder of it, or a docstring mention of it), with all its occurrences. */
export function argumentTargetAt(model: BundleModel, offset: number): ArgumentTarget | null {
  const view = model.view;
  const tool = toolAt(view, offset);
  if (!tool) return null;
  const all = candidates(tool, model.facts.argumentNamePattern);
  const names = new Set(charged(tool.arguments).map((a) => a.name).filter((n): n is string => n !== undefined));
  const located: { candidate: Candidate; occurrence: ArgumentOccurrence }[] = [];
  // The signature's and the docstring's offsets are mapped once each, however many names they hold.
  const mappers = new Map<ScalarNode, (start: number, end: number) => TextRange | null>();
  const rangesOf = (node: ScalarNode) => mappers.get(node) ?? mappers.set(node, valueRanges(view.at, node)).get(node)!;
  for (const candidate of all) {
    spend();
    if (!names.has(candidate.name)) continue;
    const occurrence = occurrenceOf(view.at, candidate, rangesOf);
    if (occurrence) located.push({ candidate, occurrence });
  }
  const hit = pickAt(
    charged(located).map((l) => ({ ...l, tokenStart: l.occurrence.tokenStart, tokenEnd: l.occurrence.tokenEnd })),
    offset,
  );
  if (!hit) return null;
  const name = hit.candidate.name;
  const same = charged(all).filter((c) => c.name === name);
  const occurrences = charged(located).filter((l) => l.candidate.name === name).map((l) => l.occurrence);
  return {
    tool,
    name,
    arguments: charged(tool.arguments).filter((a) => a.name === name),
    occurrences: charged(occurrences).sort((a, b) => a.start - b.start),
    complete: occurrences.length === same.length,
    at: hit.occurrence,
  };
}

interface DefinitionTarget {
  /** The argument's name value. */
  start: number;
  end: number;
  /** The whole argument item (from its `- `). */
  itemStart: number;
  itemEnd: number;
}

export interface Definition {
  /** The token the request was made on. */
  origin: TextRange;
  targets: DefinitionTarget[];
}

/** Go to definition: from a placeholder (or docstring mention, or the name itself) to the argument's `name` value. */
export function definitionAt(model: BundleModel, offset: number): Definition | null {
  const target = argumentTargetAt(model, offset);
  if (!target) return null;
  const at = model.placement;
  const targets = charged(target.occurrences)
    .filter((o) => o.kind === 'name')
    .map((o) => ({ start: o.start, end: o.end, itemStart: at.itemStart(o.argument!.node), itemEnd: at.trimmedEnd(o.argument!.node) }));
  if (targets.length === 0) return null;
  return { origin: { start: target.at.tokenStart, end: target.at.tokenEnd }, targets };
}

/** Every place naming the argument at the offset (the names of the characters, not the brackets around them). */
export function referencesAt(model: BundleModel, offset: number, includeDeclaration: boolean): TextRange[] {
  const target = argumentTargetAt(model, offset);
  if (!target) return [];
  return charged(target.occurrences).filter((o) => includeDeclaration || o.kind !== 'name').map((o) => ({ start: o.start, end: o.end }));
}

export interface Highlight extends TextRange {
  /** The argument's name is where it is defined (write); placeholders and mentions read it. */
  kind: 'write' | 'read';
}

export function highlightsAt(model: BundleModel, offset: number): Highlight[] {
  const target = argumentTargetAt(model, offset);
  if (!target) return [];
  return charged(target.occurrences).map((o) => ({ start: o.start, end: o.end, kind: o.kind === 'name' ? 'write' : 'read' }));
}
