/**
 * The report in the format asked for. A diagnostic silenced by a disable comment is kept by the
 * engine, marked `suppressed` (rules/applyRuleSettings.ts): SARIF lists it as suppressed, the text
 * and JSON reports leave it out, and it never counts for the exit status.
 */
import { OutputFormat } from '../args';
import { FileResult, isNotChecked } from '../fileResult';
import { formatJson } from './json';
import { SarifContext, formatSarif } from './sarif';
import { formatText } from './text';

function shownResults(results: readonly FileResult[]): FileResult[] {
  return results.map((r) => (r.diagnostics.some((d) => d.suppressed) ? { ...r, diagnostics: r.diagnostics.filter((d) => !d.suppressed) } : r));
}

/** `verbose`: the text format prints each diagnostic's related information too (JSON and SARIF always carry it). */
export function formatReport(format: OutputFormat, results: readonly FileResult[], sarif: SarifContext, verbose = false): string {
  if (format === 'sarif') return formatSarif(results, sarif);
  return format === 'json' ? formatJson(shownResults(results)) : formatText(shownResults(results), verbose);
}

/** 1 when a shown diagnostic is an error or a file was not fully checked, else 0: 0 means everything was checked and is clean. */
export function exitStatusOf(results: readonly FileResult[]): 0 | 1 {
  return shownResults(results).some((r) => isNotChecked(r) || r.diagnostics.some((d) => d.severity === 'error')) ? 1 : 0;
}
