/**
 * Agent configs as queries: what each lists (read without checking, so that
 * a bundle can learn which assemblies use it), which assemblies use each
 * bundle, and each agent config's analysis (its assemblies checked as
 * SWE-agent's ToolConfig builds them).
 */
import * as path from 'path';
import { FileDiagnostic } from '../diagnostics';
import { placeDiagnostics } from '../document/placement';
import { overridesOf, profileOf } from '../settings/configOptions';
import { RunConfigCheck, checkRunConfig } from '../runConfig/checkRunConfig';
import { RunConfigKind } from '../runConfig/classify';
import { CommandLineOverride } from '../runConfig/commandLine';
import { BundleModel } from '../document/bundleModel';
import { ToolCheckOptions } from '../swe/checkTool';
import { AgentTools, agentToolsOf } from '../workspace/agentConfig';
import { AgentAnalysis, AgentCheckContext, BundleResolution, RunFileStatus, assemblyOptions, resolveBundlePath } from '../workspace/checkAgentConfig';
import { Database, QueryDef } from './database';
import { textOf, trackedFs } from './files';
import { BUNDLE_MODEL } from './bundles';
import { AGENT_INDEX, CONFIG_ROOT, CONFIG_ROOT_FOUND, FOLDER_OF, SETTINGS_OF, WHOLE_LOAD, WholeLoad } from './workspace';
import { commandLineFor } from './settings';
import { ENVIRONMENT } from './inputs';
import { charged, spend } from '../work';

const byFile = (file: string) => file;

/** An assembly (one ToolConfig of an agent config) that lists a bundle. */
export interface BundleUse {
  agentPath: string;
  options: ToolCheckOptions;
  /** The tools this assembly hides from the bundle. */
  hidden: ReadonlySet<string>;
}

/** The ToolConfig sections of an agent config, as parsed. */
const AGENT_SECTIONS: QueryDef<string, AgentTools[]> = {
  name: 'agent sections',
  key: byFile,
  compute: (db, file) => agentToolsOf(db.get(WHOLE_LOAD, file)?.load.root ?? null),
};

/** Every bundle config an agent config's assemblies list, with how each assembly uses it; no bundle is read. */
const AGENT_LISTING: QueryDef<string, { configPath: string; use: BundleUse }[]> = {
  name: 'agent listing',
  key: byFile,
  compute: (db, agentPath) => {
    const root = db.get(CONFIG_ROOT, agentPath);
    return charged(db.get(AGENT_SECTIONS, agentPath)).flatMap((tools) => {
      const options = assemblyOptions(tools, profileOf(db.get(SETTINGS_OF, agentPath).config).facts);
      return charged(tools.bundles).flatMap((ref) =>
        ref.path === undefined ? [] : [{ configPath: path.join(resolveBundlePath(root, ref.path), 'config.yaml'), use: { agentPath, options, hidden: new Set(charged(ref.hidden).map((h) => h.name)) } }],
      );
    });
  },
  // Its own report says it was not checked; the bundles' uses are gathered without it.
  exhausted: () => [],
};

/** Which assemblies use each bundle config, over every agent config of the workspace. */
export const BUNDLE_USES: QueryDef<void, ReadonlyMap<string, readonly BundleUse[]>> = {
  name: 'bundle uses',
  key: () => 'uses',
  compute: (db) => {
    const uses = new Map<string, BundleUse[]>();
    for (const agentPath of db.get(AGENT_INDEX, undefined)) {
      spend();
      for (const { configPath, use } of db.get(AGENT_LISTING, agentPath)) {
        spend();
        const list = uses.get(configPath);
        if (list) list.push(use);
        else uses.set(configPath, [use]);
      }
    }
    return uses;
  },
};

/** How an agent config's bundle paths resolve: through the host's files, so that an edit to a bundle reaches the agent configs that list it. */
function agentContext(db: Database, file: string): AgentCheckContext {
  const { dir: configRoot, source: rootSource } = db.get(CONFIG_ROOT_FOUND, file);
  const fs = trackedFs(db);
  const resolve = (dir: string): BundleResolution => {
    if (!fs.isAllowed(dir)) return { kind: 'outside' };
    // SWE-agent checks that the path exists (a file will do), then that <path>/config.yaml does, then reads it as UTF-8.
    if (!fs.stat(dir)) return { kind: 'missing-dir' };
    const configPath = path.join(dir, 'config.yaml');
    const config = fs.stat(configPath);
    if (config?.outside) return { kind: 'outside', configPath };
    if (config?.kind !== 'file') return { kind: 'missing-config', configPath };
    if (textOf(db, configPath) === null) return { kind: 'unreadable-config', configPath };
    return { kind: 'ok', bundle: { dir, configPath, analyze: (options) => db.get(BUNDLE_MODEL, { file: configPath, options }) as BundleModel, readText: (relative) => textOf(db, path.join(dir, relative)) } };
  };
  const bundlesBeside = (dir: string): string[] => {
    const parent = path.dirname(dir);
    if (!fs.isAllowed(parent)) return [];
    return charged((fs.list(parent) ?? [])).filter((name) => fs.stat(path.join(parent, name, 'config.yaml'))?.kind === 'file');
  };
  const runFolder = db.get(ENVIRONMENT, 'environment').runFolder;
  const stat = (target: string): RunFileStatus => {
    if (!fs.isAllowed(target)) return 'outside';
    const found = fs.stat(target);
    return found === null ? 'missing' : found.kind === 'file' ? 'file' : 'not-a-file';
  };
  const run = { folder: runFolder ?? db.get(FOLDER_OF, file) ?? path.dirname(file), assumed: runFolder === undefined, stat };
  const profile = profileOf(db.get(SETTINGS_OF, file).config);
  return { configRoot, rootSource, sweAgentVersion: profile.base, facts: profile.facts, resolve, bundlesBeside, run };
}

/** The command line an agent config is judged with: what its settings' `commandLine` gives it, and whether they give it one. */
function commandLineOfFile(db: Database, file: string): { overrides: CommandLineOverride[]; commandLineGiven: boolean } {
  const commandLine = commandLineFor(db.get(SETTINGS_OF, file), file);
  return { overrides: overridesOf(commandLine ?? []), commandLineGiven: commandLine !== undefined };
}

/** An agent config judged as `sweagent run --config FILE` judges it, for its parse (the file's own, or a text the file might have). */
export function analyzeAgent(db: Database, file: string, whole: WholeLoad): AgentAnalysis {
  const context = agentContext(db, file);
  const profile = profileOf(db.get(SETTINGS_OF, file).config);
  const check = checkRunConfig({ files: [{ load: whole.load, origin: whole.origin }], ...commandLineOfFile(db, file), profile }, context);
  return { load: whole.load, at: whole.at, sections: check.sections, diagnostics: placeDiagnostics(check.diagnostics, whole.at), loads: check.loads, configRoot: context.configRoot, profile };
}

/** An agent config checked: the whole file as SWE-agent validates it, and each assembly with the bundles it lists. */
export const AGENT_ANALYSIS: QueryDef<string, AgentAnalysis | null> = {
  name: 'agent analysis',
  key: byFile,
  compute: (db, file) => {
    const whole = db.get(WHOLE_LOAD, file);
    return whole ? analyzeAgent(db, file, whole) : null;
  },
};

/** Agent configs given together, as `sweagent run --config A --config B` (or `run-batch`) merges them. */
export interface RunConfigRequest {
  files: readonly string[];
  kind: RunConfigKind;
}

export interface RunConfigAnalysis {
  /** Each file's own diagnostics, placed in it. */
  files: { file: string; diagnostics: FileDiagnostic[] }[];
  check: RunConfigCheck;
}

/**
 * The merged check of several agent configs; null when one of them cannot
 * be read (its own report says why). Bundle paths start where the first
 * file's do, and its settings give the overrides.
 */
export const RUN_CONFIG: QueryDef<RunConfigRequest, RunConfigAnalysis | null> = {
  name: 'run config',
  key: (request) => JSON.stringify([request.kind, ...request.files]),
  compute: (db, request) => {
    const wholes = charged(request.files).map((file) => db.get(WHOLE_LOAD, file));
    if (charged(wholes).some((whole) => whole === null) || wholes.length === 0) return null;
    const loaded = wholes as WholeLoad[];
    const first = request.files[0];
    const check = checkRunConfig({ files: charged(loaded).map((w) => ({ load: w.load, origin: w.origin })), ...commandLineOfFile(db, first), kind: request.kind, profile: profileOf(db.get(SETTINGS_OF, first).config) }, agentContext(db, first));
    return {
      files: charged(loaded).map((whole, i) => ({ file: request.files[i], diagnostics: placeDiagnostics(charged(check.diagnostics).filter((d) => d.origin === whole.origin), whole.at) })),
      check,
    };
  },
};
