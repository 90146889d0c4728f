// `npm run bench`: bundles the benchmark (TypeScript) with esbuild and runs it. Build dist/ first (the npm script does).
import { build } from 'esbuild';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { pathToFileURL } from 'url';

const dir = mkdtempSync(join(tmpdir(), 'swe-bundle-bench-build-'));
const outfile = join(dir, 'bench.cjs');
try {
  await build({ entryPoints: [new URL('./bench.ts', import.meta.url).pathname], bundle: true, platform: 'node', target: 'node20', format: 'cjs', outfile, logLevel: 'warning' });
  await import(pathToFileURL(outfile).href);
} finally {
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
}
