/** What the CLI reports of one file, in every output format. */
import { PositionedDiagnostic } from '../engine/document/positioned';

export interface FileResult {
  path: string;
  loads: boolean;
  diagnostics: PositionedDiagnostic[];
  /** For an agent config: the SWE-agent it is judged by, and why (`SWE-agent v1.0.1: pinned in pyproject.toml ...`). */
  judgedBy?: string;
}
