/**
 * Hostile input, round three (issue 22), against the built binaries: a
 * budget that is hit is a diagnostic while the file's other results still
 * publish; nothing is read outside the workspace; a value read from a file
 * is never printed whole. Times and peak RSS are printed as a table at the
 * end (numbers to read, never timed assertions).
 */
import * as fs from 'fs';
import { afterAll, describe, expect, it } from 'vitest';
import { SpawnedServer, codes, spawnServer } from '../helpers/lspClient';
import { runLintMeasured } from '../helpers/runCli';
import { tempWorkspace } from '../helpers/tempWorkspace';
import { timings } from '../helpers/timings';

const timing = timings('hostile input, round three (issue 22)');
afterAll(() => timing.print());

const MiB = 1024 * 1024;

function peakRssOf(server: SpawnedServer): number {
  const status = fs.readFileSync(`/proc/${server.process.pid}/status`, 'utf8');
  return Number(/^VmHWM:\s+(\d+) kB/m.exec(status)![1]) * 1024;
}

type JsonDiagnostic = { code: string; severity: string; message: string; range: { start: { line: number; character: number } } };

/** The bundle's diagnostics from `--format json`, without the bin/ checks (the bundles here have no bin/). */
const diagnosticsOf = (stdout: string): JsonDiagnostic[] => (JSON.parse(stdout)[0].diagnostics as JsonDiagnostic[]).filter((d) => !d.code.startsWith('bin-script'));

/** A tool `t` whose argument renders through `format`, and a tool with a real error that must still be reported. */
const argumentFormatBundle = (format: string) =>
  `tools:\n  t:\n    signature: t <a>\n    docstring: d\n    arguments:\n      - name: a\n        type: string\n        description: d\n        required: true\n        argument_format: ${JSON.stringify(format)}\n  broken:\n    signature: broken\n    docstring: d\n    arguments:\n      - name: x\n        type: string\n        description: d\n        required: true\n`;

const thousand = 'x'.repeat(1000);
/** Each builds a text of a billion characters or more from a template of a few kilobytes. */
const BUILDERS: Record<string, string> = {
  replace: `{{ value${`|replace('x', '${thousand}')`.repeat(3)} }}`,
  'replace with an empty pattern': `{{ value|replace('x', '${thousand}')|replace('x', '${thousand}')|replace('', '${thousand}') }}`,
  join: `{{ value|replace('x', '${thousand}')|replace('x', '${thousand}')|join('${thousand}') }}`,
  'concatenation with ~': `{{ value|replace('x', '${thousand}')|replace('x', '${thousand}')${` ~ value|replace("x", "${thousand}")|replace("x", "${thousand}")`.repeat(3)} }}`,
};

describe.skipIf(process.platform !== 'linux')('Jinja that builds huge strings (item 1)', () => {
  it.each(Object.keys(BUILDERS))('%s: the CLI reports the budget and the other tool', (name) => {
    const ws = tempWorkspace({ 'tools/t/config.yaml': argumentFormatBundle(BUILDERS[name]) });
    try {
      const run = runLintMeasured(['--format', 'json', 'tools/t/config.yaml'], ws.root);
      timing.add(`CLI, argument_format building with ${name}`, run.ms, run.peakRss);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(1);
      expect(diagnosticsOf(run.stdout).map((d) => [d.code, d.range.start.line, d.message])).toEqual([
        ['resource-limit', 9, 'Stopped checking how `t` is called: the rendered text passes 1000000 characters.'],
        ['signature-missing-argument', 14, expect.stringContaining('Argument `x` is not in the signature of `broken`')],
      ]);
      expect(run.peakRss).toBeLessThan(400 * MiB);
    } finally {
      ws.remove();
    }
  });

  it('the server publishes the budget and the other tool, and previews the tool', { timeout: 60_000 }, async () => {
    const server = await spawnServer();
    try {
      const uri = 'file:///round3/tools/t/config.yaml';
      const started = performance.now();
      await server.client.open(uri, argumentFormatBundle(BUILDERS.replace));
      const published = await server.client.waitForDiagnostics(uri, () => true, 20_000);
      expect(codes(published.diagnostics).filter((c) => !c.startsWith('bin-script'))).toEqual(['resource-limit', 'signature-missing-argument']);
      const preview = await server.client.request<string>('workspace/executeCommand', { command: 'sweBundle.previewTool', arguments: [uri, 't'] });
      expect(preview).toContain('the rendered text passes 1000000 characters');
      timing.add('server, open + preview, argument_format building with replace', performance.now() - started, peakRssOf(server));
      expect(peakRssOf(server)).toBeLessThan(400 * MiB);
    } finally {
      server.client.dispose();
    }
  });
});

describe.skipIf(process.platform !== 'linux')('a docstring with many backtick runs (item 10)', () => {
  it('gets a hover and a preview, not null', { timeout: 60_000 }, async () => {
    const server = await spawnServer({ capabilities: { textDocument: { hover: { contentFormat: ['markdown'] } } } });
    try {
      const uri = 'file:///round3/ticks/config.yaml';
      // 200,000 runs of one to three backticks: Math.max(...runs) overflowed the stack.
      const ticks = Array.from({ length: 200_000 }, (_, i) => '`'.repeat((i % 3) + 1)).join(' ');
      await server.client.open(uri, `tools:\n  t:\n    signature: 't ${ticks}'\n    docstring: 'starts ${ticks}'\n`);
      await server.client.waitForDiagnostics(uri, () => true, 20_000);
      const started = performance.now();
      const hover = await server.client.request<{ contents: { value: string } } | null>('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 2 } });
      // The invoke format as a code span whose fence is one longer than its longest run.
      const start = '**t**: invoke format ```` t ` `` ``` ` ``';
      expect(hover?.contents.value.slice(0, start.length)).toBe(start);
      const preview = await server.client.request<string>('workspace/executeCommand', { command: 'sweBundle.previewTool', arguments: [uri, 't'] });
      expect(preview?.slice(0, start.length)).toBe(start);
      timing.add('server, hover + preview over 200,000 backtick runs', performance.now() - started, peakRssOf(server));
    } finally {
      server.client.dispose();
    }
  });
});
