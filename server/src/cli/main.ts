/** The lint CLI: arguments in, report out, exit status back. No process globals, so tests can drive it. */
import * as fs from 'fs';
import * as path from 'path';
import { EngineConfig, overridesOf, parseEngineConfig } from '../engine/config';
import { Project } from '../engine/workspace/project';
import { configRootFor } from '../engine/workspace/configRoot';
import { isInside } from '../engine/workspace/walk';
import { createNodeWorkspaceFs, memoizedWorkspaceFs, readUtf8 } from '../host/nodeWorkspaceFs';
import { VERSION } from '../version';
import { LintArgs, USAGE, UsageError, parseArgs } from './args';
import { formatJson } from './format/json';
import { formatSarif } from './format/sarif';
import { formatText } from './format/text';
import { FileResult } from './lintFiles';
import { lintAgentConfig, lintAssembly, lintBundleInProject, lintBundleWithOptions } from './lintProject';
import { toolCheckOptionsOf } from '../engine/lintText';
import { pushAll } from '../engine/util/pushAll';
import { CommandLineOverride, parseOverrides } from '../engine/runConfig/commandLine';

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  cwd: string;
  /** The process environment (SWE_AGENT_CONFIG_ROOT). */
  env?: Record<string, string | undefined>;
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
  const configRoot = args.configRoot ?? config.configRoot ?? io.env?.SWE_AGENT_CONFIG_ROOT;
  if (configRoot) config = { ...config, configRoot: path.resolve(io.cwd, configRoot) };
  return config;
}

interface Target {
  file: string;
  kind: 'bundle' | 'agent';
}

export function runLint(argv: readonly string[], io: CliIo): number {
  let args: LintArgs;
  let config: EngineConfig;
  let overrides: CommandLineOverride[];
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
    const parsed = parseOverrides(args.overrides);
    if (parsed.problems.length > 0) throw new UsageError(parsed.problems.join('; '));
    // The settings' `commandLine` first, then the flags, as if both were on SWE-agent's command line.
    overrides = [...overridesOf(config), ...parsed.overrides];
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.stderr(`swe-bundle-lint: ${e.message}\n\n${USAGE}\n`);
    return 2;
  }
  // Readable: the working directory, the paths given and a configured config root; nothing else.
  // One run sees one state of the disk: each path is stat'ed and listed once (the scan and the bundle folder checks look at the same files).
  const nodeWorkspaceFs = memoizedWorkspaceFs(
    createNodeWorkspaceFs(() => [io.cwd, ...args.paths.map((p) => path.resolve(io.cwd, p)), ...args.agentConfigs.map((p) => path.resolve(io.cwd, p)), ...(config.configRoot ? [config.configRoot] : [])]),
  );
  const readText = (file: string) => readUtf8(nodeWorkspaceFs, file);
  const resolved = [...args.paths, ...args.agentConfigs].map((p) => path.resolve(io.cwd, p));
  const missing = resolved.filter((p) => !fs.existsSync(p));
  if (missing.length > 0) {
    for (const file of missing) io.stderr(`swe-bundle-lint: no such file or folder: ${path.relative(io.cwd, file) || file}\n`);
    return 2;
  }
  // A folder to search is a project; a bundle or file given on its own belongs to the project around it
  // (the SWE-agent checkout: the nearest folder above with tools/), whose agent configs give it context.
  // A path outside the working directory is its own boundary: nothing around it is searched.
  const projectOf = (given: string, file: string) => configRootFor(nodeWorkspaceFs, file, isInside(given, io.cwd) ? io.cwd : path.dirname(file));
  const folders = [
    ...new Set(
      args.paths
        .map((p) => path.resolve(io.cwd, p))
        .map((p) =>
          fs.statSync(p).isDirectory() && !fs.existsSync(path.join(p, 'config.yaml')) ? p : projectOf(p, fs.statSync(p).isDirectory() ? path.join(p, 'config.yaml') : p),
        ),
    ),
  ];
  const project = new Project({ fs: nodeWorkspaceFs, readText, uriOf: (file) => file }, folders.length > 0 ? folders : [io.cwd], {
    configRoot: config.configRoot,
    filePatterns: config.filePatterns,
    overrides,
  });
  // Bundles take the env of the agent configs that use them: index agent configs first.
  project.scan();
  // An env given (flags or settings) is the env to check every bundle with; otherwise each bundle takes its agent configs' envs.
  const givenOptions = config.envVariables !== undefined ? toolCheckOptionsOf(config) : null;
  const results: FileResult[] = [];
  if (args.agentConfigs.length > 0) {
    pushAll(results, lintAssembly(project, args.agentConfigs.map((p) => path.resolve(io.cwd, p)), readText, config, { overrides, kind: args.runBatch ? 'run-batch' : 'run-single' }));
  }
  const targets: Target[] = [];
  for (const given of args.paths.map((p) => path.resolve(io.cwd, p))) {
    if (fs.statSync(given).isFile()) {
      const text = readText(given);
      targets.push({ file: given, kind: text !== null && project.looksLikeAgentConfig(given, text) ? 'agent' : 'bundle' });
    } else if (fs.existsSync(path.join(given, 'config.yaml'))) {
      targets.push({ file: path.join(given, 'config.yaml'), kind: 'bundle' });
    } else {
      const inFolder = (file: string) => path.relative(given, file).split(path.sep)[0] !== '..';
      pushAll(targets, project.bundlePaths.filter(inFolder).map((file): Target => ({ file, kind: 'bundle' })));
      pushAll(targets, project.agentPaths.filter(inFolder).map((file): Target => ({ file, kind: 'agent' })));
    }
  }
  if (project.truncated) io.stderr('swe-bundle-lint: stopped searching a folder after too many entries\n');
  const done = new Set(results.map((r) => r.path));
  for (const target of targets.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))) {
    if (done.has(target.file)) continue;
    done.add(target.file);
    // Through the project: its scan has read most of these files already.
    const text = project.readText(target.file);
    if (target.kind === 'bundle' && givenOptions) results.push(lintBundleWithOptions(project, target.file, text, givenOptions, config));
    else results.push(target.kind === 'agent' ? lintAgentConfig(project, target.file, text, config) : lintBundleInProject(project, target.file, text, config));
    // Reported: its analysis would only weigh on the garbage collector from here on.
    project.forgetBundle(target.file);
  }
  const output = results.map((r) => ({ ...r, path: path.relative(io.cwd, r.path) || r.path }));
  io.stdout(args.format === 'json' ? formatJson(output) : args.format === 'sarif' ? formatSarif(output, VERSION) : formatText(output));
  return results.some((r) => r.diagnostics.some((d) => d.severity === 'error')) ? 1 : 0;
}
