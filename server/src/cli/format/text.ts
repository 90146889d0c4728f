/** `file:line:col severity code message`, then a summary line. */
import { FileResult } from '../lintFiles';

export function formatText(results: readonly FileResult[]): string {
  const lines: string[] = [];
  const counts = { error: 0, warning: 0, information: 0, hint: 0 };
  for (const result of results) {
    for (const d of result.diagnostics) {
      counts[d.severity]++;
      lines.push(`${result.path}:${d.range.start.line + 1}:${d.range.start.character + 1} ${d.severity} ${d.code} ${d.message.replace(/\s*\n\s*/g, ' ')}`);
    }
  }
  const files = `${results.length} file${results.length === 1 ? '' : 's'}`;
  const notLoading = results.filter((r) => !r.loads).length;
  const parts = [`${counts.error} error${counts.error === 1 ? '' : 's'}`, `${counts.warning} warning${counts.warning === 1 ? '' : 's'}`];
  if (counts.information + counts.hint > 0) parts.push(`${counts.information + counts.hint} info`);
  lines.push(`${parts.join(', ')} in ${files}${notLoading ? `; ${notLoading} would not load in SWE-agent` : ''}`);
  return lines.join('\n') + '\n';
}
