/**
 * textDocument/definition, references and documentHighlight between an
 * argument's name, its placeholders in the signature and its `<name>`
 * mentions in the docstring (engine/features/navigation.ts).
 */
import { DocumentHighlight, DocumentHighlightKind, Location, LocationLink } from 'vscode-languageserver/node';
import { definitionAt, highlightsAt, referencesAt } from '../../engine/features/navigation';
import { lspRange } from '../convert';
import { Feature } from './feature';

export const navigationFeature: Feature = {
  name: 'navigation',
  capabilities: () => ({ definitionProvider: true, referencesProvider: true, documentHighlightProvider: true }),
  register(context) {
    const { connection } = context;
    connection.onDefinition(
      context.handle('definition', null as Location[] | LocationLink[] | null, (params) => {
        const analyzed = context.analyzed(params.textDocument.uri);
        if (!analyzed) return null;
        const offset = context.offsetAt(analyzed, params.position);
        if (offset === null) return null;
        const definition = definitionAt(analyzed.model, offset);
        if (!definition) return null;
        const uri = params.textDocument.uri;
        const range = (start: number, end: number) => lspRange(analyzed.mapper, start, end);
        if (context.client().textDocument?.definition?.linkSupport === true) {
          return definition.targets.map(
            (t): LocationLink => ({
              originSelectionRange: range(definition.origin.start, definition.origin.end),
              targetUri: uri,
              targetRange: range(t.itemStart, t.itemEnd),
              targetSelectionRange: range(t.start, t.end),
            }),
          );
        }
        return definition.targets.map((t): Location => ({ uri, range: range(t.start, t.end) }));
      }),
    );
    connection.onReferences(
      context.handle('references', [] as Location[], (params) => {
        const analyzed = context.analyzed(params.textDocument.uri);
        if (!analyzed) return [];
        const offset = context.offsetAt(analyzed, params.position);
        if (offset === null) return [];
        return referencesAt(analyzed.model, offset, params.context?.includeDeclaration !== false).map(
          (r): Location => ({ uri: params.textDocument.uri, range: lspRange(analyzed.mapper, r.start, r.end) }),
        );
      }),
    );
    connection.onDocumentHighlight(
      context.handle('document highlights', [] as DocumentHighlight[], (params) => {
        const analyzed = context.analyzed(params.textDocument.uri);
        if (!analyzed) return [];
        const offset = context.offsetAt(analyzed, params.position);
        if (offset === null) return [];
        return highlightsAt(analyzed.model, offset).map(
          (h): DocumentHighlight => ({ range: lspRange(analyzed.mapper, h.start, h.end), kind: h.kind === 'write' ? DocumentHighlightKind.Write : DocumentHighlightKind.Read }),
        );
      }),
    );
  },
};
