/**
 * textDocument/hover: in a bundle, arguments, keys, tool previews and docstring
 * env variables (engine/features/hover.ts); in an agent config, bundle paths
 * and hidden tools (engine/features/agentNavigation.ts).
 */
import { ClientCapabilities, Hover, HoverRequest, MarkupKind } from '../protocol';
import { renderMarkdown, renderPlainText } from '../../engine/features/toolPreview';
import { lspRange } from '../convert';
import { withinOutputBudget } from '../outputBudget';
import { Feature } from './feature';

/** Markdown when the client lists it before plain text (its order is its preference), plain text otherwise. */
function hoverFormat(client: ClientCapabilities): MarkupKind {
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
        const at = context.at(params);
        const hover = at && at.analysis.hover(at.file, at.offset);
        if (!at || !hover) return null;
        const kind = hoverFormat(context.client());
        return {
          contents: { kind, value: withinOutputBudget(kind === MarkupKind.Markdown ? renderMarkdown(hover.blocks) : renderPlainText(hover.blocks), kind) },
          range: lspRange(at.mapper, hover.start, hover.end),
        };
      }),
    );
  },
};
