/**
 * The workspace as queries: which folder holds a file, what each file is (a
 * bundle config, an agent config, or neither), the index of both kinds over
 * the workspace folders, a bundle folder's `bin/`, where an agent config's
 * bundle paths start.
 */
import * as path from 'path';
import { Placement } from '../document/placement';
import { matchesFilePattern } from '../settings/glob';
import { runConfigKindOf, sweAgent0xKeys } from '../runConfig/classify';
import { BundleFolder, readBundleFolder } from '../workspace/bundleFolder';
import { ConfigRoot, configRootFor } from '../workspace/configRoot';
import { profileOf } from '../settings/configOptions';
import { WalkAlias, WalkCut, WalkResult, isInside, walkWorkspace } from '../workspace/walk';
import { YamlLoad, loadBlanked, loadYaml } from '../yaml/loadYaml';
import { Origin, PyNode, deref, dictEntries, strValue } from '../yaml/pyNode';
import { asDict } from '../swe/pydanticLax';
import { Database, QueryDef } from './database';
import { CarriedChunks, ChunkSpec, resplitChunks, splitIntoChunks } from '../document/chunker';
import { CONTENT, SOURCE, trackedFs } from './files';
import { FOLDERS, NAMED_FILES, OPEN_FILES } from './inputs';
import { FolderSettings, SETTINGS_AT, WORKSPACE_ROOTS } from './settings';
import { BUDGETS } from '../budgets';
import { charged, spend } from '../work';

const byFile = (file: string) => file;

/** The innermost workspace folder holding a file, or null. */
export const FOLDER_OF: QueryDef<string, string | null> = {
  name: 'folder of',
  key: byFile,
  compute: (db, file) =>
    charged(db.get(FOLDERS, 'folders'))
      .filter((folder) => isInside(file, folder))
      .sort((a, b) => b.length - a.length)[0] ?? null,
};

/** The settings a file is checked with: those of its workspace folder, else of its own folder. */
export const SETTINGS_OF: QueryDef<string, FolderSettings> = {
  name: 'settings of',
  key: byFile,
  compute: (db, file) => db.get(SETTINGS_AT, db.get(FOLDER_OF, file) ?? path.dirname(file)),
};

/** A whole file parsed as PyYAML loads it: agent configs, classification, bundles that do not split into chunks. */
export interface WholeLoad {
  origin: Origin;
  at: Placement;
  load: YamlLoad;
}

export const WHOLE_LOAD: QueryDef<string, WholeLoad | null> = {
  name: 'whole load',
  key: byFile,
  compute: (db, file) => {
    const source = db.get(SOURCE, file);
    if (!source) return null;
    const origin: Origin = { text: source.normalized };
    return { origin, at: Placement.whole(origin), load: loadYaml(source.normalized, origin) };
  },
};

export type FileKind = 'bundle' | 'agent' | 'other';

/** Files a project reads besides bundle configs are small; bigger YAML is not an agent config. */
const MAX_AGENT_CONFIG_LENGTH = BUDGETS.agentConfigChars;

/**
 * Whether a text can hold any of these keys: each must appear in it as
 * written, unless an escape in a double-quoted key spells it (then a backslash
 * is in the text). A cheap, sound test before parsing every YAML file.
 */
function mayHaveKeys(text: string, keys: readonly string[]): boolean {
  return text.includes('\\') || charged(keys).some((key) => text.includes(key));
}

/** The string keys of a parsed file's top-level mapping. */
function parsedTopLevelKeys(root: PyNode | null): Set<string> {
  const map = root ? asDict(deref(root)) : null;
  return new Set(map ? charged(dictEntries(map)).flatMap((entry) => (strValue(entry.key) === undefined ? [] : [strValue(entry.key)!])) : []);
}

/**
 * A file's text split into chunks (document/chunker.ts), once per version:
 * its kind and its bundle split read the same key lines. Equal by identity
 * only: a new version's split is new (an edit moves every offset after it),
 * and comparing thousands of chunks to find that out would cost a keystroke
 * more than what reads it.
 */
export const CHUNK_SPECS: QueryDef<string, ChunkSplit | null> = {
  name: 'chunk specs',
  key: byFile,
  equals: (a, b) => a === b,
  // From the last version's split, when there is one: only the chunks around the edit are scanned again.
  compute: (db, file, previous) => {
    const source = db.get(SOURCE, file);
    if (!source) return null;
    const text = source.normalized;
    return previous ? { text, ...resplitChunks(previous.text, previous.specs, text) } : { text, specs: splitIntoChunks(text) };
  },
};

/**
 * A version's chunks (null: it is parsed whole), with the text they split,
 * which the next version's split starts from, and which of them are the last
 * version's (the bundle split takes their memo keys as they were).
 */
export interface ChunkSplit {
  text: string;
  specs: readonly ChunkSpec[] | null;
  carried?: CarriedChunks;
}

/**
 * A file's top-level keys: from the lines the chunker splits a block mapping
 * at, which needs no parse and holds even when something further down does
 * not load (that is reported, not a reason to skip the file); else, for flow
 * and JSON style and anything unusual, from the parse.
 */
function topLevelKeys(db: Database, file: string): Set<string> {
  const specs = db.get(CHUNK_SPECS, file)?.specs;
  if (!specs) return parsedTopLevelKeys(db.get(WHOLE_LOAD, file)?.load.root ?? null);
  const normalized = db.get(SOURCE, file)!.normalized;
  return new Set(charged(specs).filter((spec) => spec.role !== 'tool').map((spec) => normalized.slice(spec.keyStart, spec.keyEnd)));
}

function isYamlName(file: string): boolean {
  return /\.ya?ml$/i.test(file);
}

/** Whether a file lies under a folder named `config` (where SWE-agent keeps its agent configs). */
function inConfigFolder(file: string): boolean {
  return file.split(/[\\/]/).slice(0, -1).includes('config');
}

/** Characters of a new agent config's blank text looked at: past them the file is not new. */
const NEW_FILE_CHARS = 4096;

/**
 * A YAML file under a `config/` folder (where SWE-agent keeps its agent
 * configs, and VS Code's default `agentConfigPatterns` claims them) with
 * nothing in it yet but blank lines and comments. It is no agent config
 * until it has keys, so it gets no diagnostics; completion offers an agent
 * config's top-level keys there.
 */
export function isNewAgentConfig(file: string, text: string): boolean {
  return isYamlName(file) && inConfigFolder(file) && text.length <= NEW_FILE_CHARS && charged(text.split(/\r\n|\r|\n/)).every((line) => /^\s*(?:#.*)?$/.test(line));
}

/**
 * What a file is to the checker. A `config.yaml` is a bundle config when it
 * sits at `tools/<bundle>/`, beside a `bin/` folder, or when its top level
 * has `tools` or `state_command` (as parsed, in whatever style it is
 * written); any file matching `filePatterns` is one too. A YAML file is an
 * agent config when it has tool bundles (`agent.tools.bundles` and its
 * kin), also while a line of it is half-typed (`IS_AGENT_CONFIG`). A
 * `config.yaml` that cannot be read still belongs to its bundle folder: it
 * is reported, not skipped.
 */
export const KIND: QueryDef<string, FileKind> = {
  name: 'kind',
  key: byFile,
  compute: (db, file) => {
    const name = path.basename(file);
    const settings = db.get(SETTINGS_OF, file);
    // Patterns are relative to the workspace folder; a file in none is matched by its whole path.
    const relative = (db.get(FOLDER_OF, file) === null ? file.replace(/^[\\/]+/, '') : path.relative(settings.base, file)).split(path.sep).join('/');
    const patterned = charged(settings.globs).some((glob) => matchesFilePattern(glob, relative));
    const parts = file.split(/[\\/]/);
    const inToolsFolder = name === 'config.yaml' && parts.length >= 3 && parts[parts.length - 3] === 'tools';
    const inBundleFolder = inToolsFolder || (name === 'config.yaml' && trackedFs(db).stat(path.join(path.dirname(file), 'bin'))?.kind === 'directory');
    const named = db.get(NAMED_FILES, 'named').includes(file);
    const content = db.get(CONTENT, file);
    if (content.kind !== 'text') return named || (name === 'config.yaml' && (inBundleFolder || patterned)) ? 'bundle' : 'other';
    if (inToolsFolder) return 'bundle';
    const text = content.text;
    if (!isYamlName(file) && !patterned && !named) return 'other';
    if (db.get(IS_AGENT_CONFIG, file)) return 'agent';
    if (patterned || inBundleFolder || named) return 'bundle';
    if (name !== 'config.yaml' || !mayHaveKeys(text, ['tools', 'state_command'])) return 'other';
    const keys = topLevelKeys(db, file);
    return keys.has('tools') || keys.has('state_command') ? 'bundle' : 'other';
  },
  // A file we could not classify is reported as not checked (its report is the budget's), never passed over.
  exhausted: (_db, file) => (path.basename(file) === 'config.yaml' ? 'bundle' : 'agent'),
};

/** Top-level keys only an agent config has: 1.x's `agent`, and 0.x's (runConfig/classify.ts recognises a 0.x config by them). */
const AGENT_TOP_KEYS = ['agent', 'system_template', 'command_files', 'parse_command', 'history_processor'];

/**
 * Whether a text that splits into chunks has none of the keys every agent
 * config has (runConfig/classify.ts, workspace/agentConfig.ts): a top-level
 * `agent` (or a 0.x config's keys), or `bundles` right under a top-level `tools`. Read from the key
 * lines, without a parse: a bundle config's docstring that mentions the agent
 * does not cost a parse of the whole file at each keystroke. Sound because
 * a split holds only when every top-level key, and every key right under a
 * block `tools:`, is a plain key on a line of its own; a `tools:` written
 * otherwise (flow style, a tag, an anchor) is parsed.
 */
function lacksAgentKeys(text: string, specs: readonly ChunkSpec[] | null): boolean {
  if (!specs) return false;
  return charged(specs).every((spec) => {
    const key = text.slice(spec.keyStart, spec.keyEnd);
    return spec.role === 'tool' ? key !== 'bundles' : !AGENT_TOP_KEYS.includes(key) && (key !== 'tools' || spec.role === 'tools-header');
  });
}

/** Whether a file is an agent config (runConfig/classify.ts): a parse, only for YAML that can hold the keys one has. */
const IS_AGENT_CONFIG: QueryDef<string, boolean> = {
  name: 'is agent config',
  key: byFile,
  compute: (db, file) => {
    const content = db.get(CONTENT, file);
    if (content.kind !== 'text' || content.text.length > MAX_AGENT_CONFIG_LENGTH) return false;
    // The key lines first: they are read once per version for the file's kind and its bundle split anyway, where the search for each key scans the whole text.
    const source = db.get(SOURCE, file);
    if (!source || lacksAgentKeys(source.normalized, db.get(CHUNK_SPECS, file)?.specs ?? null) || !mayHaveKeys(content.text, ['bundles', ...AGENT_TOP_KEYS])) return false;
    const load = db.get(WHOLE_LOAD, file)?.load;
    const root = load ? (load.root ?? rootWithoutProblem(source.normalized, load)) : null;
    if (runConfigKindOf(root) === null) return false;
    // A 0.x config is one where agent configs are kept, or when it is named: elsewhere (SWE-agent's own
    // tests/test_data holds one no code reads) it is any YAML file, as it is to SWE-agent 1.x.
    return !(sweAgent0xKeys(root) && !inConfigFolder(file) && !db.get(NAMED_FILES, 'named').includes(file));
  },
  // Taken for one, so that its report says it was not checked (the index of agent configs goes on without it).
  exhausted: () => true,
};

/**
 * What a file that does not load reads as without the lines of its first
 * problem (from PyYAML's context mark to its problem mark): an agent config
 * with a half-typed line stays one, reported with its syntax error, instead of
 * dropping out of the workspace until the line is done.
 */
function rootWithoutProblem(text: string, load: YamlLoad): PyNode | null {
  const problem = load.problems[0];
  if (!problem) return null;
  const from = Math.min(problem.start, problem.context?.start ?? problem.start);
  const lineStart = text.lastIndexOf('\n', from - 1) + 1;
  const lineEnd = text.indexOf('\n', Math.max(problem.start, problem.context?.start ?? 0));
  return loadBlanked(text, lineStart, lineEnd < 0 ? text.length : lineEnd).load.root;
}

export const WALK: QueryDef<string, WalkResult> = {
  name: 'walk',
  key: byFile,
  compute: (db, folder) => walkWorkspace(trackedFs(db), folder, { roots: db.get(WORKSPACE_ROOTS, undefined), folders: db.get(FOLDERS, 'folders') }),
};

export interface WorkspaceIndex {
  bundles: readonly string[];
  agents: readonly string[];
  /** A folder walk stopped early (too many entries). */
  truncated: boolean;
  /** Folders a walk did not search, and why (past the depth budget, out of entries): not checked. */
  cuts: readonly WalkCut[];
  /** Folders a walk did not enter because what they lead to is searched under another name. */
  aliases: readonly WalkAlias[];
}

/** The YAML files of every workspace folder, open ones in them included. */
const WORKSPACE_YAML: QueryDef<void, { files: readonly string[]; truncated: boolean; cuts: readonly WalkCut[]; aliases: readonly WalkAlias[] }> = {
  name: 'workspace yaml',
  key: () => 'yaml',
  compute: (db) => {
    const folders = db.get(FOLDERS, 'folders');
    const files = new Set<string>();
    let truncated = false;
    const cuts: WalkCut[] = [];
    const aliases: WalkAlias[] = [];
    for (const folder of folders) {
      spend();
      const walk = db.get(WALK, folder);
      truncated ||= walk.truncated;
      cuts.push(...walk.cuts);
      aliases.push(...walk.aliases);
      for (const file of walk.configYamls) {
        spend();
        files.add(file);
      }
      for (const file of walk.otherYamls) {
        spend();
        files.add(file);
      }
    }
    for (const file of db.get(OPEN_FILES, 'open')) {
      spend();
      if (charged(folders).some((folder) => isInside(file, folder))) files.add(file);
    }
    return { files: [...files].sort(), truncated, cuts, aliases };
  },
  equals: (a, b) => a.truncated === b.truncated && a.files.join('\0') === b.files.join('\0') && JSON.stringify(a.cuts) === JSON.stringify(b.cuts) && JSON.stringify(a.aliases) === JSON.stringify(b.aliases),
};

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && charged(a).every((x, i) => x === b[i]);

/** The agent configs of the workspace: what a bundle needs to know who uses it (no bundle is classified for it). */
export const AGENT_INDEX: QueryDef<void, readonly string[]> = {
  name: 'agent index',
  key: () => 'agents',
  compute: (db) => charged(db.get(WORKSPACE_YAML, undefined).files).filter((file) => db.get(IS_AGENT_CONFIG, file)),
  equals: sameList,
};

/** The bundle configs and agent configs of every workspace folder (open files in them included). */
export const INDEX: QueryDef<void, WorkspaceIndex> = {
  name: 'index',
  key: () => 'index',
  compute: (db) => {
    const { files, truncated, cuts, aliases } = db.get(WORKSPACE_YAML, undefined);
    return { bundles: charged(files).filter((file) => db.get(KIND, file) === 'bundle'), agents: db.get(AGENT_INDEX, undefined), truncated, cuts, aliases };
  },
  equals: (a, b) =>
    a.truncated === b.truncated && sameList(a.bundles, b.bundles) && sameList(a.agents, b.agents) && JSON.stringify(a.cuts) === JSON.stringify(b.cuts) && JSON.stringify(a.aliases) === JSON.stringify(b.aliases),
};

/** Where an agent config's bundle paths start (SWE_AGENT_CONFIG_ROOT) and why: configured, SWE-agent's checkout, or assumed from its place. */
export const CONFIG_ROOT_FOUND: QueryDef<string, ConfigRoot> = {
  name: 'config root found',
  key: byFile,
  compute: (db, agentPath) => {
    const config = db.get(SETTINGS_OF, agentPath).config;
    return configRootFor(trackedFs(db), agentPath, db.get(FOLDER_OF, agentPath) ?? path.dirname(agentPath), config.configRoot, profileOf(config).root);
  },
  equals: (a, b) => a.dir === b.dir && a.source === b.source,
};

/** Where an agent config's bundle paths start. */
export const CONFIG_ROOT: QueryDef<string, string> = {
  name: 'config root',
  key: byFile,
  compute: (db, agentPath) => db.get(CONFIG_ROOT_FOUND, agentPath).dir,
};

/** A bundle folder's `bin/` entries and whether it has `install.sh`; null when the folder is not on disk. */
export const BUNDLE_FOLDER: QueryDef<string, BundleFolder | null> = {
  name: 'bundle folder',
  key: (dir) => dir,
  compute: (db, dir) => readBundleFolder(trackedFs(db), dir),
};
