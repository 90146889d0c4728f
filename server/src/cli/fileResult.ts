/** What the CLI reports of one file, in every output format. */
import { PositionedDiagnostic } from '../engine/document/positioned';

export interface FileResult {
  path: string;
  loads: boolean;
  diagnostics: PositionedDiagnostic[];
}
