// Bundles the extension (src/extension.ts -> dist/extension.js) and the language server
// (../server/src/server.ts -> dist/server.js) with esbuild, so the .vsix needs no node_modules.
// `--production` drops the source maps (the .vsix ships none).
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'fs';

const client = new URL('..', import.meta.url).pathname;
const production = process.argv.includes('--production');
const root = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
const common = {
  bundle: true,
  platform: 'node',
  // engines.vscode ^1.85.0: VS Code 1.85 runs extensions (and a `module` server) on Node 18.
  target: 'node18',
  format: 'cjs',
  sourcemap: !production,
  logLevel: 'warning',
  absWorkingDir: client,
};
rmSync(`${client}dist`, { recursive: true, force: true });
await Promise.all([
  build({ ...common, entryPoints: ['src/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'] }),
  build({
    ...common,
    entryPoints: ['../server/src/server.ts'],
    outfile: 'dist/server.js',
    define: { SWE_BUNDLE_VERSION: JSON.stringify(root.version) },
  }),
]);
