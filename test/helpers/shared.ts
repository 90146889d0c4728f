/** Paths to the read-only reference material in ../shared (never edited from here). */
import * as fs from 'fs';
import * as path from 'path';

export const REPO_ROOT = path.resolve(__dirname, '../..');
export const SHARED = process.env.SWE_BUNDLE_SHARED ?? path.resolve(REPO_ROOT, '../shared');
export const CASES_DIR = path.join(SHARED, 'conformance', 'cases');
export const MULTI_DIR = path.join(SHARED, 'conformance', 'multi');
export const CORPUS_DIR = path.join(SHARED, 'corpus');

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
