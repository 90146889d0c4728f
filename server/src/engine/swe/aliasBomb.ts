/**
 * A "billion laughs" document: aliases of aliases that expand to a huge tree.
 * PyYAML shares the aliased objects, so the file loads; anything that copies
 * or serializes the values (pydantic's model_dump, JSON output) explodes.
 */
import { DiagnosticBuilder } from '../diagnosticBuilder';
import { spanOf } from '../diagnostics';
import { AliasNode, MapNode, PyNode } from '../yaml/pyNode';
import { BUDGETS } from '../budgets';
import { charged, spend } from '../work';

const ALIAS_EXPANSION_LIMIT = BUDGETS.aliasExpansion;

export function warnAliasBomb(root: MapNode, out: DiagnosticBuilder): void {
  const sizes = new Map<PyNode, number>();
  const inProgress = new Set<PyNode>();
  let worst: { alias: AliasNode; size: number } | null = null;
  const cap = (n: number) => Math.min(n, ALIAS_EXPANSION_LIMIT + 1);
  // Iterative post-order walk: the expanded size of every node, each node visited once.
  const size = (start: PyNode): number => {
    const stack: { node: PyNode; expanded: boolean }[] = [{ node: start, expanded: false }];
    while (stack.length > 0) {
      spend();
      const top = stack[stack.length - 1];
      const node = top.node.kind === 'alias' ? top.node.target : top.node;
      if (sizes.has(node)) {
        stack.pop();
        continue;
      }
      const children = node.kind === 'seq' ? node.items : node.kind === 'map' ? charged(node.ownPairs).flatMap((p) => [p.key, p.value]) : [];
      if (!top.expanded) {
        top.expanded = true;
        inProgress.add(node);
        for (const child of children) {
          spend();
          const target = child.kind === 'alias' ? child.target : child;
          if (!sizes.has(target) && !inProgress.has(target)) stack.push({ node: child, expanded: false });
        }
        continue;
      }
      stack.pop();
      inProgress.delete(node);
      let total = 1;
      for (const child of children) {
        spend();
        const target = child.kind === 'alias' ? child.target : child;
        const childSize = sizes.get(target) ?? 1;
        // The biggest alias, and of equally big ones the last in the file: usually where the bomb is used.
        // (One load has one origin, so relative offsets order its nodes.)
        if (child.kind === 'alias' && (!worst || childSize > worst.size || (childSize === worst.size && child.start > worst.alias.start))) {
          worst = { alias: child, size: childSize };
        }
        total = cap(total + childSize);
      }
      sizes.set(node, total);
    }
    return sizes.get(start.kind === 'alias' ? start.target : start) ?? 1;
  };
  const total = size(root);
  const found = worst as { alias: AliasNode; size: number } | null;
  if (total > ALIAS_EXPANSION_LIMIT && found) {
    out.add(
      'yaml-alias-bomb',
      spanOf(found.alias),
      `Aliases in this file expand to more than ${ALIAS_EXPANSION_LIMIT.toLocaleString('en-US')} values (this one alone to ${found.size > ALIAS_EXPANSION_LIMIT ? 'over ' : ''}${Math.min(found.size, ALIAS_EXPANSION_LIMIT).toLocaleString('en-US')}). PyYAML shares aliased values, but anything that copies them will not cope; remove the nesting.`,
    );
  }
}
