/**
 * Paths to the reference material the tests read.
 *
 * `../shared` beside the checkout (or SWE_BUNDLE_SHARED) is the whole of it, as CI and the project's
 * developers have it. A plain clone has none; it has the repository's copy (test/conformance/data, see
 * its README), which holds everything of `../shared`'s case sets except the files taken from public
 * repositories (listed in `../shared/FETCHED.txt`, and in the copy's `omitted.txt`): those are never
 * committed. So the tests read `../shared` when it exists, and the copy otherwise, where a case that
 * needs an omitted file is skipped, and said to be.
 */
import * as fs from 'fs';
import * as path from 'path';

export const REPO_ROOT = path.resolve(__dirname, '../..');
/** The shared reference material beside the checkout, as CI and developers have it; a fresh clone has none. */
export const SHARED_DIR = process.env.SWE_BUNDLE_SHARED ?? path.resolve(REPO_ROOT, '../shared');
export const HAS_SHARED = fs.existsSync(SHARED_DIR);
/** The repository's copy of ../shared's case sets, without the material taken from public repositories. */
export const COPY_DIR = path.join(REPO_ROOT, 'test', 'conformance', 'data');
/** What the repository copies, relative to SHARED_DIR (scripts/sync-shared-data.mjs). */
export const COPIED_FROM_SHARED = ['conformance/README.md', 'conformance/INDEX.tsv', 'conformance/cases', 'conformance/multi', 'conformance/agent', 'corpus'] as const;
/** Where the tests read the case sets: ../shared when it exists, else the repository's copy. */
export const DATA_DIR = HAS_SHARED ? SHARED_DIR : COPY_DIR;
export const CASES_DIR = path.join(DATA_DIR, 'conformance', 'cases');
export const MULTI_DIR = path.join(DATA_DIR, 'conformance', 'multi');
export const AGENT_CASES_DIR = path.join(DATA_DIR, 'conformance', 'agent');
export const CORPUS_DIR = path.join(DATA_DIR, 'corpus');
/** The verdicts at each SWE-agent version (only ../shared holds them). */
export const VERSIONS_DIR = path.join(SHARED_DIR, 'conformance', 'versions');
/** Each version's folder under VERSIONS_DIR, and its `--swe-agent` name. */
export const VERSION_TAGS = [
  ['v1.0.0', '1.0.0'],
  ['v1.0.1', '1.0.1'],
  ['v1.1.0', '1.1.0'],
  ['main', 'main'],
] as const;

/** The files, relative to DATA_DIR, that the copy omits (taken from public repositories); empty when ../shared is read. */
const OMITTED: ReadonlySet<string> = HAS_SHARED ? new Set() : new Set(omittedList(COPY_DIR));

/** The list of omitted files kept in a copy (`omitted.txt`: one path a line, `#` comments). */
export function omittedList(copyDir: string): string[] {
  return fs
    .readFileSync(path.join(copyDir, 'omitted.txt'), 'utf8')
    .split('\n')
    .filter((line) => line.length > 0 && !line.startsWith('#'));
}

/** Whether the tests can read every file of `dir` (a case folder, or one file) under DATA_DIR. */
export function isComplete(dir: string): boolean {
  if (OMITTED.size === 0) return true;
  const rel = path.relative(DATA_DIR, dir).split(path.sep).join('/');
  for (const file of OMITTED) if (file === rel || file.startsWith(`${rel}/`)) return false;
  return true;
}

const reported = new Set<string>();
/**
 * The subset of `items` the tests can read whole (every folder or file `dirsOf` names). Without ../shared, the rest are skipped, and a line
 * on stderr says how many and why, once per `what`.
 */
export function readable<T>(items: readonly T[], what: string, dirsOf: (item: T) => string[]): T[] {
  const kept = items.filter((item) => dirsOf(item).every(isComplete));
  const skipped = items.length - kept.length;
  if (skipped > 0 && !reported.has(what)) {
    reported.add(what);
    process.stderr.write(`${what}: ${skipped} of ${items.length} skipped: they need files from public repositories, which only ${SHARED_DIR} holds\n`);
  }
  return kept;
}

/**
 * A test that reads a file taken from a public repository runs only where ../shared holds it:
 * `it.skipIf(needsShared(file))`. Without it, a line on stderr names the file.
 */
export function needsShared(file: string): boolean {
  if (isComplete(file)) return false;
  if (!reported.has(file)) {
    reported.add(file);
    process.stderr.write(`skipped: a test reads ${path.relative(DATA_DIR, file)}, which only ${SHARED_DIR} holds (taken from a public repository)\n`);
  }
  return true;
}

export const DEFAULT_ENV: Record<string, string> = { PAGER: 'cat', MANPAGER: 'cat', LESS: '-R', PIP_PROGRESS_BAR: 'off', TQDM_DISABLE: '1', GIT_PAGER: 'cat' };

/** The CLI's env options for a bundle case: its `env.json` when it has one, else ToolConfig's default env. */
export function envArgs(caseDir: string): string[] {
  const envFile = path.join(caseDir, 'env.json');
  if (fs.existsSync(envFile)) return ['--env-json', envFile];
  return Object.entries(DEFAULT_ENV).flatMap(([k, v]) => ['--env', `${k}=${v}`]);
}

export function readJson<T = unknown>(file: string): T {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
}

/** The bundle cases with a verdict that the tests can read whole. */
export function caseIds(): string[] {
  const ids = fs
    .readdirSync(CASES_DIR)
    .filter((id) => fs.existsSync(path.join(CASES_DIR, id, 'expected.json')))
    .sort();
  return readable(ids, 'bundle cases', (id) => [path.join(CASES_DIR, id)]);
}
