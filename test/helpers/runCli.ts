/** Runs the lint CLI in-process and captures what it prints. */
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
