/**
 * The repository's copy of the shared reference material (test/conformance/data)
 * is identical to ../shared, file for file, whenever ../shared exists: a refresh
 * of the shared cases, or a new case set, is noticed at once (`npm run data:sync`
 * brings the copy up to date). A fresh clone has no ../shared and tests the copy.
 */
import * as fs from 'fs';
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { COPIED_FROM_SHARED, DATA_DIR, SHARED_DIR } from '../helpers/shared';

/** Every file under `dir`, by path relative to it, with whether any execute bit is set. */
function files(dir: string): Map<string, { full: string; executable: boolean }> {
  const out = new Map<string, { full: string; executable: boolean }>();
  const visit = (current: string) => {
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) visit(full);
      else out.set(path.relative(dir, full), { full, executable: (fs.statSync(full).mode & 0o111) !== 0 });
    }
  };
  visit(dir);
  return out;
}

describe.skipIf(!fs.existsSync(SHARED_DIR))(`the copy of ${SHARED_DIR}`, () => {
  for (const folder of COPIED_FROM_SHARED) {
    it(`test/conformance/data/${folder} is identical to ../shared/${folder} (npm run data:sync updates it)`, () => {
      const shared = files(path.join(SHARED_DIR, folder));
      const copy = files(path.join(DATA_DIR, folder));
      expect([...copy.keys()].sort()).toEqual([...shared.keys()].sort());
      const differing = [...shared].filter(([name, file]) => {
        const ours = copy.get(name)!;
        return ours.executable !== file.executable || !fs.readFileSync(ours.full).equals(fs.readFileSync(file.full));
      });
      expect(differing.map(([name]) => name)).toEqual([]);
    });
  }
});

describe('the repository copy', () => {
  it('holds the three case sets and the corpus, with the provenance README', () => {
    for (const sub of ['conformance/cases', 'conformance/multi', 'conformance/agent', 'corpus']) expect(fs.statSync(path.join(DATA_DIR, sub)).isDirectory()).toBe(true);
    expect(fs.readFileSync(path.join(DATA_DIR, 'README.md'), 'utf8')).toContain('3ea751c0');
  });
});
