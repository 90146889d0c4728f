/**
 * Hostile input, round two (issue 15), against the built binaries: every
 * budget that is hit is a diagnostic, never a crash, an abort or an empty
 * publish that hides the other tools' problems. Times and peak RSS are
 * printed as a table at the end (numbers to read, never timed assertions);
 * memory is held to generous bounds far below what these inputs cost before
 * (a hover of 500 MB, 1.8 GB for 900,001 diagnostics).
 */
import * as fs from 'fs';
import { pathToFileURL } from 'url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { BUDGETS } from '../../server/src/engine/budgets';
import { codes, peakRssOf, spawnServer } from '../helpers/lspClient';
import { MeasuredRun, runLintMeasured } from '../helpers/runCli';
import { TempWorkspace, tempWorkspace } from '../helpers/tempWorkspace';
import { timings } from '../helpers/timings';

const timing = timings('budgets (issue 15)');
afterAll(() => timing.print());

type CliRun = MeasuredRun;
const lint = (cwd: string, args: string[]) => runLintMeasured(args, cwd);

type JsonDiagnostic = { code: string; severity: string; message: string; range: { start: { line: number } }; related?: { message: string }[] };
const jsonDiagnostics = (run: CliRun): JsonDiagnostic[] => JSON.parse(run.stdout)[0].diagnostics;

/** Two tools: one whose docstring pads to `width`, one with a real error that must still be reported. */
const widthBundle = (width: number) =>
  `tools:\n  wide:\n    signature: wide\n    docstring: "pager is {PAGER:>${width}} and {PAGER.upper}"\n  broken:\n    signature: broken\n    docstring: d\n    arguments:\n      - name: x\n        type: string\n        description: d\n        required: true\n`;

let ws: TempWorkspace;
beforeAll(() => {
  ws = tempWorkspace();
});
afterAll(() => ws.remove());

describe.skipIf(process.platform !== 'linux')('format widths', () => {
  it.each([500_000_000, 536_870_889, 9_000_000_000_000])('a width of %i is measured, not built: the CLI reports it and the other tool', (width) => {
    const file = ws.write(`width${width}/config.yaml`, widthBundle(width));
    const run = lint(ws.root, ['--format', 'json', file]);
    timing.add(`CLI, {PAGER:>${width.toLocaleString('en-US')}}`, run.ms, run.peakRss);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    const found = jsonDiagnostics(run).filter((d) => !d.code.startsWith('bin-script'));
    expect(found.map((d) => d.code)).toEqual(['rendered-text-limit', 'signature-missing-argument']);
    // As Python counts it: 'pager is ', the padded value, ' and ', the method's repr with a 12-digit address.
    const length = (9 + width + 5 + '<built-in method upper of str object at 0x7f94b3535660>'.length).toLocaleString('en-US');
    expect(found[0].message).toBe(`The docstring of \`wide\` renders to ${length} characters ({PAGER:>${width}} alone gives ${width.toLocaleString('en-US')}).`);
    expect(found[0].related!.map((r) => r.message)).toEqual([
      'SWE-agent builds all of it into the tool docs the model reads with every prompt, or fails with MemoryError when it runs out of memory.',
      `Previews here show the first ${BUDGETS.renderedTextChars.toLocaleString('en-US')} characters.`,
    ]);
    expect(run.peakRss).toBeLessThan(300 * 1024 * 1024);
  });

  it('the server publishes every tool\'s diagnostics, and its hovers stay within the output budget', { timeout: 60_000 }, async () => {
    const server = await spawnServer({ capabilities: { textDocument: { hover: { contentFormat: ['markdown'] } } } });
    try {
      const uri = 'file:///budgets/tools/wide/config.yaml';
      const started = performance.now();
      await server.client.open(uri, widthBundle(536_870_889));
      const published = await server.client.waitForDiagnostics(uri, () => true, 20_000);
      expect(codes(published.diagnostics)).toEqual(['rendered-text-limit', 'signature-missing-argument']);
      const hover = (line: number, character: number) => server.client.request<{ contents: { value: string } } | null>('textDocument/hover', { textDocument: { uri }, position: { line, character } });
      const tool = (await hover(1, 3))!.contents.value;
      expect(tool.length).toBeLessThanOrEqual(BUDGETS.requestOutputChars + 200);
      expect(tool).toContain(`(Only the start is shown, up to ${BUDGETS.renderedTextChars.toLocaleString('en-US')} characters: SWE-agent builds docs of 536,870,`);
      const field = (await hover(3, 30))!.contents.value;
      expect(field).toContain('Renders as 536,870,889 characters, more than the 100,000 shown here; SWE-agent builds all of them.');
      const method = (await hover(3, 60))!.contents.value;
      expect(method).toContain("Renders as `<built-in method upper of str object at 0x????????????>`.\n\n`0x????????????` stands for the object's address, which Python prints in hex and which differs in every run.");
      timing.add('server, open + 3 hovers, width 536,870,889', performance.now() - started, peakRssOf(server));
      expect(peakRssOf(server)).toBeLessThan(300 * 1024 * 1024);
    } finally {
      server.client.dispose();
    }
  });

  it('reads decimal digits of any script in a field name as a positional index', () => {
    const file = ws.write('digits/config.yaml', 'tools:\n  t:\n    signature: t\n    docstring: "see {١}"\n');
    const found = jsonDiagnostics(lint(ws.root, ['--format', 'json', file])).filter((d) => !d.code.startsWith('bin-script'));
    expect(found.map((d) => [d.code, d.message, d.related!.map((r) => r.message)])).toEqual([
      [
        'docstring-format-error',
        "The docstring of `t` fails SWE-agent's `docstring.format(**env_variables)` with IndexError.",
        ['SWE-agent fails when it renders the tool docs: IndexError: Replacement index 1 out of range for positional args tuple'],
      ],
    ]);
  });
});

describe.skipIf(process.platform !== 'linux')('nesting and values', () => {
  it('envVariables nested 500 deep in .swe-bundle.json are reported (a settings problem: exit 2), and 5,000 deep the file is not read at all', () => {
    const deep = (levels: number) => '{"k":'.repeat(levels) + '"x"' + '}'.repeat(levels);
    const bundle = 'tools:\n  t:\n    signature: t\n    docstring: "{WINDOW} {DEEP}"\n';
    const dir = tempWorkspace({ '.swe-bundle.json': `{"envVariables": {"DEEP": ${deep(500)}, "WINDOW": 100}}`, 'tools/t/config.yaml': bundle });
    try {
      const run = lint(dir.root, ['--format', 'json', 'tools/t/config.yaml']);
      expect([run.code, run.stdout, run.stderr]).toEqual([2, '', `swe-bundle-lint: .swe-bundle.json: envVariables.DEEP nests more than ${BUDGETS.valueDepth} levels deep, more than this checker reads; it is left out\n`]);
      dir.write('.swe-bundle.json', `{"envVariables": {"DEEP": ${deep(5000)}, "WINDOW": 100}}`);
      const deeper = lint(dir.root, ['--format', 'json', 'tools/t/config.yaml']);
      expect([deeper.code, deeper.stderr]).toEqual([2, 'swe-bundle-lint: .swe-bundle.json: the settings nest more than 1000 levels deep; nothing in them needs that, so the file is not read\n']);
    } finally {
      dir.remove();
    }
  });

  it('an agent config whose env holds ints in a list and a list that contains itself is checked', () => {
    const dir = tempWorkspace({
      'tools/a/config.yaml': 'tools:\n  t:\n    docstring: "{X} and {Y}"\n    signature: t\n',
      'tools/a/bin/t': '#!/bin/sh\n',
      'config/default.yaml': 'agent:\n  model:\n    name: gpt-4o\n  tools:\n    env_variables:\n      X: [1, 2]\n      Y: &a [*a, {k: *a}]\n    bundles:\n      - path: tools/a\n',
    });
    fs.chmodSync(dir.path('tools/a/bin/t'), 0o755);
    try {
      const run = lint(dir.root, ['--format', 'json', '.']);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout).map((r: { diagnostics: unknown[] }) => r.diagnostics)).toEqual([[], []]);
    } finally {
      dir.remove();
    }
  });
});

describe.skipIf(process.platform !== 'linux')('diagnostics per file', () => {
  /** 300 keys merged into each of `tools` tools: at 300, 90,000 keys SWE-agent ignores (100 of them reported per tool, the rest counted: `unknownKeysPerMapping`); at 3,000 (0.18 MB) the merges pass their budget (`LIMITS.maxMergedPairs`) and nothing is built. */
  function mergedKeys(tools: number): string {
    const keys = Array.from({ length: 300 }, (_, i) => `  k${i}: v\n`).join('');
    const entries = Array.from({ length: tools }, (_, t) => `  t${t}:\n    <<: *b\n    docstring: d\n    signature: t${t}\n`).join('');
    return `base: &b\n${keys}tools:\n${entries}`;
  }

  // Every budget notice (resource-limit, at key k100 of the anchor) lies after the first 1,000 by position (the unknown keys from k0 on).
  const budgetNotice = ['resource-limit', 1 + 100, 'Stopped listing the keys SWE-agent ignores in tool `t0` after 100: 200 more are not listed (unknownKeysPerMapping).'];

  it('are capped with one summary in the CLI, which keeps the first notice of a budget that ran out', { timeout: 120_000 }, () => {
    const file = ws.write('merged/config.yaml', mergedKeys(300));
    const run = lint(ws.root, ['--format', 'json', file]);
    timing.add('CLI, 300 merged keys x 300 tools', run.ms, run.peakRss);
    const found = jsonDiagnostics(run);
    expect(found.length).toBe(BUDGETS.diagnosticsPerFile + 1);
    expect(found.slice(0, -2).map((d) => d.code)).toEqual(Array(BUDGETS.diagnosticsPerFile - 1).fill('unknown-key'));
    expect([found.at(-2)!.code, found.at(-2)!.range.start.line, found.at(-2)!.message]).toEqual(budgetNotice);
    const summary = found.at(-1)!;
    expect(summary.code).toBe('diagnostics-limit');
    expect(summary.severity).toBe('warning');
    expect(summary.message).toBe('This file has 30,601 diagnostics, more than the 1,000 reported per file.');
    expect(summary.related!.map((r) => r.message)).toEqual([
      'The first 999 by position are shown, then the first resource-limit after them (part of the file was not checked), and the 29,601 others from here on are not: 29,601 warnings (unknown-key ×29,002, bin-script-missing ×300, resource-limit ×299).',
    ]);
    // The file counts as not checked, in the exit status too.
    expect(run.code).toBe(1);
    expect(run.peakRss).toBeLessThan(800 * 1024 * 1024);
  });

  it('keep the first notice of a budget in the text summary: the file is counted as not checked', { timeout: 120_000 }, () => {
    const file = ws.write('merged-text/config.yaml', mergedKeys(20));
    const run = lint(ws.root, [file]);
    expect(run.code).toBe(1);
    expect(run.stdout.split('\n').filter((line) => / (resource-limit|diagnostics-limit) /.test(line)).map((line) => line.replace(/^.*config\.yaml:/, ''))).toEqual([
      `102:3 warning ${budgetNotice[0]} ${budgetNotice[2]}`,
      '51:3 warning diagnostics-limit This file has 2,041 diagnostics, more than the 1,000 reported per file.',
    ]);
    expect(run.stdout).toMatch(/in 1 file; 1 not checked\n$/);
  });

  it('are capped with one summary in the server', { timeout: 180_000 }, async () => {
    const server = await spawnServer();
    try {
      const uri = 'file:///budgets/tools/merged/config.yaml';
      const started = performance.now();
      await server.client.open(uri, mergedKeys(300));
      const published = await server.client.waitForDiagnostics(uri, () => true, 170_000);
      timing.add('server, 300 merged keys x 300 tools, to the publish', performance.now() - started, peakRssOf(server));
      expect(published.diagnostics.length).toBe(BUDGETS.diagnosticsPerFile + 1);
      expect(published.diagnostics.slice(-2).map((d) => (d as Diagnostic).code)).toEqual(['resource-limit', 'diagnostics-limit']);
      expect([published.diagnostics.at(-2)!.range.start.line, published.diagnostics.at(-2)!.message]).toEqual(budgetNotice.slice(1));
      // 1.8 GB for 3,000 tools before (past the merge budget now). What remains is the engine making the 30,600 diagnostics that the cap then drops.
      expect(peakRssOf(server)).toBeLessThan(800 * 1024 * 1024);
    } finally {
      server.client.dispose();
    }
  });
});

describe.skipIf(process.platform !== 'linux')('files per folder', () => {
  it('20,000 files in bin/ cost a listing, and are summarized', { timeout: 120_000 }, async () => {
    const dir = tempWorkspace({ 'tools/big/config.yaml': 'tools:\n  t:\n    signature: t\n    docstring: d\n  zz_last:\n    signature: zz_last\n    docstring: d\n' });
    try {
      fs.mkdirSync(dir.path('tools/big/bin'));
      for (let i = 0; i < 20_000; i++) fs.writeFileSync(dir.path(`tools/big/bin/s${String(i).padStart(5, '0')}`), '');
      fs.writeFileSync(dir.path('tools/big/bin/zz_last'), '#!/bin/sh\n', { mode: 0o755 });
      const run = lint(dir.root, ['--format', 'json', 'tools/big']);
      timing.add('CLI, 20,001 files in bin/', run.ms, run.peakRss);
      const found = jsonDiagnostics(run);
      // The declared scripts are checked by name, past the first 1,000 entries: zz_last is found and executable.
      expect(found.filter((d) => d.code !== 'bin-script-undeclared').map((d) => [d.code, d.message])).toEqual([
        ['resource-limit', `bin/ holds 20,001 entries, more than the ${BUDGETS.binEntries} this checker looks at.`],
        ['bin-script-missing', 'There is no bin/t for the tool `t`.'],
      ]);
      expect(found.find((d) => d.code === 'resource-limit')!.related!.map((r) => r.message)).toEqual([`Each declared script was checked, but only the first ${BUDGETS.binEntries} entries by name were checked for scripts no tool declares.`]);
      expect(found.filter((d) => d.code === 'bin-script-undeclared')).toHaveLength(BUDGETS.binEntries);
      // In the server, an edit costs a listing of bin/, not a stat per file.
      const server = await spawnServer({ workspaceFolders: [{ uri: pathToFileURL(dir.root).toString(), name: 'big' }] });
      try {
        const uri = pathToFileURL(dir.path('tools/big/config.yaml')).toString();
        const text = fs.readFileSync(dir.path('tools/big/config.yaml'), 'utf8');
        await server.client.open(uri, text);
        await server.client.waitForDiagnostics(uri, () => true, 60_000);
        const started = performance.now();
        await server.client.notify('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ text: text.replace('docstring: d', 'docstring: e') }] });
        const after = await server.client.waitForDiagnostics(uri, (p) => p.version === 2, 60_000);
        timing.add('server, an edit with 20,001 files in bin/', performance.now() - started, peakRssOf(server));
        expect(after.diagnostics.length).toBe(BUDGETS.binEntries + 2);
        expect(codes(after.diagnostics).filter((c) => c !== 'bin-script-undeclared')).toEqual(['resource-limit', 'bin-script-missing']);
      } finally {
        server.client.dispose();
      }
    } finally {
      dir.remove();
    }
  });
});
