/**
 * Paths to the reference material the tests read: the repository's own copy
 * of the conformance cases and the corpus (test/conformance/data, see its
 * README), and `../shared`, where the copy comes from, when it exists.
 */
import * as fs from 'fs';
import * as path from 'path';

export const REPO_ROOT = path.resolve(__dirname, '../..');
/** The repository's copy of ../shared's `conformance/` and `corpus/` (test/conformance/data/README.md). */
export const DATA_DIR = path.join(REPO_ROOT, 'test', 'conformance', 'data');
export const CASES_DIR = path.join(DATA_DIR, 'conformance', 'cases');
export const MULTI_DIR = path.join(DATA_DIR, 'conformance', 'multi');
export const AGENT_CASES_DIR = path.join(DATA_DIR, 'conformance', 'agent');
export const CORPUS_DIR = path.join(DATA_DIR, 'corpus');
/** The shared reference material beside the checkout, as CI and developers have it; a fresh clone has none. */
export const SHARED_DIR = process.env.SWE_BUNDLE_SHARED ?? path.resolve(REPO_ROOT, '../shared');
/** The folders of SHARED_DIR the repository keeps a copy of, under DATA_DIR. */
export const COPIED_FROM_SHARED = ['conformance', 'corpus'] as const;

export const DEFAULT_ENV: Record<string, string> = { PAGER: 'cat', MANPAGER: 'cat', LESS: '-R', PIP_PROGRESS_BAR: 'off', TQDM_DISABLE: '1', GIT_PAGER: 'cat' };

export function readJson<T = unknown>(file: string): T {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
}

export function caseIds(): string[] {
  return fs
    .readdirSync(CASES_DIR)
    .filter((id) => fs.existsSync(path.join(CASES_DIR, id, 'expected.json')))
    .sort();
}
