/** The outline: tools (with their signature as detail), their arguments, and `state_command`. */
import { BundleModel } from '../document/bundleModel';
import { PyNode, absEnd, absStart } from '../yaml/pyNode';
import { bundleView, itemStart, trimmedEnd } from './bundleView';
import { BUDGETS } from '../budgets';

export type SymbolKind = 'tool' | 'argument' | 'state-command';

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
export const MAX_OUTLINE_ITEMS = BUDGETS.itemsPerRequest;

function entrySymbol(name: string, kind: SymbolKind, key: PyNode, value: PyNode, detail?: string): OutlineSymbol {
  return { name, kind, detail, start: absStart(key), end: Math.max(absEnd(key), trimmedEnd(value)), selectionStart: absStart(key), selectionEnd: absEnd(key), children: [] };
}

export function documentSymbols(model: BundleModel, limit = MAX_OUTLINE_ITEMS): OutlineSymbol[] {
  const view = bundleView(model);
  const symbols: OutlineSymbol[] = [];
  let count = 0;
  for (const tool of view.tools) {
    if (count >= limit) break;
    const name = tool.name ?? String(tool.check.tool);
    const symbol = entrySymbol(name || '""', 'tool', tool.keyNode, tool.valueNode, tool.signature ? (tool.signature.value as { value: string }).value : undefined);
    count++;
    for (const argument of tool.arguments) {
      if (count >= limit) break;
      const typeNode = argument.fields.get('type')?.value;
      const type = typeNode && typeNode.kind === 'scalar' && typeNode.value.type === 'str' ? typeNode.value.value : undefined;
      const required = argument.fields.get('required');
      symbol.children.push({
        name: argument.name ?? `argument ${argument.index + 1}`,
        kind: 'argument',
        detail: type ? `${type}${required && required.value.kind === 'scalar' && required.value.text.match(/^(false|no|off|n|0)$/i) ? ', optional' : ''}` : undefined,
        start: itemStart(argument.node),
        end: trimmedEnd(argument.node),
        selectionStart: argument.nameNode ? absStart(argument.nameNode) : absStart(argument.node),
        selectionEnd: argument.nameNode ? absEnd(argument.nameNode) : absStart(argument.node),
        children: [],
      });
      count++;
    }
    symbols.push(symbol);
  }
  const state = view.rootFields.get('state_command');
  if (state && count < limit) symbols.push(entrySymbol('state_command', 'state-command', state.key, state.value));
  return symbols.sort((a, b) => a.start - b.start);
}
