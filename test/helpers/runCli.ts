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

export interface MeasuredRun extends CliRun {
  ms: number;
  peakRss: number;
}

/**
 * `node dist/lint.js ARGV` in `cwd`, with its time and peak RSS (numbers the
 * hostile-input tests print, never assert on time). `prefix` runs the node
 * process under another program (strace).
 */
export function runLintMeasured(argv: string[], cwd: string, prefix: string[] = []): MeasuredRun {
  const started = performance.now();
  const command = [...prefix, process.execPath, '--require', path.join(REPO_ROOT, 'test/helpers/reportRss.cjs'), path.join(REPO_ROOT, 'dist/lint.js'), ...argv];
  const run = spawnSync(command[0], command.slice(1), { cwd, encoding: 'utf8', maxBuffer: 1 << 30 });
  const ms = performance.now() - started;
  const peakRss = Number(/peak-rss-bytes=(\d+)/.exec(run.stderr)?.[1] ?? NaN);
  return { code: run.status ?? -1, stdout: run.stdout, stderr: run.stderr.replace(/\npeak-rss-bytes=\d+\n$/, ''), ms, peakRss };
}
