// Builds the extension (src/extension.ts -> dist/extension.js, bundled by esbuild, so the .vsix
// needs no node_modules) and puts the language server next to it: the very file the repository's
// build makes (../dist/server.js and the bundle it starts, built here first), so the extension runs the same build that
// npm users run (test/editors/vscode checks that the installed .vsix has it).
// `--production` drops the extension's source map (the .vsix ships none).
import { build } from 'esbuild';
import { execFileSync } from 'child_process';
import { copyFileSync, mkdirSync, rmSync } from 'fs';

const client = new URL('..', import.meta.url).pathname;
const root = new URL('../..', import.meta.url).pathname;
const production = process.argv.includes('--production');
rmSync(`${client}dist`, { recursive: true, force: true });
execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
mkdirSync(`${client}dist`);
// Without the code cache, which is made by the repository's Node, not the one VS Code runs the server on.
for (const file of ['server.js', 'serverMain.js']) copyFileSync(`${root}dist/${file}`, `${client}dist/${file}`);
await build({
  entryPoints: ['src/extension.ts'],
  outfile: 'dist/extension.js',
  external: ['vscode'],
  bundle: true,
  platform: 'node',
  // engines.vscode ^1.85.0: VS Code 1.85 runs extensions (and a `module` server) on Node 18.
  target: 'node18',
  format: 'cjs',
  sourcemap: !production,
  logLevel: 'warning',
  absWorkingDir: client,
});
