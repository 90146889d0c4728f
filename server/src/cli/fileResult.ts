/** What the CLI reports of one file, in every output format. */
import { PositionedDiagnostic } from '../engine/document/positioned';
import { leavesUnchecked } from '../engine/rules/ruleCatalog';

export interface FileResult {
  path: string;
  loads: boolean;
  diagnostics: PositionedDiagnostic[];
  /** For an agent config: the SWE-agent it is judged by, and why (`SWE-agent v1.0.1: pinned in pyproject.toml ...`). */
  judgedBy?: string;
}

/**
 * Whether part of a file was not checked (a bundle it lists lies outside what
 * may be read, a size budget was hit): the one test the summary line and the
 * exit status count "not checked" by.
 */
export function isNotChecked(result: FileResult): boolean {
  return result.diagnostics.some((d) => !d.suppressed && leavesUnchecked(d.code));
}

