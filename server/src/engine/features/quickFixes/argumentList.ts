/**
 * Fixes on the `arguments:` list as a whole:
 * - required-after-optional: move the required argument up, before the first optional one;
 * - duplicate-argument: remove the later argument of that name.
 * Block items move and go with their lines, flow items with their `, `.
 */
import { SeqNode, deref } from '../../yaml/pyNode';
import { ToolView} from '../../document/bundleView';
import { lineBounds } from '../edits';
import { QuickFixProvider } from './quickFix';
import { seqItem } from './yamlEdits';
import { charged } from '../../work';

/** The tool's own `arguments:` list (not one shared through an alias). */
function argumentList(tool: ToolView | undefined): SeqNode | null {
  const entry = tool?.fields.get('arguments');
  if (!entry || entry.value.kind === 'alias') return null;
  const seq = deref(entry.value);
  return seq.kind === 'seq' ? seq : null;
}

export const moveRequiredUp: QuickFixProvider<'required-after-optional'> = (context) => {
  const seq = argumentList(context.tool);
  if (!seq || !context.data) return [];
  const { argumentIndex: from, targetIndex: to } = context.data;
  if (to >= from || from >= seq.items.length) return [];
  const moved = seqItem(context, seq, from);
  const target = seq.items[to];
  const name = context.tool?.arguments[from]?.name;
  const before = context.tool?.arguments[to]?.name;
  const insertion = moved.flow
    ? { start: context.at.start(target), end: context.at.start(target), newText: moved.text + moved.separator }
    : { start: lineBounds(context.text, context.at.itemStart(target)).start, end: lineBounds(context.text, context.at.itemStart(target)).start, newText: moved.text };
  return [{ title: `Move \`${name}\` before the optional argument \`${before}\``, edits: [insertion, moved.deletion], isPreferred: true }];
};

export const removeDuplicateArgument: QuickFixProvider<'duplicate-argument'> = (context) => {
  const seq = argumentList(context.tool);
  const index = context.data?.argumentIndex;
  if (!seq || index === undefined || index === 0 || index >= seq.items.length) return [];
  const args = context.tool?.arguments ?? [];
  const name = args[index]?.name;
  const first = charged(args).find((a) => a.name === name);
  // Preferred when the two are the same text: a copy, not a different argument with a clashing name.
  const sameText = (i: number) => context.text.slice(context.at.start(seq.items[i]), context.at.trimmedEnd(seq.items[i]));
  const copy = first !== undefined && sameText(first.index) === sameText(index);
  return [{ title: `Remove the duplicate argument \`${name}\``, edits: [seqItem(context, seq, index).deletion], isPreferred: copy }];
};
