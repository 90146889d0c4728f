/**
 * Inlay hints: after each placeholder of a signature, the type of the
 * argument it stands for, with `?` when the argument is optional:
 * `<path>: string`, `[<n>]: integer?`. Read from the arguments as written,
 * so a tool that does not load yet (half typed) still gets its hints.
 */
import { BundleModel } from '../document/bundleModel';
import { laxBool } from '../swe/pydanticLax';
import { signaturePlaceholders } from '../swe/placeholders';
import { strValue } from '../yaml/pyNode';
import { valueOffsets } from '../yaml/scalarOffsets';
import { ArgumentView } from '../document/bundleView';
import { ownStrScalar, toolTouches, toolsInOrder } from '../document/bundleView';
import { BUDGETS } from '../budgets';
import { charged, spend } from '../work';

export interface InlayHintItem {
  /** Absolute offset the hint is shown at: right after the placeholder. */
  offset: number;
  label: string;
  /** The argument's description. */
  tooltip?: string;
}

/** Like json.maxItemsComputed: huge files get at most this many hints. */
const MAX_INLAY_HINTS = BUDGETS.itemsPerRequest;

function typeLabel(argument: ArgumentView): string | undefined {
  const typeNode = argument.fields.get('type')?.value;
  const type = typeNode && strValue(typeNode);
  if (!type) return undefined;
  const requiredNode = argument.fields.get('required')?.value;
  const required = requiredNode ? laxBool(requiredNode) : undefined;
  return `: ${type}${required?.ok && !required.value ? '?' : ''}`;
}

/** The hints in document order; with `range`, only those in it (ends included). At most `limit`. */
export function inlayHints(model: BundleModel, range?: { start: number; end: number }, limit = MAX_INLAY_HINTS): InlayHintItem[] {
  const hints: InlayHintItem[] = [];
  const view = model.view;
  for (const tool of toolsInOrder(model)) {
    spend();
    if (hints.length >= limit) break;
    const signature = ownStrScalar(tool, 'signature');
    if (!signature || !toolTouches(view, tool, range)) continue;
    const offsets = valueOffsets(signature);
    if (!offsets) continue;
    for (const placeholder of signaturePlaceholders(signature.text, model.facts.argumentNamePattern)) {
      spend();
      const argument = charged(tool.arguments).find((a) => a.name === placeholder.name);
      const label = argument && typeLabel(argument);
      if (!argument || !label) continue;
      const offset = view.at.base(signature.origin) + offsets.ends[placeholder.end - 1];
      if (range && (offset < range.start || offset > range.end)) continue;
      const descriptionNode = argument.fields.get('description')?.value;
      const description = descriptionNode && strValue(descriptionNode);
      hints.push(description ? { offset, label, tooltip: description } : { offset, label });
    }
  }
  return hints.slice(0, limit);
}
