/** Reads and checks one file for the CLI. */
import * as fs from 'fs';
import { EngineConfig } from '../engine/config';
import { decodeFile } from '../engine/document/decodeFile';
import { LineIndex } from '../engine/document/lineIndex';
import { PositionedDiagnostic } from '../engine/document/positioned';
import { lintBundleText, toolCheckOptionsOf } from '../engine/lintText';
import { ToolCheckOptions } from '../engine/swe/checkTool';

export interface FileResult {
  path: string;
  loads: boolean;
  diagnostics: PositionedDiagnostic[];
}

export function lintFile(filePath: string, config: EngineConfig, options: ToolCheckOptions = toolCheckOptionsOf(config)): FileResult {
  let bytes: Uint8Array;
  try {
    bytes = fs.readFileSync(filePath);
  } catch (e) {
    return {
      path: filePath,
      loads: false,
      diagnostics: [
        {
          code: 'file-unreadable',
          severity: 'error',
          message: `Cannot read this file: ${(e as Error).message}`,
          tool: null,
          range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
        },
      ],
    };
  }
  const decoded = decodeFile(bytes);
  if (!decoded.ok) {
    const at = new LineIndex(decoded.text).positionAt(decoded.charOffset);
    return {
      path: filePath,
      loads: false,
      diagnostics: [
        {
          code: 'file-not-utf8',
          severity: 'error',
          message: `SWE-agent reads bundle configs as UTF-8, and this file is not valid UTF-8 (${decoded.message}). Save it as UTF-8.`,
          tool: null,
          range: { start: at, end: { line: at.line, character: at.character + 1 } },
        },
      ],
    };
  }
  const result = lintBundleText(decoded.text, config, options);
  return { path: filePath, loads: result.loads, diagnostics: result.diagnostics };
}
