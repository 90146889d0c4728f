/** textDocument/foldingRange: tools, arguments, docstrings and every other multi-line entry. */
import { FoldingRange, FoldingRangeRequest } from '../protocol';
import { MAX_FOLDING_RANGES } from '../../engine/features/folding';
import { lineBounds } from '../../engine/features/edits';
import { Feature } from './feature';

export const foldingFeature: Feature = {
  name: 'folding ranges',
  capabilities: () => ({ foldingRangeProvider: true }),
  dynamic: {
    type: FoldingRangeRequest.type,
    supported: (client) => client.textDocument?.foldingRange?.dynamicRegistration === true,
    options: () => ({}),
  },
  register(context) {
    context.connection.onFoldingRanges(
      context.handle('folding ranges', [] as FoldingRange[], (params) => {
        const target = context.document(params.textDocument);
        const source = target?.analysis.source(target.file);
        if (!target || !source) return [];
        const support = context.client().textDocument?.foldingRange;
        const limit = Math.min(MAX_FOLDING_RANGES, support?.rangeLimit ?? MAX_FOLDING_RANGES);
        const text = source.normalized;
        return target.analysis.folding(target.file, limit).map((region): FoldingRange => {
          const start = target.mapper.position(region.start);
          const end = target.mapper.position(region.end);
          if (support?.lineFoldingOnly) return { startLine: start.line, endLine: end.line };
          // Folded from the end of the first line (without trailing blanks) to the end of the content.
          const firstLine = lineBounds(text, region.start);
          const startCharacter = start.character + text.slice(region.start, firstLine.end).trimEnd().length;
          return { startLine: start.line, startCharacter, endLine: end.line, endCharacter: end.character };
        });
      }),
    );
  },
};
