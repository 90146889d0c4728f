/**
 * unknown-key, forbidden-key, invalid-choice, unknown-json-schema-type,
 * enum-type-mismatch, bundle-renamed, bundle-path-missing, hidden-tool-missing:
 * a key, a value (a `type`, a bundle path) or a list item (a hidden tool) with a suggested
 * spelling (`data.replaceWith`). The fix
 * rewrites the scalar in its own quoting style. It needs only the YAML, so
 * agent configs use it too.
 */
import { strValue } from '../../yaml/pyNode';
import { YamlQuickFixProvider } from './quickFix';
import { appendIndex, changeScalarValue, nodeAtSpan } from './yamlEdits';
import { charged } from '../../work';

export const replaceWithSuggestion: YamlQuickFixProvider<
  'unknown-key' | 'forbidden-key' | 'invalid-choice' | 'unknown-json-schema-type' | 'enum-type-mismatch' | 'bundle-renamed' | 'bundle-path-missing' | 'hidden-tool-missing'
> = (context) => {
  const replacement = context.data?.replaceWith;
  if (replacement === undefined) return [];
  const found = nodeAtSpan(context.at, context.root, context.start, context.end);
  if (!found) return [];
  const { node, parent } = found;
  const isKey = parent?.kind === 'map' && charged(parent.ownPairs).some((pair) => pair.key === node);
  // Renaming onto a key the mapping already has would make a duplicate key.
  if (isKey && charged(parent.ownPairs).some((pair) => strValue(pair.key) === replacement)) return [];
  const edits =
    node.kind === 'scalar'
      ? changeScalarValue(context, context.root, node, [{ start: 0, end: appendIndex(node.text), text: replacement }])
      : [{ start: context.start, end: context.end, newText: replacement }];
  const current = context.text.slice(context.start, context.end);
  const keyOfValue = parent?.kind === 'map' ? strValue(charged(parent.ownPairs).find((pair) => pair.value === node)?.key ?? node) : undefined;
  const title = isKey || parent?.kind === 'seq' ? `${isKey ? 'Rename' : 'Change'} \`${strValue(node) ?? current}\` to \`${replacement}\`` : `Change \`${keyOfValue ?? 'type'}: ${strValue(node) ?? current}\` to \`${keyOfValue ?? 'type'}: ${replacement}\``;
  return [{ title, edits, isPreferred: true }];
};
