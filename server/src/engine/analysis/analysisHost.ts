/**
 * The analysis host, in the manner of rust-analyzer's `AnalysisHost`: the one
 * place that holds the state of a workspace's analysis. Changes come in one
 * way (`applyChange`), each making a new revision; `analysis()` answers for
 * the current revision through memoized queries (database.ts). The server and
 * the CLI are front ends of it: they turn what they are told (editor events,
 * file events, settings, command-line arguments) into changes, and answers
 * into their own output.
 */
import * as path from 'path';
import { Analysis } from './analysis';
import { Database, InputDef } from './database';
import { DISK_INPUTS, ENVIRONMENT, EXTRA_ROOTS, FOLDERS, HostEnvironment, NAMED_FILES, OPEN_FILES, OVERLAY, SETTINGS_FILE, USER_SETTINGS } from './inputs';
import { FILE_REPORT } from './reports';
import { READ_ROOTS } from './settings';

/**
 * How many query results the host keeps beyond those the last change's work
 * used and the open documents' reports with what they were computed from (an
 * older version's chunks, another file's checks): between this and twice this.
 * The one bound on its memory beyond what the current workspace needs.
 */
const RETAINED_RESULTS = 10_000;

export interface Change {
  /** The workspace folders (absolute paths). */
  folders?: readonly string[];
  /** Other folders the user asked to have read (the CLI's working directory and the paths it was given). */
  extraRoots?: readonly string[];
  /** The user's own settings (the editor's `sweBundle` section, the CLI's flags), as given. */
  userSettings?: unknown;
  /** `SWE_AGENT_CONFIG_ROOT` from the process environment, made absolute; the folder sweagent runs in, if known. */
  environment?: { configRoot?: string; runFolder?: string; userSettingsAreFlags?: boolean };
  /** The settings file each folder takes (`<folder>/.swe-bundle.json`), or null for none. */
  settingsFiles?: readonly { folder: string; file: string | null }[];
  /** Files the user named to be checked (the CLI's arguments): each is a bundle config unless it is an agent config. */
  named?: readonly string[];
  /** Files opened or edited in an editor, with their whole text (an id: a path, or a URI for a file that has none). */
  opened?: readonly { file: string; text: string }[];
  closed?: readonly string[];
  /** Paths that may have changed on disk: a file, or a folder with everything in it. */
  disk?: readonly string[];
  /** Anything on disk may have changed (a client that reports no file events). */
  diskAll?: boolean;
}

export class AnalysisHost {
  private readonly db: Database;

  /** `workSteps`: the work budget of each query (`work.ts`); only tests set it below `BUDGETS.workSteps`, to run out on a small input. */
  constructor(environment: HostEnvironment, options: { retained?: number; workSteps?: number } = {}) {
    this.db = new Database(options.retained ?? RETAINED_RESULTS, environment, options.workSteps);
    this.db.set(FOLDERS, 'folders', []);
    this.db.set(EXTRA_ROOTS, 'extra roots', []);
    this.db.set(USER_SETTINGS, 'user', {});
    this.db.set(ENVIRONMENT, 'environment', {});
    this.db.set(OPEN_FILES, 'open', []);
    this.db.set(NAMED_FILES, 'named', []);
  }

  applyChange(change: Change): void {
    const db = this.db;
    // The open documents' reports are published again after any change: never among what the LRU bound drops.
    db.collect({ def: FILE_REPORT, keys: db.get(OPEN_FILES, 'open') });
    const rootsBefore = db.get(READ_ROOTS, undefined);
    if (change.folders) db.set(FOLDERS, 'folders', [...change.folders]);
    if (change.extraRoots) db.set(EXTRA_ROOTS, 'extra roots', [...change.extraRoots]);
    if (change.userSettings !== undefined) db.set(USER_SETTINGS, 'user', change.userSettings);
    if (change.environment) db.set(ENVIRONMENT, 'environment', change.environment);
    if (change.named) db.set(NAMED_FILES, 'named', [...change.named].sort());
    for (const { folder, file } of change.settingsFiles ?? []) db.set(SETTINGS_FILE, folder, file);
    // What the file access answers depends on the roots it may read: a change of roots may change any of it.
    const rootsChanged = db.get(READ_ROOTS, undefined) !== rootsBefore;
    if (rootsChanged || change.diskAll) this.invalidateDisk(null);
    else if (change.disk && change.disk.length > 0) this.invalidateDisk(change.disk);
    if (change.opened || change.closed) {
      // A file is open while it has an overlay: a typed change to an open document leaves the list as it is (no new list of thousands to compare at every keystroke).
      const isOpen = (file: string) => db.get(OVERLAY, file) !== null;
      const closing = new Set((change.closed ?? []).filter(isOpen));
      const opening = new Set((change.opened ?? []).map((o) => o.file).filter((file) => closing.has(file) || !isOpen(file)));
      for (const file of change.closed ?? []) db.set(OVERLAY, file, null);
      for (const { file, text } of change.opened ?? []) db.set(OVERLAY, file, text);
      if (closing.size > 0 || opening.size > 0) db.set(OPEN_FILES, 'open', [...db.get(OPEN_FILES, 'open').filter((file) => !closing.has(file)), ...opening]);
    }
  }

  /** Forgets what the disk said about these paths, everything under them, and the folders above them (null: everything). */
  private invalidateDisk(paths: readonly string[] | null): void {
    if (paths === null) {
      for (const input of DISK_INPUTS) this.db.invalidateWhere(input as InputDef<string, unknown>, () => true);
      return;
    }
    const changed = new Set(paths.map((p) => path.normalize(p)));
    // A file created or deleted may bring or take the folders above it along, and a watcher names only the file: those folders are looked at again too.
    const above = new Set<string>();
    for (const changedPath of changed) {
      for (let at = path.dirname(changedPath); !above.has(at); at = path.dirname(at)) {
        above.add(at);
        if (path.dirname(at) === at) break;
      }
    }
    // A key is touched when it or a folder above it changed: its ancestors are looked up, not every change compared.
    const touched = (key: string) => {
      for (let at = key; ; ) {
        if (changed.has(at)) return true;
        const up = path.dirname(at);
        if (up === at) return false;
        at = up;
      }
    };
    const [content, stat, list, allowed] = DISK_INPUTS;
    this.db.invalidateWhere(content, touched);
    this.db.invalidateWhere(stat, (key) => above.has(key) || touched(key));
    this.db.invalidateWhere(allowed, touched);
    this.db.invalidateWhere(list, (dir) => above.has(dir) || touched(dir));
  }

  /** Answers for the current revision. */
  analysis(): Analysis {
    return new Analysis(this.db);
  }

  /** How many times each query was computed so far, by name: what changes cost (tests and the benchmark compare two counts). */
  computeCounts(): Map<string, number> {
    return this.db.computeCounts();
  }

  /** How many times a query result was looked up so far (verifying what a result read included): what reusing results costs. */
  lookups(): number {
    return this.db.lookups();
  }

  /** Where the host's file access may read: the roots the trusted inputs give (the front end's guarded fs asks). */
  readRoots(): readonly string[] {
    return this.db.get(READ_ROOTS, undefined);
  }
}
