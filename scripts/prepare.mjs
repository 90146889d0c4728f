// `prepare` (npm ci, npm pack, a git install): builds dist/ with scripts/build.mjs.
//
// A git install (`npm install -g git+https://…`) clones the repository and runs an `npm install`
// there before `prepare`, to put the devDependencies the build needs in place. npm exports its own
// settings to that `npm install`, `--global` among them, so it installs the clone as a global
// package instead, and the clone's devDependencies never arrive. When the build's tools are
// missing, they are installed here first, into the clone itself.
import { spawnSync } from 'child_process';
import { createRequire } from 'module';

const root = new URL('..', import.meta.url);
try {
  createRequire(root).resolve('esbuild');
} catch {
  const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];
  const installed = spawnSync(npm[0], [...npm.slice(1), 'install', '--global=false', '--include=dev', '--ignore-scripts', '--no-save', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (installed.status !== 0) process.exit(installed.status ?? 1);
}
await import('./build.mjs');
