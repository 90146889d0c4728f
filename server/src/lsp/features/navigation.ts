/**
 * textDocument/definition, references and documentHighlight between an
 * argument's name, its placeholders in the signature and its `<name>`
 * mentions in the docstring (engine/features/navigation.ts). In an agent
 * config, definition leads from a bundle path to its config.yaml and from a
 * hidden tool to the tool (engine/features/agentNavigation.ts).
 */
import { DocumentHighlight, DocumentHighlightKind, Location, LocationLink } from '../protocol';
import { lspRange } from '../convert';
import { Feature } from './feature';

export const navigationFeature: Feature = {
  name: 'navigation',
  capabilities: () => ({ definitionProvider: true, referencesProvider: true, documentHighlightProvider: true }),
  register(context) {
    const { connection } = context;
    const linkSupport = () => context.client().textDocument?.definition?.linkSupport === true;
    connection.onDefinition(
      context.handle('definition', null as Location[] | LocationLink[] | null, (params) => {
        const at = context.at(params);
        const definition = at && at.analysis.definition(at.file, at.offset);
        if (!at || !definition) return null;
        const targets = definition.targets.map((t) => {
          const mapper = t.file === at.file ? at.mapper : at.analysis.mapper(t.file);
          return { uri: t.file === at.file ? at.uri : context.open.uriOf(t.file), target: lspRange(mapper, t.target.start, t.target.end), selection: lspRange(mapper, t.selection.start, t.selection.end) };
        });
        if (linkSupport()) {
          const origin = lspRange(at.mapper, definition.origin.start, definition.origin.end);
          return targets.map((t): LocationLink => ({ originSelectionRange: origin, targetUri: t.uri, targetRange: t.target, targetSelectionRange: t.selection }));
        }
        return targets.map((t): Location => ({ uri: t.uri, range: t.selection }));
      }),
    );
    connection.onReferences(
      context.handle('references', [] as Location[], (params) => {
        const at = context.at(params);
        if (!at) return [];
        return at.analysis.references(at.file, at.offset, params.context?.includeDeclaration !== false).map((r): Location => ({ uri: at.uri, range: lspRange(at.mapper, r.start, r.end) }));
      }),
    );
    connection.onDocumentHighlight(
      context.handle('document highlights', [] as DocumentHighlight[], (params) => {
        const at = context.at(params);
        if (!at) return [];
        return at.analysis
          .highlights(at.file, at.offset)
          .map((h): DocumentHighlight => ({ range: lspRange(at.mapper, h.start, h.end), kind: h.kind === 'write' ? DocumentHighlightKind.Write : DocumentHighlightKind.Read }));
      }),
    );
  },
};
