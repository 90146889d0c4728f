/**
 * Bundle configs as queries: the parse and checks of each chunk (keyed by its
 * text, so they serve every version and every file that has the chunk), the
 * model of a file in one assembly context, and a file's diagnostics: checked
 * in the context of every assembly that uses it, plus its `bin/` folder.
 */
import * as path from 'path';
import { FileDiagnostic } from '../diagnostics';
import { BundleModel, BundleShape, BundleSplit, ChunkKey, ChunkMemo, ParsedChunk, bundleShape, checkedToolView, modelInContext, parseChunk, splitBundle, toolBaseOf } from '../document/bundleModel';
import { ToolView } from '../document/bundleView';
import { Refusal, refusalOf } from '../features/toolPreview';
import { pyRepr } from '../python/pyObject';
import { EnvContext } from '../swe/env';
import { STANDALONE_OPTIONS, ToolBaseCheck, ToolCheckOptions, toolContextKey } from '../swe/checkTool';
import { BundleFolder, checkBundleFolder } from '../workspace/bundleFolder';
import { checkBundleScripts } from '../workspace/bundleScripts';
import { hiddenToolDiagnostics } from '../workspace/checkAgentConfig';
import { Database, QueryDef } from './database';
import { SOURCE, textOf } from './files';
import { BUNDLE_USES, BundleUse } from './agents';
import { BUNDLE_FOLDER, SETTINGS_OF, WHOLE_LOAD } from './workspace';

/** An env as a value: two envs with the same variables give the same key. */
export function envKey(env: EnvContext): string {
  return [env.known ? 'known' : 'unknown', ...[...env.variables].map(([name, value]) => `${name}=${pyRepr(value)}`).sort()].join('\0');
}

/** Options as a value: two option objects with the same env and bash setting give the same key. */
function optionsKey(options: ToolCheckOptions): string {
  return `${options.enableBashTool ? 'bash' : 'no-bash'}\0${envKey(options.env)}`;
}

/** How a message names an agent config: its folder and file name (`config/default.yaml`). */
export function agentLabel(agentPath: string): string {
  return `${path.basename(path.dirname(agentPath))}/${path.basename(agentPath)}`;
}

const chunkKeyText = (key: ChunkKey) => (key.occurrence === 0 ? key.text : `${key.occurrence}\0${key.text}`);

export const CHUNK: QueryDef<ChunkKey, ParsedChunk> = { name: 'chunk', key: chunkKeyText, compute: (_db, key) => parseChunk(key.text) };

export const TOOL_BASE: QueryDef<ChunkKey, ToolBaseCheck> = { name: 'tool base check', key: chunkKeyText, compute: (db, key) => toolBaseOf(db.get(CHUNK, key)) };

interface ContextKey {
  chunk: ChunkKey;
  /** `toolContextKey`: what of the options the check reads. */
  context: string;
  options: ToolCheckOptions;
}

/** A tool chunk checked in one context, with its view: both kept for as long as the chunk and what the check reads of the context stay. */
export const TOOL_IN_CONTEXT: QueryDef<ContextKey, ToolView> = {
  name: 'tool check',
  // The chunk's text is the same string at every lookup, and keeps its hash; joined with the context, it would be hashed anew each time.
  key: (key) => key.chunk.text,
  within: (key) => `${key.chunk.occurrence}\u0001${key.context}`,
  compute: (db, key) => checkedToolView(db.get(CHUNK, key.chunk), db.get(TOOL_BASE, key.chunk), key.options),
};

/** The chunk pieces as queries of `db`. */
function memoOf(db: Database): ChunkMemo {
  return {
    chunk: (key) => db.get(CHUNK, key),
    toolBase: (key) => db.get(TOOL_BASE, key),
    toolInContext: (key, _chunk, base, options) => db.get(TOOL_IN_CONTEXT, { chunk: key, context: toolContextKey(base, options), options }),
  };
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
    return source ? splitBundle(source.normalized, previous) : null;
  },
};

/** What of a bundle config's model every context shares, once per version; null when the file cannot be read as text. */
const BUNDLE_SHAPE: QueryDef<string, BundleShape | null> = {
  name: 'bundle shape',
  key: (file) => file,
  compute: (db, file) => {
    const source = db.get(SOURCE, file);
    return source && bundleShape(source, db.get(BUNDLE_SPLIT, file), memoOf(db), () => db.get(WHOLE_LOAD, file)!);
  },
};

/** A bundle config's model in one context; null when the file cannot be read as text. */
export const BUNDLE_MODEL: QueryDef<ModelKey, BundleModel | null> = {
  name: 'bundle model',
  key: (key) => `${optionsKey(key.options)}\u0001${key.file}`,
  compute: (db, { file, options }) => {
    const shape = db.get(BUNDLE_SHAPE, file);
    return shape && modelInContext(shape, options, memoOf(db));
  },
};

/** The contexts a bundle is checked in: the settings' env, else each assembly that uses it, else none (standalone). */
export function bundleContexts(db: Database, file: string): { options: ToolCheckOptions; uses: readonly BundleUse[] } {
  const settings = db.get(SETTINGS_OF, file);
  if (settings.envOptions) return { options: settings.envOptions, uses: [] };
  return { options: STANDALONE_OPTIONS, uses: db.get(BUNDLE_USES, undefined).get(file) ?? [] };
}

export interface BundleFileAnalysis {
  /** The model features work on: the bundle checked with the settings' env, or standalone. */
  model: BundleModel;
  /** The diagnostics in every context, merged, with the bundle folder's. */
  diagnostics: FileDiagnostic[];
  loads: boolean;
}

const ENV_DEPENDENT = new Set(['docstring-unknown-variable', 'docstring-format-error']);

/**
 * One bundle seen by several assemblies: what is wrong everywhere is reported
 * once; what depends on an assembly's env names its agent config; a tool that
 * every assembly hides is never built, so the errors of building it become
 * warnings (not those of BundleConfig, which checks every tool).
 */
function mergeContexts(contexts: { use: BundleUse; model: BundleModel }[]): FileDiagnostic[] {
  const seen = new Set<string>();
  const merged: FileDiagnostic[] = [];
  const hiddenIn = contexts.map((c) => hiddenToolDiagnostics(c.model, new Set(c.use.hidden)));
  const hiddenEverywhere = (diagnostic: FileDiagnostic) => hiddenIn.every((isHidden) => isHidden(diagnostic));
  for (const { use, model } of contexts) {
    for (const diagnostic of model.diagnostics) {
      let result = diagnostic;
      if (ENV_DEPENDENT.has(diagnostic.code) && diagnostic.severity === 'error') {
        // Still one sentence: the agent config whose env it was checked with, in brackets before its stop.
        result = { ...diagnostic, message: `${diagnostic.message.replace(/\.$/, '')} (checked with the env of ${agentLabel(use.agentPath)}, which uses this bundle).` };
      }
      if (hiddenEverywhere(diagnostic) && result.severity === 'error') {
        const why = { message: `Every agent config using this bundle hides \`${String(diagnostic.tool)}\`, so SWE-agent does not load it.`, start: result.start, end: result.end };
        result = { ...result, severity: 'warning', related: [why, ...(result.related ?? [])] };
      }
      const key = `${result.code}|${result.start}|${result.end}|${result.severity}|${result.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      merged.push(result);
    }
  }
  return merged;
}

/** The checks of a bundle's folder: its bin/ entries, and its scripts as they will run (read through the host, so an edit to a script reaches them). */
export function bundleFolderDiagnostics(db: Database, configPath: string, model: BundleModel, folder: BundleFolder): FileDiagnostic[] {
  const dir = path.dirname(configPath);
  return [...checkBundleFolder(model, folder), ...checkBundleScripts(model, folder, (relative) => textOf(db, path.join(dir, ...relative.split('/'))))];
}

/** A bundle's diagnostics in the contexts of `uses` (none: the model's own), with its bundle folder's. */
function diagnosticsIn(db: Database, file: string, model: BundleModel, uses: readonly BundleUse[]): FileDiagnostic[] {
  // SWE-agent reads a bundle from <folder>/config.yaml only; another file matched by filePatterns has no bin/ of its own.
  const folder = path.basename(file) === 'config.yaml' ? db.get(BUNDLE_FOLDER, path.dirname(file)) : null;
  const folderDiagnostics = folder ? bundleFolderDiagnostics(db, file, model, folder) : [];
  const inContexts = uses.length === 0 ? model.diagnostics : mergeContexts(uses.map((use) => ({ use, model: db.get(BUNDLE_MODEL, { file, options: use.options })! })));
  return [...inContexts, ...folderDiagnostics];
}

/** A bundle config's analysis in its workspace: every context it is used in, and its bin/ folder. */
export const BUNDLE_FILE: QueryDef<string, BundleFileAnalysis | null> = {
  name: 'bundle file',
  key: (file) => file,
  compute: (db, file) => {
    const { options, uses } = bundleContexts(db, file);
    const model = db.get(BUNDLE_MODEL, { file, options });
    return model && { model, diagnostics: diagnosticsIn(db, file, model, uses), loads: model.check.loads };
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
    return model && refusalOf(diagnosticsIn(db, file, model, uses.slice(0, 1)));
  },
};
