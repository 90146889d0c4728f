// `npm run bench` / `npm run soak`: bundles scripts/bench/<name>.ts (TypeScript; `bench` unless the first argument names
// another) with esbuild and runs it. Build dist/ first (the npm scripts do).
import { build } from 'esbuild';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { pathToFileURL } from 'url';

const name = process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : 'bench';
const dir = mkdtempSync(join(tmpdir(), 'swe-bundle-bench-build-'));
const outfile = join(dir, `${name}.cjs`);
try {
  await build({ entryPoints: [new URL(`./${name}.ts`, import.meta.url).pathname], bundle: true, platform: 'node', target: 'node20', format: 'cjs', outfile, logLevel: 'warning' });
  await import(pathToFileURL(outfile).href);
} finally {
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
}
