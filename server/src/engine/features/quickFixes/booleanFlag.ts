/**
 * boolean-flag-always: a plain `argument_format` (`--clean`) wrapped in a
 * condition, `{% if value %}--clean{% endif %}`, so the flag is passed only
 * when the model sets the argument to true.
 */
import { QuickFixProvider } from './quickFix';
import { appendIndex, changeScalarValue, nodeAtSpan } from './yamlEdits';

export const conditionalFlag: QuickFixProvider<'boolean-flag-always'> = (context) => {
  const flag = context.data?.flag;
  const found = nodeAtSpan(context.at, context.root, context.start, context.end);
  if (flag === undefined || !found || found.node.kind !== 'scalar' || found.node.text !== flag) return [];
  const text = `{% if value %}${flag}{% endif %}`;
  const edits = changeScalarValue(context, context.root, found.node, [{ start: 0, end: appendIndex(flag), text }]);
  return [{ title: `Change to \`${text}\``, edits, isPreferred: true }];
};
