/** textDocument/selectionRange: word, placeholder, value, entry, argument, tool, tools, document. */
import { SelectionRange, SelectionRangeRequest } from '../protocol';
import { lspRange } from '../convert';
import { Feature } from './feature';

export const selectionRangeFeature: Feature = {
  name: 'selection ranges',
  capabilities: () => ({ selectionRangeProvider: true }),
  dynamic: {
    type: SelectionRangeRequest.type,
    supported: (client) => client.textDocument?.selectionRange?.dynamicRegistration === true,
    options: () => ({}),
  },
  register(context) {
    context.connection.onSelectionRanges(
      context.handle('selection ranges', [] as SelectionRange[], (params) => {
        const target = context.document(params.textDocument);
        if (!target || !Array.isArray(params.positions)) return [];
        const offsets = params.positions.map((position) => context.offsetAt(target, position));
        // One answer per position, or none: a position outside the document gets the empty result.
        if (offsets.some((offset) => offset === null) || target.analysis.kind(target.file) !== 'bundle') return [];
        return offsets.map((offset) => {
          let parent: SelectionRange | undefined;
          for (const range of (target.analysis.selectionRanges(target.file, offset!) ?? []).reverse()) {
            const lsp = lspRange(target.mapper, range.start, range.end);
            parent = parent ? { range: lsp, parent } : { range: lsp };
          }
          return parent!;
        });
      }),
    );
  },
};
