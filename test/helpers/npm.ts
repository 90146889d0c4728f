/**
 * Runs npm (and other programs) for the package tests the way a user's shell would: without the
 * npm_* variables that `npm test` passes down (npm_config_local_prefix would point every nested
 * npm at this checkout), with node on PATH, and with a cache folder of the test's own.
 */
import { SpawnSyncReturns, spawnSync } from 'child_process';
import * as path from 'path';

export function userEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined && !/^npm_/i.test(key)) env[key] = value;
  env.PATH = `${path.dirname(process.execPath)}${path.delimiter}${env.PATH ?? ''}`;
  return { ...env, npm_config_update_notifier: 'false', npm_config_audit: 'false', npm_config_fund: 'false', ...extra };
}

/** Runs a program to its end; throws with its output when it does not exit with `status`. */
export function run(command: string, args: string[], options: { cwd: string; env?: Record<string, string>; status?: number; input?: string }): SpawnSyncReturns<string> {
  const result = spawnSync(command, args, { cwd: options.cwd, env: options.env ?? userEnv(), encoding: 'utf8', input: options.input ?? '', maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw result.error;
  if (options.status !== undefined && result.status !== options.status) {
    throw new Error(`${command} ${args.join(' ')} exited ${result.status} (wanted ${options.status})\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`);
  }
  return result;
}
