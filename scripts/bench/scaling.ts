/**
 * Scaling series of `npm run bench` for the input sizes of issue 15, printing
 * how time grows with the input (a linear cost keeps the time per item flat):
 * - `paths`: the lint CLI given 10 to 4,000 bundle folders as separate
 *   arguments (one allowed root each), against the same bundles as one folder;
 * - `folders`: the lint CLI searching a tree of 1,000 to 100,000 folders (the
 *   workspace walk the server runs when it indexes).
 * Each series can be left out with --skip=paths or --skip=folders.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { generateBundle } from '../generateBundle';
import { writeBundleFolder } from './session';
import { ms, table } from './stats';

function timeLint(root: string, cwd: string, args: string[]): { ms: number; summary: string } {
  const started = performance.now();
  const run = spawnSync(process.execPath, [path.join(root, 'dist/lint.js'), ...args], { cwd, maxBuffer: 1 << 30, encoding: 'utf8' });
  const elapsed = performance.now() - started;
  if (run.status !== 0 && run.status !== 1) throw new Error(`lint failed (${run.status}): ${run.stderr}`);
  return { ms: elapsed, summary: run.stdout.trim().split('\n').pop() ?? '' };
}

/** `count` bundle folders `tools/b<i>` of 1 to 3 tools each, with their bin/ scripts: each config.yaml and its text. */
export function writeSmallBundles(dir: string, count: number): { file: string; text: string }[] {
  return Array.from({ length: count }, (_, i) => {
    const { text, toolCount } = generateBundle(1 + (i % 3), i);
    return { file: writeBundleFolder(path.join(dir, 'tools', `b${i}`), text, Array.from({ length: toolCount }, (_, t) => `tool_${t}`), '_state'), text };
  });
}

const perItem = (total: number, count: number) => ms(total / count);

export function pathsSeries(root: string, work: string, log: (line?: string) => void): unknown {
  const sizes = [10, 100, 1000, 4000];
  const dir = path.join(work, 'paths');
  writeSmallBundles(dir, sizes[sizes.length - 1]);
  const rows: string[][] = [];
  const results: { paths: number; argsMs: number; folderMs: number }[] = [];
  for (const size of sizes) {
    process.stderr.write(`… lint with ${size} bundle paths\n`);
    // The first `size` bundles, as paths, and the same bundles as one folder (the rest moved out of it meanwhile).
    const args = Array.from({ length: size }, (_, i) => path.join('tools', `b${i}`));
    const asArgs = timeLint(root, dir, args);
    const subset = path.join(work, `paths-${size}`);
    fs.mkdirSync(path.join(subset, 'tools'), { recursive: true });
    for (let i = 0; i < size; i++) fs.renameSync(path.join(dir, 'tools', `b${i}`), path.join(subset, 'tools', `b${i}`));
    const asFolder = timeLint(root, subset, ['tools']);
    for (let i = 0; i < size; i++) fs.renameSync(path.join(subset, 'tools', `b${i}`), path.join(dir, 'tools', `b${i}`));
    results.push({ paths: size, argsMs: asArgs.ms, folderMs: asFolder.ms });
    rows.push([size.toLocaleString('en'), ms(asArgs.ms), perItem(asArgs.ms, size), ms(asFolder.ms), perItem(asFolder.ms, size), asArgs.summary]);
  }
  log('\n## Lint CLI: bundle paths given one by one\n');
  log('Wall-clock of the whole process. Before the allowed roots were resolved once, 4,000 paths took 90 s against 3.6 s as one folder.\n');
  log(table(['bundle paths', 'as arguments', 'per path', 'as one folder', 'per bundle', 'report'], rows));
  return results;
}

export function foldersSeries(root: string, work: string, log: (line?: string) => void): unknown {
  const sizes = [1000, 10_000, 100_000];
  const rows: string[][] = [];
  const results: { folders: number; ms: number }[] = [];
  for (const size of sizes) {
    process.stderr.write(`… a tree of ${size} folders\n`);
    const dir = path.join(work, `folders-${size}`);
    // 100 folders per parent, a bundle in every thousandth.
    for (let i = 0; i < size; i++) {
      const folder = path.join(dir, `p${Math.floor(i / 100)}`, `f${i}`);
      fs.mkdirSync(folder, { recursive: true });
      if (i % 1000 === 0) {
        const { text, toolCount } = generateBundle(1, i);
        writeBundleFolder(path.join(folder, 'tools', 'b'), text, Array.from({ length: toolCount }, (_, t) => `tool_${t}`), '_state');
      }
    }
    const run = timeLint(root, dir, ['.']);
    results.push({ folders: size, ms: run.ms });
    rows.push([size.toLocaleString('en'), ms(run.ms), `${((run.ms / size) * 1000).toFixed(1)} µs`, run.summary]);
    fs.rmSync(dir, { recursive: true, force: true });
  }
  log('\n## Lint CLI: searching a tree of folders\n');
  log("Wall-clock of `swe-bundle-lint .` (the workspace walk, as the server's indexing runs it). Before the walk read its queue by index, 100,000 folders held the server 12.9 s.\n");
  log(table(['folders', 'wall-clock', 'per folder', 'report'], rows));
  return results;
}
