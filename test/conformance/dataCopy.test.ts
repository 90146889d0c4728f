/**
 * The repository's copy of the shared reference material (test/conformance/data) is ../shared's case
 * sets, file for file, less the files taken from public repositories (../shared/FETCHED.txt), which
 * the copy lists in omitted.txt and never holds. A refresh of the shared cases is noticed at once
 * (`npm run data:sync` brings the copy up to date). No file the repository tracks, anywhere, has the
 * content of one of those files.
 */
import { execFileSync } from 'child_process';
import * as crypto from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { COPIED_FROM_SHARED, COPY_DIR, HAS_SHARED, REPO_ROOT, SHARED_DIR, omittedList } from '../helpers/shared';

/** Every file under `root`'s entries `rels`, by path relative to `root`, with whether any execute bit is set. */
function files(root: string, rels: readonly string[]): Map<string, { full: string; executable: boolean }> {
  const out = new Map<string, { full: string; executable: boolean }>();
  const visit = (rel: string) => {
    const full = path.join(root, rel);
    if (!fs.existsSync(full)) return;
    if (fs.statSync(full).isDirectory()) for (const name of fs.readdirSync(full)) visit(`${rel}/${name}`);
    else out.set(rel, { full, executable: (fs.statSync(full).mode & 0o111) !== 0 });
  };
  for (const rel of rels) visit(rel);
  return out;
}

const fetchedList = (): string[] =>
  fs
    .readFileSync(path.join(SHARED_DIR, 'FETCHED.txt'), 'utf8')
    .split('\n')
    .filter((line) => line.length > 0 && !line.startsWith('#'));

const sha = (bytes: Buffer): string => crypto.createHash('sha256').update(bytes).digest('hex');

describe.skipIf(!HAS_SHARED)(`the copy of ${SHARED_DIR}`, () => {
  it('holds every file of the copied folders but those taken from public repositories, byte for byte (npm run data:sync updates it)', () => {
    const shared = files(SHARED_DIR, COPIED_FROM_SHARED);
    const copy = files(COPY_DIR, COPIED_FROM_SHARED);
    const fetched = new Set(fetchedList());
    const expected = [...shared.keys()].filter((rel) => !fetched.has(rel)).sort();
    expect([...copy.keys()].sort()).toEqual(expected);
    const differing = expected.filter((rel) => {
      const ours = copy.get(rel)!;
      const theirs = shared.get(rel)!;
      return ours.executable !== theirs.executable || !fs.readFileSync(ours.full).equals(fs.readFileSync(theirs.full));
    });
    expect(differing).toEqual([]);
    expect(omittedList(COPY_DIR).sort()).toEqual([...shared.keys()].filter((rel) => fetched.has(rel)).sort());
  });

  it('no file the repository tracks is a copy of one taken from a public repository', () => {
    const fetched = new Map<string, string>();
    for (const rel of fetchedList()) {
      const full = path.join(SHARED_DIR, rel);
      if (fs.existsSync(full) && fs.statSync(full).size > 0) fetched.set(sha(fs.readFileSync(full)), rel);
    }
    const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: REPO_ROOT, maxBuffer: 64 << 20 }).toString('utf8').split('\0').filter(Boolean);
    const copies = tracked.flatMap((rel) => {
      const full = path.join(REPO_ROOT, rel);
      if (!fs.existsSync(full) || !fs.statSync(full).isFile()) return [];
      const from = fetched.get(sha(fs.readFileSync(full)));
      return from === undefined ? [] : [`${rel} (= ../shared/${from})`];
    });
    expect(copies).toEqual([]);
  });
});

describe('the repository copy', () => {
  it('holds the three case sets and the corpus verdicts, with the provenance README and the list of what it omits', () => {
    for (const sub of ['conformance/cases', 'conformance/multi', 'conformance/agent', 'corpus']) expect(fs.statSync(path.join(COPY_DIR, sub)).isDirectory()).toBe(true);
    expect(fs.existsSync(path.join(COPY_DIR, 'corpus', 'verdicts.jsonl'))).toBe(true);
    expect(fs.readFileSync(path.join(COPY_DIR, 'README.md'), 'utf8')).toContain('3ea751c0');
    const omitted = omittedList(COPY_DIR);
    expect(omitted.length).toBeGreaterThan(0);
    expect(omitted.filter((rel) => fs.existsSync(path.join(COPY_DIR, rel)))).toEqual([]);
  });
});
