/** textDocument/documentSymbol: the outline of tools and their arguments. */
import { DocumentSymbol, DocumentSymbolRequest, SymbolKind } from 'vscode-languageserver/node';
import { OutlineSymbol } from '../../engine/features/documentSymbols';
import { PositionMapper } from '../../engine/document/positioned';
import { Feature } from './feature';

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
        return target ? target.analysis.documentSymbols(target.file).map((symbol) => toLsp(symbol, target.mapper)) : [];
      }),
    );
  },
};
