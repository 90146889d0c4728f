/** The JSON shape of ../shared/conformance/README.md ("The contract our tool keeps"), written as it is produced (`reportWriter.ts`). */
import { FileResult } from '../fileResult';
import { ReportWriter, truncationNotice, writeJsonArray } from './reportWriter';

/** Writes the report; returns how many files' results the budget left out (then the last entry says so: `{"truncated": "…"}`). */
export function writeJson(results: readonly FileResult[], out: ReportWriter): number {
  const files = results.map((r) => ({
    path: r.path,
    loads: r.loads,
    diagnostics: r.diagnostics.map((d) => ({ severity: d.severity, code: d.code, message: d.message, tool: d.tool, range: d.range })),
  }));
  const left = writeJsonArray(out, files, files.length, '', (count) => ({ truncated: truncationNotice(count, count === 1 ? "file's results" : "files' results", out.budget) }));
  out.always('\n');
  return left;
}
