/** The JSON shape of ../shared/conformance/README.md ("The contract our tool keeps"), written as it is produced (`reportWriter.ts`). */
import { FileResult } from '../fileResult';
import { ReportWriter, truncationNotice, writeJsonArray } from './reportWriter';

/** Writes the report; returns how many files' results the budget left out (then the last entry says so: `{"truncated": "…"}`). */
export function writeJson(results: readonly FileResult[], out: ReportWriter): number {
  const files = results.map((r) => ({
    path: r.path,
    loads: r.loads,
    diagnostics: r.diagnostics.map((d) => ({
      severity: d.severity,
      code: d.code,
      message: d.message,
      tool: d.tool,
      range: d.range,
      // What the one-line message leaves out, and related places (`path` when in another file).
      ...(d.related ? { related: d.related.map((x) => ({ message: x.message, ...(x.file !== undefined ? { path: x.file } : {}), range: x.range })) } : {}),
    })),
  }));
  const left = writeJsonArray(out, files, files.length, '', (count) => ({ truncated: truncationNotice(count, count === 1 ? "file's results" : "files' results", out.budget) }));
  out.always('\n');
  return left;
}
