/**
 * The style a bundle is already written in, so that inserted skeletons fit:
 * indentation widths, the order of a tool's and an argument's main keys, and
 * the quote style of signatures, docstrings, descriptions and argument formats.
 */
import { PyNode, ScalarStyle, deref } from '../../yaml/pyNode';
import { ArgumentView, BundleView, ToolView } from '../../document/bundleView';
import { Part } from './snippet';
import { pushAll } from '../../util/pushAll';
import { charged, spend } from '../../work';

export type QuoteStyle = ScalarStyle;

export interface FileStyle {
  /** Columns from a tool's key to its fields (and from `tools:` to the tool keys). */
  indent: number;
  /** Columns from `arguments:` to its items' `-`. */
  sequenceIndent: number;
  /** Columns from an item's `-` to its first key. */
  itemIndent: number;
  toolKeys: string[];
  argumentKeys: string[];
  signature: QuoteStyle;
  docstring: QuoteStyle;
  description: QuoteStyle;
  argumentFormat: 'double' | 'single';
}

const TOOL_SKELETON_KEYS = ['signature', 'docstring', 'arguments'];
const ARGUMENT_SKELETON_KEYS = ['name', 'type', 'description', 'required'];

function columnOf(text: string, offset: number): number {
  return offset - (text.lastIndexOf('\n', offset - 1) + 1);
}

function onLaterLine(text: string, before: number, after: number): boolean {
  return text.lastIndexOf('\n', after) >= before;
}

/** The main keys in the order the first mapping naming two of them uses; the others after, in the default order. */
function keyOrder(maps: Iterable<Map<string, unknown>>, main: string[]): string[] {
  for (const fields of maps) {
    spend();
    const found = charged([...fields.keys()]).filter((key) => main.includes(key));
    if (found.length >= 2) return [...found, ...charged(main).filter((key) => !found.includes(key))];
  }
  return main;
}

const FLOW_STYLES = ['double', 'single', 'plain'] as const;
const QUOTES = ['double', 'single'] as const;

/** The style of a view (the defaults without one), in one pass over its tools. */
export function fileStyle(view: BundleView | null): FileStyle {
  const style: FileStyle = {
    indent: 2,
    sequenceIndent: 2,
    itemIndent: 2,
    toolKeys: TOOL_SKELETON_KEYS,
    argumentKeys: ARGUMENT_SKELETON_KEYS,
    signature: 'double',
    docstring: 'double',
    description: 'double',
    argumentFormat: 'double',
  };
  if (!view) return style;
  const text = view.text;
  const at = view.at;
  const col = (offset: number) => columnOf(text, offset);
  const tools = view.tools;
  // Read lazily: most of what follows stops at the first tool or argument that says (a big bundle has thousands).
  const args = (): Iterable<ArgumentView> => argumentsOf(tools);

  const toolsKey = view.rootFields.get('tools')?.key;
  let fieldIndent: number | undefined;
  for (const tool of tools) {
    spend();
    const first = tool.map?.ownPairs[0];
    const d = !first || !onLaterLine(text, at.start(tool.keyNode), at.start(first.key)) ? 0 : col(at.start(first.key)) - col(at.start(tool.keyNode));
    if (d > 0) {
      fieldIndent = d;
      break;
    }
  }
  const toolIndent = toolsKey && tools.length > 0 && onLaterLine(text, at.start(toolsKey), at.start(tools[0].keyNode)) ? col(at.start(tools[0].keyNode)) - col(at.start(toolsKey)) : 0;
  style.indent = fieldIndent ?? (toolIndent > 0 ? toolIndent : 2);

  style.sequenceIndent = style.indent;
  for (const tool of tools) {
    spend();
    const entry = tool.fields.get('arguments');
    const first = entry && deref(entry.value).kind === 'seq' ? (deref(entry.value) as { items: PyNode[] }).items[0] : undefined;
    if (!entry || !first || !onLaterLine(text, at.start(entry.key), at.itemStart(first))) continue;
    const d = col(at.itemStart(first)) - col(at.start(entry.key));
    if (d >= 0) {
      style.sequenceIndent = d;
      break;
    }
  }
  for (const argument of args()) {
    spend();
    const first = argument.map?.ownPairs[0];
    if (!first || onLaterLine(text, at.itemStart(argument.node), at.start(first.key))) continue;
    const d = col(at.start(first.key)) - col(at.itemStart(argument.node));
    if (d >= 2) {
      style.itemIndent = d;
      break;
    }
  }

  style.toolKeys = keyOrder(
    mapped(tools, (tool) => tool.fields),
    TOOL_SKELETON_KEYS,
  );
  style.argumentKeys = keyOrder(
    mapped(args(), (argument) => argument.fields),
    ARGUMENT_SKELETON_KEYS,
  );
  // One pass over the tools' styles (flatMap over thousands of tools cost more than the rest of a completion).
  const signatures: (QuoteStyle | null)[] = [];
  const docstrings: (QuoteStyle | null)[] = [];
  const descriptions: (QuoteStyle | null)[] = [];
  const argumentFormats: (QuoteStyle | null)[] = [];
  for (const tool of tools) {
    spend();
    const facts = tool.styles;
    signatures.push(facts.signature);
    docstrings.push(facts.docstring);
    pushAll(descriptions, facts.descriptions);
    pushAll(argumentFormats, facts.argumentFormats);
  }
  style.signature = mostUsed(signatures, FLOW_STYLES, 'double');
  style.docstring = mostUsed(docstrings, [...FLOW_STYLES, 'literal', 'folded'], 'double');
  style.description = mostUsed(descriptions, FLOW_STYLES, 'double');
  const descriptionQuote = style.description === 'single' ? 'single' : 'double';
  style.argumentFormat = mostUsed(argumentFormats, QUOTES, descriptionQuote);
  return style;
}

/** The most used of the allowed styles (the first seen wins a tie), or the fallback. */
function mostUsed<S extends QuoteStyle>(styles: readonly (QuoteStyle | null)[], allowed: readonly S[], fallback: S): S {
  const counts = new Map<S, number>();
  for (const style of styles) {
    spend();
    if (style === null || !(allowed as readonly string[]).includes(style)) continue;
    counts.set(style as S, (counts.get(style as S) ?? 0) + 1);
  }
  let best = fallback;
  let bestCount = 0;
  for (const [style, count] of counts) {
    spend();
    if (count > bestCount) {
      best = style;
      bestCount = count;
    }
  }
  return best;
}

function* argumentsOf(tools: readonly ToolView[]): Iterable<ArgumentView> {
  for (const tool of tools) {
    spend();
    yield* tool.arguments;
  }
}

function* mapped<T, U>(items: Iterable<T>, f: (item: T) => U): Iterable<U> {
  for (const item of items) {
    spend();
    yield f(item);
  }
}

/** Text as the content of a quoted scalar of this style. */
export function quoteContent(style: 'double' | 'single', text: string): string {
  return style === 'double' ? text.replace(/[\\"]/g, (c) => '\\' + c) : text.replace(/'/g, "''");
}

/** Whether text can be written as a plain scalar (in block context) and read back as the same string. */
export function plainSafe(text: string): boolean {
  if (text === '') return true;
  if (/^[-?:,[\]{}#&*!|>'"%@`\s]/.test(text) || /\s$/.test(text)) return false;
  if (/: |:$| #|[\n\t]/.test(text)) return false;
  return !/^(?:true|false|yes|no|on|off|y|n|null|~|[-+]?[0-9][0-9_.:eE+-]*)$/i.test(text);
}

function defaultText(parts: Part[]): string {
  return charged(parts).map((part) => (typeof part === 'string' ? part : (part.choices?.[0] ?? part.text ?? ''))).join('');
}

/**
 * A scalar value in a style: quoted (content escaped for the quotes), plain
 * when that reads back as the same string (else double-quoted), or a block
 * scalar whose content goes on the next line at `blockIndent`.
 */
export function scalarParts(style: QuoteStyle, content: Part[], blockIndent: string): Part[] {
  if (style === 'literal' || style === 'folded') return [style === 'literal' ? '|' : '>', '\n' + blockIndent, ...content];
  if (style === 'plain' && plainSafe(defaultText(content))) return content;
  const quote = style === 'single' ? 'single' : 'double';
  const mark = quote === 'single' ? "'" : '"';
  const escaped = charged(content).map((part): Part => {
    if (typeof part === 'string') return quoteContent(quote, part);
    if (part.choices) return { ...part, choices: charged(part.choices).map((c) => quoteContent(quote, c)) };
    return part.text === undefined ? part : { ...part, text: quoteContent(quote, part.text) };
  });
  return [mark, ...escaped, mark];
}
