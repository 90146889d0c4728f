/**
 * What completion returns, and how a list of drafts (text as snippet parts,
 * offsets to replace) becomes it: rendered for the client's snippet support,
 * numbered in order by `sortText`.
 */
import { OffsetEdit } from '../edits';
import { Part, hasStops, render } from './snippet';

export type CompletionKind = 'property' | 'snippet' | 'value' | 'variable' | 'function' | 'file' | 'folder';

export interface CompletionEntry {
  label: string;
  kind: CompletionKind;
  detail?: string;
  /** Markdown. */
  documentation?: string;
  edit: OffsetEdit;
  /** `edit.newText` is a snippet with tab stops; otherwise plain text. */
  snippet: boolean;
  sortText: string;
  filterText?: string;
}

export type Draft = Omit<CompletionEntry, 'sortText' | 'snippet' | 'edit'> & { start: number; end: number; parts: Part[] };

/** The entries for drafts in the order given: snippets only when the client takes them, empty fields left out. */
export function finishDrafts(found: Draft[], snippets: boolean): CompletionEntry[] {
  const width = Math.max(2, String(found.length - 1).length);
  return found.map(({ parts, start, end, ...draft }, i): CompletionEntry => {
    const snippet = snippets && hasStops(parts);
    const entry: CompletionEntry = { ...draft, edit: { start, end, newText: render(parts, snippet) }, snippet, sortText: String(i).padStart(width, '0') };
    for (const field of ['detail', 'documentation', 'filterText'] as const) if (entry[field] === undefined) delete entry[field];
    return entry;
  });
}
