/**
 * textDocument/definition, references and documentHighlight between an
 * argument's name, its placeholders in the signature and its `<name>`
 * mentions in the docstring (engine/features/navigation.ts). In an agent
 * config, definition leads from a bundle path to its config.yaml and from a
 * hidden tool to the tool (engine/workspace/agentFeatures.ts).
 */
import { DocumentHighlight, DocumentHighlightKind, Location, LocationLink, Position } from 'vscode-languageserver/node';
import { agentDefinitionAt } from '../../engine/workspace/agentFeatures';
import { AnalyzedAgentConfig } from '../bundleDocuments';
import { definitionAt, highlightsAt, referencesAt } from '../../engine/features/navigation';
import { lspRange } from '../convert';
import { Feature } from './feature';

export const navigationFeature: Feature = {
  name: 'navigation',
  capabilities: () => ({ definitionProvider: true, referencesProvider: true, documentHighlightProvider: true }),
  register(context) {
    const { connection } = context;
    const linkSupport = () => context.client().textDocument?.definition?.linkSupport === true;
    const agentDefinition = (agent: AnalyzedAgentConfig, position: Position): Location[] | LocationLink[] | null => {
      const offset = context.offsetAt(agent, position);
      if (offset === null) return null;
      const definition = agentDefinitionAt(agent.agent, context.index.project.configRootOf(agent.path), offset);
      if (!definition) return null;
      const { uri, targetRange, targetSelectionRange } = definition;
      return linkSupport()
        ? [{ originSelectionRange: lspRange(agent.mapper, definition.origin.start, definition.origin.end), targetUri: uri, targetRange, targetSelectionRange }]
        : [{ uri, range: targetSelectionRange }];
    };
    connection.onDefinition(
      context.handle('definition', null as Location[] | LocationLink[] | null, (params) => {
        const agent = context.analyzedAgent(params.textDocument.uri);
        if (agent) return agentDefinition(agent, params.position);
        const at = context.bundleAt(params);
        if (!at) return null;
        const { analyzed, offset } = at;
        const definition = definitionAt(analyzed.model, offset);
        if (!definition) return null;
        const uri = params.textDocument.uri;
        const range = (start: number, end: number) => lspRange(analyzed.mapper, start, end);
        if (linkSupport()) {
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
        const at = context.bundleAt(params);
        if (!at) return [];
        const { analyzed, offset } = at;
        return referencesAt(analyzed.model, offset, params.context?.includeDeclaration !== false).map(
          (r): Location => ({ uri: params.textDocument.uri, range: lspRange(analyzed.mapper, r.start, r.end) }),
        );
      }),
    );
    connection.onDocumentHighlight(
      context.handle('document highlights', [] as DocumentHighlight[], (params) => {
        const at = context.bundleAt(params);
        if (!at) return [];
        const { analyzed, offset } = at;
        return highlightsAt(analyzed.model, offset).map(
          (h): DocumentHighlight => ({ range: lspRange(analyzed.mapper, h.start, h.end), kind: h.kind === 'write' ? DocumentHighlightKind.Write : DocumentHighlightKind.Read }),
        );
      }),
    );
  },
};
