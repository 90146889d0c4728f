/**
 * `npm run soak`: 10,000 edits and requests against one open bundle, as a
 * long editing session, printing the server's RSS and live heap (after a full
 * collection) as it goes. Memory must stay flat: the cached analysis of one
 * document is bounded by that document, whatever was typed before.
 *
 * Each step is one edit (typing or deleting in a description, breaking and
 * repairing a line, adding and removing a whole tool) followed by one request
 * (completion, hover, symbols, semantic tokens, inlay hints, code actions,
 * folding, pull diagnostics), from a fixed seed. Prints numbers; asserts nothing.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { generateBundleOfLines } from '../generateBundle';
import { liveHeap, withHeapProbe } from './heap';
import { ourServer } from './servers';
import { OpenDocument, positionAt, start, writeBundleFolder } from './session';
import { mib, ms, summarize, table } from './stats';

const ROOT = process.cwd();
const option = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const STEPS = Number(option('steps', '10000'));
const LINES = Number(option('lines', '5000'));
const SAMPLE_EVERY = Number(option('sample-every', '500'));

/** A small seeded generator (mulberry32), so every run makes the same session. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const EXTRA_TOOL = '  soak_tool:\n    signature: "soak_tool <x>"\n    docstring: a tool that comes and goes\n    arguments:\n      - name: x\n        type: string\n        description: x\n        required: true\n';

async function main(): Promise<void> {
  const random = seeded(20261129);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const { text, toolCount } = generateBundleOfLines(LINES);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'swe-bundle-soak-'));
  const spec = ourServer(ROOT);
  const file = writeBundleFolder(path.join(work, 'tools', 'soak'), text, Array.from({ length: toolCount }, (_, t) => `tool_${t}`), '_state');
  const { client } = await start(withHeapProbe(spec, ROOT), work);
  const { document } = await OpenDocument.open(client, spec, file, text);
  const textDocument = { uri: document.uri };
  const samples: string[][] = [];
  const sample = async (step: number) => samples.push([String(step), mib(client.memory().rss), mib(await liveHeap(client))]);
  const latencies: number[] = [];
  let broken: { at: number; removed: string } | null = null;
  let extraToolAt: number | null = null;
  await sample(0);
  console.log(`soak: ${STEPS} steps on a ${text.split('\n').length}-line bundle (${toolCount} tools)`);
  for (let step = 1; step <= STEPS; step++) {
    const current = document.text;
    const description = current.indexOf('description: "', Math.floor(random() * current.length * 0.9));
    const roll = random();
    if (broken) {
      // Repair what the last step broke.
      document.change(broken.at, broken.at, broken.removed);
      broken = null;
    } else if (roll < 0.02 && extraToolAt === null) {
      extraToolAt = current.indexOf('\n  tool_') + 1;
      document.change(extraToolAt, extraToolAt, EXTRA_TOOL);
    } else if (roll < 0.04 && extraToolAt !== null) {
      document.change(extraToolAt, extraToolAt + EXTRA_TOOL.length, '');
      extraToolAt = null;
    } else if (roll < 0.08 && description !== -1 && extraToolAt === null) {
      // Break a line (an unclosed quote), repaired at the next step.
      const at = description + 'description: '.length;
      broken = { at, removed: current[at] };
      document.change(at, at + 1, '');
    } else if (description !== -1) {
      const at = description + 'description: "'.length;
      if (random() < 0.5) document.change(at, at, pick(['a', 'b', ' ', 'x', 'The ']));
      else if (current[at] !== '"') document.change(at, at + 1, '');
    }
    const at = positionAt(document.text, Math.floor(random() * document.text.length));
    const started = performance.now();
    const method = pick([
      ['textDocument/completion', { textDocument, position: at }],
      ['textDocument/hover', { textDocument, position: at }],
      ['textDocument/documentSymbol', { textDocument }],
      ['textDocument/semanticTokens/full', { textDocument }],
      ['textDocument/inlayHint', { textDocument, range: { start: at, end: { line: at.line + 40, character: 0 } } }],
      ['textDocument/codeAction', { textDocument, range: { start: at, end: at }, context: { diagnostics: [] } }],
      ['textDocument/foldingRange', { textDocument }],
      ['textDocument/diagnostic', { textDocument }],
    ] as const);
    await client.request(method[0], method[1]);
    latencies.push(performance.now() - started);
    if (step % SAMPLE_EVERY === 0) await sample(step);
  }
  const latency = summarize(latencies);
  console.log(table(['steps', 'RSS', 'live heap (after a full GC)'], samples));
  console.log(`\nrequests after each edit: p50 ${ms(latency.p50)}, p90 ${ms(latency.p90)}, p99 ${ms(latency.p99)}, max ${ms(latency.max)}; peak RSS ${mib(client.memory().peak)}`);
  await client.shutdown();
  fs.rmSync(work, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
