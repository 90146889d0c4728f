// Bundles the language server and the lint CLI into single files under dist/ (fast start-up, no node_modules at run time).
import { build } from 'esbuild';
import { chmodSync } from 'fs';
import { buildDefines } from './buildInfo.mjs';

const common = {
  bundle: true,
  platform: 'node',
  // node18: the VS Code extension ships this very server.js, and VS Code 1.85 runs it on Node 18.
  target: 'node18',
  format: 'cjs',
  sourcemap: true,
  logLevel: 'warning',
  define: buildDefines(new URL('..', import.meta.url)),
  banner: { js: '#!/usr/bin/env node' },
  // ES module builds first: jsonc-parser's UMD build loads its parts with requires a bundle cannot follow.
  mainFields: ['module', 'main'],
};
await Promise.all([
  build({ ...common, entryPoints: ['server/src/server.ts'], outfile: 'dist/server.js' }),
  build({ ...common, entryPoints: ['server/src/lint.ts'], outfile: 'dist/lint.js' }),
]);
for (const file of ['dist/server.js', 'dist/lint.js']) chmodSync(file, 0o755);
