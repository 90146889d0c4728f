/**
 * Fixes that add a field (or remove one) in a tool or argument mapping:
 * - missing-field: `docstring: null` right after the tool's key line; a
 *   placeholder for an argument's `type`, `description`, `required` (as the
 *   signature writes it) and `name` (the one placeholder no argument fills);
 * - multiline-without-signature: a signature listing the arguments;
 * - array-without-items: `items: {type: string}`;
 * - name-key-conflict: remove `name:`.
 */
import { NameRepeat, isArgumentName } from '../../python/argumentNamePattern';
import { signaturePlaceholders } from '../../swe/placeholders';
import { MapNode, deref } from '../../yaml/pyNode';
import { ArgumentView, ToolView} from '../../document/bundleView';
import { OffsetEdit } from '../edits';
import { FixContext, QuickFix, QuickFixProvider, requiredOf } from './quickFix';
import { appendFlowItem, appendMapEntry, column, doubleQuoted, insertLines, isFlowCollection, lineAfter, nameScalar, removeMapEntry } from './yamlEdits';
import { charged, spend } from '../../work';

/** The tool's own mapping (not one shared through an alias). */
function toolMap(tool: ToolView | undefined): MapNode | null {
  return tool && tool.map && tool.valueNode.kind !== 'alias' ? tool.map : null;
}

/** Inserts `key: value` as the first entry of a tool: the line after the tool's key, at the fields' indentation. */
function firstToolEntry(context: FixContext, tool: ToolView, map: MapNode, entry: string): OffsetEdit {
  const { text } = context;
  if (isFlowCollection(context, map)) {
    const first = map.ownPairs[0];
    return first ? { start: context.at.start(first.key), end: context.at.start(first.key), newText: `${entry}, ` } : appendFlowItem(context, map, entry);
  }
  return insertLines(text, lineAfter(text, context.at.end(tool.keyNode)), [' '.repeat(column(text, context.at.start(map))) + entry]);
}

/** A placeholder value for a missing argument field, when one is obvious. */
function placeholderValue(tool: ToolView, argument: ArgumentView, field: string, repeat: NameRepeat): string | null {
  const signature = tool.signature ? signaturePlaceholders(tool.signature.text, repeat) : [];
  switch (field) {
    case 'type':
      return argument.fields.has('items') ? 'array' : 'string';
    case 'description':
      return '""';
    case 'required': {
      const spelling = charged(signature).find((p) => p.name === argument.name && p.spelling !== 'flag');
      if (spelling) return String(spelling.spelling !== 'optional');
      // Otherwise as its place allows: required only while no optional argument comes before it.
      return String(charged(tool.arguments).every((a) => a.index >= argument.index || requiredOf(a) !== false));
    }
    case 'name': {
      const taken = new Set(charged(tool.arguments).map((a) => a.name));
      const free = [...new Set(charged(signature).filter((p) => p.spelling !== 'flag' && !taken.has(p.name)).map((p) => p.name))];
      return free.length === 1 && isArgumentName(free[0], repeat) ? nameScalar(free[0]) : null;
    }
    default:
      return null;
  }
}

export const addMissingField: QuickFixProvider<'missing-field'> = (context) => {
  const field = context.data?.addField;
  const tool = context.tool;
  const map = toolMap(tool);
  if (!tool || !map || field === undefined) return [];
  if (field === 'docstring') return [{ title: 'Add `docstring: null`', edits: [firstToolEntry(context, tool, map, 'docstring: null')], isPreferred: true }];
  const index = context.data?.argumentIndex;
  const argument = index === undefined ? undefined : tool.arguments[index];
  if (!argument || !argument.map || argument.node.kind === 'alias') return [];
  const value = placeholderValue(tool, argument, field, context.model.facts.argumentNamePattern);
  if (value === null) return [];
  return [{ title: `Add \`${field}: ${value}\``, edits: [appendMapEntry(context, argument.map, `${field}: ${value}`)], isPreferred: true }];
};

export const addSignature: QuickFixProvider<'multiline-without-signature'> = (context) => {
  const tool = context.tool;
  const map = toolMap(tool);
  if (!tool || !map || tool.name === undefined || /[{}<>[\]]/.test(tool.name)) return [];
  let signature = tool.name;
  for (const argument of tool.arguments) {
    spend();
    const required = requiredOf(argument);
    if (argument.name === undefined || !isArgumentName(argument.name, context.model.facts.argumentNamePattern) || required === undefined) return [];
    signature += required ? ` <${argument.name}>` : ` [<${argument.name}>]`;
  }
  const entry = `signature: ${doubleQuoted(signature)}`;
  return [{ title: `Add \`${entry}\``, edits: [firstToolEntry(context, tool, map, entry)], isPreferred: true }];
};

export const addArrayItems: QuickFixProvider<'array-without-items'> = (context) => {
  const { text } = context;
  const argument = charged(context.tool?.arguments)?.find((a) => {
    const type = a.fields.get('type')?.value;
    return type !== undefined && context.at.start(type) === context.start;
  });
  const map = argument?.map;
  if (!argument || !map || argument.node.kind === 'alias') return [];
  const typeEntry = argument.fields.get('type')!;
  const items = argument.fields.get('items');
  const fix = (edit: OffsetEdit): QuickFix[] => [{ title: 'Add `items: {type: string}`', edits: [edit], isPreferred: true }];
  if (items) {
    const value = items.value;
    const target = deref(value);
    // `items` that has entries but does not load is wrong-type's to fix.
    if (value.kind === 'alias' || !charged(map.ownPairs).some((p) => p.key === items.key) || (target.kind === 'map' && target.pairs.length > 0) || target.kind === 'seq') return [];
    if (target.kind === 'scalar' && target.value.type !== 'NoneType') return [];
    if (target.kind === 'scalar' && target.text === '' && target.style === 'plain') {
      // `items:` with nothing after it.
      const from = text.indexOf(':', context.at.end(items.key)) + 1;
      let to = from;
      while (text[to] === ' ') {
        spend();
        to++;
      }
      return fix({ start: from, end: to, newText: ` {type: string}${text[to] === '#' ? ' ' : ''}` });
    }
    return fix({ start: context.at.start(value), end: Math.max(context.at.start(value), context.at.trimmedEnd(value)), newText: '{type: string}' });
  }
  if (isFlowCollection(context, map)) {
    const end = Math.max(context.at.end(typeEntry.key), context.at.trimmedEnd(typeEntry.value));
    return fix({ start: end, end, newText: ', items: {type: string}' });
  }
  return fix(insertLines(text, lineAfter(text, context.at.trimmedEnd(typeEntry.value)), [' '.repeat(column(text, context.at.start(typeEntry.key))) + 'items: {type: string}']));
};

export const removeNameKey: QuickFixProvider<'name-key-conflict'> = (context) => {
  const map = toolMap(context.tool);
  const entry = context.tool?.fields.get('name');
  if (!map || !entry || !charged(entry.occurrences).every((o) => map.ownPairs.includes(o))) return [];
  const edits = charged(entry.occurrences).map((o) => removeMapEntry(context, map, o.key, o.value));
  return [{ title: 'Remove `name:` (the tool is named by its key)', edits, isPreferred: true }];
};
