/** textDocument/inlayHint: the argument's type after each signature placeholder (`sweBundle.inlayHints` turns them off). */
import { InlayHint, InlayHintKind, InlayHintRequest } from '../protocol';
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
        const target = context.document(params.textDocument);
        if (!target || !params.range) return [];
        const start = context.offsetAt(target, params.range.start);
        const end = context.offsetAt(target, params.range.end);
        if (start === null || end === null || end < start) return [];
        return target.analysis.inlayHints(target.file, { start, end }).map((hint): InlayHint => {
          const result: InlayHint = { position: target.mapper.position(hint.offset), label: hint.label, kind: InlayHintKind.Type };
          if (hint.tooltip) result.tooltip = hint.tooltip;
          return result;
        });
      }),
    );
  },
};
