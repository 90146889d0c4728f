/** Diagnostic spans for a piece of a scalar's value, e.g. one placeholder inside a signature. */
import { Span, spanOf } from '../diagnostics';
import { PyNode, deref } from '../yaml/pyNode';
import { valueSpan } from '../yaml/scalarOffsets';

/** The span of value[start, end) of a scalar node (a signature, a docstring), or the whole node. */
export function spanInValue(node: PyNode, start: number, end: number): Span {
  const target = deref(node);
  if (node.kind === 'alias' || target.kind !== 'scalar') return spanOf(node);
  return { origin: target.origin, ...valueSpan(target, start, end) };
}

