// npm run data:sync: makes test/conformance/data the repository's copy of ../shared's case sets
// (test/conformance/data/README.md): every file of the copied folders except those ../shared/FETCHED.txt
// lists (material taken from public repositories, never committed), and `omitted.txt`, the list of what
// was left out, so a clone without ../shared knows which cases it cannot run. The shared folders are
// read-only; the copy is made writable for the owner so the next sync can replace it, and keeps every
// execute bit. Keep COPIED in step with COPIED_FROM_SHARED in test/helpers/shared.ts.
import * as fs from 'fs';
import * as path from 'path';
import { fileURLToPath } from 'url';

const COPIED = ['conformance/README.md', 'conformance/INDEX.tsv', 'conformance/cases', 'conformance/multi', 'conformance/agent', 'corpus'];
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const shared = process.env.SWE_BUNDLE_SHARED ?? path.resolve(root, '../shared');
const data = path.join(root, 'test', 'conformance', 'data');
if (!fs.existsSync(shared)) {
  console.error(`data:sync: no shared material at ${shared}`);
  process.exit(2);
}
const fetched = new Set(
  fs
    .readFileSync(path.join(shared, 'FETCHED.txt'), 'utf8')
    .split('\n')
    .filter((line) => line.length > 0 && !line.startsWith('#')),
);
const omitted = [];
const copy = (rel) => {
  const from = path.join(shared, rel);
  const to = path.join(data, rel);
  const stat = fs.statSync(from);
  if (stat.isDirectory()) {
    fs.mkdirSync(to, { recursive: true });
    fs.chmodSync(to, stat.mode | 0o700);
    for (const name of fs.readdirSync(from).sort()) copy(`${rel}/${name}`);
  } else if (fetched.has(rel)) {
    omitted.push(rel);
  } else {
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.copyFileSync(from, to);
    fs.chmodSync(to, stat.mode | 0o200);
  }
};
for (const top of ['conformance', 'corpus']) fs.rmSync(path.join(data, top), { recursive: true, force: true });
for (const rel of COPIED) copy(rel);
fs.writeFileSync(
  path.join(data, 'omitted.txt'),
  `# Files of ../shared's case sets that this copy leaves out: they were taken from public repositories\n# (../shared/FETCHED.txt), so they are read from ../shared only. Written by npm run data:sync.\n${omitted.join('\n')}\n`,
);
console.log(`data:sync: ${path.relative(root, data)} now matches ${shared} for ${COPIED.join(', ')}, less ${omitted.length} files taken from public repositories (omitted.txt)`);
