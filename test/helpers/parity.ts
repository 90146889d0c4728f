/**
 * Diagnostics as a user sees them, the same shape from both front ends: the
 * CLI's JSON output and the server's published LSP diagnostics, so that a
 * test can say they are equal.
 */
import * as path from 'path';
import type { Diagnostic, Range } from 'vscode-languageserver-protocol';
import { CliRun } from './runCli';

export interface Shown {
  code: string;
  severity: string;
  message: string;
  range: Range;
}

const SEVERITY_NAMES = ['', 'error', 'warning', 'information', 'hint'];

export function shownOfLsp(diagnostics: readonly Diagnostic[]): Shown[] {
  return diagnostics.map((d) => ({ code: String(d.code), severity: SEVERITY_NAMES[d.severity ?? 1], message: typeof d.message === 'string' ? d.message : d.message.value, range: d.range }));
}

interface CliFile {
  path: string;
  diagnostics: { code: string; severity: string; message: string; range: Range }[];
}

/** The CLI's `--format json` output by absolute path (its paths are relative to `cwd`). */
export function shownOfCli(run: CliRun, cwd: string): Map<string, Shown[]> {
  const files = JSON.parse(run.stdout) as CliFile[];
  return new Map(files.map((f) => [path.resolve(cwd, f.path), f.diagnostics.map(({ code, severity, message, range }) => ({ code, severity, message, range }))]));
}
