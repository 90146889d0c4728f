/**
 * Bundle configs as queries: the parse and checks of each chunk (keyed by its
 * text, so they serve every version and every file that has the chunk), the
 * model of a file in one assembly context, and a file's diagnostics: checked
 * in the context of every assembly that uses it, plus its `bin/` folder.
 */
import * as path from 'path';
import { EngineDiagnostic, FileDiagnostic } from '../diagnostics';
import { placeDiagnostic } from '../document/placement';
import { BundleModel, BundleShape, BundleSplit, ChunkKey, ChunkMemo, ParsedChunk, bundleShape, chunkKeyText, chunkToolView, modelInContext, parseChunk, splitBundle, toolBaseOf } from '../document/bundleModel';
import { ToolView } from '../document/bundleView';
import { resplitChunks, splitIntoChunks } from '../document/chunker';
import { sourceTextOf } from '../document/sourceText';
import { Refusal, refusalOf } from '../features/toolPreview';
import { pyRepr } from '../python/pyObject';
import { EnvContext } from '../swe/env';
import { ToolBaseCheck, ToolCheck, ToolCheckOptions, checkToolInContext, contextCheckStopped, standaloneOptions, toolContextKey } from '../swe/checkTool';
import { BundleFacts, bundleFactsKey } from '../swe/bundleFacts';
import { profileOf } from '../settings/configOptions';
import { BundleFolder, checkBundleFolder } from '../workspace/bundleFolder';
import { BundleFileReader, ScriptFacts, checkBundleScripts, scriptFactsOf } from '../workspace/bundleScripts';
import { failingBundleConfig } from '../workspace/checkAgentConfig';
import { Database, QueryDef } from './database';
import { SOURCE, textOf } from './files';
import { BUNDLE_USES, BundleUse } from './agents';
import { BUNDLE_FOLDER, CHUNK_SPECS, SETTINGS_OF, WHOLE_LOAD } from './workspace';
import { charged, spend } from '../work';

/** An env as a value: two envs with the same variables give the same key. */
export function envKey(env: EnvContext): string {
  return [env.known ? 'known' : 'unknown', ...charged([...env.variables]).map(([name, value]) => `${name}=${pyRepr(value)}`).sort()].join('\0');
}

/** Options as a value: two option objects with the same env, bash setting and bundle facts give the same key. */
function optionsKey(options: ToolCheckOptions): string {
  return `${options.enableBashTool ? 'bash' : 'no-bash'}\0${bundleFactsKey(options.facts)}\0${envKey(options.env)}`;
}

/** How a message names an agent config: its folder and file name (`config/default.yaml`). */
export function agentLabel(agentPath: string): string {
  return `${path.basename(path.dirname(agentPath))}/${path.basename(agentPath)}`;
}

export const CHUNK: QueryDef<ChunkKey, ParsedChunk> = { name: 'chunk', key: chunkKeyText, compute: (_db, key) => parseChunk(key.text) };

/** A tool chunk's base check by one SWE-agent's bundle code (most workspaces have one, so the text alone is the usual key). */
interface ToolBaseKey {
  chunk: ChunkKey;
  facts: BundleFacts;
}

export const TOOL_BASE: QueryDef<ToolBaseKey, ToolBaseCheck> = {
  name: 'tool base check',
  key: (key) => chunkKeyText(key.chunk),
  within: (key) => bundleFactsKey(key.facts),
  compute: (db, key) => toolBaseOf(db.get(CHUNK, key.chunk), key.facts),
};

interface ContextKey {
  chunk: ChunkKey;
  /** `toolContextKey`: what of the options the check reads. */
  context: string;
  options: ToolCheckOptions;
}

// The chunk's text is the same string at every lookup, and keeps its hash; joined with the context, it would be hashed anew each time.
const contextKeyText = (key: ContextKey) => key.chunk.text;
const contextWithin = (key: ContextKey) => `${key.chunk.occurrence}\u0001${key.context}`;

/** A tool chunk checked in one context: kept for as long as the chunk and what the check reads of the context stay. */
const TOOL_IN_CONTEXT: QueryDef<ContextKey, ToolCheck> = {
  name: 'tool check',
  key: contextKeyText,
  within: contextWithin,
  compute: (db, key) => checkToolInContext(db.get(TOOL_BASE, { chunk: key.chunk, facts: key.options.facts }), key.options),
  // The other tools are still reported: this one's base check stands, with a notice for the rest.
  exhausted: (db, key, error) => contextCheckStopped(db.get(TOOL_BASE, { chunk: key.chunk, facts: key.options.facts }), error),
};

/** A tool chunk's view in one context, for a model (what features navigate); the merge of a bundle's contexts reads the checks alone. */
const TOOL_VIEW: QueryDef<ContextKey, ToolView> = {
  name: 'tool view',
  key: contextKeyText,
  within: contextWithin,
  compute: (db, key) => chunkToolView(db.get(CHUNK, key.chunk), db.get(TOOL_IN_CONTEXT, key)),
};

/** The chunk pieces as queries of `db`. */
function memoOf(db: Database): ChunkMemo {
  return {
    chunk: (key) => db.get(CHUNK, key),
    toolBase: (key, _chunk, facts) => db.get(TOOL_BASE, { chunk: key, facts }),
    toolInContext: (key, _chunk, base, options) => db.get(TOOL_VIEW, { chunk: key, context: toolContextKey(base, options), options }),
    // What a chunk's pieces are is a function of its key alone (they read no input), so the last value's stand while their keys do.
    carry: (pieces, gone) =>
      pieces === 'shape'
        ? db.carry(CHUNK, (key) => !gone.has(chunkKeyText(key))) && db.carry(TOOL_BASE, (key) => !gone.has(chunkKeyText(key.chunk)))
        : db.carry(TOOL_VIEW, (key) => !gone.has(chunkKeyText(key.chunk))),
  };
}

/** Makes a tool chunk's check in a context ahead (`Analysis.prepare`), with its view when a model will read it. */
export function prepareToolIn(db: Database, chunk: ChunkKey, options: ToolCheckOptions, view: boolean): void {
  const key: ContextKey = { chunk, context: toolContextKey(db.get(TOOL_BASE, { chunk, facts: options.facts }), options), options };
  if (view) db.get(TOOL_VIEW, key);
  else db.get(TOOL_IN_CONTEXT, key);
}

export interface ModelKey {
  file: string;
  options: ToolCheckOptions;
}

/** A bundle config's chunks and their keys, once per version for every context (null: parsed whole, or not readable). */
export const BUNDLE_SPLIT: QueryDef<string, BundleSplit | null> = {
  name: 'bundle split',
  key: (file) => file,
  compute: (db, file, previous) => {
    const source = db.get(SOURCE, file);
    const split = db.get(CHUNK_SPECS, file);
    return source ? splitBundle(source.normalized, previous, split?.specs ?? null, split?.carried) : null;
  },
};

/** What of a bundle config's model every context with these bundle facts shares, once per version; null when the file cannot be read as text. */
const BUNDLE_SHAPE: QueryDef<{ file: string; facts: BundleFacts }, BundleShape | null> = {
  name: 'bundle shape',
  key: ({ file, facts }) => `${bundleFactsKey(facts)}\u0001${file}`,
  // From the last version's shape, when there is one: the chunks the two share keep their parses and base checks.
  compute: (db, { file, facts }, previous) => {
    const source = db.get(SOURCE, file);
    return source && bundleShape(source, db.get(BUNDLE_SPLIT, file), memoOf(db), facts, () => db.get(WHOLE_LOAD, file)!, previous);
  },
};

/** A bundle config's model in one context; null when the file cannot be read as text. */
export const BUNDLE_MODEL: QueryDef<ModelKey, BundleModel | null> = {
  name: 'bundle model',
  key: (key) => `${optionsKey(key.options)}\u0001${key.file}`,
  // From the last version's model, when there is one: the tools the two share keep their views, read again without a look-up each.
  compute: (db, { file, options }, previous) => {
    const shape = db.get(BUNDLE_SHAPE, { file, facts: options.facts });
    return shape && modelInContext(shape, options, memoOf(db), previous);
  },
};

/**
 * The model of another text for a bundle config (a repair of its text that
 * completion tries, of the same length), made as the file's own is: split
 * from the file's split, scanned again only where the texts differ, with the
 * chunks the two share parsed and checked once, in the memo. What a model of
 * the text parsed whole (`analyzeWhole`) would be, as the file's own model is.
 */
export function variantModel(db: Database, file: string, text: string, options: ToolCheckOptions): BundleModel {
  const own = db.get(CHUNK_SPECS, file);
  const { specs, carried } = own ? resplitChunks(own.text, own.specs, text) : { specs: splitIntoChunks(text), carried: undefined };
  const split = splitBundle(text, db.get(BUNDLE_SPLIT, file), specs, carried);
  return modelInContext(bundleShape(sourceTextOf(text), split, memoOf(db), options.facts), options, memoOf(db));
}

/** The contexts a bundle is checked in: the settings' env, else each assembly that uses it, else none (standalone by the chosen SWE-agent). */
export function bundleContexts(db: Database, file: string): { options: ToolCheckOptions; uses: readonly BundleUse[] } {
  const settings = db.get(SETTINGS_OF, file);
  if (settings.envOptions) return { options: settings.envOptions, uses: [] };
  return { options: standaloneOptions(profileOf(settings.config).facts), uses: db.get(BUNDLE_USES, undefined).get(file) ?? [] };
}

export interface BundleFileAnalysis {
  /** The model features work on: the bundle checked with the settings' env, or standalone. */
  model: BundleModel;
  /** The diagnostics in every context, merged, with the bundle folder's. */
  diagnostics: FileDiagnostic[];
  loads: boolean;
}

const ENV_DEPENDENT = new Set(['docstring-unknown-variable', 'docstring-format-error']);

/** Each context's diagnostics once; an error that depends on the env names the agent config whose env it was checked with. */
function mergeInContexts<D extends { code: string; start: number; end: number; severity: string; message: string }>(contexts: readonly { use: BundleUse; diagnostics: readonly D[] }[]): D[] {
  const seen = new Set<string>();
  // A diagnostic met again as the same object (the base check's, in every context) is skipped without making its key again.
  const met = new Set<D>();
  const merged: D[] = [];
  for (const { use, diagnostics } of contexts) {
    spend();
    for (const diagnostic of diagnostics) {
      spend();
      const named = ENV_DEPENDENT.has(diagnostic.code) && diagnostic.severity === 'error';
      if (!named && met.has(diagnostic)) continue;
      // Still one sentence: the agent config whose env it was checked with, in brackets before its stop.
      const result = named ? { ...diagnostic, message: `${diagnostic.message.replace(/\.$/, '')} (checked with the env of ${agentLabel(use.agentPath)}, which uses this bundle).` } : diagnostic;
      if (!named) met.add(diagnostic);
      const key = `${result.code}|${result.start}|${result.end}|${result.severity}|${result.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      merged.push(result);
    }
  }
  return merged;
}

/** A tool every assembly hides is never built, so the errors of building it become warnings (not those of BundleConfig). */
function demoteHidden(diagnostics: FileDiagnostic[], uses: readonly BundleUse[], failsBundleConfig: ReadonlySet<unknown>): FileDiagnostic[] {
  const hiddenEverywhere = (tool: unknown) => typeof tool === 'string' && !failsBundleConfig.has(tool) && charged(uses).every((use) => use.hidden.has(tool));
  return charged(diagnostics).map((d) =>
    d.severity === 'error' && hiddenEverywhere(d.tool)
      ? { ...d, severity: 'warning', related: [{ message: `Every agent config using this bundle hides \`${String(d.tool)}\`, so SWE-agent does not load it.`, start: d.start, end: d.end }, ...(d.related ?? [])] }
      : d,
  );
}

/**
 * One bundle seen by several assemblies: what is wrong everywhere is reported
 * once; what depends on an assembly's env names its agent config; a tool that
 * every assembly hides is never built, so the errors of building it become
 * warnings (not those of BundleConfig, which checks every tool).
 */
export function mergeContexts(contexts: { use: BundleUse; model: BundleModel }[]): FileDiagnostic[] {
  const merged = mergeInContexts(charged(contexts).map(({ use, model }) => ({ use, diagnostics: model.diagnostics })));
  return demoteHidden(merged, charged(contexts).map((c) => c.use), failingBundleConfig(contexts[0]?.model.check.tools ?? []));
}

/**
 * What the merge of a bundle's contexts reads of its uses, as a value: each
 * agent config's label and options, in order. One string per set of uses,
 * kept while they stay equal, so the merges of every tool find it by identity.
 */
const USES_TEXT: QueryDef<string, string> = {
  name: 'uses text',
  key: (file) => file,
  compute: (db, file) => charged(bundleContexts(db, file).uses).map((use) => `${agentLabel(use.agentPath)}\u0002${optionsKey(use.options)}`).join('\u0003'),
};

interface AcrossKey {
  chunk: ChunkKey;
  uses: readonly BundleUse[];
  /** `USES_TEXT` of the uses. */
  usesText: string;
}

/**
 * One tool chunk of a bundle checked in every context that uses the bundle,
 * merged as `mergeContexts` merges whole models, relative to the chunk: an
 * edit to one tool merges that tool again, and the others are kept, however
 * many agent configs use the bundle. Keyed by the chunk and the uses as
 * values, it reads no editor buffer, so while no durable input changes an
 * unchanged tool's merge is current without a look at its N checks.
 */
const TOOL_ACROSS_CONTEXTS: QueryDef<AcrossKey, EngineDiagnostic[]> = {
  name: 'tool across contexts',
  // Each part the same string at every lookup (a text joined anew would be hashed anew: the uses' grows with them).
  key: (key) => chunkKeyText(key.chunk),
  within: (key) => key.usesText,
  compute: (db, { chunk, uses }) => {
    // One base check per SWE-agent's bundle code (most workspaces have one), not a look-up per use.
    const bases = new Map<BundleFacts, ToolBaseCheck>();
    const baseOf = (facts: BundleFacts) => bases.get(facts) ?? bases.set(facts, db.get(TOOL_BASE, { chunk, facts })).get(facts)!;
    return mergeInContexts(charged(uses).map((use) => ({ use, diagnostics: db.get(TOOL_IN_CONTEXT, { chunk, context: toolContextKey(baseOf(use.options.facts), use.options), options: use.options }).diagnostics })));
  },
};

/**
 * A bundle's diagnostics in the contexts of `uses`: tool by tool when they are
 * all the file's uses (`TOOL_ACROSS_CONTEXTS` reads those), judged by one
 * SWE-agent's bundle code, and every tool is a chunk of its own; else model
 * by model.
 */
function inContexts(db: Database, file: string, uses: readonly BundleUse[], allUses: boolean): FileDiagnostic[] {
  const facts = uses[0].options.facts;
  const factsKey = bundleFactsKey(facts);
  const oneCode = charged(uses).every((use) => bundleFactsKey(use.options.facts) === factsKey);
  const shape = allUses && oneCode ? db.get(BUNDLE_SHAPE, { file, facts }) : null;
  if (shape && charged(shape.tools).every((t) => t.chunk)) {
    const usesText = db.get(USES_TEXT, file);
    const tools = charged(shape.tools).flatMap((t) => charged(db.get(TOOL_ACROSS_CONTEXTS, { chunk: t.chunk!.key, uses, usesText })).map((d) => placeDiagnostic(d, shape.placement)));
    return demoteHidden([...shape.diagnostics, ...tools], uses, failingBundleConfig(charged(shape.tools).map((t) => t.base)));
  }
  return mergeContexts(charged(uses).map((use) => ({ use, model: db.get(BUNDLE_MODEL, { file, options: use.options })! })));
}

/**
 * The facts of a bundle's `bin/` scripts, by name: one result per bundle and
 * list of names, so an edit to the config that leaves the names as they are
 * costs one look-up, verified at once while no script changed (scripts no
 * editor has open are durable inputs), not a look-up per script.
 */
const SCRIPT_FACTS: QueryDef<{ dir: string; names: readonly string[] }, ReadonlyMap<string, ScriptFacts | null>> = {
  name: 'script facts',
  key: ({ dir, names }) => JSON.stringify([dir, names]),
  compute: (db, { dir, names }) => new Map(charged(names).map((name) => [name, scriptFactsOf(textOf(db, path.join(dir, 'bin', name)))])),
};

/** The checks of a bundle's folder: its bin/ entries, and its scripts as they will run (read through the host, so an edit to a script reaches them). */
export function bundleFolderDiagnostics(db: Database, configPath: string, model: BundleModel, folder: BundleFolder): FileDiagnostic[] {
  const dir = path.dirname(configPath);
  const read: BundleFileReader = (relative) => textOf(db, path.join(dir, ...relative.split('/')));
  return [...checkBundleFolder(model, folder, read), ...checkBundleScripts(model, folder, read, (names) => db.get(SCRIPT_FACTS, { dir, names }))];
}

/** A bundle's diagnostics in the contexts of `uses` (none: the model's own), with its bundle folder's. */
function diagnosticsIn(db: Database, file: string, model: BundleModel, uses: readonly BundleUse[], allUses: boolean): FileDiagnostic[] {
  // SWE-agent reads a bundle from <folder>/config.yaml only; another file matched by filePatterns has no bin/ of its own.
  const folder = path.basename(file) === 'config.yaml' ? db.get(BUNDLE_FOLDER, path.dirname(file)) : null;
  const folderDiagnostics = folder ? bundleFolderDiagnostics(db, file, model, folder) : [];
  return [...(uses.length === 0 ? model.diagnostics : inContexts(db, file, uses, allUses)), ...folderDiagnostics];
}

/** A bundle config's analysis in its workspace: every context it is used in, and its bin/ folder. */
export const BUNDLE_FILE: QueryDef<string, BundleFileAnalysis | null> = {
  name: 'bundle file',
  key: (file) => file,
  compute: (db, file) => {
    const { options, uses } = bundleContexts(db, file);
    const model = db.get(BUNDLE_MODEL, { file, options });
    return model && { model, diagnostics: diagnosticsIn(db, file, model, uses, true), loads: model.check.loads };
  },
};

/**
 * Why SWE-agent refuses a bundle (its first error), as hover and the preview
 * say it: in the one context they show the bundle in (the settings' env, or
 * the first agent config that uses it, or on its own), never in every
 * context, so that their cost does not grow with the agent configs.
 */
export const BUNDLE_REFUSAL: QueryDef<string, Refusal> = {
  name: 'bundle refusal',
  key: (file) => file,
  compute: (db, file) => {
    const { options, uses } = bundleContexts(db, file);
    const model = db.get(BUNDLE_MODEL, { file, options });
    return model && refusalOf(diagnosticsIn(db, file, model, uses.slice(0, 1), uses.length <= 1));
  },
};
