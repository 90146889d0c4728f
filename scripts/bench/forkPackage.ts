/**
 * The `fork` series of `npm run bench` (issue 20): what reading a
 * workspace's own `sweagent/` package (its pydantic models, from source)
 * adds to the first diagnostics. The generated SWE-agent layout
 * (sweAgentLayout.ts) twice, without and with the `.py` files of a real
 * `sweagent/` package copied in (`--sweagent-package=DIR`, DIR holding
 * `sweagent/`, e.g. `git archive 3ea751c0 sweagent | tar -x -C DIR`; nothing
 * of it is committed): spawn → every file's first diagnostics, and the lint
 * CLI over the layout. Prints numbers; asserts nothing about time.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { Summary, ms, summarize, table } from './stats';
import { writeSweAgentLayout } from './sweAgentLayout';
import { IndexRun, WorkspaceOptions, indexRun, lintLayout } from './workspaceSessions';

/** Copies every `.py` file of `from/sweagent` into `to/sweagent`; how many files and lines. */
function copyPackage(from: string, to: string): { files: number; lines: number } {
  let files = 0;
  let lines = 0;
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const source = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(source);
      else if (entry.name.endsWith('.py')) {
        const target = path.join(to, path.relative(from, source));
        fs.mkdirSync(path.dirname(target), { recursive: true });
        const text = fs.readFileSync(source, 'utf8');
        fs.writeFileSync(target, text);
        files++;
        lines += text.split('\n').length;
      }
    }
  };
  walk(path.join(from, 'sweagent'));
  return { files, lines };
}

/** The lint CLI's summary line over the layout (which SWE-agent judged it). */
function judgedBy(root: string, layout: string): string {
  const run = spawnSync(process.execPath, [path.join(root, 'dist/lint.js'), '.'], { cwd: layout, encoding: 'utf8' });
  return run.stdout.trim().split('\n').pop() ?? '';
}

export async function forkSeries(work: string, options: WorkspaceOptions, packageDir: string): Promise<unknown> {
  const { ours, log } = options;
  log("\n## A workspace's own sweagent/ package: first diagnostics without and with it\n");
  if (!packageDir || !fs.existsSync(path.join(packageDir, 'sweagent'))) {
    log(`(skipped: give --sweagent-package=DIR, a folder holding a SWE-agent \`sweagent/\` package${packageDir ? `; ${packageDir}/sweagent not found` : ''})`);
    return null;
  }
  const without = writeSweAgentLayout(path.join(work, 'fork-without'));
  const withPackage = writeSweAgentLayout(path.join(work, 'fork-with'));
  const copied = copyPackage(packageDir, withPackage.root);
  const runs: Record<'without' | 'with', IndexRun[]> = { without: [], with: [] };
  // Alternated, so that a change in the machine's load falls on both alike.
  for (let i = 0; i < options.initRuns; i++) {
    process.stderr.write(`… ${ours.name}: SWE-agent layout without and with sweagent/, start ${i + 1} of ${options.initRuns}\n`);
    runs.without.push(await indexRun(ours, without.root, without.files));
    runs.with.push(await indexRun(ours, withPackage.root, withPackage.files));
  }
  const all = { without: summarize(runs.without.map((r) => r.allDiagnosticsMs)), with: summarize(runs.with.map((r) => r.allDiagnosticsMs)) };
  const lint: Record<'without' | 'with', Summary> = { without: lintLayout(options.root, without.root), with: lintLayout(options.root, withPackage.root) };
  log(
    `The layout of the "Real-repository workspace" series (${without.files.length} files, opened right after \`initialized\`), then the same with the ${copied.files} \`.py\` files (${copied.lines.toLocaleString('en')} lines) of ${packageDir}/sweagent copied in, which \`auto\` then judges it by. ${options.initRuns} spawns each, alternated; times from spawn to every file's first diagnostics.\n`,
  );
  const row = (label: string, key: 'without' | 'with') => [label, ms(all[key].min), ms(all[key].p50), ms(all[key].max), String(runs[key][0].diagnostics), ms(lint[key].p50)];
  log(table(['workspace', 'all files min', 'p50', 'max', 'diagnostics in all files', 'lint CLI p50 (3 runs)'], [row('without sweagent/', 'without'), row('with sweagent/', 'with')]));
  log(`\nAdded by reading the package: ${ms(all.with.p50 - all.without.p50)} at p50 (first diagnostics), ${ms(lint.with.p50 - lint.without.p50)} for the lint CLI.`);
  log(`- without: ${judgedBy(options.root, without.root)}`);
  log(`- with: ${judgedBy(options.root, withPackage.root)}`);
  return { package: copied, runs, lint };
}
