/**
 * The lint CLI: arguments in, report out, exit status back. A front end of
 * the analysis host: it tells the host what to look at (the folders around
 * the paths, the settings, the env) in one change, then reports each file as
 * the host answers it. No process globals, so tests can drive it.
 */
import * as fs from 'fs';
import * as path from 'path';
import { AnalysisHost } from '../engine/analysis/analysisHost';
import { Analysis } from '../engine/analysis/analysis';
import { profileOf } from '../engine/settings/configOptions';
import { SETTINGS_FILE_NAME } from '../engine/settings/validateSettings';
import { parseOverrides } from '../engine/runConfig/commandLine';
import { checkoutAround, configRootFor } from '../engine/workspace/configRoot';
import { countCuts, describeCut, isInside } from '../engine/workspace/walk';
import { folderReach } from '../engine/workspace/folderReach';
import { createNodeWorkspaceFs } from '../host/nodeWorkspaceFs';
import { WorkspaceFs } from '../engine/workspace/workspaceFs';
import { VERSION } from '../version';
import { LintArgs, USAGE, UsageError, parseArgs } from './args';
import { exitStatusOf, writeReport } from './format/report';
import { BUDGETS } from '../engine/budgets';
import { PROMPT_PLACEHOLDERS, PromptPlaceholders } from '../engine/features/promptPreview';
import { promptPreviewJson, promptPreviewText } from '../engine/features/promptPreviewText';
import { PyDict, PyObject, pyObjectFromJson } from '../engine/python/pyObject';
import { terminalPath, terminalText } from './format/terminalText';
import { FileResult } from './fileResult';

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  cwd: string;
  /** The process environment (SWE_AGENT_CONFIG_ROOT). */
  env?: Record<string, string | undefined>;
}

/**
 * A JSON file named by a flag (`--env-json`): a regular file of a sane size
 * (a FIFO would block), read through `boundary`, so a path inside the working
 * directory that a link leads out of is not read (the link is the
 * repository's, the secret it points at is not).
 */
function readJsonFile(boundary: WorkspaceFs, file: string, what: string): unknown {
  const stat = boundary.stat(file);
  if (stat === null) throw new UsageError(`cannot read ${what} ${file}`);
  if (stat.outside) throw new UsageError(`${what} ${file} is a symbolic link that leads outside the working directory, so it is not read; give the file's own path to use it`);
  if (stat.kind !== 'file') throw new UsageError(`${what} ${file} is not a regular file`);
  if (stat.tooBig) throw new UsageError(`${what} ${file} has ${stat.size} bytes, more than a settings file needs`);
  const bytes = boundary.readFile(file);
  if (bytes === null) throw new UsageError(`cannot read ${what} ${file}`);
  try {
    return JSON.parse(Buffer.from(bytes).toString('utf8'));
  } catch (e) {
    throw new UsageError(`${what} ${file} is not valid JSON: ${(e as Error).message}`);
  }
}

/**
 * The roots the paths the user gave add to the working directory: a path
 * outside it is a root of its own; one inside adds nothing, so a symbolic
 * link in the repository cannot widen what is read.
 */
function ownRoots(cwd: string, paths: readonly string[]): string[] {
  return [cwd, ...paths.filter((p) => !isInside(p, cwd))];
}

/** Why a path given on the command line cannot be checked (missing, not a file or folder, not readable by us), or null. */
function argumentProblem(file: string, mustBeFile: boolean): string | null {
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile() && (mustBeFile || !stat.isDirectory())) return `not a regular file${mustBeFile ? '' : ' or folder'}, so it cannot be a config`;
    fs.accessSync(file, stat.isDirectory() ? fs.constants.R_OK | fs.constants.X_OK : fs.constants.R_OK);
    return null;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR' ? 'no such file or folder' : `cannot read (${code ?? (e as Error).message})`;
  }
}

/** The settings the flags give: trusted, the user's own. */
function userSettingsOf(args: LintArgs, cwd: string): Record<string, unknown> {
  const settings: Record<string, unknown> = {};
  let env: Record<string, unknown> | undefined;
  if (args.envJson !== null) {
    const file = path.resolve(cwd, args.envJson);
    const value = readJsonFile(createNodeWorkspaceFs(ownRoots(cwd, [file])), file, '--env-json file');
    if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new UsageError(`--env-json ${args.envJson} must hold a JSON object`);
    env = value as Record<string, unknown>;
  }
  if (args.env.length > 0) env = { ...(env ?? {}), ...Object.fromEntries(args.env) };
  if (env) settings.envVariables = env;
  if (args.configRoot !== null) settings.configRoot = path.resolve(cwd, args.configRoot);
  if (args.sweAgent !== null) settings.sweAgent = /^(auto|main|\d+\.\d+\.\d+)$/.test(args.sweAgent) ? args.sweAgent : path.resolve(cwd, args.sweAgent);
  // Checked here so that a bad one is a usage error; the host applies them after a settings file's `commandLine`.
  const overrides = parseOverrides(args.overrides);
  if (overrides.problems.length > 0) throw new UsageError(overrides.problems.join('; '));
  if (args.overrides.length > 0) settings.commandLine = args.overrides;
  return settings;
}

export function runLint(argv: readonly string[], io: CliIo): number {
  let args: LintArgs;
  let userSettings: Record<string, unknown>;
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
    userSettings = userSettingsOf(args, io.cwd);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.stderr(`swe-bundle-lint: ${terminalText(e.message)}\n\n${USAGE}\n`);
    return 2;
  }
  const given = args.paths.map((p) => path.resolve(io.cwd, p));
  const agentConfigs = [...args.agentConfigs, ...(args.previewPrompt !== null ? [args.previewPrompt] : [])].map((p) => path.resolve(io.cwd, p));
  // Each argument must be a folder or a regular file we may read: a FIFO would block, a device never end, and neither is a config.
  const settingsFile = args.config !== null ? path.resolve(io.cwd, args.config) : fs.existsSync(path.join(io.cwd, SETTINGS_FILE_NAME)) ? path.join(io.cwd, SETTINGS_FILE_NAME) : null;
  // A path inside the working directory whose link leads out is the repository's link: it is not followed.
  const boundary = createNodeWorkspaceFs(ownRoots(io.cwd, [...given, ...agentConfigs, ...(settingsFile ? [settingsFile] : [])]));
  // Named as the user wrote it (a relative form of `/nonexistent` would climb out of the working directory).
  const asWritten = [
    ...args.paths.map((p, i) => [p, given[i]] as const),
    // A bundle folder given whose config.yaml is a link out is refused as that link given would be.
    ...args.paths.flatMap((p, i) => (boundary.isAllowed(given[i]) && !boundary.isAllowed(path.join(given[i], 'config.yaml')) ? [[path.join(p, 'config.yaml'), path.join(given[i], 'config.yaml')] as const] : [])),
    ...args.agentConfigs.map((p, i) => [p, agentConfigs[i]] as const),
    ...(settingsFile ? [[args.config ?? SETTINGS_FILE_NAME, settingsFile] as const] : []),
  ];
  const unusable = asWritten.flatMap(([written, p]) => {
    const problem = boundary.isAllowed(p) ? (p === settingsFile ? null : argumentProblem(p, agentConfigs.includes(p))) : 'a symbolic link that leads outside the working directory, so it is not read (give its own path to check it)';
    return problem ? [`${problem}: ${terminalPath(written)}`] : [];
  });
  if (unusable.length > 0) {
    for (const message of unusable) io.stderr(`swe-bundle-lint: ${terminalText(message)}\n`);
    return 2;
  }
  const environmentRoot = io.env?.SWE_AGENT_CONFIG_ROOT ? path.resolve(io.cwd, io.env.SWE_AGENT_CONFIG_ROOT) : undefined;

  // Readable: the working directory, the paths given and a config root the user set; nothing else.
  let host: AnalysisHost | undefined;
  const nodeFs = createNodeWorkspaceFs(() => host!.readRoots());
  host = new AnalysisHost({ fs: nodeFs });
  const extraRoots = ownRoots(io.cwd, [...given, ...agentConfigs, ...(settingsFile ? [settingsFile] : [])]);
  host.applyChange({ extraRoots, userSettings, environment: { configRoot: environmentRoot, runFolder: io.cwd, userSettingsAreFlags: true } });

  // A bundle or file given on its own belongs to the project around it (the SWE-agent checkout: the nearest
  // folder above with tools/), whose agent configs give it context; so does a folder to search inside a
  // checkout (`config/`, `tools/`), else the folder is a project of its own.
  // A path outside the working directory is its own boundary: nothing around it is searched.
  const fsView = { isAllowed: (p: string) => nodeFs.isAllowed(p), stat: (p: string) => nodeFs.stat(p), list: (p: string) => nodeFs.list(p) };
  const projectOf = (arg: string, file: string) => configRootFor(fsView, file, isInside(arg, io.cwd) ? io.cwd : path.dirname(file)).dir;
  const isDirectory = (p: string) => fs.statSync(p).isDirectory();
  const projectFolder = (p: string) => {
    if (!isDirectory(p)) return projectOf(p, p);
    if (fs.existsSync(path.join(p, 'config.yaml'))) return projectOf(p, path.join(p, 'config.yaml'));
    return isInside(p, io.cwd) ? (checkoutAround(fsView, p, io.cwd) ?? p) : p;
  };
  const folders = given.length === 0 ? [io.cwd] : [...new Set(given.map(projectFolder))];
  // What the user named is checked whatever it looks like: a file given, a bundle folder's config.yaml.
  const named = given.map((p) => (isDirectory(p) ? path.join(p, 'config.yaml') : p)).filter((p) => fs.existsSync(p));
  host.applyChange({ folders, named, settingsFiles: folders.map((folder) => ({ folder, file: settingsFile })) });
  const analysis = host.analysis();

  const problems = analysis.settingsProblems();
  if (problems.length > 0) {
    for (const problem of problems) io.stderr(`swe-bundle-lint: ${problem.file ? `${terminalPath(path.relative(io.cwd, problem.file) || problem.file)}: ` : ''}${terminalText(problem.message)}\n`);
    return 2;
  }

  if (args.previewPrompt !== null) return printPromptPreview(analysis, agentConfigs, args, io);

  const results: FileResult[] = [];
  const done = new Set<string>();
  const report = (file: string) => {
    if (done.has(file)) return;
    done.add(file);
    const result = fileResult(analysis, file);
    if (result) results.push(result);
  };
  if (agentConfigs.length > 0) {
    for (const { file, report: assembled } of analysis.assembly(agentConfigs, args.runBatch ? 'run-batch' : 'run-single')) {
      if (done.has(file)) continue;
      done.add(file);
      results.push({ path: file, loads: assembled.loads, diagnostics: analysis.positioned(file, assembled), ...judgedByOf(analysis, file) });
    }
  }
  const index = analysis.index();
  const targets: string[] = [];
  // A folder given holds what its links inside the workspace lead to, where the walk searched that under another name.
  const reachOf = folderReach(index.aliases);
  const folderGiven = new Map(given.filter(isDirectory).map((target) => [target, reachOf(target)]));
  for (const target of given) {
    const holds = folderGiven.get(target);
    if (!holds) targets.push(target);
    else if (fs.existsSync(path.join(target, 'config.yaml'))) targets.push(path.join(target, 'config.yaml'));
    else targets.push(...[...index.bundles, ...index.agents].filter(holds));
  }
  for (const target of targets.sort()) report(target);
  // A search that did not reach everything cannot say everything is fine: said plainly, and the exit status says it too.
  const cuts = index.cuts.filter((cut) => [...folderGiven.values()].some((holds) => cut.paths.some(holds)));
  for (const cut of cuts) io.stderr(`swe-bundle-lint: ${terminalText(describeCut(cut))}\n`);

  const shownPath = (file: string) => path.relative(io.cwd, file) || file;
  // Paths as the user sees them: relative to the working directory, those of related places in other files too.
  const output = results.map((r) => ({
    ...r,
    path: shownPath(r.path),
    diagnostics: r.diagnostics.map((d) => (d.related?.some((x) => x.file !== undefined) ? { ...d, related: d.related.map((x) => (x.file !== undefined ? { ...x, file: shownPath(x.file) } : x)) } : d)),
  }));
  const leftOut = writeReport(args.format, output, { version: VERSION, textOf: (file) => analysis.source(path.resolve(io.cwd, file))?.original ?? null }, io.stdout, args.verbose, countCuts(cuts));
  // A report cut short has not said everything: that is said plainly, and the exit status says it too (1: the cut document is still valid, for the Action to upload).
  if (leftOut > 0) io.stderr(`swe-bundle-lint: the ${args.format === 'sarif' ? 'SARIF' : 'JSON'} report was cut: ${leftOut.toLocaleString('en-US')} ${args.format === 'sarif' ? 'results' : 'files'} left out, past the ${BUDGETS.reportChars.toLocaleString('en-US')} characters written (reportChars); the report ends with a notice\n`);
  return cuts.length > 0 ? 2 : leftOut > 0 ? 1 : exitStatusOf(results);
}

/** One file's result, as the host reports it; null when the file is neither a bundle config nor an agent config. */
function fileResult(analysis: Analysis, file: string): FileResult | null {
  const report = analysis.report(file);
  return report && { path: file, loads: report.loads, diagnostics: analysis.positioned(file, report), ...judgedByOf(analysis, file) };
}

/** Which SWE-agent a bundle or agent config is judged by, when it is not the default (main, with nothing set or found): said in the summary. */
function judgedByOf(analysis: Analysis, file: string): { judgedBy?: string } {
  if (analysis.kind(file) === 'other') return {};
  const config = analysis.settingsOf(file).config;
  const profile = profileOf(config);
  return profile.kind === 'main' && config.sweAgent === undefined ? {} : { judgedBy: `${profile.label}: ${profile.reason}` };
}

/** `--preview-prompt`: the merged agent configs' first prompt, as text or JSON; exit 1 when there is none to show. */
function printPromptPreview(analysis: Analysis, agentConfigs: string[], args: LintArgs, io: CliIo): number {
  let placeholders: PromptPlaceholders | undefined;
  if (args.promptState !== null) {
    const state = promptStateOf(args.promptState);
    if (typeof state === 'string') {
      io.stderr(`swe-bundle-lint: ${terminalText(state)}\n`);
      return 2;
    }
    placeholders = { ...PROMPT_PLACEHOLDERS, state };
  }
  const preview = analysis.previewPrompt(agentConfigs, args.runBatch ? 'run-batch' : 'run-single', { placeholders });
  io.stdout(args.format === 'json' ? JSON.stringify(promptPreviewJson(preview), null, 2) + '\n' : promptPreviewText(preview));
  return preview.ok ? 0 : 1;
}

/** `--prompt-state`: a JSON object of state keys; a string says what is wrong. */
function promptStateOf(text: string): ReadonlyMap<string, PyObject> | string {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return '--prompt-state needs a JSON object';
  }
  const value = json !== null && typeof json === 'object' && !Array.isArray(json) ? pyObjectFromJson(json) : null;
  return value?.ok && value.value instanceof PyDict ? value.value.entries : '--prompt-state needs a JSON object';
}
