/** textDocument/selectionRange: word, placeholder, value, entry, argument, tool, tools, document. */
import { Position, Range, SelectionRange, SelectionRangeRequest } from 'vscode-languageserver/node';
import { selectionRanges } from '../../engine/features/selectionRanges';
import { AnalyzedDocument } from '../bundleDocuments';
import { Feature } from './feature';

/**
 * The position of an engine offset, right at the end of a line too.
 * `mapper.position` puts the end of a CRLF line between its `\r` and `\n`
 * (one character past the line); the line's characters are the same in the
 * engine's text and the editor's, so the character is counted in the former.
 */
export function positionAt(analyzed: AnalyzedDocument, offset: number): Position {
  const text = analyzed.model.source.normalized;
  return { line: analyzed.mapper.position(offset).line, character: offset - (text.lastIndexOf('\n', offset - 1) + 1) };
}

export function rangeAt(analyzed: AnalyzedDocument, start: number, end: number): Range {
  return { start: positionAt(analyzed, start), end: positionAt(analyzed, end) };
}

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
            parent = parent ? { range: rangeAt(analyzed, range.start, range.end), parent } : { range: rangeAt(analyzed, range.start, range.end) };
          }
          return parent!;
        });
      }),
    );
  },
};
