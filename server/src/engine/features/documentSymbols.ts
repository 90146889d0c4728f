/** The outline: tools (with their signature as detail), their arguments, and `state_command`. */
import { BundleModel } from '../document/bundleModel';
import { PyNode } from '../yaml/pyNode';
import { Placement } from '../document/placement';
import { BUDGETS } from '../budgets';
import { charged, spend } from '../work';

type SymbolKind = 'tool' | 'argument' | 'state-command';

export interface OutlineSymbol {
  name: string;
  detail?: string;
  kind: SymbolKind;
  /** Absolute offsets of the whole entry and of its name. */
  start: number;
  end: number;
  selectionStart: number;
  selectionEnd: number;
  children: OutlineSymbol[];
}

/** Like json.maxItemsComputed: outlines of huge files stop here. */
const MAX_OUTLINE_ITEMS = BUDGETS.itemsPerRequest;

function entrySymbol(at: Placement, name: string, kind: SymbolKind, key: PyNode, value: PyNode, detail?: string): OutlineSymbol {
  return { name, kind, detail, start: at.start(key), end: Math.max(at.end(key), at.trimmedEnd(value)), selectionStart: at.start(key), selectionEnd: at.end(key), children: [] };
}

export function documentSymbols(model: BundleModel, limit = MAX_OUTLINE_ITEMS): OutlineSymbol[] {
  const view = model.view;
  const at = view.at;
  const symbols: OutlineSymbol[] = [];
  let count = 0;
  for (const tool of view.tools) {
    spend();
    if (count >= limit) break;
    const name = tool.name ?? String(tool.check.tool);
    const symbol = entrySymbol(at, name || '""', 'tool', tool.keyNode, tool.valueNode, tool.signature ? (tool.signature.value as { value: string }).value : undefined);
    count++;
    for (const argument of tool.arguments) {
      spend();
      if (count >= limit) break;
      const typeNode = argument.fields.get('type')?.value;
      const type = typeNode && typeNode.kind === 'scalar' && typeNode.value.type === 'str' ? typeNode.value.value : undefined;
      const required = argument.fields.get('required');
      symbol.children.push({
        name: argument.name ?? `argument ${argument.index + 1}`,
        kind: 'argument',
        detail: type ? `${type}${required && required.value.kind === 'scalar' && required.value.text.match(/^(false|no|off|n|0)$/i) ? ', optional' : ''}` : undefined,
        start: at.itemStart(argument.node),
        end: at.trimmedEnd(argument.node),
        selectionStart: argument.nameNode ? at.start(argument.nameNode) : at.start(argument.node),
        selectionEnd: argument.nameNode ? at.end(argument.nameNode) : at.start(argument.node),
        children: [],
      });
      count++;
    }
    symbols.push(symbol);
  }
  const state = view.rootFields.get('state_command');
  if (state && count < limit) symbols.push(entrySymbol(at, 'state_command', 'state-command', state.key, state.value));
  return charged(symbols).sort((a, b) => a.start - b.start);
}
