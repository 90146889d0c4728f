/**
 * What the front ends ask of the current revision: every answer the server
 * and the CLI give comes from here, so both give the same. Each method picks
 * the model the file's kind calls for (a bundle config's, an agent config's)
 * in one place, calls the pure feature function, and returns offsets in the
 * file's normalized text; the front end turns them into positions.
 */
import * as path from 'path';
import { FileDiagnostic } from '../diagnostics';
import { BundleModel, ChunkKey, standsAlone } from '../document/bundleModel';
import { LineIndex } from '../document/lineIndex';
import { LineLookup, PositionMapper, PositionedDiagnostic, positionDiagnostics } from '../document/positioned';
import { Placement } from '../document/placement';
import { SourceText, sourceTextOf } from '../document/sourceText';
import { PromptLens, ToolLens, promptLens, toolLenses, previewToolMarkdown } from '../features/codeLens';
import { CompletionEntry, completions } from '../features/completion';
import { documentSymbols, OutlineSymbol } from '../features/documentSymbols';
import { FoldingRegion, foldingRanges } from '../features/folding';
import { HoverResult, hoverAt } from '../features/hover';
import { InlayHintItem, inlayHints } from '../features/inlayHints';
import { Highlight, TextRange, definitionAt, highlightsAt, referencesAt } from '../features/navigation';
import { QUICK_FIXES, QuickFix, applicableFixes, quickFixes } from '../features/quickFixes';
import { replaceSettingsKey } from '../features/quickFixes/settingsKey';
import { PrepareRenameResult, RenameResult, prepareRename, rename } from '../features/rename';
import { OffsetRange, selectionRanges } from '../features/selectionRanges';
import { SemanticToken, semanticTokens } from '../features/semanticTokens';
import { SETTINGS_ENV, ViewContext, ViewEnv } from '../features/toolPreview';
import { SettingsProblem } from '../settings/validateSettings';
import { profileOf } from '../settings/configOptions';
import { EnvContext } from '../swe/env';
import { STANDALONE_OPTIONS } from '../swe/checkTool';
import { AgentCompletionWorkspace, agentCompletions } from '../features/agentCompletion';
import { agentDefinitionAt, agentHoverAt } from '../features/agentNavigation';
import { PathLink, bundlePathLinks } from '../features/agentLinks';
import { AGENT_QUICK_FIXES, agentQuickFixes } from '../features/quickFixes/agentQuickFixes';
import { BundleFolder, ScriptLink, scriptLinks } from '../workspace/bundleFolder';
import { AgentAnalysis } from '../workspace/checkAgentConfig';
import { FileStat } from '../workspace/workspaceFs';
import { ToolSymbol, workspaceToolSymbols } from '../features/workspaceSymbols';
import { loadYaml } from '../yaml/loadYaml';
import { strValue } from '../yaml/pyNode';
import { AGENT_ANALYSIS, BUNDLE_USES, BundleUse, RUN_CONFIG, analyzeAgent } from './agents';
import { BUNDLE_FILE, BUNDLE_MODEL, BUNDLE_REFUSAL, BUNDLE_SPLIT, CHUNK, ModelKey, TOOL_BASE, agentLabel, bundleContexts, bundleFolderDiagnostics, envKey, mergeContexts, prepareToolIn, variantModel } from './bundles';
import { Database } from './database';
import { LINES, SOURCE, textOf, trackedFs } from './files';
import { FileReport, FILE_REPORT, exhaustedReport, readFailureReport, shownDiagnostics } from './reports';
import { FolderSettings, SETTINGS_AT } from './settings';
import { BUNDLE_FOLDER, CHUNK_SPECS, CONFIG_ROOT, FileKind, INDEX, KIND, SETTINGS_OF, WALK, WorkspaceIndex, isNewAgentConfig } from './workspace';
import { WalkResult } from '../workspace/walk';
import { FOLDERS } from './inputs';
import { RunConfigKind, runConfigKindOf } from '../runConfig/classify';
import { ConfigSymbol, runConfigCompletions, runConfigHover, runConfigSymbols } from '../features/runConfigFeatures';
import { PromptPlaceholders, PromptPreview, previewPrompt } from '../features/promptPreview';
import { promptInputsOf } from '../features/promptInputs';
import { promptPreviewMarkdown } from '../features/promptPreviewText';
import { WorkBudgetExhausted, charged, orExhausted, spend } from '../work';

/** Where a definition leads: a place in a file (offsets in its normalized text). */
interface DefinitionTarget {
  file: string;
  /** The whole thing defined, and the part to select (its name). */
  target: TextRange;
  selection: TextRange;
}

export interface Definitions {
  /** The token the request was made on. */
  origin: TextRange;
  targets: DefinitionTarget[];
}

/** What `Analysis.prepare` readies a bundle for: its model (what most features read), or its report too (every context it is used in). */
export type PrepareScope = 'model' | 'report';

export type Links = { kind: 'bundle'; links: ScriptLink[] } | { kind: 'agent'; links: PathLink[] };

export class Analysis {
  constructor(private readonly db: Database) {}

  kind(file: string): FileKind {
    return this.db.get(KIND, file);
  }

  /** The file's diagnostics and whether SWE-agent would load it; null when it is neither a bundle config nor an agent config. */
  report(file: string): FileReport | null {
    return this.db.get(FILE_REPORT, file);
  }

  /** The text offsets are in (universal newlines applied); null when the file cannot be read. */
  source(file: string): SourceText | null {
    return this.db.get(SOURCE, file);
  }

  /** The line table of the file's own text, for positions. */
  lines(file: string): LineIndex | null {
    return this.db.get(LINES, file);
  }

  /** The positions of offsets in a file's normalized text, in its own text (`lines`: the editor's line table, when it has the same text). */
  mapper(file: string, lines?: LineLookup): PositionMapper {
    const source = this.source(file) ?? sourceTextOf('');
    return new PositionMapper(source, lines ?? this.lines(file) ?? undefined);
  }

  /** A file's diagnostics with positions (related places in other files too), as both front ends report them. */
  positioned(file: string, report: FileReport, lines?: LineLookup): PositionedDiagnostic[] {
    const mapper = new PositionMapper(report.source, lines ?? (this.source(file) === report.source ? (this.lines(file) ?? undefined) : undefined));
    return positionDiagnostics(report.diagnostics, mapper, (other, start, end) => this.mapper(other).range({ start, end }));
  }

  /**
   * `--agent-config FILE...`: the agent configs merged and judged as
   * `sweagent run --config FILE...` (or `run-batch`) judges them, each with
   * its own diagnostics, then every bundle their assemblies list, each as
   * that assembly sees it (its env, bash setting and hidden tools) with its
   * bundle folder's checks; in the order they are listed. A file that cannot
   * be read is reported as such, and stops the merge as it stops SWE-agent.
   */
  assembly(agentFiles: readonly string[], kind: RunConfigKind): { file: string; report: FileReport }[] {
    const merged = orExhausted(() => this.db.get(RUN_CONFIG, { files: agentFiles, kind }));
    if (merged instanceof WorkBudgetExhausted) return [{ file: agentFiles[0], report: exhaustedReport(this.db, agentFiles[0], 'agent', merged) }];
    if (!merged) {
      // The first file that cannot be read stops SWE-agent, and the check.
      const failed = charged(agentFiles).find((file) => !this.source(file));
      const report = failed === undefined ? null : readFailureReport(this.db, failed, 'agent');
      return report ? [{ file: failed!, report }] : [];
    }
    const reports: { file: string; report: FileReport }[] = charged(merged.files).map(({ file, diagnostics }) => {
      const source = this.source(file)!;
      return { file, report: { kind: 'agent', loads: merged.check.loads, diagnostics: shownDiagnostics(diagnostics, source, this.settingsOf(file).config.rules), source } };
    });
    // Each bundle once, in the order listed, with every assembly of the config that lists it (a retry agent has several):
    // reported as the server reports a bundle in its contexts, so a tool every assembly hides keeps its problems as warnings.
    const listed = new Map<string, { use: BundleUse; model: BundleModel; loads: boolean }[]>();
    for (const { check } of merged.check.sections) {
      spend();
      for (const bundle of check.bundles) {
        spend();
        const file = bundle.source.configPath;
        if (agentFiles.includes(file)) continue;
        const use: BundleUse = { agentPath: agentFiles[0], options: check.options, hidden: bundle.hidden };
        listed.set(file, [...(listed.get(file) ?? []), { use, model: bundle.model, loads: !charged(bundle.diagnostics).some((d) => d.severity === 'error') }]);
      }
    }
    for (const [file, contexts] of listed) {
      spend();
      const { model } = contexts[0];
      const folder = this.bundleFolder(file);
      const diagnostics = [...mergeContexts(contexts), ...(folder ? bundleFolderDiagnostics(this.db, file, model, folder) : [])];
      reports.push({ file, report: { kind: 'bundle', loads: charged(contexts).every((c) => c.loads), diagnostics: shownDiagnostics(diagnostics, model.source, this.settingsOf(file).config.rules), source: model.source } });
    }
    return reports;
  }

  /**
   * The first messages SWE-agent sends the model for these agent configs
   * (merged as `--config A --config B` merges them), with placeholders for
   * what only a run knows. When SWE-agent stops before the first query
   * because of the config, the reason is the first error of `assembly`.
   */
  previewPrompt(agentFiles: readonly string[], kind: RunConfigKind, options: { placeholders?: PromptPlaceholders } = {}): PromptPreview {
    const merged = agentFiles.length > 0 ? orExhausted(() => this.db.get(RUN_CONFIG, { files: agentFiles, kind })) : null;
    if (merged instanceof WorkBudgetExhausted) return { ok: false, kind: 'unsupported', reason: `the check of the configuration stopped: ${merged.message}` };
    // The SWE-agent the merged config was checked with: the first file's, as RUN_CONFIG takes it.
    const facts = agentFiles.length > 0 ? profileOf(this.settingsOf(agentFiles[0]).config).facts : null;
    const inputs = merged && facts && promptInputsOf(merged.check, { configRoot: this.db.get(CONFIG_ROOT, agentFiles[0]), read: (file) => textOf(this.db, file), facts, ...options });
    if (inputs) return previewPrompt(inputs);
    const reports = this.assembly(agentFiles, kind);
    const first = charged(reports).flatMap((r) => charged(r.report.diagnostics).filter((d) => d.severity === 'error').map((d) => ({ file: r.file, message: d.message })))[0];
    return { ok: false, kind: 'sweagent', reason: first ? `SWE-agent stops at its configuration (${path.basename(first.file)}): ${first.message}` : 'SWE-agent stops at its configuration.' };
  }

  /** The preview of an agent config's prompt as Markdown, for the editor; null for other files. */
  previewPromptMarkdown(file: string): string | null {
    const preview = this.previewPromptOf(file);
    return preview && promptPreviewMarkdown(preview);
  }

  /** Agent configs only: the file's own preview, as `sweagent run --config FILE` (or run-batch, for a batch config) builds it; null for other files. */
  previewPromptOf(file: string): PromptPreview | null {
    const agent = this.agent(file);
    if (!agent) return null;
    return this.previewPrompt([file], runConfigKindOf(agent.load.root) === 'run-batch' ? 'run-batch' : 'run-single');
  }

  /** What the walk of one workspace folder found. */
  walk(folder: string): WalkResult {
    return this.db.get(WALK, folder);
  }

  index(): WorkspaceIndex {
    return this.db.get(INDEX, undefined);
  }

  settingsOf(file: string): FolderSettings {
    return this.db.get(SETTINGS_OF, file);
  }

  /** Which SWE-agent a bundle or agent config is judged by, and why (the editor's status item says it); null for any other file. */
  judgedBy(file: string): { label: string; reason: string } | null {
    if (this.kind(file) === 'other') return null;
    const { label, reason } = profileOf(this.settingsOf(file).config);
    return { label, reason };
  }

  /** Every problem with the settings in use: the user's, and each workspace folder's settings file. */
  settingsProblems(): SettingsProblem[] {
    const seen = new Set<string>();
    const problems: SettingsProblem[] = [];
    for (const folder of this.db.get(FOLDERS, 'folders')) {
      spend();
      for (const problem of this.db.get(SETTINGS_AT, folder).problems) {
        spend();
        const key = `${problem.file}\0${problem.start}\0${problem.message}`;
        if (seen.has(key)) continue;
        seen.add(key);
        problems.push(problem);
      }
    }
    return problems;
  }

  /** The bundle model features work on, or null when the file is no readable bundle config. */
  bundleModel(file: string): BundleModel | null {
    // The model BUNDLE_FILE reports on, without checking the file in every other context it is used in.
    return this.kind(file) === 'bundle' ? this.db.get(BUNDLE_MODEL, { file, options: bundleContexts(this.db, file).options }) : null;
  }

  agent(file: string): AgentAnalysis | null {
    return this.kind(file) === 'agent' ? this.db.get(AGENT_ANALYSIS, file) : null;
  }

  /**
   * The env a bundle's docs render with, as its diagnostics are checked: the
   * settings' env, else that of the first agent config that uses it, else
   * ToolConfig's defaults (unknown); and where it comes from, in our prose.
   */
  viewEnv(file: string): ViewEnv {
    const { options, uses } = bundleContexts(this.db, file);
    if (uses.length === 0) return { env: options.env, from: options.env.known ? SETTINGS_ENV : null };
    const env = uses[0].options.env;
    const others = uses.length === 1 ? '' : `, the first of the ${uses.length} agent configs that use it${new Set(charged(uses).map((u) => envKey(u.options.env))).size > 1 ? ' (their envs differ; the diagnostics check each)' : ''}`;
    return { env, from: `the env of \`${agentLabel(uses[0].agentPath)}\`, which uses this bundle${others}` };
  }

  /**
   * Which assemblies use each bundle, and so the env every bundle's hover,
   * semantic tokens and inlay hints show. The value is the same object while
   * the uses stay the same (backdating), so a front end tells whether a burst
   * of changes changed them by comparing the values before and after.
   */
  bundleUses(): object {
    return this.db.get(BUNDLE_USES, undefined);
  }

  env(file: string): EnvContext {
    return this.viewEnv(file).env;
  }

  /** What the hover and the preview show a bundle with: the env of the one context they name, and whether SWE-agent refuses the bundle there. */
  private viewContext(file: string): ViewContext {
    return { env: this.viewEnv(file), refusal: this.db.get(BUNDLE_REFUSAL, file) };
  }

  /** The workspace folders. */
  folders(): readonly string[] {
    return this.db.get(FOLDERS, 'folders');
  }

  /** What the disk says a path is (inside the readable roots). */
  fileStat(file: string): FileStat | null {
    const fs = trackedFs(this.db);
    return fs.isAllowed(file) ? fs.stat(file) : null;
  }

  bundleFolder(file: string): BundleFolder | null {
    return path.basename(file) === 'config.yaml' ? this.db.get(BUNDLE_FOLDER, path.dirname(file)) : null;
  }

  /**
   * Does the costly part of analysing a big bundle ahead, a step at a time
   * while `hasTime()` allows, from step `from` on; the step to go on from, or
   * null when nothing is left. First each chunk's parse and base check (the
   * bulk of opening a big file); then each tool's check and view in the one
   * context features use (`bundleModel`), which is then modelled; for its
   * `report`, then each tool's check in every context the bundle is used in,
   * which the report merges tool by tool (no model each). What was prepared
   * before keeps the checks of its unchanged chunks, so after an edit it
   * takes the steps of the chunks the split found new alone (their parses,
   * their checks in each context), without a look at the others, and one
   * step for the features' model. Nothing to do when what it prepares for is
   * current already: a request on an unchanged document costs nothing here.
   */
  prepare(file: string, hasTime: () => boolean, from = 0, scope: PrepareScope = 'report'): number | null {
    const next = orExhausted(() => this.prepareFrom(file, hasTime, from, scope));
    // Nothing more to prepare when the budget ran out: the file's report says so.
    return next instanceof WorkBudgetExhausted ? null : next;
  }

  private prepareFrom(file: string, hasTime: () => boolean, from: number, scope: PrepareScope): number | null {
    if (this.kind(file) !== 'bundle') return null;
    const db = this.db;
    const { options, uses } = bundleContexts(db, file);
    const model: ModelKey = { file, options };
    if (scope === 'model' ? db.isCurrent(BUNDLE_MODEL, model) : db.isCurrent(BUNDLE_FILE, file)) return null;
    const split = db.get(BUNDLE_SPLIT, file);
    if (!split) return null;
    const { specs, keys, fresh } = split;
    // Each tool's chunk, and the index among the tools of each chunk that is one.
    const tools: ChunkKey[] = [];
    const toolOf = charged(specs).map((spec, i) => (spec.role === 'tool' ? tools.push(keys[i]) - 1 : -1));
    // Steps: each chunk alone; each tool in the features' context, then its model; each use's context, the tools to check in it.
    const alone = specs.length;
    const featured = alone + tools.length + 1;
    // A model made before holds the parses and checks of the chunks it had: only the chunks the split found new are made ahead,
    // found without a look-up for each of the others (the steps keep their numbers; the others are skipped).
    const newTools = charged(fresh).flatMap((i) => (toolOf[i] >= 0 ? [toolOf[i]] : []));
    const only = from < featured && db.holds(BUNDLE_MODEL, model) ? [...fresh, ...charged(newTools).map((t) => alone + t), featured - 1] : null;
    for (let at = only ? firstFrom(only, from) : from; at < featured; at = only ? firstFrom(only, at + 1) : at + 1) {
      spend();
      if (!hasTime()) return at;
      if (at < alone) {
        // A chunk that does not stand alone: the text is parsed whole, in one go, when it is asked for.
        if (!standsAlone(specs[at].role, db.get(CHUNK, keys[at]))) return null;
        if (specs[at].role === 'tool') db.get(TOOL_BASE, { chunk: keys[at], facts: options.facts });
      } else if (at < featured - 1) {
        // Taken alone, a new tool's chunk may not have been looked at (`from` past it): one that does not stand alone has no check of its own.
        if (!only || standsAlone('tool', db.get(CHUNK, tools[at - alone]))) prepareToolIn(db, tools[at - alone], options, true);
      } else {
        db.get(BUNDLE_MODEL, model);
      }
    }
    if (scope === 'model') return null;
    // A use's context gets its tools' checks, never a model: a model per use would cost every agent config that lists the bundle a step per edit.
    const inUses = db.holds(BUNDLE_FILE, file) ? charged(newTools).map((t) => tools[t]) : tools;
    for (let at = Math.max(from, featured); at < featured + uses.length * inUses.length; at++) {
      spend();
      if (!hasTime()) return at;
      const step = at - featured;
      prepareToolIn(db, inUses[step % inUses.length], uses[Math.floor(step / inUses.length)].options, false);
    }
    return null;
  }

  hover(file: string, offset: number): HoverResult | null {
    const agent = this.agent(file);
    // A bundle path or hidden tool first; elsewhere, the config's own keys.
    if (agent) return agentHoverAt(agent, agent.configRoot, offset) ?? runConfigHover(agent.load.root, agent.at, offset, agent.profile);
    const model = this.bundleModel(file);
    return model ? hoverAt(model, offset, this.viewContext(file)) : null;
  }

  /**
   * Completion items; in an agent config also while its line is half-typed
   * and the file does not read as one. Null when the file is neither kind.
   */
  completion(file: string, offset: number, options: { snippets: boolean }): CompletionEntry[] | null {
    const kind = this.kind(file);
    const source = this.source(file);
    if (!source) return null;
    if (kind === 'other' && isNewAgentConfig(file, source.normalized)) return runConfigCompletions(source.normalized, null, offset, options.snippets, profileOf(this.settingsOf(file).config));
    if (kind !== 'bundle') {
      const agent = this.agent(file);
      const bundleEntries = agentCompletions(this.agentWorkspace(file), source.normalized, offset, agent, options);
      // The config's own keys and values, where no bundle entry is being written.
      if (agent && !bundleEntries?.length) return runConfigCompletions(source.normalized, { root: agent.load.root, at: agent.at }, offset, options.snippets, agent.profile) ?? [];
      if (bundleEntries || kind === 'agent') return bundleEntries ?? [];
      return null;
    }
    const model = this.bundleModel(file);
    if (!model) return null;
    const binScripts = charged(this.bundleFolder(file)?.bin?.entries)?.flatMap((entry) => (entry.kind === 'file' ? [entry.name] : []));
    const split = this.db.get(CHUNK_SPECS, file) ?? undefined;
    return completions(model, offset, { snippets: options.snippets, binScripts, split, analyze: (text) => variantModel(this.db, file, text, STANDALONE_OPTIONS) });
  }

  private agentWorkspace(file: string): AgentCompletionWorkspace {
    const db = this.db;
    return {
      bundlePaths: this.index().bundles,
      toolNames: (configPath) =>
        charged((db.get(BUNDLE_MODEL, { file: configPath, options: STANDALONE_OPTIONS })?.check.toolEntries ?? [])).map((e) => strValue(e.keyNode)).filter((n): n is string => n !== undefined),
      configRoot: db.get(CONFIG_ROOT, file),
      analyzeText(text) {
        const normalized = sourceTextOf(text).normalized;
        const origin = { text: normalized };
        const load = loadYaml(normalized, origin);
        return runConfigKindOf(load.root) !== null ? analyzeAgent(db, file, { origin, at: Placement.whole(origin), load }) : null;
      },
    };
  }

  definition(file: string, offset: number): Definitions | null {
    const agent = this.agent(file);
    if (agent) {
      const found = agentDefinitionAt(agent, agent.configRoot, offset);
      return found && { origin: found.origin, targets: [{ file: found.file, target: found.target, selection: found.selection }] };
    }
    const model = this.bundleModel(file);
    const found = model && definitionAt(model, offset);
    return found && { origin: found.origin, targets: charged(found.targets).map((t) => ({ file, target: { start: t.itemStart, end: t.itemEnd }, selection: { start: t.start, end: t.end } })) };
  }

  references(file: string, offset: number, includeDeclaration: boolean): TextRange[] {
    const model = this.bundleModel(file);
    return model ? referencesAt(model, offset, includeDeclaration) : [];
  }

  highlights(file: string, offset: number): Highlight[] {
    const model = this.bundleModel(file);
    return model ? highlightsAt(model, offset) : [];
  }

  prepareRename(file: string, offset: number): PrepareRenameResult | null {
    const model = this.bundleModel(file);
    return model ? prepareRename(model, offset) : null;
  }

  rename(file: string, offset: number, newName: string): RenameResult | null {
    const model = this.bundleModel(file);
    return model ? rename(model, offset, newName) : null;
  }

  /** Whether diagnostics of this code can have quick fixes in this file. */
  fixable(file: string, code: string): boolean {
    const kind = this.kind(file);
    return kind === 'agent' ? code in AGENT_QUICK_FIXES : kind === 'bundle' && code in QUICK_FIXES;
  }

  /** The quick fixes of one of the file's diagnostics. */
  quickFixes(file: string, diagnostic: FileDiagnostic): QuickFix[] {
    const agent = this.agent(file);
    const source = this.source(file);
    if (agent && source) return agentQuickFixes(source.normalized, agent.load.root, agent.at, diagnostic);
    const model = this.bundleModel(file);
    return model ? quickFixes(model, diagnostic) : [];
  }

  /** The settings problems in one settings file (`.swe-bundle.json`), in the order they are reported. */
  settingsProblemsIn(file: string): SettingsProblem[] {
    return charged(this.settingsProblems()).filter((problem) => problem.file === file);
  }

  /** The quick fixes of a settings problem in its settings file: the key it most likely meant. */
  settingsQuickFixes(problem: SettingsProblem): QuickFix[] {
    const source = problem.file !== null ? this.source(problem.file) : null;
    return source ? applicableFixes(replaceSettingsKey(source.normalized, problem)) : [];
  }

  /** At most `limit` ranges (the client's limit, or the feature's own). */
  folding(file: string, limit?: number): FoldingRegion[] {
    const model = this.bundleModel(file);
    return model ? foldingRanges(model, limit) : [];
  }

  /** Null when the file is no bundle config. */
  selectionRanges(file: string, offset: number): OffsetRange[] | null {
    const model = this.bundleModel(file);
    return model ? selectionRanges(model, offset) : null;
  }

  semanticTokens(file: string, range?: TextRange): SemanticToken[] {
    const model = this.bundleModel(file);
    return model ? semanticTokens(model, this.env(file), range) : [];
  }

  inlayHints(file: string, range?: TextRange): InlayHintItem[] {
    const model = this.bundleModel(file);
    return model && this.settingsOf(file).config.inlayHints !== false ? inlayHints(model, range) : [];
  }

  codeLenses(file: string): (ToolLens | PromptLens)[] {
    const agent = this.agent(file);
    if (agent) return [promptLens(agent.load.root, agent.at)];
    const model = this.bundleModel(file);
    return model ? toolLenses(model) : [];
  }

  /** The tool's preview as Markdown (or why the model sees nothing of it); null when the file has no such tool. */
  previewTool(file: string, toolName: string): string | null {
    const model = this.bundleModel(file);
    return model ? previewToolMarkdown(model, toolName, this.viewContext(file)) : null;
  }

  /** A bundle's outline of tools and arguments; an agent config's keys. */
  documentSymbols(file: string): { kind: 'bundle'; symbols: OutlineSymbol[] } | { kind: 'agent'; symbols: ConfigSymbol[] } | null {
    const agent = this.agent(file);
    if (agent) return { kind: 'agent', symbols: runConfigSymbols(agent.load.root, agent.at, agent.profile) };
    const model = this.bundleModel(file);
    return model && { kind: 'bundle', symbols: documentSymbols(model) };
  }

  documentLinks(file: string): Links | null {
    const agent = this.agent(file);
    if (agent) {
      const fs = trackedFs(this.db);
      return { kind: 'agent', links: bundlePathLinks(agent.at, charged(agent.sections).map((s) => s.tools), agent.configRoot, (target) => fs.stat(target)?.kind === 'file') };
    }
    const model = this.bundleModel(file);
    const folder = model && this.bundleFolder(file);
    return folder ? { kind: 'bundle', links: scriptLinks(model, folder) } : null;
  }

  workspaceSymbols(query: string): ToolSymbol[] {
    return workspaceToolSymbols(this.index().bundles, (configPath) => this.db.get(BUNDLE_MODEL, { file: configPath, options: STANDALONE_OPTIONS }), query);
  }
}

/** The first of `steps` (ascending) from `at` on; past them, `Infinity`. */
function firstFrom(steps: readonly number[], at: number): number {
  return charged(steps).find((step) => step >= at) ?? Infinity;
}
