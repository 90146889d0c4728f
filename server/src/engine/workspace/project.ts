/**
 * A SWE-agent project: the bundles and agent configs of some workspace
 * folders, and how they relate. The CLI and the server share it; the server
 * feeds it open editor buffers (`ProjectHost.readText`) and file events
 * (`invalidate`). Analyses are cached by file text and options.
 */
import * as path from 'path';
import { FileDiagnostic, placeDiagnostics } from '../diagnostics';
import { Placement } from '../document/placement';
import { BundleAnalyzer, BundleModel } from '../document/bundleModel';
import { PositionMapper } from '../document/positioned';
import { sourceTextOf } from '../document/sourceText';
import { isBundleConfig } from '../fileKind';
import { ToolCheckOptions } from '../swe/checkTool';
import { UNKNOWN_ENV } from '../swe/env';
import { YamlLoad, loadYaml } from '../yaml/loadYaml';
import { Origin } from '../yaml/pyNode';
import { yamlProblemDiagnostics } from '../swe/checkBundle';
import { AgentTools, agentToolsOf, isAgentConfigRoot } from './agentConfig';
import { BinEntry, BundleFolder, checkBundleFolder } from './bundleFolder';
import { AgentCheck, BundleResolution, BundleSource, assemblyOptions, checkAgentConfig, hiddenToolDiagnostics, resolveBundlePath } from './checkAgentConfig';
import { configRootFor } from './configRoot';
import { isInside, walkWorkspace } from './walk';
import { WorkspaceFs } from './workspaceFs';

export interface ProjectHost {
  fs: WorkspaceFs;
  /** A file's text: an open editor buffer wins over the disk. Null when unreadable. */
  readText(path: string): string | null;
  uriOf(path: string): string;
}

export interface ProjectSettings {
  /** SWE_AGENT_CONFIG_ROOT, when configured. */
  configRoot?: string;
  filePatterns?: readonly string[];
}

/** The options a bundle is checked with when no agent config uses it: env unknown, bash on. */
export const STANDALONE_OPTIONS: ToolCheckOptions = { env: UNKNOWN_ENV, enableBashTool: true };

interface BundleEntry {
  configPath: string;
  dir: string;
  text: string;
  analyzer: BundleAnalyzer;
  models: Map<ToolCheckOptions, BundleModel>;
  mapper: PositionMapper | null;
}

interface AgentEntry {
  path: string;
  text: string;
  origin: Origin;
  /** Where the load's nodes are: the whole file is parsed as one. */
  at: Placement;
  load: YamlLoad;
  sections: AgentTools[];
}

/** An agent config whose assembly includes a bundle. */
interface AgentUser {
  agentPath: string;
  check: AgentCheck;
  hidden: Set<string>;
}

export interface AgentAnalysis {
  load: YamlLoad;
  at: Placement;
  /** One assembly check per ToolConfig in the file (a retry agent has several). */
  sections: { tools: AgentTools; check: AgentCheck }[];
  diagnostics: FileDiagnostic[];
  /** SWE-agent starts with every assembly. */
  loads: boolean;
}

/** Files a project reads beyond bundle configs are small; bigger YAML is not an agent config. */
const MAX_AGENT_CONFIG_BYTES = 2 * 1024 * 1024;
/** A `bundles` key in block or flow style, quoted or not: worth parsing the file to see whether it is an agent config. */
const AGENT_HINT = /(?:^|[\s{,])["']?bundles["']?\s*:/m;

export class Project {
  private readonly bundles = new Map<string, BundleEntry>();
  private readonly agents = new Map<string, AgentEntry>();
  private readonly knownAgentPaths = new Set<string>();
  private readonly knownBundlePaths = new Set<string>();
  /**
   * Bumped whenever anything the project reads may have changed (a file, the
   * settings, the folders, a scan): results cached for one generation.
   */
  private generation = 0;
  private readonly agentAnalyses = new Map<string, { generation: number; analysis: AgentAnalysis | null }>();
  private usersIndex: { generation: number; byConfig: Map<string, AgentUser[]> } | undefined;
  /** Which assemblies list which bundle config (their options), read without checking them; see assembliesListing. */
  private listingIndex: { generation: number; byConfig: Map<string, Set<ToolCheckOptions>> } | undefined;
  private texts: { generation: number; byPath: Map<string, string | null> } = { generation: -1, byPath: new Map() };
  /** Bundle folder listings by folder, kept while `cacheBundleFolders` is on. */
  private readonly folderListings = new Map<string, BundleFolder | null>();
  truncated = false;
  /**
   * Keep each bundle folder's bin/ listing until `invalidate` names a path in
   * it (the server turns this on when the client reports file changes), so an
   * edit does not stat every bin/ script again. Off, every call reads the disk.
   */
  cacheBundleFolders = false;

  constructor(
    private readonly host: ProjectHost,
    private folders: string[],
    private settings: ProjectSettings = {},
  ) {}

  /** A file's text (an open editor's, else the disk's), read once per generation: a bundle is asked about by every agent config using it. */
  readText(file: string): string | null {
    if (this.texts.generation !== this.generation) this.texts = { generation: this.generation, byPath: new Map() };
    const cached = this.texts.byPath.get(file);
    if (cached !== undefined) return cached;
    const text = this.host.readText(file);
    this.texts.byPath.set(file, text);
    return text;
  }

  setFolders(folders: string[]): void {
    this.folders = folders;
    this.generation++;
    this.folderListings.clear();
  }

  get workspaceFolders(): readonly string[] {
    return this.folders;
  }

  setSettings(settings: ProjectSettings): void {
    this.settings = settings;
    this.agents.clear();
    this.generation++;
    this.folderListings.clear();
  }

  /** Finds the bundle configs and agent configs of every folder (bounded). */
  scan(onFolder?: (folder: string, index: number) => void): { bundles: string[]; agents: string[] } {
    this.truncated = false;
    this.folderListings.clear();
    this.generation++;
    this.folders.forEach((folder, index) => {
      onFolder?.(folder, index);
      const walk = walkWorkspace(this.host.fs, folder);
      if (walk.truncated) this.truncated = true;
      for (const file of walk.configYamls) {
        const text = this.readText(file);
        const inBundleFolder = isBundleConfig(file, '', this.settings.filePatterns) || this.host.fs.stat(path.join(path.dirname(file), 'bin'))?.kind === 'directory';
        // A config.yaml that cannot be read or decoded still belongs to its bundle folder: it is reported, not skipped.
        if (text === null) {
          if (inBundleFolder) this.knownBundlePaths.add(file);
        } else if (this.looksLikeAgentConfig(file, text)) this.knownAgentPaths.add(file);
        else if (inBundleFolder || isBundleConfig(file, text, this.settings.filePatterns)) this.knownBundlePaths.add(file);
      }
      for (const file of walk.otherYamls) {
        const text = this.readText(file);
        if (text !== null && this.looksLikeAgentConfig(file, text)) this.knownAgentPaths.add(file);
        else if (text !== null && (this.settings.filePatterns ?? []).length > 0 && isBundleConfig(file, text, this.settings.filePatterns)) this.knownBundlePaths.add(file);
      }
    });
    return { bundles: [...this.knownBundlePaths].sort(), agents: [...this.knownAgentPaths].sort() };
  }

  get bundlePaths(): string[] {
    return [...this.knownBundlePaths].sort();
  }

  get agentPaths(): string[] {
    return [...this.knownAgentPaths].sort();
  }

  /** Whether a file's text makes it an agent config (it has bundles under tools or templates). */
  looksLikeAgentConfig(_file: string, text: string): boolean {
    // `includes` first: the multi-line regex alone costs milliseconds on a big bundle, on every edit.
    if (text.length > MAX_AGENT_CONFIG_BYTES || !text.includes('bundles') || !AGENT_HINT.test(text)) return false;
    const normalized = sourceTextOf(text).normalized;
    return isAgentConfigRoot(loadYaml(normalized, { text: normalized }).root);
  }

  /**
   * A file changed on disk or in an editor: forget what was derived from it.
   * `editing` (the file is open in an editor, whose text wins over the disk)
   * keeps the bundle's analyzer, whose caches are keyed by chunk text, so the
   * next analysis re-parses only the chunks an edit touched; otherwise (a
   * closed document, a file event) the bundle's analysis goes.
   */
  invalidate(file: string, editing = false): void {
    this.agents.delete(file);
    this.generation++;
    // A bundle folder's listing goes when anything in it (bin/, install.sh) or above it changes; its config.yaml does not count.
    for (const dir of this.folderListings.keys()) {
      if ((isInside(file, dir) || isInside(dir, file)) && file !== path.join(dir, 'config.yaml')) this.folderListings.delete(dir);
    }
    const text = this.host.readText(file);
    if (!editing || text === null) this.bundles.delete(file);
    this.knownAgentPaths.delete(file);
    this.knownBundlePaths.delete(file);
    if (text === null || !this.folderOf(file)) return;
    if (this.looksLikeAgentConfig(file, text)) this.knownAgentPaths.add(file);
    else if (isBundleConfig(file, text, this.settings.filePatterns)) this.knownBundlePaths.add(file);
  }

  folderOf(file: string): string | undefined {
    return this.folders.filter((folder) => isInside(file, folder)).sort((a, b) => b.length - a.length)[0];
  }

  /** Drops a bundle's analysis (the CLI, once it has reported the bundle): it is made again if asked for. */
  forgetBundle(configPath: string): void {
    this.bundles.delete(configPath);
  }

  private bundleEntry(configPath: string): BundleEntry | null {
    const text = this.readText(configPath);
    if (text === null) return null;
    const cached = this.bundles.get(configPath);
    if (cached && cached.text === text) return cached;
    const entry: BundleEntry = { configPath, dir: path.dirname(configPath), text, analyzer: cached?.analyzer ?? new BundleAnalyzer(), models: new Map(), mapper: null };
    this.bundles.set(configPath, entry);
    return entry;
  }

  /** The bundle's analysis with these options (cached while its text stays the same). */
  bundleModel(configPath: string, options: ToolCheckOptions): BundleModel | null {
    const entry = this.bundleEntry(configPath);
    if (!entry) return null;
    let model = entry.models.get(options);
    if (!model) {
      model = entry.analyzer.analyze(entry.text, options);
      if (entry.models.size >= 8) entry.models.clear();
      entry.models.set(options, model);
    }
    return model;
  }

  private source(configPath: string): BundleSource {
    return {
      dir: path.dirname(configPath),
      configPath,
      uri: this.host.uriOf(configPath),
      analyze: (options) => this.bundleModel(configPath, options)!,
      range: (model, start, end) => {
        const mapper = new PositionMapper(model.source);
        return { start: mapper.position(start), end: mapper.position(end) };
      },
    };
  }

  resolveBundle(dir: string): BundleResolution {
    if (!this.host.fs.isAllowed(dir)) return { kind: 'outside' };
    // SWE-agent checks that the path exists (a file will do), then that <path>/config.yaml does, then reads it as UTF-8.
    if (!this.host.fs.stat(dir)) return { kind: 'missing-dir' };
    const configPath = path.join(dir, 'config.yaml');
    if (this.host.fs.stat(configPath)?.kind !== 'file') return { kind: 'missing-config', configPath };
    if (this.readText(configPath) === null) return { kind: 'unreadable-config', configPath };
    return { kind: 'ok', bundle: this.source(configPath) };
  }

  private agentEntry(file: string): AgentEntry | null {
    const text = this.readText(file);
    if (text === null) return null;
    const cached = this.agents.get(file);
    if (cached && cached.text === text) return cached;
    const entry = agentEntryOf(file, text);
    this.agents.set(file, entry);
    return entry;
  }

  configRootOf(agentConfigPath: string): string {
    const folder = this.folderOf(agentConfigPath) ?? path.dirname(agentConfigPath);
    return configRootFor(this.host.fs, agentConfigPath, folder, this.settings.configRoot);
  }

  /** The agent config's YAML load, its assembly checks and their diagnostics (YAML problems included). */
  agent(file: string): AgentAnalysis | null {
    // Checked once per state of the project: every bundle asks about every agent config (agentsUsing).
    const cached = this.agentAnalyses.get(file);
    if (cached && cached.generation === this.generation) return cached.analysis;
    const entry = this.agentEntry(file);
    const analysis = entry ? this.analyzeAgent(entry) : null;
    this.agentAnalyses.set(file, { generation: this.generation, analysis });
    return analysis;
  }

  /** The analysis `agent(file)` would give if the file held `text` (say, with a half-typed line repaired); not cached. */
  agentOfText(file: string, text: string): AgentAnalysis {
    return this.analyzeAgent(agentEntryOf(file, text));
  }

  private analyzeAgent(entry: AgentEntry): AgentAnalysis {
    const file = entry.path;
    const context = { configRoot: this.configRootOf(file), resolve: (dir: string) => this.resolveBundle(dir) };
    const sections = entry.sections.map((tools) => ({ tools, check: checkAgentConfig(tools, context) }));
    const yaml = yamlProblemDiagnostics(entry.load.problems, entry.origin);
    return {
      load: entry.load,
      at: entry.at,
      sections,
      diagnostics: placeDiagnostics([...yaml, ...sections.flatMap((s) => s.check.diagnostics)], entry.at),
      loads: entry.load.problems.length === 0 && sections.every((s) => s.check.loads),
    };
  }

  /**
   * Prepares the bundle's analysis in the contexts `bundleDiagnostics` will
   * ask for (BundleAnalyzer.prepare), while `hasTime()` allows: its own
   * options, and each agent config's that lists it. The agent configs are read
   * but not checked (checking them analyses the bundle, which is the work
   * being sliced). True when nothing is left to do.
   */
  prepareBundle(configPath: string, baseOptions: ToolCheckOptions, useAgentConfigs: boolean, hasTime: () => boolean): boolean {
    const entry = this.bundleEntry(configPath);
    if (!entry) return true;
    const contexts = [baseOptions, ...(useAgentConfigs ? this.assembliesListing(configPath) : [])];
    return contexts.every((options) => entry.models.has(options) || entry.analyzer.prepare(entry.text, options, hasTime));
  }

  /** The options of every assembly (agent config section) that lists this bundle config, read without checking them. */
  private assembliesListing(configPath: string): ToolCheckOptions[] {
    // One pass over every agent config per state of the project: preparing asks once per slice.
    if (this.listingIndex?.generation !== this.generation) {
      const byConfig = new Map<string, Set<ToolCheckOptions>>();
      for (const agentPath of this.agentPaths) {
        const entry = this.agentEntry(agentPath);
        if (!entry) continue;
        const root = this.configRootOf(agentPath);
        for (const tools of entry.sections) {
          for (const ref of tools.bundles) {
            if (ref.path === undefined) continue;
            const listed = path.join(resolveBundlePath(root, ref.path), 'config.yaml');
            byConfig.set(listed, (byConfig.get(listed) ?? new Set()).add(assemblyOptions(tools)));
          }
        }
      }
      this.listingIndex = { generation: this.generation, byConfig };
    }
    return [...(this.listingIndex.byConfig.get(configPath) ?? [])];
  }

  /** The agent configs (known to the index) whose assembly includes this bundle config. */
  agentsUsing(configPath: string): { agentPath: string; check: AgentCheck; hidden: Set<string> }[] {
    // One pass over every agent config per state of the project, not one per bundle asking.
    if (this.usersIndex?.generation !== this.generation) {
      const byConfig = new Map<string, AgentUser[]>();
      for (const agentPath of this.agentPaths) {
        for (const { check } of this.agent(agentPath)?.sections ?? []) {
          for (const bundle of check.bundles) {
            const users = byConfig.get(bundle.source.configPath) ?? [];
            users.push({ agentPath, check, hidden: bundle.hidden });
            byConfig.set(bundle.source.configPath, users);
          }
        }
      }
      this.usersIndex = { generation: this.generation, byConfig };
    }
    return [...(this.usersIndex.byConfig.get(configPath) ?? [])];
  }

  /** The bundle folder's bin/ listing and install.sh, for the folder checks; null when the folder is not on disk. */
  bundleFolder(configPath: string): BundleFolder | null {
    // SWE-agent reads a bundle from <folder>/config.yaml only; another file matched by filePatterns has no bin/ of its own.
    if (path.basename(configPath) !== 'config.yaml') return null;
    const dir = path.dirname(configPath);
    if (!this.cacheBundleFolders) return this.readBundleFolder(dir);
    let folder = this.folderListings.get(dir);
    if (folder === undefined) {
      folder = this.readBundleFolder(dir);
      this.folderListings.set(dir, folder);
    }
    return folder;
  }

  private readBundleFolder(dir: string): BundleFolder | null {
    if (this.host.fs.stat(dir)?.kind !== 'directory') return null;
    const binDir = path.join(dir, 'bin');
    const names = this.host.fs.stat(binDir)?.kind === 'directory' ? this.host.fs.list(binDir) : null;
    const bin: BinEntry[] | null = names
      ? names.map((name) => {
          const stat = this.host.fs.stat(path.join(binDir, name));
          return { name, kind: stat?.kind ?? 'other', executable: stat?.executable ?? false };
        })
      : null;
    return { bin, hasInstallScript: this.host.fs.stat(path.join(dir, 'install.sh'))?.kind === 'file' };
  }

  /**
   * A bundle's diagnostics in this project: checked in the context of every
   * agent config that uses it (their env, bash setting and hidden tools), or
   * with `baseOptions` when none does (or `useAgentConfigs` is off, as when
   * the user gave an env); plus the bundle folder checks.
   */
  bundleDiagnostics(configPath: string, baseOptions: ToolCheckOptions = STANDALONE_OPTIONS, useAgentConfigs = true): { model: BundleModel; diagnostics: FileDiagnostic[]; loads: boolean } | null {
    const standalone = this.bundleModel(configPath, baseOptions);
    if (!standalone) return null;
    const bundleFolder = this.bundleFolder(configPath);
    const folder = bundleFolder ? checkBundleFolder(standalone, bundleFolder) : [];
    const users = useAgentConfigs ? this.agentsUsing(configPath) : [];
    if (users.length === 0) return { model: standalone, diagnostics: [...standalone.diagnostics, ...folder], loads: standalone.check.loads };
    return { model: standalone, diagnostics: [...mergeContexts(users.map((u) => ({ ...u, model: this.bundleModel(configPath, u.check.options)! }))), ...folder], loads: standalone.check.loads };
  }
}

function agentEntryOf(file: string, text: string): AgentEntry {
  const normalized = sourceTextOf(text).normalized;
  const origin = { text: normalized };
  const load = loadYaml(normalized, origin);
  return { path: file, text, origin, at: Placement.whole(origin), load, sections: agentToolsOf(load.root) };
}

const ENV_DEPENDENT = new Set(['docstring-unknown-variable', 'docstring-format-error']);

/**
 * One bundle seen by several agent configs: what is wrong everywhere is
 * reported once; what depends on an agent's env names that agent config;
 * a tool that every agent config hides is never built, so the errors of
 * building it become warnings (not those of BundleConfig, which checks
 * every tool).
 */
function mergeContexts(contexts: { agentPath: string; model: BundleModel; hidden: Set<string> }[]): FileDiagnostic[] {
  const seen = new Set<string>();
  const merged: FileDiagnostic[] = [];
  const hiddenIn = contexts.map((c) => hiddenToolDiagnostics(c.model, c.hidden));
  const hiddenEverywhere = (diagnostic: FileDiagnostic) => hiddenIn.every((isHidden) => isHidden(diagnostic));
  for (const context of contexts) {
    for (const diagnostic of context.model.diagnostics) {
      let result = diagnostic;
      if (ENV_DEPENDENT.has(diagnostic.code) && diagnostic.severity === 'error') {
        result = { ...diagnostic, message: `${diagnostic.message} (Checked with the env of ${path.basename(path.dirname(context.agentPath))}/${path.basename(context.agentPath)}, which uses this bundle.)` };
      }
      if (hiddenEverywhere(diagnostic) && result.severity === 'error') {
        result = { ...result, severity: 'warning', message: `${result.message} (Every agent config using this bundle hides \`${String(diagnostic.tool)}\`, so SWE-agent does not load it.)` };
      }
      const key = `${result.code}|${result.start}|${result.end}|${result.severity}|${result.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      merged.push(result);
    }
  }
  return merged;
}
