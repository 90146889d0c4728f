/** textDocument/selectionRange: word, placeholder, value, entry, argument, tool, tools, document. */
import { SelectionRange, SelectionRangeRequest } from 'vscode-languageserver/node';
import { selectionRanges } from '../../engine/features/selectionRanges';
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
        const analyzed = context.analyzed(params.textDocument.uri);
        if (!analyzed || !Array.isArray(params.positions)) return [];
        const offsets = params.positions.map((position) => context.offsetAt(analyzed, position));
        // One answer per position, or none: a position outside the document gets the empty result.
        if (offsets.some((offset) => offset === null)) return [];
        return offsets.map((offset) => {
          let parent: SelectionRange | undefined;
          for (const range of selectionRanges(analyzed.model, offset!).reverse()) {
            const lsp = lspRange(analyzed.mapper, range.start, range.end);
            parent = parent ? { range: lsp, parent } : { range: lsp };
          }
          return parent!;
        });
      }),
    );
  },
};
