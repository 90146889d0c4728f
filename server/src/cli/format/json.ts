/** The JSON shape of ../shared/conformance/README.md ("The contract our tool keeps"). */
import { FileResult } from '../fileResult';

export function formatJson(results: readonly FileResult[]): string {
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
  return JSON.stringify(files, null, 2) + '\n';
}
