/**
 * JSON and SARIF reports written as they are produced, within a total budget
 * (`BUDGETS.reportChars`): a repository whose report would be gigabytes gets
 * a valid document that ends with a notice of what was left out, instead of
 * dying in `JSON.stringify`.
 */
import { BUDGETS } from '../../engine/budgets';

export class ReportWriter {
  private written = 0;

  constructor(
    private readonly write: (text: string) => void,
    readonly budget: number = BUDGETS.reportChars,
  ) {}

  /** Writes `text` if it fits in what is left of the budget; false, writing nothing, when it does not. */
  tryWrite(text: string): boolean {
    if (this.written + text.length > this.budget) return false;
    this.written += text.length;
    this.write(text);
    return true;
  }

  /** Writes what a document must have to be valid (its frame, the notice), whatever the budget. */
  always(text: string): void {
    this.written += text.length;
    this.write(text);
  }
}

/** Indents the lines after the first of a `JSON.stringify(…, null, 2)` text (a JSON string holds no raw line break). */
const indented = (json: string, indent: string) => json.replace(/\n/g, `\n${indent}`);

/**
 * The JSON array `JSON.stringify(items, null, 2)` prints at `indent`, written
 * an item at a time while the budget lasts; then `notice(left)` (the count of
 * items not written) as its last item. Returns that count.
 */
export function writeJsonArray(out: ReportWriter, items: Iterable<unknown>, total: number, indent: string, notice: (left: number) => unknown): number {
  const inner = indent + '  ';
  let written = 0;
  out.always('[');
  for (const item of items) {
    if (!out.tryWrite(`${written === 0 ? '' : ','}\n${inner}${indented(JSON.stringify(item, null, 2), inner)}`)) break;
    written++;
  }
  const left = total - written;
  if (left > 0) out.always(`${written === 0 ? '' : ','}\n${inner}${indented(JSON.stringify(notice(left), null, 2), inner)}`);
  out.always(written === 0 && left === 0 ? ']' : `\n${indent}]`);
  return left;
}

/** What a budget cut from a report, for the notice inside it and the CLI's line on stderr. */
export const truncationNotice = (left: number, what: string, budget: number) =>
  `The report was cut: ${left.toLocaleString('en-US')} ${what} left out, past the ${budget.toLocaleString('en-US')} characters written (reportChars).`;
