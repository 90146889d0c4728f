/**
 * The inputs of the analysis: everything a query may read that is not
 * computed. The front ends set the volatile ones (open editor buffers) and
 * the trusted settings; the disk is read on first use through the injected
 * file access and read again when a change names a path.
 */
import { decodeFile } from '../document/decodeFile';
import { FileStat, WorkspaceFs, notReadableAs } from '../workspace/workspaceFs';
import { Database, InputDef } from './database';

/** What the host needs from its front end. */
export interface HostEnvironment {
  /** Guarded file access: stat, read and list, only inside the roots the host says may be read. */
  fs: WorkspaceFs;
}

/** A file's text as SWE-agent would read it (`Path.read_text()`: strict UTF-8), or why it cannot. */
export type FileContent =
  | { kind: 'text'; text: string }
  /** Not UTF-8: the text as far as it decodes, and where the first bad byte is. */
  | { kind: 'undecodable'; text: string; charOffset: number; message: string }
  /** `what` it is instead, when it is no readable file (a folder, a FIFO, a file over the read budget: then its `size`). */
  | { kind: 'unreadable'; what: string | null; tooBig?: number };

const sameContent = (a: FileContent, b: FileContent): boolean => {
  if (a.kind === 'unreadable') return b.kind === 'unreadable' && a.what === b.what && a.tooBig === b.tooBig;
  if (a.kind === 'text') return b.kind === 'text' && a.text === b.text;
  return b.kind === 'undecodable' && a.text === b.text && a.charOffset === b.charOffset;
};

const sameList = (a: readonly string[] | null, b: readonly string[] | null) => a === b || (a !== null && b !== null && a.length === b.length && a.every((name, i) => name === b[i]));

const sameStat = (a: FileStat | null, b: FileStat | null) =>
  a === b || (a !== null && b !== null && a.kind === b.kind && a.executable === b.executable && a.realPath === b.realPath && a.outside === b.outside && a.size === b.size && a.tooBig === b.tooBig);

const fsOf = (db: Database) => (db.environment as HostEnvironment).fs;

const identity = (key: string) => key;

/** The workspace folders (absolute paths). */
export const FOLDERS: InputDef<'folders', readonly string[]> = { name: 'folders', durability: 'durable', key: identity, equals: sameList };

/**
 * Settings the user gave (the editor's `sweBundle` section, the CLI's flags),
 * as raw values: trusted, unlike a workspace's own `.swe-bundle.json`.
 */
export const USER_SETTINGS: InputDef<'user', unknown> = { name: 'user settings', durability: 'durable', key: identity, equals: (a, b) => JSON.stringify(a) === JSON.stringify(b) };

/**
 * The settings file each folder takes (`<folder>/.swe-bundle.json` in the
 * server; the CLI's `--config` or `./.swe-bundle.json` for every folder it
 * checks), or null.
 */
export const SETTINGS_FILE: InputDef<string, string | null> = { name: 'settings file', durability: 'durable', key: identity, read: () => null };

/**
 * The process environment SWE-agent reads (`SWE_AGENT_CONFIG_ROOT`): trusted,
 * it is the user's. Both front ends pass their own process's. `runFolder`:
 * where sweagent is run, for the files it reads relative to it (the CLI's
 * working directory; unset in an editor, where it is taken to be the
 * workspace folder). `userSettingsAreFlags`: the user's settings are the
 * CLI's flags (`--swe-agent`), so messages name those, not the editor's
 * `sweBundle.*` settings.
 */
export const ENVIRONMENT: InputDef<'environment', { configRoot?: string; runFolder?: string; userSettingsAreFlags?: boolean }> = {
  name: 'environment',
  durability: 'durable',
  key: identity,
  equals: (a, b) => a.configRoot === b.configRoot && a.runFolder === b.runFolder && a.userSettingsAreFlags === b.userSettingsAreFlags,
};

/** Folders the user asked to have read besides the workspace folders (the CLI's working directory and the paths it was given). */
export const EXTRA_ROOTS: InputDef<'extra roots', readonly string[]> = { name: 'extra roots', durability: 'durable', key: identity, equals: sameList };

/** Files the user named to be checked (the CLI's file arguments): a bundle config unless an agent config, whatever their name. */
export const NAMED_FILES: InputDef<'named', readonly string[]> = { name: 'named files', durability: 'durable', key: identity, equals: sameList };

/** The files open in an editor (ids: a path, or the URI of an unsaved document), in the order they were opened. */
export const OPEN_FILES: InputDef<'open', readonly string[]> = { name: 'open files', durability: 'volatile', key: identity, equals: sameList };

/**
 * An open editor buffer's text (the editor's, not the disk's); null for a file
 * no editor has open. Only a buffer is volatile: a file gets one as rarely as
 * the disk changes, so what read that a file is not open (every agent config
 * a bundle's uses are read from) is not verified again at each keystroke.
 */
export const OVERLAY: InputDef<string, string | null> = { name: 'overlay', durability: 'volatile', durabilityOf: (text) => (text === null ? 'durable' : 'volatile'), key: identity, read: () => null };

/** A file's bytes, decoded, from the disk. */
export const DISK_CONTENT: InputDef<string, FileContent> = { name: 'disk content', durability: 'durable', key: identity, equals: sameContent, read: (file, db) => readContent(fsOf(db), file) };

export const DISK_STAT: InputDef<string, FileStat | null> = { name: 'disk stat', durability: 'durable', key: identity, equals: sameStat, read: (file, db) => fsOf(db).stat(file) };

export const DISK_LIST: InputDef<string, readonly string[] | null> = { name: 'disk list', durability: 'durable', key: identity, equals: sameList, read: (dir, db) => fsOf(db).list(dir) };

/** Whether a path's real location lies inside the roots that may be read. */
export const DISK_ALLOWED: InputDef<string, boolean> = { name: 'disk allowed', durability: 'durable', key: identity, read: (file, db) => fsOf(db).isAllowed(file) };

/** Every disk input, for a change that may touch any of them. */
export const DISK_INPUTS = [DISK_CONTENT, DISK_STAT, DISK_LIST, DISK_ALLOWED] as const;

function readContent(fs: WorkspaceFs, file: string): FileContent {
  const bytes = fs.readFile(file);
  if (!bytes) {
    const stat = fs.stat(file);
    return stat?.tooBig ? { kind: 'unreadable', what: notReadableAs(stat), tooBig: stat.size ?? 0 } : { kind: 'unreadable', what: stat ? notReadableAs(stat) : null };
  }
  const decoded = decodeFile(bytes);
  return decoded.ok ? { kind: 'text', text: decoded.text } : { kind: 'undecodable', text: decoded.text, charOffset: decoded.charOffset, message: decoded.message };
}
