/**
 * What completion returns, and how a list of drafts (text as snippet parts,
 * offsets to replace) becomes it: rendered for the client's snippet support,
 * numbered in order by `sortText`.
 */
import { OffsetEdit } from '../edits';
import { Part, hasStops, render } from './snippet';
import { charged, spend } from '../../work';

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

/** The characters that close what an editor may have auto-closed after the cursor: brackets and quotes. */
const CLOSERS = /[\]>})"']/;

/**
 * A draft whose edit reaches past the cursor over closers its text ends with
 * too (the `]` an editor put after `[<`, the `}}` after `"{{`), made to stop
 * before them and leave them as they are: the same text results, also in a
 * client that inserts at the cursor and keeps what follows it (Neovim's
 * omnifunc), where replacing them would double them.
 */
function keepClosers(draft: Draft, text: string, cursor: number): Draft {
  const last = draft.parts[draft.parts.length - 1];
  if (draft.end <= cursor || typeof last !== 'string') return draft;
  let kept = 0;
  while (draft.end - kept > cursor && kept < last.length && CLOSERS.test(text[draft.end - kept - 1]) && text[draft.end - kept - 1] === last[last.length - kept - 1]) {
    spend();
    kept++;
  }
  if (kept === 0) return draft;
  return { ...draft, end: draft.end - kept, parts: [...draft.parts.slice(0, -1), last.slice(0, last.length - kept)] };
}

/**
 * The entries for drafts in the order given: snippets only when the client
 * takes them, empty fields left out, the closers after the cursor left in
 * place (keepClosers).
 */
export function finishDrafts(found: Draft[], snippets: boolean, at: { text: string; cursor: number }): CompletionEntry[] {
  const width = Math.max(2, String(found.length - 1).length);
  return charged(found).map((whole, i): CompletionEntry => {
    const { parts, start, end, ...draft } = keepClosers(whole, at.text, at.cursor);
    const snippet = snippets && hasStops(parts);
    const entry: CompletionEntry = { ...draft, edit: { start, end, newText: render(parts, snippet) }, snippet, sortText: String(i).padStart(width, '0') };
    for (const field of ['detail', 'documentation', 'filterText'] as const) {
      spend();
      if (entry[field] === undefined) delete entry[field];
    }
    return entry;
  });
}
