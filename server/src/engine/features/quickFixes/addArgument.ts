/**
 * A signature placeholder without its argument:
 * - signature-unknown-placeholder: add the argument (a skeleton with name,
 *   `type: string`, a description and `required` as `<x>` / `[<x>]` says),
 *   required arguments before optional ones, in the style of the existing
 *   items (or, when it is one mismatch with an argument missing from the
 *   signature, rename either: renameMismatch.ts); or, for a `{...}` field,
 *   escape it as literal braces;
 * - runtime-call-error in a tool without arguments (where SWE-agent checks no
 *   placeholders): add every placeholder as an argument, creating `arguments:`,
 *   or escape the braces.
 */
import { isArgumentName } from '../../python/argumentNamePattern';
import { FormatField, parseFormatString } from '../../python/formatString';
import { signaturePlaceholders } from '../../swe/placeholders';
import { ScalarNode, SeqNode, deref } from '../../yaml/pyNode';
import { valueOffsets } from '../../yaml/scalarOffsets';
import { ToolView} from '../../document/bundleView';
import { OffsetEdit, lineBounds } from '../edits';
import { FixContext, QuickFix, QuickFixProvider, ownSignature, requiredOf } from './quickFix';
import { braceChanges } from './escapeBraces';
import { mismatchRenames } from './renameMismatch';
import { appendFlowItem, appendMapEntry, changeScalarValue, column, insertLines, isFlowCollection, lineAfter, nameScalar } from './yamlEdits';
import { charged, spend } from '../../work';

interface NewArgument {
  name: string;
  required: boolean;
}

function fieldsOf(argument: NewArgument): string[] {
  return [`name: ${nameScalar(argument.name)}`, 'type: string', 'description: ""', `required: ${argument.required}`];
}

function flowItem(argument: NewArgument): string {
  return `{${fieldsOf(argument).join(', ')}}`;
}

/** Block lines of one item: `- name: x` at `dash`, the other fields at `content`. */
function blockItem(argument: NewArgument, dash: number, content: number): string[] {
  const [first, ...rest] = fieldsOf(argument);
  return [' '.repeat(dash) + '- ' + ' '.repeat(Math.max(0, content - dash - 2)) + first, ...charged(rest).map((line) => ' '.repeat(content) + line)];
}

/** How the file indents a block sequence under its key (`- ` at the key's column or deeper), from any tool's arguments. */
function sequenceIndent(context: FixContext, fallback: number): number {
  for (const tool of context.view.tools) {
    spend();
    const entry = tool.fields.get('arguments');
    const seq = entry ? deref(entry.value) : null;
    if (!entry || !seq || seq.kind !== 'seq' || seq.items.length === 0 || isFlowCollection(context, seq)) continue;
    return column(context.text, context.at.itemStart(seq.items[0])) - column(context.text, context.at.start(entry.key));
  }
  return fallback;
}

/** Edits that add arguments to an existing `arguments:` list. */
function addToList(context: FixContext, tool: ToolView, seq: SeqNode, added: NewArgument[]): OffsetEdit[] | null {
  const { text } = context;
  const firstOptional = charged(tool.arguments).findIndex((argument) => requiredOf(argument) === false);
  const edits: OffsetEdit[] = [];
  if (isFlowCollection(context, seq)) {
    const early = firstOptional === -1 ? [] : charged(added).filter((a) => a.required);
    const late = charged(added).filter((a) => !early.includes(a));
    if (early.length > 0) edits.push({ start: context.at.start(seq.items[firstOptional]), end: context.at.start(seq.items[firstOptional]), newText: charged(early).map((a) => `${flowItem(a)}, `).join('') });
    if (late.length > 0) edits.push(appendFlowItem(context, seq, charged(late).map(flowItem).join(', ')));
    return edits;
  }
  const model = seq.items[0];
  const modelMap = deref(model);
  const dash = column(text, context.at.itemStart(model));
  const flowItems = modelMap.kind === 'map' && isFlowCollection(context, modelMap);
  const content = modelMap.kind === 'map' && !flowItems ? column(text, context.at.start(modelMap)) : dash + 2;
  const linesOf = (argument: NewArgument) => (flowItems ? [' '.repeat(dash) + '- ' + flowItem(argument)] : blockItem(argument, dash, content));
  const atEnd = lineAfter(text, context.at.trimmedEnd(seq));
  const required = charged(added).filter((a) => a.required).flatMap(linesOf);
  const optional = charged(added).filter((a) => !a.required).flatMap(linesOf);
  if (firstOptional === -1 || required.length === 0) {
    edits.push(insertLines(text, atEnd, [...required, ...optional]));
  } else {
    edits.push(insertLines(text, lineBounds(text, context.at.itemStart(seq.items[firstOptional])).start, required));
    if (optional.length > 0) edits.push(insertLines(text, atEnd, optional));
  }
  return edits;
}

/** Edits that give a tool its first arguments: into an empty `[]`, or a new `arguments:` entry. */
function createList(context: FixContext, tool: ToolView, added: NewArgument[]): OffsetEdit[] | null {
  const { text } = context;
  const map = tool.map;
  if (!map || tool.valueNode.kind === 'alias') return null;
  const ordered = [...charged(added).filter((a) => a.required), ...charged(added).filter((a) => !a.required)];
  const entry = tool.fields.get('arguments');
  if (entry) {
    const seq = deref(entry.value);
    if (entry.value.kind === 'alias' || seq.kind !== 'seq' || seq.items.length > 0 || !isFlowCollection(context, seq)) return null;
    if (isFlowCollection(context, map)) return [appendFlowItem(context, seq, charged(ordered).map(flowItem).join(', '))];
    // `arguments: []` in a block mapping becomes a block list.
    const keyColumn = column(text, context.at.start(entry.key));
    const dash = keyColumn + sequenceIndent(context, keyColumn - column(text, context.at.start(tool.keyNode)));
    let from = context.at.start(seq);
    while (from > context.at.end(entry.key) && text[from - 1] === ' ') {
      spend();
      from--;
    }
    return [{ start: from, end: context.at.end(seq), newText: '\n' + charged(ordered).flatMap((a) => blockItem(a, dash, dash + 2)).join('\n') }];
  }
  if (isFlowCollection(context, map)) return [appendMapEntry(context, map, `arguments: [${charged(ordered).map(flowItem).join(', ')}]`)];
  const fieldColumn = column(text, context.at.start(map));
  const dash = fieldColumn + sequenceIndent(context, fieldColumn - column(text, context.at.start(tool.keyNode)));
  return [insertLines(text, lineAfter(text, context.at.trimmedEnd(map)), [' '.repeat(fieldColumn) + 'arguments:', ...charged(ordered).flatMap((a) => blockItem(a, dash, dash + 2))])];
}

function argumentsFix(context: FixContext, tool: ToolView, added: NewArgument[], isPreferred: boolean): QuickFix[] {
  const entry = tool.fields.get('arguments');
  const seq = entry ? deref(entry.value) : null;
  const edits =
    entry && seq && entry.value.kind !== 'alias' && seq.kind === 'seq' && seq.items.length > 0 ? addToList(context, tool, seq, added) : createList(context, tool, added);
  if (!edits) return [];
  const names = charged(added).map((a) => `\`${a.name}\``).join(', ');
  return [{ title: `Add the argument${added.length > 1 ? 's' : ''} ${names}`, edits, isPreferred }];
}

/** The `{...}` field of the signature whose source starts at `start`. */
function fieldAt(context: FixContext, node: ScalarNode, start: number): FormatField | undefined {
  const offsets = valueOffsets(node);
  if (!offsets) return undefined;
  const base = context.at.base(node.origin);
  const index = charged(offsets.starts).findIndex((s) => base + s === start);
  return charged(parseFormatString(node.text).items).find((item) => item.field?.start === index)?.field ?? undefined;
}

function escapeFields(context: FixContext, node: ScalarNode, fields: FormatField[], isPreferred: boolean): QuickFix[] {
  const changes = braceChanges(node.text, fields);
  if (changes.length === 0) return [];
  const shown = node.text.slice(fields[0].start, fields[0].end);
  const title = fields.length === 1 ? `Escape \`${shown}\` as literal text \`${shown.replace(/[{}]/g, (b) => b + b)}\`` : 'Escape the braces of the signature as literal text';
  return [{ title, edits: changeScalarValue(context, context.root, node, changes), isPreferred }];
}

export const addPlaceholderArgument: QuickFixProvider<'signature-unknown-placeholder'> = (context) => {
  const tool = context.tool;
  const node = ownSignature(tool);
  const name = context.data?.name;
  if (!tool || !node || name === undefined) return [];
  const fixes: QuickFix[] = [];
  const field = fieldAt(context, node, context.start);
  const spelling = charged(signaturePlaceholders(node.text, context.model.facts.argumentNamePattern)).find((p) => p.name === name && p.spelling !== 'flag');
  // `{x:>5}` or `{x!s}` is more likely shell or literal text than an argument.
  const plainField = !field || (field.spec === '' && field.conversion === null);
  // Adding the argument beside the one it was renamed from would give the tool a second argument.
  const mismatch = context.data?.mismatch;
  if (mismatch) fixes.push(...mismatchRenames(context, mismatch));
  else if (isArgumentName(name, context.model.facts.argumentNamePattern) && spelling && plainField) fixes.push(...argumentsFix(context, tool, [{ name, required: spelling.spelling !== 'optional' }], true));
  if (field) fixes.push(...escapeFields(context, node, [field], fixes.length === 0));
  return fixes;
};

export const addMissingArguments: QuickFixProvider<'runtime-call-error'> = (context) => {
  const tool = context.tool;
  const node = ownSignature(tool);
  if (!tool || !node || tool.arguments.length > 0) return [];
  // `<x>` has no braces: the fields of the signature itself are its `{...}` ones.
  const parsed = parseFormatString(node.text);
  if (parsed.error) return [];
  const fixes: QuickFix[] = [];
  const placeholders = charged(signaturePlaceholders(node.text, context.model.facts.argumentNamePattern)).filter((p) => p.spelling !== 'flag');
  const braceFields = charged(parsed.items).flatMap((item) => (item.field ? [item.field] : []));
  const fillable = charged(braceFields).every((f) => isArgumentName(f.name, context.model.facts.argumentNamePattern) && f.spec === '' && f.conversion === null);
  const added: NewArgument[] = [];
  for (const p of placeholders) {
    spend();
    if (!charged(added).some((a) => a.name === p.name)) added.push({ name: p.name, required: p.spelling !== 'optional' });
  }
  if (fillable && added.length > 0 && charged(added).every((a) => isArgumentName(a.name, context.model.facts.argumentNamePattern))) fixes.push(...argumentsFix(context, tool, added, true));
  if (braceFields.length > 0) fixes.push(...escapeFields(context, node, braceFields, fixes.length === 0));
  return fixes;
};
