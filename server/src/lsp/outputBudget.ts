/**
 * The output budget of one answer: a hover or a tool preview longer than
 * `BUDGETS.requestOutputChars` is cut, with a note that says so, before it is
 * sent (a tool's JSON schema quotes every description, and a bundle can make
 * those as long as it likes). What the engine renders is bounded already
 * (`BUDGETS.renderedTextChars`); this bounds what one message to the client
 * can hold.
 */
import { MarkupKind } from './protocol';
import { BUDGETS } from '../engine/budgets';

/** `text` within the budget; past it, its start and a note (in the markup given, outside any code block). */
export function withinOutputBudget(text: string, kind: MarkupKind = MarkupKind.PlainText, max: number = BUDGETS.requestOutputChars): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, max);
  if (/[\ud800-\udbff]$/.test(cut)) cut = cut.slice(0, -1);
  const note = `(Cut: this answer has ${text.length.toLocaleString('en-US')} characters, more than the ${max.toLocaleString('en-US')} sent to the editor.)`;
  if (kind === MarkupKind.PlainText) return `${cut}\n\n${note}`;
  // Close a Markdown code block left open by the cut, so the note is read as prose.
  const open = openFence(cut);
  return `${cut}${open ? `\n${open}` : ''}\n\n${note}`;
}

/** The fence of the code block still open at the end of `markdown` (CommonMark backtick fences), or null. */
function openFence(markdown: string): string | null {
  let fence: string | null = null;
  for (const line of markdown.split('\n')) {
    const run = /^ {0,3}(`{3,})/.exec(line)?.[1];
    if (!run) continue;
    if (fence === null) fence = run;
    else if (run.length >= fence.length && line.trim() === run) fence = null;
  }
  return fence;
}
