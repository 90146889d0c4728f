/**
 * key-misplaced with `moveUp`: a ToolConfig setting written inside
 * `registry_variables` (or `env_variables`) moves out, beside that mapping,
 * at the ToolConfig's indentation. A mapping left empty goes too (`null`
 * there would be refused). Only block mappings: flow style needs a person.
 */
import { MapNode, strValue } from '../../yaml/pyNode';
import { YamlQuickFixProvider } from './quickFix';
import { ancestorsOf, column, isFlowCollection, lineAfter, nodeAtSpan, reindent, wholeLines } from './yamlEdits';
import { charged } from '../../work';

export const moveKeyUp: YamlQuickFixProvider<'key-misplaced'> = (context) => {
  const field = context.data?.moveUp;
  const { text, root, at } = context;
  const found = nodeAtSpan(at, root, context.start, context.end);
  const variables = found?.parent;
  if (!field || !found || variables?.kind !== 'map' || isFlowCollection(context, variables)) return [];
  const tools = ancestorsOf(root, variables)?.at(-1);
  if (tools?.kind !== 'map' || isFlowCollection(context, tools)) return [];
  const holder = charged(tools.ownPairs).find((pair) => pair.value === variables);
  const pair = charged(variables.ownPairs).find((p) => p.key === found.node);
  if (!holder || !pair) return [];
  const moved = wholeLines(text, at.start(pair.key), Math.max(at.end(pair.key), at.trimmedEnd(pair.value)));
  const lines = reindent(moved.text, column(text, at.start(pair.key)), column(text, at.start(holder.key)));
  const title = `Move \`${field}\` out of \`${strValue(holder.key)}\`, where SWE-agent reads it`;
  if (variables.ownPairs.length === 1) {
    // The mapping held only this key: the whole entry becomes the moved lines.
    const whole = wholeLines(text, at.start(holder.key), Math.max(at.end(holder.key), at.trimmedEnd(variables as MapNode)));
    return [{ title, edits: [{ start: whole.start, end: whole.end, newText: lines }], isPreferred: true }];
  }
  const after = lineAfter(text, at.trimmedEnd(variables));
  const edits = after === moved.end ? [{ start: moved.start, end: moved.end, newText: '' }, { start: after, end: after, newText: lines }] : [moved.deletion, { start: after, end: after, newText: lines }];
  return [{ title, edits, isPreferred: true }];
};
