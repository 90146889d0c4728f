/**
 * `npm run bench`: our language server against yaml-language-server (with a
 * JSON Schema for bundles), same files, same edits, same client; then the
 * lint CLI over the corpus and generated bundles. Prints numbers and ratios;
 * asserts nothing about time.
 *
 * Options: --sizes=60,5000,52000  --edits=40  --samples=30  --init-runs=10
 *          --growth-edits=1000  --growth-size=5000  --agents=1,8,9,32,100  --ours-only
 *          --crlf-sizes=5000,52000,104000 (lines, each saved with LF and with CRLF)
 *          --opened-sizes=10,100,1000,5000 (documents open at once)
 *          --modes=pull,push (the editor session's diagnostics: pulled as VS Code, pushed as Neovim and Emacs)
 *          --skip=repo,fork,scaling,shared,lsp,init,growth,lint,paths,folders,crlf,opened
 *          --sweagent-package=DIR (a folder holding a SWE-agent `sweagent/` package, for the fork series)
 *          --json=FILE  --node-args="--cpu-prof --cpu-prof-dir=/tmp/prof" (for our server)
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { generateBundle, generateBundleOfLines } from '../generateBundle';
import { liveHeap, withHeapProbe } from './heap';
import { DiagnosticsMode, OpenDocument, SessionResult, editorSession, start, writeBundleFolder } from './session';
import { LspClient } from './lspClient';
import { ServerSpec, ourServer, yamlLanguageServer } from './servers';
import { Summary, mib, ms, ratio, summarize, table } from './stats';
import { EditorScalingOptions, lineEndsSeries, openedSeries } from './editorScaling';
import { foldersSeries, pathsSeries } from './scaling';
import { WorkspaceOptions, repoSeries, scalingSeries, sharedSeries } from './workspaceSessions';
import { forkSeries } from './forkPackage';

/** The repository (npm runs scripts there). */
const ROOT = process.cwd();
/** The corpus of real bundles (read-only); `SWE_BUNDLE_CORPUS` points elsewhere. */
const CORPUS_DIR = path.resolve(process.env.SWE_BUNDLE_CORPUS ?? path.join(ROOT, '../shared/corpus'));

function option(name: string, fallback: string): string {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg ? arg.slice(name.length + 3) : fallback;
}
const flag = (name: string) => process.argv.includes(`--${name}`);

const SIZES = option('sizes', '60,5000,52000').split(',').map(Number);
const EDITS = Number(option('edits', '40'));
const SAMPLES = Number(option('samples', '30'));
const INIT_RUNS = Number(option('init-runs', '10'));
const GROWTH_EDITS = Number(option('growth-edits', '1000'));
const GROWTH_SIZE = Number(option('growth-size', '5000'));
const AGENTS = option('agents', '1,8,9,32,100').split(',').map(Number);
const CRLF_SIZES = option('crlf-sizes', '5000,52000,104000').split(',').map(Number);
const OPENED_SIZES = option('opened-sizes', '10,100,1000,5000').split(',').map(Number);
const SKIP = new Set(option('skip', '').split(',').filter(Boolean));
const OURS_ONLY = flag('ours-only');
const MODES = option('modes', 'pull,push').split(',') as DiagnosticsMode[];
async function initializeRuns(spec: ServerSpec, work: string): Promise<Summary> {
  const workspace = path.join(work, `init-${spec.name}`);
  fs.mkdirSync(workspace, { recursive: true });
  const samples: number[] = [];
  for (let i = 0; i < INIT_RUNS; i++) {
    const { client, initializeMs } = await start(spec, workspace);
    samples.push(initializeMs);
    await client.shutdown();
  }
  return summarize(samples);
}

/** Spawn → initialize answer of Node alone (nodeAlone.cjs): the floor beneath both servers' figures on this machine. */
async function nodeAloneRuns(): Promise<Summary> {
  const samples: number[] = [];
  for (let i = 0; i < INIT_RUNS; i++) {
    const client = new LspClient(process.execPath, [path.join(ROOT, 'scripts/bench/nodeAlone.cjs')]);
    await client.request('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
    samples.push(performance.now() - client.spawnedAt);
    await client.shutdown();
  }
  return summarize(samples);
}

/**
 * Memory of our server over many edits: each edit overtypes one character of
 * an argument description, in a different tool each time (a stride through
 * all of them), so the file keeps its size. RSS is read from /proc; the live
 * heap after a full collection comes from a probe preloaded into the server.
 */
async function growth(spec: ServerSpec, work: string) {
  const { text, toolCount } = generateBundleOfLines(GROWTH_SIZE);
  const workspace = path.join(work, `growth-${spec.name}`);
  const file = writeBundleFolder(path.join(workspace, 'tools', 'bench'), text, Array.from({ length: toolCount }, (_, t) => `tool_${t}`), '_state');
  const { client } = await start(withHeapProbe(spec, ROOT), workspace);
  try {
    const { document } = await OpenDocument.open(client, spec, file, text);
    const samples: { edits: number; rss: number; heap: number }[] = [{ edits: 0, rss: client.memory().rss, heap: await liveHeap(client) }];
    const latencies: number[] = [];
    for (let i = 1; i <= GROWTH_EDITS; i++) {
      const t = (i * 7) % toolCount;
      // The last letter of `description: "What to do"`, which the edits toggle between `o` and `O`.
      const at = document.text.indexOf('description: "What to d', document.text.indexOf(`  tool_${t}:\n`)) + 'description: "What to d'.length;
      const { ms } = await document.changeAndWait(at, at + 1, document.text[at] === 'o' ? 'O' : 'o');
      latencies.push(ms);
      if (i % 100 === 0) samples.push({ edits: i, rss: client.memory().rss, heap: await liveHeap(client) });
    }
    return { samples, peak: client.memory().peak, latency: summarize(latencies), lines: text.split('\n').length };
  } finally {
    await client.shutdown();
  }
}

function corpusBundles(): number {
  let count = 0;
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name));
      else if (entry.name === 'config.yaml' && path.basename(path.dirname(path.dirname(path.join(dir, entry.name)))) === 'tools') count++;
    }
  };
  if (fs.existsSync(CORPUS_DIR)) walk(CORPUS_DIR);
  return count;
}

/** 1,000 bundle folders of 1 to 4 tools (2.5 on average; the corpus bundles have 1.9), each with its bin/ scripts. */
function writeGeneratedBundles(dir: string): number {
  let lines = 0;
  for (let i = 0; i < 1000; i++) {
    const { text, toolCount } = generateBundle(1 + (i % 4), i);
    lines += text.split('\n').length;
    const names = Array.from({ length: toolCount }, (_, t) => `tool_${t}`);
    writeBundleFolder(path.join(dir, 'tools', `generated_${i}`), text, names, '_state');
  }
  return lines;
}

function timeLint(paths: string[], runs: number): { wall: Summary; summary: string } {
  const samples: number[] = [];
  let summary = '';
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const run = spawnSync(process.execPath, [path.join(ROOT, 'dist/lint.js'), ...paths], { cwd: ROOT, maxBuffer: 1 << 30, encoding: 'utf8' });
    samples.push(performance.now() - started);
    if (run.status !== 0 && run.status !== 1) throw new Error(`lint failed (${run.status}): ${run.stderr}`);
    summary = run.stdout.trim().split('\n').pop() ?? '';
  }
  return { wall: summarize(samples), summary };
}

async function main() {
  if (!fs.existsSync(path.join(ROOT, 'dist/server.js'))) throw new Error('dist/server.js is missing: run `npm run build` first');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'swe-bundle-bench-'));
  const ours = ourServer(ROOT, option('node-args', '').split(' ').filter(Boolean));
  const theirs = yamlLanguageServer(ROOT);
  const specs = OURS_ONLY ? [ours] : [ours, theirs];
  const out: Record<string, unknown> = {
    machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, node: process.version, platform: `${os.platform()} ${os.release()}`, loadavg: os.loadavg() },
  };
  const log = (s = '') => process.stdout.write(s + '\n');
  log(`# swe-bundle benchmark`);
  log(`machine: ${os.cpus().length} cores (${os.cpus()[0]?.model}), Node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  log(`edits per file: ${EDITS}, completion/hover samples: ${SAMPLES}`);

  /** One mode's editor sessions, ours beside yaml-language-server's. */
  function printSessions(results: SessionResult[], mode: DiagnosticsMode) {
    log(`\n## Editor session, ${mode === 'pull' ? 'pull diagnostics (as VS Code)' : 'push diagnostics (as Neovim and Emacs)'}\n`);
    log(
      `Latency is client-side, from sending a message to receiving the answer. Edit → diagnostics includes each server's wait before it publishes (swe-bundle: none after a change with nothing behind it; yaml-language-server: a 200 ms debounce)${mode === 'pull' ? ', and for swe-bundle a textDocument/diagnostic pull sent right after each change (yaml-language-server offers no pull: its pushed diagnostics)' : ''}. Ratio = yaml-language-server ÷ swe-bundle (above 1: swe-bundle is faster or smaller).\n`,
    );
    const pair = (lines: number) => {
      const near = (r: SessionResult) => r.lines >= lines * 0.9 && r.lines <= lines * 1.1 + 5;
      return { a: results.find((r) => r.server === ours.name && near(r)), b: results.find((r) => r.server === theirs.name && near(r)) };
    };
    const label = (lines: number) => (pair(lines).a ?? pair(lines).b)?.lines.toLocaleString('en') ?? String(lines);
    type Key = 'edit' | 'completionTyped' | 'completionCached' | 'hover';
    const summaryRows = SIZES.map((lines) => {
      const { a, b } = pair(lines);
      const cell = (pick: (r: SessionResult) => number, format: (v: number) => string) =>
        `${a ? format(pick(a)) : 'n/a'} / ${b ? format(pick(b)) : 'n/a'} (${a && b ? ratio(pick(a), pick(b)) : 'n/a'})`;
      return [
        `${label(lines)} lines`,
        cell((r) => r.edit.p50, ms),
        cell((r) => r.completionTyped.p50, ms),
        cell((r) => r.hover.p50, ms),
        cell((r) => r.peakRss, mib),
      ];
    });
    log(`Summary, p50 (swe-bundle / yaml-language-server (ratio)):\n`);
    log(table(['file', 'edit → diagnostics', 'completion after typing `<`', 'hover', 'peak RSS'], summaryRows));
    const detail = (key: Key, title: string) => {
      log(`\n### ${title}\n`);
      const rows: string[][] = [];
      for (const lines of SIZES) {
        const { a, b } = pair(lines);
        const stats = (r: SessionResult | undefined) => (['min', 'p50', 'p90', 'p99'] as const).map((p) => (r ? ms(r[key][p]) : 'n/a'));
        rows.push([label(lines), ours.name, ...stats(a)]);
        if (!OURS_ONLY) {
          rows.push([label(lines), theirs.name, ...stats(b)]);
          rows.push([label(lines), 'ratio', ...(['min', 'p50', 'p90', 'p99'] as const).map((p) => (a && b ? ratio(a[key][p], b[key][p]) : 'n/a'))]);
        }
      }
      log(table(['lines', 'server', 'min', 'p50', 'p90', 'p99'], rows));
    };
    detail('edit', `edit → diagnostics (${EDITS} characters typed into a description, one change each)`);
    detail('completionTyped', `completion after typing \`<\` (change and request sent together; ${SAMPLES} signatures)`);
    detail('completionCached', 'completion again at the same place, same version');
    detail('hover', `hover on a \`<mode>\` placeholder (${SAMPLES} signatures)`);
    log('\n### Open and memory\n');
    const once: string[][] = [];
    for (const lines of SIZES) {
      const { a, b } = pair(lines);
      once.push([label(lines), 'open → first diagnostics', a ? ms(a.openMs) : 'n/a', b ? ms(b.openMs) : 'n/a', a && b ? ratio(a.openMs, b.openMs) : 'n/a']);
      once.push([label(lines), 'peak RSS (VmHWM)', a ? mib(a.peakRss) : 'n/a', b ? mib(b.peakRss) : 'n/a', a && b ? ratio(a.peakRss, b.peakRss) : 'n/a']);
    }
    log(table(['lines', 'figure', ours.name, theirs.name, 'ratio'], once));
    log('\nSanity (what the answers held):');
    for (const r of results) log(`- ${r.server} (${r.mode}) at ${r.lines} lines: ${r.diagnosticsAtEnd} diagnostics at the end, ${r.completionItems} completion items, ${r.hoversAnswered}/${SAMPLES} hovers answered`);
  }

  try {
    const workspaceOptions: WorkspaceOptions = { edits: EDITS, samples: SAMPLES, initRuns: INIT_RUNS, scalingSizes: AGENTS, ours, theirs: OURS_ONLY ? null : theirs, root: ROOT, log };
    if (!SKIP.has('repo')) out.repo = await repoSeries(work, workspaceOptions);
    if (!SKIP.has('fork')) out.fork = await forkSeries(work, workspaceOptions, option('sweagent-package', ''));
    if (!SKIP.has('shared')) out.shared = await sharedSeries(work, workspaceOptions);
    if (!SKIP.has('scaling')) out.scaling = await scalingSeries(work, workspaceOptions);

    if (!SKIP.has('init')) {
      const init = specs.map((spec) => ({ spec, summary: undefined as Summary | undefined }));
      for (const entry of init) entry.summary = await initializeRuns(entry.spec, work);
      const nodeAlone = await nodeAloneRuns();
      out.initialize = { ...Object.fromEntries(init.map((e) => [e.spec.name, e.summary])), 'node alone': nodeAlone };
      log('\n## Initialize (spawn → initialize response)\n');
      log(`"node alone" is a script that answers \`initialize\` as soon as it reads it: Node's own start on this machine${process.env.NODE_EXTRA_CA_CERTS ? ' (NODE_EXTRA_CA_CERTS is set here, and Node reads those certificates at every start)' : ''}.\n`);
      const figures = ['min', 'p50', 'p90', 'max'] as const;
      const rows = init.map((e) => [e.spec.name, ...figures.map((f) => ms(e.summary![f]))]);
      if (init.length === 2) rows.push(['ratio', ...figures.map((f) => ratio(init[0].summary![f], init[1].summary![f]))]);
      rows.push(['node alone', ...figures.map((f) => ms(nodeAlone[f]))]);
      log(table(['server', ...figures], rows));
    }

    if (!SKIP.has('lsp')) {
      // Ours in both modes; yaml-language-server offers no pull, so VS Code gets its pushed diagnostics: one run serves both tables.
      const sessions: Record<DiagnosticsMode, SessionResult[]> = { pull: [], push: [] };
      for (const lines of SIZES) {
        for (const mode of MODES) {
          process.stderr.write(`… ${ours.name} (${mode}) at ${lines} lines\n`);
          sessions[mode].push(await editorSession(ours, lines, work, { edits: EDITS, samples: SAMPLES, lineEnd: '\n', mode }));
        }
        if (!OURS_ONLY) {
          process.stderr.write(`… ${theirs.name} at ${lines} lines\n`);
          const result = await editorSession(theirs, lines, work, { edits: EDITS, samples: SAMPLES, lineEnd: '\n', mode: 'pull' });
          for (const mode of MODES) sessions[mode].push(result);
        }
      }
      out.sessions = sessions;
      for (const mode of MODES) printSessions(sessions[mode], mode);
    }


    if (!SKIP.has('growth')) {
      process.stderr.write(`… ${ours.name}: ${GROWTH_EDITS} edits\n`);
      const g = await growth(ours, work);
      out.growth = g;
      log(`\n## Memory over ${GROWTH_EDITS} edits (${ours.name}, ${g.lines.toLocaleString('en')} lines, each edit in a different tool)\n`);
      log(
        table(
          ['edits', ...g.samples.map((r) => String(r.edits))],
          [
            ['RSS', ...g.samples.map((r) => mib(r.rss))],
            ['live heap (after a full GC)', ...g.samples.map((r) => mib(r.heap))],
          ],
        ),
      );
      log(`\npeak RSS ${mib(g.peak)}; edit → diagnostics over these edits: p50 ${ms(g.latency.p50)}, p90 ${ms(g.latency.p90)}, p99 ${ms(g.latency.p99)}`);
    }

    if (!SKIP.has('lint')) {
      const generated = path.join(work, 'generated');
      const genLines = writeGeneratedBundles(generated);
      const corpus = fs.existsSync(CORPUS_DIR) ? [CORPUS_DIR] : [];
      const both = timeLint([...corpus, generated], 3);
      const corpusOnly = corpus.length > 0 ? timeLint(corpus, 3) : null;
      const generatedOnly = timeLint([generated], 3);
      const noop = timeLint(['--version'], 3);
      out.lint = { both, corpusOnly, generatedOnly, noop };
      log('\n## Lint CLI (wall-clock, whole process)\n');
      log(
        table(
          ['input', 'min', 'p50', 'max', 'report'],
          [
            [`corpus (${corpusBundles()} bundles and their agent configs) + 1,000 generated bundles (${genLines.toLocaleString('en')} lines)`, ms(both.wall.min), ms(both.wall.p50), ms(both.wall.max), both.summary],
            ...(corpusOnly ? [['corpus only', ms(corpusOnly.wall.min), ms(corpusOnly.wall.p50), ms(corpusOnly.wall.max), corpusOnly.summary]] : []),
            ['1,000 generated bundles only', ms(generatedOnly.wall.min), ms(generatedOnly.wall.p50), ms(generatedOnly.wall.max), generatedOnly.summary],
            ['`--version` (start-up only)', ms(noop.wall.min), ms(noop.wall.p50), ms(noop.wall.max), noop.summary],
          ],
        ),
      );
      if (corpus.length === 0) log(`\n(${CORPUS_DIR} not found: corpus skipped)`);
    }
    if (!SKIP.has('paths')) out.paths = pathsSeries(ROOT, work, log);
    if (!SKIP.has('folders')) out.folders = foldersSeries(ROOT, work, log);
    const editorScaling: EditorScalingOptions = { edits: EDITS, samples: SAMPLES, ours, root: ROOT, log };
    if (!SKIP.has('crlf')) out.lineEnds = await lineEndsSeries(work, CRLF_SIZES, editorScaling);
    if (!SKIP.has('opened')) out.opened = await openedSeries(work, OPENED_SIZES, editorScaling);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  const json = option('json', '');
  if (json) fs.writeFileSync(json, JSON.stringify(out, null, 2));
}

main().catch((e) => {
  process.stderr.write(`${(e as Error).stack ?? e}\n`);
  process.exitCode = 1;
});
