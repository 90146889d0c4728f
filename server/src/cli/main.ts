/** The lint CLI: arguments in, report out, exit status back. No process globals, so tests can drive it. */
import * as fs from 'fs';
import * as path from 'path';
import { EngineConfig, parseEngineConfig } from '../engine/config';
import { VERSION } from '../version';
import { LintArgs, USAGE, UsageError, parseArgs } from './args';
import { discoverBundleConfigs } from './discover';
import { formatJson } from './format/json';
import { formatSarif } from './format/sarif';
import { formatText } from './format/text';
import { FileResult, lintFile } from './lintFiles';

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  cwd: string;
}

export const DEFAULT_CONFIG_FILE = '.swe-bundle.json';

function readJsonFile(file: string, what: string): unknown {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read ${what} ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new UsageError(`${what} ${file} is not valid JSON: ${(e as Error).message}`);
  }
}

function loadConfig(args: LintArgs, io: CliIo): EngineConfig {
  const file = args.config ?? (fs.existsSync(path.join(io.cwd, DEFAULT_CONFIG_FILE)) ? path.join(io.cwd, DEFAULT_CONFIG_FILE) : null);
  let config: EngineConfig = {};
  if (file) {
    const parsed = parseEngineConfig(readJsonFile(path.resolve(io.cwd, file), 'settings file'));
    for (const problem of parsed.problems) io.stderr(`swe-bundle-lint: ${file}: ${problem}\n`);
    config = parsed.config;
  }
  if (args.envJson !== null) {
    const env = readJsonFile(path.resolve(io.cwd, args.envJson), '--env-json file');
    if (env === null || typeof env !== 'object' || Array.isArray(env)) throw new UsageError(`--env-json ${args.envJson} must hold a JSON object`);
    config = { ...config, envVariables: env as Record<string, unknown> };
  }
  if (args.env.length > 0) config = { ...config, envVariables: { ...(config.envVariables ?? {}), ...Object.fromEntries(args.env) } };
  return config;
}

export function runLint(argv: readonly string[], io: CliIo): number {
  let args: LintArgs;
  let config: EngineConfig;
  try {
    args = parseArgs(argv);
    if (args.help) {
      io.stdout(USAGE + '\n');
      return 0;
    }
    if (args.version) {
      io.stdout(VERSION + '\n');
      return 0;
    }
    config = loadConfig(args, io);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.stderr(`swe-bundle-lint: ${e.message}\n\n${USAGE}\n`);
    return 2;
  }
  const discovery = discoverBundleConfigs(args.paths.map((p) => path.resolve(io.cwd, p)));
  if (discovery.missing.length > 0) {
    for (const missing of discovery.missing) io.stderr(`swe-bundle-lint: no such file or folder: ${path.relative(io.cwd, missing) || missing}\n`);
    return 2;
  }
  for (const warning of discovery.warnings) io.stderr(`swe-bundle-lint: ${warning}\n`);
  const results: FileResult[] = discovery.files.map((file) => ({ ...lintFile(file, config), path: path.relative(io.cwd, file) || file }));
  const output = args.format === 'json' ? formatJson(results) : args.format === 'sarif' ? formatSarif(results, VERSION) : formatText(results);
  io.stdout(output);
  return results.some((r) => r.diagnostics.some((d) => d.severity === 'error')) ? 1 : 0;
}
