/**
 * The report in the format asked for. A diagnostic silenced by a disable comment is kept by the
 * engine, marked `suppressed` (rules/applyRuleSettings.ts): SARIF lists it as suppressed, the text
 * and JSON reports leave it out, and it never counts for the exit status.
 */
import { OutputFormat } from '../args';
import { FileResult, isNotChecked } from '../fileResult';
import { writeJson } from './json';
import { ReportWriter } from './reportWriter';
import { SarifContext, writeSarif } from './sarif';
import { formatText } from './text';

function shownResults(results: readonly FileResult[]): FileResult[] {
  return results.map((r) => (r.diagnostics.some((d) => d.suppressed) ? { ...r, diagnostics: r.diagnostics.filter((d) => !d.suppressed) } : r));
}

/**
 * Writes the report in the format asked for, JSON and SARIF as they are
 * produced within the report budget; returns what the budget left out (files
 * for JSON, results for SARIF), 0 when nothing was. `verbose`: the text
 * format prints each diagnostic's related information too (JSON and SARIF
 * always carry it). `unsearched`: what the search left out (walk cuts, said
 * on stderr too), counted in the text format's summary line.
 */
export function writeReport(format: OutputFormat, results: readonly FileResult[], sarif: SarifContext, write: (text: string) => void, verbose = false, unsearched: readonly string[] = []): number {
  if (format === 'sarif') return writeSarif(results, sarif, new ReportWriter(write));
  if (format === 'json') return writeJson(shownResults(results), new ReportWriter(write));
  write(formatText(shownResults(results), verbose, unsearched));
  return 0;
}

/** 1 when a shown diagnostic is an error or a file was not fully checked, else 0: 0 means everything was checked and is clean. */
export function exitStatusOf(results: readonly FileResult[]): 0 | 1 {
  return shownResults(results).some((r) => isNotChecked(r) || r.diagnostics.some((d) => d.severity === 'error')) ? 1 : 0;
}
