/**
 * `file:line:col severity code message`, then a summary line; with `verbose`, each diagnostic's related
 * information under it (SWE-agent's own words, the why, the fix, related places), one indented `- ` line
 * each. Bundle text is made inert for terminals and CI logs (terminalText.ts); no line starts with it.
 */
import { PositionedDiagnostic } from '../../engine/document/positioned';
import { FileResult, isNotChecked } from '../fileResult';
import { terminalPath, terminalText } from './terminalText';

const sameRange = (a: PositionedDiagnostic['range'], b: PositionedDiagnostic['range']) =>
  a.start.line === b.start.line && a.start.character === b.start.character && a.end.line === b.end.line && a.end.character === b.end.character;

/** A diagnostic's related information as indented lines: a place is named when it is not the diagnostic's own. */
function relatedLines(file: string, d: PositionedDiagnostic): string[] {
  return (d.related ?? []).map((r) => {
    const place = r.file === undefined && sameRange(r.range, d.range) ? '' : `${terminalPath(r.file ?? file)}:${r.range.start.line + 1}:${r.range.start.character + 1}: `;
    return `    - ${place}${terminalText(r.message)}`;
  });
}

/** `unsearched`: what the workspace search left out, counted (`1 folder not searched`), as the summary says of every part not checked. */
export function formatText(results: readonly FileResult[], verbose = false, unsearched: readonly string[] = []): string {
  const lines: string[] = [];
  const counts = { error: 0, warning: 0, information: 0, hint: 0 };
  for (const result of results) {
    for (const d of result.diagnostics) {
      counts[d.severity]++;
      lines.push(`${terminalPath(result.path)}:${d.range.start.line + 1}:${d.range.start.character + 1} ${d.severity} ${d.code} ${terminalText(d.message)}`);
      if (verbose) lines.push(...relatedLines(result.path, d));
    }
  }
  const files = `${results.length} file${results.length === 1 ? '' : 's'}`;
  // A file not fully checked (over a budget, a bundle outside what may be read) is counted so; whether it loads is unknown, not "no".
  const unchecked = results.filter(isNotChecked).length;
  const notLoading = results.filter((r) => !r.loads && !isNotChecked(r)).length;
  const parts = [`${counts.error} error${counts.error === 1 ? '' : 's'}`, `${counts.warning} warning${counts.warning === 1 ? '' : 's'}`];
  if (counts.information + counts.hint > 0) parts.push(`${counts.information + counts.hint} info`);
  // Said, never counted clean: a SWE-agent 0.x config, and a file with a part this checker could not check.
  const v0 = results.filter((r) => r.diagnostics.some((d) => d.code === 'sweagent-0x-config')).length;
  const partly = results.filter((r) => r.diagnostics.some((d) => d.code === 'not-checked')).length;
  const judgedBy = [...new Set(results.flatMap((r) => (r.judgedBy ? [r.judgedBy] : [])))];
  const notes = [
    ...(notLoading ? [`${notLoading} would not load in SWE-agent`] : []),
    ...(unchecked ? [`${unchecked} not checked`] : []),
    ...(v0 ? [`${v0} not checked (SWE-agent 0.x format)`] : []),
    ...(partly ? [`${partly} with parts not checked`] : []),
    ...unsearched,
    ...judgedBy.map((j) => `judged by ${terminalText(j)}`),
  ];
  lines.push(`${parts.join(', ')} in ${files}${notes.map((n) => `; ${n}`).join('')}`);
  return lines.join('\n') + '\n';
}
