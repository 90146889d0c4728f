/**
 * template-unknown-variable: the variable a template meant (`data.replaceWith`),
 * written over the misspelt name (`data.variable`, offsets in the template's
 * value) through the scalar's quoting and block style.
 */
import { PyNode, ScalarNode } from '../../yaml/pyNode';
import { Placement } from '../../document/placement';
import { YamlQuickFixProvider } from './quickFix';
import { changeScalarValue } from './yamlEdits';
import { charged, spend } from '../../work';

/** The scalar whose text holds [start, end). */
function scalarAround(at: Placement, root: PyNode | null, start: number, end: number): ScalarNode | null {
  let node = root;
  while (node) {
    spend();
    if (node.kind === 'scalar') return at.start(node) <= start && end <= at.end(node) ? node : null;
    const children: PyNode[] = node.kind === 'map' ? charged(node.ownPairs).flatMap((p) => [p.key, p.value]) : node.kind === 'seq' ? node.items : [];
    node = charged(children).find((child) => at.start(child) <= start && end <= at.end(child)) ?? null;
  }
  return null;
}

export const replaceTemplateVariable: YamlQuickFixProvider<'template-unknown-variable'> = (context) => {
  const data = context.data;
  if (!data) return [];
  const node = scalarAround(context.at, context.root, context.start, context.end);
  if (!node || node.text.slice(data.variable.start, data.variable.end) !== context.text.slice(context.start, context.end)) return [];
  const edits = changeScalarValue(context, context.root, node, [{ start: data.variable.start, end: data.variable.end, text: data.replaceWith }]);
  return [{ title: `Change to \`${data.replaceWith}\``, edits, isPreferred: true }];
};
