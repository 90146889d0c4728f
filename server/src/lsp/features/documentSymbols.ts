/** textDocument/documentSymbol: the outline of tools and their arguments; of an agent config, its keys. */
import { DocumentSymbol, DocumentSymbolRequest, SymbolKind } from 'vscode-languageserver/node';
import { OutlineSymbol, documentSymbols } from '../../engine/features/documentSymbols';
import { PositionMapper } from '../../engine/document/positioned';
import { Feature } from './feature';
import { ConfigSymbol, runConfigSymbols } from '../../engine/runConfig/features';

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
        const agent = context.analyzedAgent(params.textDocument.uri);
        if (agent) return runConfigSymbols(agent.agent.load.root, agent.agent.at).map((symbol) => configSymbolToLsp(symbol, agent.mapper));
        const analyzed = context.analyzed(params.textDocument.uri);
        if (!analyzed) return [];
        return documentSymbols(analyzed.model).map((symbol) => toLsp(symbol, analyzed.mapper));
      }),
    );
  },
};
