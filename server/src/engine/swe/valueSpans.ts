/** Diagnostic spans for pieces of a scalar's value, e.g. one placeholder inside a signature. */
import { Span, spanOf } from '../diagnostics';
import { PyNode, deref } from '../yaml/pyNode';
import { ValueOffsets, valueOffsets, valueSpan } from '../yaml/scalarOffsets';

/**
 * The spans of pieces value[start, end) of a scalar node (a signature, a
 * docstring), or the whole node when it is no scalar written in place. The
 * value's offsets are mapped once, when the first piece is asked for.
 */
export function valueSpans(node: PyNode): (start: number, end: number) => Span {
  const target = deref(node);
  if (node.kind === 'alias' || target.kind !== 'scalar') return () => spanOf(node);
  let mapped: ValueOffsets | null | undefined;
  return (start, end) => {
    if (mapped === undefined) mapped = valueOffsets(target);
    return { origin: target.origin, ...valueSpan(target, mapped, start, end) };
  };
}

/** The span of one piece value[start, end) of a scalar node, or the whole node. */
export function spanInValue(node: PyNode, start: number, end: number): Span {
  return valueSpans(node)(start, end);
}

/**
 * `spanInValue` for a check that asks many pieces of few nodes: each node is
 * mapped once (10,000 placeholders of one signature map it once, not once per
 * placeholder).
 */
export function spansInValues(): (node: PyNode, start: number, end: number) => Span {
  const mapped = new Map<PyNode, (start: number, end: number) => Span>();
  return (node, start, end) => {
    let spans = mapped.get(node);
    if (!spans) mapped.set(node, (spans = valueSpans(node)));
    return spans(start, end);
  };
}
