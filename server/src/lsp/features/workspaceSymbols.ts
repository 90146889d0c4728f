/** workspace/symbol: the tools of all bundles in the workspace. */
import { SymbolInformation, SymbolKind } from 'vscode-languageserver/node';
import { PositionMapper } from '../../engine/document/positioned';
import { workspaceToolSymbols } from '../../engine/workspace/workspaceSymbols';
import { Feature } from './feature';

export const workspaceSymbolFeature: Feature = {
  name: 'workspace symbols',
  capabilities: () => ({ workspaceSymbolProvider: true }),
  register(context) {
    context.connection.onWorkspaceSymbol(
      context.handle('workspace symbols', [] as SymbolInformation[], (params) => {
        const { symbols, models } = workspaceToolSymbols(context.index.project, typeof params.query === 'string' ? params.query : '');
        const mappers = new Map<string, PositionMapper>();
        return symbols.map((symbol) => {
          let mapper = mappers.get(symbol.configPath);
          if (!mapper) {
            mapper = new PositionMapper(models.get(symbol.configPath)!.source);
            mappers.set(symbol.configPath, mapper);
          }
          return {
            name: symbol.name,
            kind: SymbolKind.Function,
            containerName: symbol.bundle,
            location: { uri: context.index.uriOf(symbol.configPath), range: { start: mapper.position(symbol.start), end: mapper.position(symbol.end) } },
          };
        });
      }),
    );
  },
};
