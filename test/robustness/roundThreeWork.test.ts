/**
 * Hostile input, round three (issue 22, items 4 to 9), against the built
 * binaries: work that grew faster than the input is linear, or bounded by a
 * budget of `budgets.ts` whose diagnostic names it while the file's other
 * results still publish. Times and peak RSS are printed as a table at the end
 * (numbers to read, never timed assertions); memory is held to generous bounds.
 */
import { pathToFileURL } from 'url';
import { afterAll, describe, expect, it } from 'vitest';
import { codes, peakRssOf, spawnServer } from '../helpers/lspClient';
import { runLintMeasured } from '../helpers/runCli';
import { tempWorkspace } from '../helpers/tempWorkspace';
import { timings } from '../helpers/timings';

const timing = timings('hostile input, round three: work budgets (issue 22)');
afterAll(() => timing.print());

const MiB = 1024 * 1024;

type JsonDiagnostic = { code: string; severity: string; message: string; range: { start: { line: number; character: number } }; related?: { message: string }[] };

/** The bundle's diagnostics from `--format json`, without the bin/ checks (the bundles here have no bin/). */
const diagnosticsOf = (stdout: string): JsonDiagnostic[] => (JSON.parse(stdout)[0].diagnostics as JsonDiagnostic[]).filter((d) => !d.code.startsWith('bin-script'));

/** A tool with a real error, first in the file, that must still be reported whatever follows. */
const BROKEN_TOOL = '  broken:\n    signature: broken\n    docstring: d\n    arguments:\n      - name: x\n        type: string\n        description: d\n        required: true\n';

/** Lints one bundle with the built CLI (`--format json`) and records its time and memory. */
function lintBundle(what: string, bundle: string) {
  const ws = tempWorkspace({ 'tools/t/config.yaml': bundle });
  try {
    const run = runLintMeasured(['--format', 'json', 'tools/t/config.yaml'], ws.root);
    timing.add(`CLI, ${what}`, run.ms, run.peakRss);
    expect(run.stderr).toBe('');
    return { ...run, diagnostics: diagnosticsOf(run.stdout) };
  } finally {
    ws.remove();
  }
}

describe.skipIf(process.platform !== 'linux')('quadratic time (item 5)', () => {
  it('a sexagesimal int of 300,000 parts (0.9 MB) is summed in pairs, not one part at a time', () => {
    const run = lintBundle('sexagesimal int of 300,000 parts', `tools:\n${BROKEN_TOOL}  t:\n    signature: t\n    docstring: ${Array(300_000).fill('59').join(':')}\n`);
    expect(run.code).toBe(1);
    expect(run.diagnostics.map((d) => [d.code, d.range.start.line, d.message])).toEqual([
      ['signature-missing-argument', 5, expect.stringContaining('Argument `x` is not in the signature of `broken`')],
      ['wrong-type', 11, 'The docstring of `t` must be a string or null, but it is an integer.'],
    ]);
    expect(run.peakRss).toBeLessThan(400 * MiB);
  });

  it('10,000 distinct placeholders in one signature (70 KB): each diagnostic quotes a bounded text, the signature is mapped once', () => {
    const names = Array.from({ length: 10_000 }, (_, i) => `a${i}`);
    const run = lintBundle('10,000 unknown signature placeholders', `tools:\n${BROKEN_TOOL}  t:\n    signature: "t <x> ${names.map((n) => `[<${n}>]`).join(' ')}"\n    docstring: d\n    arguments:\n      - name: x\n        type: string\n        description: d\n        required: true\n`);
    expect(run.code).toBe(1);
    const [missing, ...rest] = run.diagnostics;
    expect([missing.code, missing.range.start.line]).toEqual(['signature-missing-argument', 5]);
    const unknown = rest.slice(0, -1);
    // The first 997 placeholders by position (with the two bin/ checks, 1,000), each on its own spelling in the signature, then the summary of the rest.
    expect(unknown.length).toBe(997);
    unknown.forEach((d, i) => {
      expect([d.code, d.range.start.line, d.range.start.character]).toEqual(['signature-unknown-placeholder', 10, 22 + names.slice(0, i).reduce((sum, n) => sum + n.length + 5, 0)]);
      expect(d.message).toBe(`Placeholder \`[<${names[i]}>]\` in the signature of \`t\` has no argument named '${names[i]}'.`);
      // SWE-agent's words, which quote every name and the whole invoke format, are cut once for the tool.
      expect(d.related![0].message.startsWith("SWE-agent fails: Command 't': Argument names ({'a0', 'a1', 'a10', ")).toBe(true);
      expect(d.related![0].message.length).toBeLessThan(4_200);
    });
    expect(rest.at(-1)!.message).toBe('This file has 10,003 diagnostics, more than the 1,000 reported per file.');
    expect(rest.at(-1)!.related![0].message).toBe('The first 1,000 by position are shown, and the 9,003 from here on are not: 9,003 errors (signature-unknown-placeholder ×9,003).');
    expect(run.peakRss).toBeLessThan(400 * MiB);
  });

  it('an agent config template with 5,000 unknown variables (89 KB): the template is mapped to its source once, not once per variable', () => {
    const lines = Array.from({ length: 5_000 }, (_, i) => `      {{ v${i} }}`).join('\n');
    const ws = tempWorkspace({ 'config/agent.yaml': `agent:\n  templates:\n    instance_template: |\n${lines}\n  model:\n    name: gpt-4o\n` });
    try {
      const run = runLintMeasured(['--format', 'json', 'config/agent.yaml'], ws.root);
      timing.add('CLI, 5,000 unknown template variables', run.ms, run.peakRss);
      expect([run.code, run.stderr]).toEqual([0, '']);
      const diagnostics = JSON.parse(run.stdout)[0].diagnostics as JsonDiagnostic[];
      const unknown = diagnostics.filter((d) => d.code === 'template-unknown-variable');
      // Each on its own line of the block scalar (the first variable on line 3, 0-based), up to the cap.
      expect(unknown.length).toBe(999);
      unknown.forEach((d, i) => {
        expect([d.range.start.line, d.range.start.character]).toEqual([3 + i, 9]);
        expect(d.message).toBe(`SWE-agent supplies no \`{{v${i}}}\` to \`agent.templates.instance_template\`, so it renders as empty text.`);
      });
      expect(diagnostics.at(-1)!.message).toBe('This file has 5,001 diagnostics, more than the 1,000 reported per file.');
      expect(run.peakRss).toBeLessThan(400 * MiB);
    } finally {
      ws.remove();
    }
  });

  it('10,000 arguments searched in a signature of 100 KB stop at the search budget, which the diagnostic names', () => {
    const names = Array.from({ length: 10_000 }, (_, i) => `a${i}`);
    const argumentList = names.map((n) => `      - name: ${n}\n        type: string\n        description: d\n        required: false\n`).join('');
    const run = lintBundle('10,000 arguments of a 100 KB signature', `tools:\n${BROKEN_TOOL}  t:\n    signature: "t ${names.map((n) => `[<${n}>]`).join(' ')}"\n    docstring: d\n    arguments:\n${argumentList}`);
    expect(run.code).toBe(1);
    expect(run.diagnostics.map((d) => [d.code, d.range.start.line, d.message])).toEqual([
      ['signature-missing-argument', 5, expect.stringContaining('Argument `x` is not in the signature of `broken`')],
      ['resource-limit', 10, expect.stringMatching(/^Stopped checking which arguments the signature of `t` names after \d+ of 10,000 \(signatureSearchChars\)\.$/)],
    ]);
    expect(run.peakRss).toBeLessThan(400 * MiB);
  });
});

describe.skipIf(process.platform !== 'linux')('docstring format passes (item 4)', () => {
  it('100,000 fields of 100 unknown variables (490 KB) stop at the characters-formatted budget, which the diagnostic names', () => {
    const docstring = Array.from({ length: 100_000 }, (_, i) => `{v${i % 100}}`).join('');
    const run = lintBundle('docstring of 100,000 fields, 100 unknown variables', `tools:\n${BROKEN_TOOL}  t:\n    signature: t\n    docstring: "${docstring}"\n`);
    expect(run.code).toBe(1);
    expect(run.diagnostics.map((d) => [d.code, d.range.start.line, d.range.start.character])).toEqual([
      ['signature-missing-argument', 5, 14],
      ['resource-limit', 11, 15],
      ...[0, 1, 2, 3].map((i) => ['docstring-unknown-variable', 11, 16 + 4 * i]),
    ]);
    expect(run.diagnostics[1].message).toBe('Stopped checking the docstring of `t` after 4 unknown variables (docstringFormatChars).');
    expect(run.diagnostics[1].related!.map((r) => r.message)).toEqual([
      'Each costs a format pass over its 490,000 characters, and another would pass the budget of 2,000,000 characters formatted; the rest is not checked.',
    ]);
    expect(run.peakRss).toBeLessThan(600 * MiB);
  });

  it('20,000 fields `{X[0]}` over a 1 MB env value split it once, not once per field', () => {
    const ws = tempWorkspace({
      'env.json': JSON.stringify({ X: 'y'.repeat(1_000_000) }),
      'tools/t/config.yaml': `tools:\n${BROKEN_TOOL}  t:\n    signature: t\n    docstring: "${'{X[0]}'.repeat(20_000)}{X[1000000]}"\n`,
    });
    try {
      const run = runLintMeasured(['--format', 'json', '--env-json', 'env.json', 'tools/t/config.yaml'], ws.root);
      timing.add('CLI, 20,000 `{X[0]}` over a 1 MB env value', run.ms, run.peakRss);
      expect(run.code).toBe(1);
      expect(diagnosticsOf(run.stdout).map((d) => [d.code, d.range.start.line, d.range.start.character, d.message])).toEqual([
        ['signature-missing-argument', 5, 14, expect.stringContaining('Argument `x` is not in the signature of `broken`')],
        ['docstring-format-error', 11, 120_016, "The docstring of `t` fails SWE-agent's `docstring.format(**env_variables)` with IndexError."],
      ]);
      expect(run.peakRss).toBeLessThan(600 * MiB);
    } finally {
      ws.remove();
    }
  });
});

describe.skipIf(process.platform !== 'linux')('settings work (item 6)', () => {
  const bundle = `tools:\n${BROKEN_TOOL}`;
  const unknownKeys = JSON.stringify(Object.fromEntries(Array.from({ length: 40_000 }, (_, i) => [`k${i}`, 1])));
  const unknownMessage = (i: number) => `unknown setting "k${i}" (the settings are envVariables, rules, filePatterns, configRoot, inlayHints, commandLine, sweAgent)`;
  const countMessage = '39,900 more problems in the settings are not listed: 100 are reported (settingsProblems)';

  it('40,000 unknown settings keys: the CLI reports 100 and counts the rest', () => {
    const ws = tempWorkspace({ '.swe-bundle.json': unknownKeys, 'tools/t/config.yaml': bundle });
    try {
      const run = runLintMeasured(['tools/t/config.yaml'], ws.root);
      timing.add('CLI, 40,000 unknown settings keys', run.ms, run.peakRss);
      expect([run.code, run.stdout]).toEqual([2, '']);
      expect(run.stderr).toBe([...Array.from({ length: 100 }, (_, i) => unknownMessage(i)), countMessage].map((m) => `swe-bundle-lint: .swe-bundle.json: ${m}\n`).join(''));
      expect(run.peakRss).toBeLessThan(400 * MiB);
    } finally {
      ws.remove();
    }
  });

  it('40,000 unknown settings keys: the server publishes 101 diagnostics on the settings file, and the bundle', { timeout: 60_000 }, async () => {
    const ws = tempWorkspace({ '.swe-bundle.json': unknownKeys, 'tools/t/config.yaml': bundle });
    const server = await spawnServer({ workspaceFolders: [{ uri: pathToFileURL(ws.root).toString(), name: 'ws' }] });
    try {
      const started = performance.now();
      const uri = pathToFileURL(ws.path('tools/t/config.yaml')).toString();
      await server.client.open(uri, bundle);
      const published = await server.client.waitForDiagnostics(uri, () => true, 30_000);
      expect(codes(published.diagnostics).filter((c) => !c.startsWith('bin-script'))).toEqual(['signature-missing-argument']);
      const onSettings = await server.client.waitForDiagnostics(pathToFileURL(ws.path('.swe-bundle.json')).toString(), () => true, 30_000);
      expect(onSettings.diagnostics.map((d) => d.message)).toEqual([...Array.from({ length: 100 }, (_, i) => unknownMessage(i)), countMessage]);
      timing.add('server, open with 40,000 unknown settings keys', performance.now() - started, peakRssOf(server));
      expect(peakRssOf(server)).toBeLessThan(400 * MiB);
    } finally {
      server.client.dispose();
      ws.remove();
    }
  });

  it('200 KB of filePatterns: the patterns past the budget are ignored, with a problem that names it', () => {
    const patterns = Array.from({ length: 200 }, (_, i) => `**/${'*a'.repeat(495)}/x${String(i).padStart(3, '0')}.yaml`);
    const files: Record<string, string> = { '.swe-bundle.json': JSON.stringify({ filePatterns: patterns }) };
    for (let i = 0; i < 200; i++) files[`tools/t${i}/config.yaml`] = bundle;
    const ws = tempWorkspace(files);
    try {
      const run = runLintMeasured(['.'], ws.root);
      timing.add('CLI, 200 KB of filePatterns over 200 bundles', run.ms, run.peakRss);
      expect([run.code, run.stdout]).toEqual([2, '']);
      expect(run.stderr).toBe('swe-bundle-lint: .swe-bundle.json: filePatterns: the patterns from here on are ignored: together they pass 16,384 characters (filePatternsChars), and every file is matched against every pattern\n');
    } finally {
      ws.remove();
    }
  });
});

describe.skipIf(process.platform !== 'linux')('reports of a huge repository (item 8)', () => {
  /** 25 bundles of 2.7 MB, each with 7 tools of 100 unknown keys of 3,900 characters (the keys reported per mapping): the diagnostics (4 KB each) pass the report budget in either format. */
  function hugeRepository() {
    const tool = (t: number) => `  t${t}:\n    signature: t${t}\n    docstring: d\n${Array.from({ length: 100 }, (_, i) => `    ? ${'k'.repeat(3_900)}${i}\n    : 1\n`).join('')}`;
    const body = `tools:\n${Array.from({ length: 7 }, (_, t) => tool(t)).join('')}`;
    return tempWorkspace(Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`tools/b${String(i).padStart(2, '0')}/config.yaml`, body])));
  }

  it.each(['sarif', 'json'])('--format %s is written as produced and ends, within the budget, in a valid document with a notice', (format) => {
    const ws = hugeRepository();
    try {
      const run = runLintMeasured(['--format', format, '.'], ws.root);
      timing.add(`CLI, --format ${format} over 66 MB of bundles`, run.ms, run.peakRss);
      expect(run.code).toBe(1);
      const [, left, what] = /^swe-bundle-lint: the (?:SARIF|JSON) report was cut: ([\d,]+) (results|files) left out, past the 67,108,864 characters written \(reportChars\); the report ends with a notice\n$/.exec(run.stderr)!;
      const notice = `The report was cut: ${left} ${what === 'files' ? "files' results" : 'results'} left out, past the 67,108,864 characters written (reportChars).`;
      expect(run.stdout.length).toBeLessThan(64 * MiB + 10_000);
      const document = JSON.parse(run.stdout);
      if (format === 'sarif') {
        const results = document.runs[0].results;
        // Every file's 707 diagnostics (700 unknown keys, 7 missing bin/ scripts) are written or counted.
        expect(results.length - 1 + Number(left.replace(/,/g, ''))).toBe(25 * 707);
        expect(results.at(-1)).toEqual({ ruleId: 'diagnostics-limit', ruleIndex: expect.any(Number), level: 'warning', message: { text: notice } });
        expect(document.runs[0].invocations[0].toolExecutionNotifications).toEqual([{ level: 'warning', message: { text: notice } }]);
      } else {
        expect(document.length - 1 + Number(left)).toBe(25);
        expect(document.slice(0, -1).every((file: { diagnostics: unknown[] }) => file.diagnostics.length === 707)).toBe(true);
        expect(document.at(-1)).toEqual({ truncated: notice });
      }
      expect(run.peakRss).toBeLessThan(1_024 * MiB);
    } finally {
      ws.remove();
    }
  });
});
