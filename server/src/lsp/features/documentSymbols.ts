/** textDocument/documentSymbol: a bundle's outline of tools and their arguments; an agent config's keys. */
import { DocumentSymbol, DocumentSymbolRequest, SymbolKind } from '../protocol';
import { OutlineSymbol } from '../../engine/features/documentSymbols';
import { PositionMapper } from '../../engine/document/positioned';
import { Feature } from './feature';
import { ConfigSymbol } from '../../engine/features/runConfigFeatures';

const KIND: Record<OutlineSymbol['kind'], SymbolKind> = { tool: SymbolKind.Function, argument: SymbolKind.Variable, 'state-command': SymbolKind.Property };

function toLsp(symbol: OutlineSymbol, mapper: PositionMapper): DocumentSymbol {
  const result: DocumentSymbol = {
    name: symbol.name,
    kind: KIND[symbol.kind],
    range: { start: mapper.position(symbol.start), end: mapper.position(symbol.end) },
    selectionRange: { start: mapper.position(symbol.selectionStart), end: mapper.position(symbol.selectionEnd) },
    children: symbol.children.map((child) => toLsp(child, mapper)),
  };
  if (symbol.detail) result.detail = symbol.detail;
  return result;
}

const CONFIG_KIND: Record<ConfigSymbol['kind'], SymbolKind> = { object: SymbolKind.Object, array: SymbolKind.Array, property: SymbolKind.Property };

function configSymbolToLsp(symbol: ConfigSymbol, mapper: PositionMapper): DocumentSymbol {
  return {
    name: symbol.name,
    detail: symbol.detail,
    kind: CONFIG_KIND[symbol.kind],
    range: { start: mapper.position(symbol.start), end: mapper.position(symbol.end) },
    selectionRange: { start: mapper.position(symbol.selectionStart), end: mapper.position(symbol.selectionEnd) },
    children: symbol.children.map((child) => configSymbolToLsp(child, mapper)),
  };
}

export const documentSymbolFeature: Feature = {
  name: 'document symbols',
  capabilities: () => ({ documentSymbolProvider: { label: 'SWE-agent tools' } }),
  dynamic: {
    type: DocumentSymbolRequest.type,
    supported: (client) => client.textDocument?.documentSymbol?.dynamicRegistration === true,
    options: () => ({ label: 'SWE-agent tools' }),
  },
  register(context) {
    context.connection.onDocumentSymbol(
      context.handle('document symbols', [] as DocumentSymbol[], (params) => {
        const target = context.document(params.textDocument);
        const outline = target?.analysis.documentSymbols(target.file);
        if (!target || !outline) return [];
        return outline.kind === 'agent' ? outline.symbols.map((symbol) => configSymbolToLsp(symbol, target.mapper)) : outline.symbols.map((symbol) => toLsp(symbol, target.mapper));
      }),
    );
  },
};
