/** textDocument/hover: arguments, keys, tool previews and docstring env variables (engine/features/hover.ts). */
import { ClientCapabilities, Hover, HoverRequest, MarkupKind } from 'vscode-languageserver/node';
import { hoverAt } from '../../engine/features/hover';
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
        const analyzed = context.analyzed(params.textDocument.uri);
        if (!analyzed) return null;
        const offset = context.offsetAt(analyzed, params.position);
        if (offset === null) return null;
        const hover = hoverAt(analyzed.model, offset, context.settings.toolCheckOptions.env);
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
