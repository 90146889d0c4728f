// npm run data:sync: makes test/conformance/data/{conformance,corpus} identical to ../shared's
// (test/conformance/data/README.md). The shared folders are read-only; the copy is made writable
// for the owner so the next sync can replace it, and keeps every execute bit.
import * as fs from 'fs';
import * as path from 'path';
import { fileURLToPath } from 'url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const shared = process.env.SWE_BUNDLE_SHARED ?? path.resolve(root, '../shared');
const data = path.join(root, 'test', 'conformance', 'data');
if (!fs.existsSync(shared)) {
  console.error(`data:sync: no shared material at ${shared}`);
  process.exit(2);
}
for (const folder of ['conformance', 'corpus']) {
  const target = path.join(data, folder);
  fs.rmSync(target, { recursive: true, force: true });
  fs.cpSync(path.join(shared, folder), target, { recursive: true });
  const writable = (dir) => {
    fs.chmodSync(dir, fs.statSync(dir).mode | 0o700);
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) writable(full);
      else fs.chmodSync(full, fs.statSync(full).mode | 0o200);
    }
  };
  writable(target);
  console.log(`data:sync: ${path.relative(root, target)} now matches ${path.join(shared, folder)}`);
}
