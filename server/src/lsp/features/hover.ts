/**
 * textDocument/hover: in a bundle, arguments, keys, tool previews and docstring
 * env variables (engine/features/hover.ts); in an agent config, bundle paths
 * and hidden tools (engine/workspace/agentFeatures.ts).
 */
import { ClientCapabilities, Hover, HoverRequest, MarkupKind } from 'vscode-languageserver/node';
import { hoverAt } from '../../engine/features/hover';
import { agentHoverAt } from '../../engine/workspace/agentFeatures';
import { runConfigHover } from '../../engine/runConfig/features';
import { renderMarkdown, renderPlainText } from '../../engine/features/toolPreview';
import { lspRange } from '../convert';
import { Feature } from './feature';

/** Markdown when the client lists it before plain text (its order is its preference), plain text otherwise. */
export function hoverFormat(client: ClientCapabilities): MarkupKind {
  const formats = client.textDocument?.hover?.contentFormat ?? [];
  return formats.find((f) => f === MarkupKind.Markdown || f === MarkupKind.PlainText) ?? MarkupKind.PlainText;
}

export const hoverFeature: Feature = {
  name: 'hover',
  capabilities: () => ({ hoverProvider: true }),
  dynamic: {
    type: HoverRequest.type,
    supported: (client) => client.textDocument?.hover?.dynamicRegistration === true,
    options: () => ({}),
  },
  register(context) {
    context.connection.onHover(
      context.handle('hover', null as Hover | null, (params): Hover | null => {
        const agent = context.analyzedAgent(params.textDocument.uri);
        const bundle = agent ? null : context.analyzed(params.textDocument.uri);
        const analyzed = agent ?? bundle;
        if (!analyzed) return null;
        const offset = context.offsetAt(analyzed, params.position);
        if (offset === null) return null;
        const hover = agent
          ? (agentHoverAt(agent.agent, context.index.project.configRootOf(agent.path), offset) ?? runConfigHover(agent.agent.load.root, agent.agent.at, offset))
          : hoverAt(bundle!.model, offset, context.settings.toolCheckOptions.env);
        if (!hover) return null;
        const kind = hoverFormat(context.client());
        return {
          contents: { kind, value: kind === MarkupKind.Markdown ? renderMarkdown(hover.blocks) : renderPlainText(hover.blocks) },
          range: lspRange(analyzed.mapper, hover.start, hover.end),
        };
      }),
    );
  },
};
