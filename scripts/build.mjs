// Bundles the language server and the lint CLI into single files under dist/ (fast start-up, no node_modules at run time).
import { build } from 'esbuild';
import { chmodSync } from 'fs';
import { buildDefines } from './buildInfo.mjs';

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  logLevel: 'warning',
  define: buildDefines(new URL('..', import.meta.url)),
  banner: { js: '#!/usr/bin/env node' },
};
await Promise.all([
  build({ ...common, entryPoints: ['server/src/server.ts'], outfile: 'dist/server.js' }),
  build({ ...common, entryPoints: ['server/src/lint.ts'], outfile: 'dist/lint.js' }),
]);
for (const file of ['dist/server.js', 'dist/lint.js']) chmodSync(file, 0o755);
