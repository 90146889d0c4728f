/** workspace/symbol: the tools of all bundles in the workspace. */
import { SymbolInformation, SymbolKind } from '../protocol';
import { Feature } from './feature';

export const workspaceSymbolFeature: Feature = {
  name: 'workspace symbols',
  capabilities: () => ({ workspaceSymbolProvider: true }),
  register(context) {
    context.connection.onWorkspaceSymbol(
      context.handle('workspace symbols', [] as SymbolInformation[], (params) => {
        const analysis = context.analysis();
        return analysis.workspaceSymbols(typeof params.query === 'string' ? params.query : '').map((symbol) => ({
          name: symbol.name,
          kind: SymbolKind.Function,
          containerName: symbol.bundle,
          location: { uri: context.open.uriOf(symbol.configPath), range: analysis.mapper(symbol.configPath).range(symbol) },
        }));
      }),
    );
  },
};
