/**
 * wrong-type, non-string-key, yaml-value-tag: a plain scalar that PyYAML
 * reads as a bool, number, date or null (or the YAML 1.1 value `=`) where a
 * string is meant. The fix writes it double-quoted, where a string is what
 * the field takes (not for `required: 1`, which wants a boolean).
 */
import { NameRepeat, isArgumentName } from '../../python/argumentNamePattern';
import { JSON_SCHEMA_TYPES } from '../../swe/checkTool';
import { MapNode, PyNode, SeqNode, strValue } from '../../yaml/pyNode';
import { Placement } from '../../document/placement';
import { loadYaml } from '../../yaml/loadYaml';
import { applyEdits } from '../edits';
import { FixContext, QuickFixProvider } from './quickFix';
import { ancestorsOf, doubleQuoted, nodeAtSpan } from './yamlEdits';
import { AnyFixData } from '../../rules/fixData';
import { charged } from '../../work';

/** Fields whose value is a string (or null) in SWE-agent's models. */
const STRING_FIELDS = new Set(['docstring', 'signature', 'end_name', 'description', 'argument_format', 'state_command']);

/** The key under which `node` is the value in `map`. */
function keyOf(map: MapNode, node: PyNode): string | undefined {
  const pair = charged(map.ownPairs).find((p) => p.value === node);
  return pair ? strValue(pair.key) : undefined;
}

/** Whether `text`, quoted, is a value its place accepts: quoting `required: 1` or `name: 1` would trade one error for another. */
function stringWanted(root: PyNode | null, node: PyNode, parent: MapNode | SeqNode | null, text: string, repeat: NameRepeat): boolean {
  if (!parent) return false;
  const ancestors = ancestorsOf(root, parent) ?? [];
  const grandparent = ancestors[ancestors.length - 1];
  const parentKey = grandparent?.kind === 'map' ? keyOf(grandparent, parent) : undefined;
  if (parent.kind === 'seq') return parentKey === 'enum';
  // Keys are strings everywhere; in `items: {type: string}` values are too.
  if (charged(parent.ownPairs).some((p) => p.key === node) || parentKey === 'items') return true;
  const key = keyOf(parent, node);
  if (key === 'name') return isArgumentName(text, repeat);
  if (key === 'type') return (JSON_SCHEMA_TYPES as readonly string[]).includes(text);
  return key !== undefined && STRING_FIELDS.has(key);
}

/** The text to quote, when the check found one (an agent config's `wrong-type` carries other data). */
function quoteText(data: AnyFixData | undefined): string | undefined {
  return data && 'quote' in data ? data.quote.text : undefined;
}

/**
 * A file with a bare `=` does not load, so there is no tree to ask where the
 * `=` is: load the text with every such `=` quoted, and look there.
 */
function quotedTree(context: FixContext): { root: PyNode | null; at: Placement; start: number; end: number } {
  if (context.root || context.diagnostic.code !== 'yaml-value-tag') return { root: context.root, at: context.at, start: context.start, end: context.end };
  const edits = charged(context.model.diagnostics)
    .filter((d) => d.code === 'yaml-value-tag' && quoteText(d.data) !== undefined)
    .map((d) => ({ start: d.start, end: d.end, newText: doubleQuoted(quoteText(d.data)!) }));
  const trial = applyEdits(context.text, edits);
  const shift = charged(edits).filter((e) => e.end <= context.start).reduce((sum, e) => sum + e.newText.length - (e.end - e.start), 0);
  const origin = { text: trial };
  const load = loadYaml(trial, origin);
  const own = charged(edits).find((e) => e.start === context.start);
  return { root: load.problems.length === 0 ? load.root : null, at: Placement.whole(origin), start: context.start + shift, end: context.start + shift + (own?.newText.length ?? 0) };
}

export const quoteScalar: QuickFixProvider<'wrong-type' | 'non-string-key' | 'yaml-value-tag'> = (context) => {
  const text = quoteText(context.data);
  if (text === undefined || context.text.slice(context.start, context.end) !== text) return [];
  const where = quotedTree(context);
  const found = nodeAtSpan(where.at, where.root, where.start, where.end);
  if (!found || !stringWanted(where.root, found.node, found.parent, text, context.model.facts.argumentNamePattern)) return [];
  const title = text === '' ? 'Write an empty string `""`' : `Quote \`${text}\` so that YAML reads it as a string`;
  // A key inside a tool, once a string, is still a key SWE-agent ignores: one way out, not the obvious one.
  // An empty value sits right after its `:` or `-`, which needs a space before the quotes.
  const spaced = context.start > 0 && !/[\s[{,]/.test(context.text[context.start - 1]) ? ' ' : '';
  return [{ title, edits: [{ start: context.start, end: context.end, newText: spaced + doubleQuoted(text) }], isPreferred: context.diagnostic.code !== 'non-string-key' }];
};
