/** textDocument/inlayHint: the argument's type after each signature placeholder (`sweBundle.inlayHints` turns them off). */
import { InlayHint, InlayHintKind, InlayHintRequest } from 'vscode-languageserver/node';
import { inlayHints } from '../../engine/features/inlayHints';
import { Feature } from './feature';

export const inlayHintFeature: Feature = {
  name: 'inlay hints',
  capabilities: (client) => (client.textDocument?.inlayHint ? { inlayHintProvider: true } : {}),
  dynamic: {
    type: InlayHintRequest.type,
    supported: (client) => client.textDocument?.inlayHint?.dynamicRegistration === true,
    options: () => ({}),
  },
  register(context) {
    context.connection.languages.inlayHint.on(
      context.handle('inlay hints', [] as InlayHint[], (params) => {
        if (context.settings.config.inlayHints === false) return [];
        const analyzed = context.analyzed(params.textDocument.uri);
        if (!analyzed || !params.range) return [];
        const start = context.offsetAt(analyzed, params.range.start);
        const end = context.offsetAt(analyzed, params.range.end);
        if (start === null || end === null || end < start) return [];
        return inlayHints(analyzed.model, { start, end }).map((hint): InlayHint => {
          const result: InlayHint = { position: analyzed.mapper.position(hint.offset), label: hint.label, kind: InlayHintKind.Type };
          if (hint.tooltip) result.tooltip = hint.tooltip;
          return result;
        });
      }),
    );
  },
};
