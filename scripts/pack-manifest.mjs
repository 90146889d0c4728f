// The package.json that `npm pack` ships: the repository's, less what only a checkout can use (its scripts,
// which run files the tarball does not hold, and its development dependencies and install-script approvals).
// `prepack` strips it after the build and `postpack` puts the repository's back (`prepare` stays in the repository
// for installs from git, where npm builds with it and packs without prepack). npm offers no way to pack a
// manifest other than the one on disk, and the well-kept tools that clean one (clean-pkg-json) do not put it
// back, which a working tree needs.
import * as fs from 'fs';
import * as path from 'path';
import { fileURLToPath } from 'url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const manifest = path.join(root, 'package.json');
// Outside the package's `files`, so it is never packed.
const kept = path.join(root, 'dist', 'package.json.repository');

const mode = process.argv[2];
if (mode === 'strip') {
  const text = fs.readFileSync(manifest, 'utf8');
  fs.mkdirSync(path.dirname(kept), { recursive: true });
  fs.writeFileSync(kept, text);
  const { scripts, devDependencies, allowScripts, ...shipped } = JSON.parse(text);
  fs.writeFileSync(manifest, `${JSON.stringify(shipped, null, 2)}\n`);
} else if (mode === 'restore') {
  if (fs.existsSync(kept)) {
    fs.copyFileSync(kept, manifest);
    fs.rmSync(kept);
  }
} else {
  console.error('usage: node scripts/pack-manifest.mjs strip|restore');
  process.exit(2);
}
