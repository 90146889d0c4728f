/** Runs the lint CLI, in-process or as the built binary, and captures what it prints. */
import { spawnSync } from 'child_process';
import * as path from 'path';
import { runLint } from '../../server/src/cli/main';
import { REPO_ROOT } from './shared';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export function runCli(argv: string[], cwd = REPO_ROOT): CliRun {
  let stdout = '';
  let stderr = '';
  const code = runLint(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), cwd });
  return { code, stdout, stderr };
}

/** `node dist/lint.js ARGV` in `cwd`, as a user runs it (build first). */
export function runLintBinary(argv: string[], cwd: string): CliRun {
  const run = spawnSync(process.execPath, [path.join(REPO_ROOT, 'dist', 'lint.js'), ...argv], { cwd, encoding: 'utf8', maxBuffer: 1 << 28 });
  return { code: run.status ?? -1, stdout: run.stdout, stderr: run.stderr };
}
