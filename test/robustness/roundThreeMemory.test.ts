/**
 * Hostile input, round three (issue 22), item 7: expansion that a small file
 * asks for (merge keys, one bundle listed many times) is counted against a
 * budget, which a diagnostic names, while the file's other results publish.
 * Against the built CLI and server; times and peak RSS are printed as a
 * table at the end (numbers to read), and memory is held to generous bounds.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { codes, peakRssOf, spawnServer } from '../helpers/lspClient';
import { runLintMeasured } from '../helpers/runCli';
import { tempWorkspace } from '../helpers/tempWorkspace';
import { timings } from '../helpers/timings';

const timing = timings('hostile input, round three: expansion (issue 22, item 7)');
afterAll(() => timing.print());

const MiB = 1024 * 1024;

type JsonDiagnostic = { code: string; message: string; range: { start: { line: number; character: number } }; related?: { message: string }[] };
type JsonFile = { path: string; diagnostics: JsonDiagnostic[] };

/** A tool with a real error, then a tool of 9,000 keys SWE-agent ignores merged into `more` more: 9,002 entries copied each. */
const mergedKeys = (more: number) =>
  [
    'tools:',
    '  broken:',
    '    signature: broken',
    '    docstring: d',
    '    arguments:',
    '      - {name: x, type: string, description: d, required: true}',
    `  t0: &a0 {signature: m, docstring: d, ${Array.from({ length: 9_000 }, (_, i) => `k${i}: ${i}`).join(', ')}}`,
    ...Array.from({ length: more }, (_, j) => `  t${j + 1}: {<<: *a0}`),
    '',
  ].join('\n');
/** 90,020 entries merged: within the budget (`LIMITS.maxMergedPairs`), so built and checked. */
const MERGED_KEYS = mergedKeys(10);
const budgetMessage = 'Stopped checking this file: merge keys here expand to more than 100000 entries, more than this checker reads.';

describe.skipIf(process.platform !== 'linux')('merge keys that make a mapping of 9,000 keys eleven times', () => {
  it('the CLI reports 100 ignored keys per tool, a resource-limit naming the budget, and the other tool', { timeout: 120_000 }, () => {
    const ws = tempWorkspace({ 'tools/t/config.yaml': MERGED_KEYS });
    try {
      const run = runLintMeasured(['--format', 'json', 'tools/t/config.yaml'], ws.root);
      timing.add('CLI, 9,000 keys merged into 11 tools (90,020 entries)', run.ms, run.peakRss);
      expect(run.code).toBe(1);
      const diagnostics = (JSON.parse(run.stdout) as JsonFile[])[0].diagnostics;
      // The first 999 by position: the missing argument, the bin/ scripts of `broken` and `t0`, then the keys each of the 100 tools ignores, where the anchor has them; then the first budget notice, past them.
      const counts = new Map<string, number>();
      for (const d of diagnostics) counts.set(d.code, (counts.get(d.code) ?? 0) + 1);
      expect(counts).toEqual(new Map([['signature-missing-argument', 1], ['bin-script-missing', 2], ['unknown-key', 996], ['resource-limit', 1], ['diagnostics-limit', 1]]));
      expect(diagnostics.filter((d) => d.code === 'unknown-key').every((d) => d.range.start.line === 6)).toBe(true);
      expect(diagnostics.at(-2)!.message).toBe('Stopped listing the keys SWE-agent ignores in tool `t0` after 100: 8,900 more are not listed (unknownKeysPerMapping).');
      // 11 tools × (100 keys + one resource-limit + a bin/ script), the missing argument and broken's bin/ script: 1,124, not 99,000 and more.
      expect(diagnostics.at(-1)!.message).toBe('This file has 1,124 diagnostics, more than the 1,000 reported per file.');
      expect(diagnostics.at(-1)!.related![0].message).toBe(
        'The first 999 by position are shown, then the first resource-limit after them (part of the file was not checked), and the 124 others from here on are not: 124 warnings (unknown-key ×104, bin-script-missing ×10, resource-limit ×10).',
      );
      expect(run.peakRss).toBeLessThan(800 * MiB);
    } finally {
      ws.remove();
    }
  });

  it('into 100 tools (116 KB, 900,000 entries): counted, and stopped at the budget before anything is built', () => {
    const ws = tempWorkspace({ 'tools/t/config.yaml': mergedKeys(99) });
    try {
      const run = runLintMeasured(['--format', 'json', 'tools/t/config.yaml'], ws.root);
      timing.add('CLI, 9,000 keys merged into 100 tools (116 KB)', run.ms, run.peakRss);
      expect([run.code, run.stderr]).toEqual([1, '']);
      // t12: 12 × 9,002 entries pass 100,000.
      const diagnostics = (JSON.parse(run.stdout) as JsonFile[])[0].diagnostics;
      expect(diagnostics.map((d) => [d.code, d.range.start, d.message])).toEqual([['resource-limit', { line: 6 + 12, character: '  t12: '.length }, budgetMessage]]);
      expect(run.peakRss).toBeLessThan(300 * MiB);
    } finally {
      ws.remove();
    }
  });

  it('the CLI names the budget where it is hit', () => {
    const anchor = `  a0: &a0 {signature: m, docstring: d, ${Array.from({ length: 300 }, (_, i) => `k${i}: ${i}`).join(', ')}}`;
    const ws = tempWorkspace({ 'tools/t/config.yaml': `defs:\n${anchor}\ntools:\n  t: {<<: *a0}\n` });
    try {
      const run = runLintMeasured(['--format', 'json', 'tools/t/config.yaml'], ws.root);
      const diagnostics = (JSON.parse(run.stdout) as JsonFile[])[0].diagnostics.filter((d) => !d.code.startsWith('bin-script'));
      // `defs`, a key SWE-agent ignores at the top level; then the tool's.
      expect(diagnostics.map((d) => d.code)).toEqual([...Array<string>(101).fill('unknown-key'), 'resource-limit']);
      expect(diagnostics[101].message).toBe('Stopped listing the keys SWE-agent ignores in tool `t` after 100: 200 more are not listed (unknownKeysPerMapping).');
      // At the first key left out, where the anchor has it.
      expect(diagnostics[101].range.start).toEqual({ line: 1, character: anchor.indexOf('k100:') });
    } finally {
      ws.remove();
    }
  });

  it('the server publishes them, and its memory stays bounded', { timeout: 120_000 }, async () => {
    const server = await spawnServer();
    try {
      const uri = 'file:///merged/tools/t/config.yaml';
      const started = performance.now();
      await server.client.open(uri, MERGED_KEYS);
      const published = await server.client.waitForDiagnostics(uri, () => true, 100_000);
      timing.add('server, open: 9,000 keys merged into 11 tools', performance.now() - started, peakRssOf(server));
      const shown = codes(published.diagnostics).filter((c) => !c.startsWith('bin-script'));
      expect(shown[0]).toBe('signature-missing-argument');
      expect(shown.at(-1)).toBe('diagnostics-limit');
      expect(peakRssOf(server)).toBeLessThan(800 * MiB);
    } finally {
      server.client.dispose();
    }
  });
});

describe.skipIf(process.platform !== 'linux')('anchors each merging the last (110 KB): counted before anything is built', () => {
  /** Anchors `a<i>` each merging the one before `times` times, with a key of its own, up to 110 KB; then a tool that merges the last. */
  function chain(times: number): string {
    const lines = ['defs:', '  a0: &a0 {k0: 0}'];
    let size = 30;
    for (let i = 1; size < 110_000; i++) {
      const line = `  a${i}: &a${i} {<<: [${Array(times).fill(`*a${i - 1}`).join(', ')}], k${i}: ${i}}`;
      lines.push(line);
      size += line.length + 1;
    }
    return `${lines.join('\n')}\ntools:\n  t:\n    <<: *a${lines.length - 2}\n    signature: t\n    docstring: d\n`;
  }
  // Once: a<i> copies i entries, and 1 + ... + 447 passes 100,000. Twice: a<i> copies 2^(i+1) - 2, and the total passes it at a15.
  const cases: [string, number, number][] = [
    ['once', 1, 1 + 447],
    ['twice', 2, 1 + 15],
  ];

  it.each(cases)('merging the last %s: the CLI reports the budget at the mapping that passes it', (_name, times, line) => {
    const ws = tempWorkspace({ 'tools/t/config.yaml': chain(times) });
    try {
      const run = runLintMeasured(['--format', 'json', 'tools/t/config.yaml'], ws.root);
      timing.add(`CLI, 110 KB of anchors each merging the last ${times === 1 ? 'once' : 'twice'}`, run.ms, run.peakRss);
      expect([run.code, run.stderr]).toEqual([1, '']);
      const diagnostics = (JSON.parse(run.stdout) as JsonFile[])[0].diagnostics;
      expect(diagnostics.map((d) => [d.code, d.range.start, d.message])).toEqual([['resource-limit', { line, character: `  a${line - 1}: `.length }, budgetMessage]]);
      expect(run.peakRss).toBeLessThan(300 * MiB);
    } finally {
      ws.remove();
    }
  });

  it('the server publishes the budget', { timeout: 60_000 }, async () => {
    const server = await spawnServer();
    try {
      const uri = 'file:///chain/tools/t/config.yaml';
      const started = performance.now();
      await server.client.open(uri, chain(1));
      const published = await server.client.waitForDiagnostics(uri, () => true, 50_000);
      timing.add('server, open: 110 KB of anchors each merging the last', performance.now() - started, peakRssOf(server));
      expect(published.diagnostics.map((d) => [d.code, d.range.start.line, d.message])).toEqual([['resource-limit', 1 + 447, budgetMessage]]);
      expect(peakRssOf(server)).toBeLessThan(300 * MiB);
    } finally {
      server.client.dispose();
    }
  });
});

describe.skipIf(process.platform !== 'linux')('one bundle listed 20,000 times in an agent config', () => {
  const agentConfig = (bundle: string) => `agent:\n  tools:\n    bundles:\n${`      - path: ${bundle}\n`.repeat(20_000)}`;

  it('an empty bundle: the assembly is checked up to the budget, which a resource-limit names', { timeout: 120_000 }, () => {
    const ws = tempWorkspace({ 'tools/e/config.yaml': 'tools: {}\n', 'agent.yaml': agentConfig('tools/e') });
    try {
      const run = runLintMeasured(['--format', 'json', '--agent-config', 'agent.yaml'], ws.root);
      timing.add('CLI, an empty bundle listed 20,000 times (440 KB)', run.ms, run.peakRss);
      const agent = (JSON.parse(run.stdout) as JsonFile[]).find((f) => f.path === 'agent.yaml')!;
      const limit = agent.diagnostics.filter((d) => d.code === 'resource-limit');
      expect(limit.map((d) => [d.range.start, d.message, d.related?.map((r) => r.message)])).toEqual([
        [
          { line: 2003, character: 14 },
          'Stopped checking this assembly at bundle `tools/e`: its bundles pass 2000 tools (assemblyTools).',
          ["This listing and the 17999 after it are not checked; a listing counts its bundle's tools (at least one), however often the bundle is listed."],
        ],
      ]);
      expect(run.peakRss).toBeLessThan(600 * MiB);
    } finally {
      ws.remove();
    }
  });

  it('a bundle of 50 tools: duplicates up to the budget, and the bundle itself still reported', { timeout: 120_000 }, () => {
    const bundle = `tools:\n${Array.from({ length: 50 }, (_, i) => `  t${i}:\n    signature: t${i}\n    docstring: d\n`).join('')}`;
    const ws = tempWorkspace({ 'tools/t/config.yaml': bundle, 'agent.yaml': agentConfig('tools/t') });
    try {
      const run = runLintMeasured(['--format', 'json', '--agent-config', 'agent.yaml'], ws.root);
      timing.add('CLI, a bundle of 50 tools listed 20,000 times', run.ms, run.peakRss);
      const files = JSON.parse(run.stdout) as JsonFile[];
      const agent = files.find((f) => f.path === 'agent.yaml')!;
      // 40 listings of 50 tools fill the budget: 39 × 50 duplicates, the budget, and what SWE-agent's command line leaves.
      const summary = agent.diagnostics.find((d) => d.code === 'diagnostics-limit')!;
      expect(summary.message).toBe('This file has 1,952 diagnostics, more than the 1,000 reported per file.');
      // The budget's notice is kept past the cut, not counted in the summary.
      expect(summary.related![0].message).toMatch(/^The first 999 by position are shown, then the first resource-limit after them \(part of the file was not checked\), and the 952 others/);
      expect(agent.diagnostics.filter((d) => d.code === 'resource-limit').map((d) => d.message)).toEqual(['Stopped checking this assembly at bundle `tools/t`: its bundles pass 2000 tools (assemblyTools).']);
      expect(files.find((f) => f.path === 'tools/t/config.yaml')!.diagnostics.map((d) => d.code)).toEqual(Array<string>(50).fill('bin-script-missing'));
      expect(run.peakRss).toBeLessThan(600 * MiB);
    } finally {
      ws.remove();
    }
  });
});
