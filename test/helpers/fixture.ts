/**
 * Tests through the facade, in the manner of rust-analyzer's
 * `fixture::position`: a test writes its files as one text, each after a
 * `//- /path` line (a text without one is the bundle `BUNDLE`), marks the
 * cursor with `¦` and ranges with `«…»` (test/helpers/markers.ts), and gets
 * the `Analysis` of a host whose workspace holds exactly those files, each
 * on its in-memory disk and open in the editor, as the server and the CLI
 * ask it; `/workspace/.swe-bundle.json` is the workspace's settings file.
 */
import * as path from 'path';
import { Analysis } from '../../server/src/engine/analysis/analysis';
import { AnalysisHost } from '../../server/src/engine/analysis/analysisHost';
import { EngineConfig } from '../../server/src/engine/config';
import { FileStat, WorkspaceFs } from '../../server/src/engine/workspace/workspaceFs';
import { parseMarkers } from './markers';

export const WORKSPACE = '/workspace';
/** The file a fixture without `//- ` lines is. */
export const BUNDLE = `${WORKSPACE}/tools/t/config.yaml`;

export interface Fixture {
  host: AnalysisHost;
  analysis: Analysis;
  /** Each file's text, markers removed. */
  files: ReadonlyMap<string, string>;
}

export interface FixtureFile extends Fixture {
  /** The file, and its text. */
  file: string;
  text: string;
  /** The ranges marked in that file. */
  ranges: { start: number; end: number }[];
}

export interface FixturePosition extends FixtureFile {
  /** The cursor's offset in the file. */
  offset: number;
}

/** A disk that holds exactly these files (executable but for those named in `notExecutable`) and their folders, inside the workspace only. */
export function inMemoryFs(files: ReadonlyMap<string, string>, notExecutable: ReadonlySet<string> = new Set()): WorkspaceFs {
  const folders = new Map<string, Set<string>>();
  for (const file of files.keys()) {
    for (let child = file, parent = path.posix.dirname(file); child !== parent; child = parent, parent = path.posix.dirname(parent)) {
      if (!folders.has(parent)) folders.set(parent, new Set());
      folders.get(parent)!.add(path.posix.basename(child));
    }
  }
  const isAllowed = (p: string) => p === WORKSPACE || p.startsWith(`${WORKSPACE}/`);
  return {
    isAllowed,
    stat: (p): FileStat | null => {
      if (!isAllowed(p)) return null;
      if (files.has(p)) return { kind: 'file', executable: !notExecutable.has(p), realPath: p, size: Buffer.byteLength(files.get(p)!) };
      return folders.has(p) ? { kind: 'directory', executable: true, realPath: p } : null;
    },
    readFile: (p) => (isAllowed(p) && files.has(p) ? new Uint8Array(Buffer.from(files.get(p)!, 'utf8')) : null),
    list: (p) => (isAllowed(p) && folders.has(p) ? [...folders.get(p)!].sort() : null),
  };
}

/** The files of a fixture text, markers kept. */
function split(spec: string): Map<string, string> {
  if (!spec.startsWith('//- ')) return new Map([[BUNDLE, spec]]);
  const files = new Map<string, string>();
  for (const part of spec.split(/^\/\/- /m).slice(1)) {
    const newline = part.indexOf('\n');
    files.set(part.slice(0, newline).trim(), part.slice(newline + 1));
  }
  return files;
}

/** The analysis of the fixture's files, with the user's settings (`sweBundle.*`). */
export function fixture(spec: string, settings: EngineConfig = {}): Fixture & { marked: Map<string, ReturnType<typeof parseMarkers>> } {
  const marked = new Map([...split(spec)].map(([file, text]) => [file, parseMarkers(text)] as const));
  return { ...workspaceOf(new Map([...marked].map(([file, m]) => [file, m.text] as const)), settings), marked };
}

/** The workspace's settings file: a fixture that has one gets it read, as the front ends read a folder's. */
export const SETTINGS_FILE = `${WORKSPACE}/.swe-bundle.json`;

/** The analysis of exactly these files (texts as they are, no markers), each open in the editor, with the user's settings. */
export function workspaceOf(files: ReadonlyMap<string, string>, settings: EngineConfig = {}, notExecutable?: ReadonlySet<string>): Fixture {
  const host = new AnalysisHost({ fs: inMemoryFs(files, notExecutable) });
  const settingsFiles = files.has(SETTINGS_FILE) ? [{ folder: WORKSPACE, file: SETTINGS_FILE }] : [];
  host.applyChange({ folders: [WORKSPACE], userSettings: settings, settingsFiles, opened: [...files].map(([file, text]) => ({ file, text })) });
  return { host, analysis: host.analysis(), files };
}

/** The analysis of one bundle text as it is (no markers read): the file `BUNDLE`. */
export function analysisOfBundle(text: string, settings: EngineConfig = {}): Analysis {
  return workspaceOf(new Map([[BUNDLE, text]]), settings).analysis;
}

/** The analysis, and the one file of a fixture with the ranges marked in it (a fixture for a whole-file feature: no cursor). */
export function fileFixture(spec: string, settings: EngineConfig = {}): FixtureFile {
  const { marked, ...rest } = fixture(spec, settings);
  if (marked.size !== 1) throw new Error(`a fixture for one file has one file; this one has ${marked.size}`);
  const [[file, m]] = marked;
  return { ...rest, file, text: m.text, ranges: m.ranges };
}

/** The analysis, and where the one `¦` cursor of the fixture is. */
export function position(spec: string, settings: EngineConfig = {}): FixturePosition {
  const { marked, ...rest } = fixture(spec, settings);
  const withCursor = [...marked].filter(([, m]) => m.cursor !== -1);
  if (withCursor.length !== 1) throw new Error(`a fixture for a position has one cursor (¦); this one has ${withCursor.length}`);
  const [file, m] = withCursor[0];
  return { ...rest, file, offset: m.cursor, text: m.text, ranges: m.ranges };
}
