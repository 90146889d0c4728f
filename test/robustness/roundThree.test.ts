/**
 * Hostile input, round three (issue 22), against the built binaries: a
 * budget that is hit is a diagnostic while the file's other results still
 * publish; nothing is read outside the workspace; a value read from a file
 * is never printed whole. Times and peak RSS are printed as a table at the
 * end (numbers to read, never timed assertions).
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { afterAll, describe, expect, it } from 'vitest';
import { codes, peakRssOf, spawnServer } from '../helpers/lspClient';
import { runLintMeasured } from '../helpers/runCli';
import { tempWorkspace } from '../helpers/tempWorkspace';
import { timings } from '../helpers/timings';

const timing = timings('hostile input, round three (issue 22)');
afterAll(() => timing.print());

const MiB = 1024 * 1024;

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

/** strace, when it is installed and allowed to trace here; the tests that need it say so and skip otherwise. */
const straceWorks = process.platform === 'linux' && spawnSync('strace', ['-f', '-o', '/dev/null', 'true']).status === 0;
if (!straceWorks) process.stdout.write('strace is not available: the checks that no file outside the workspace is opened are skipped (apt-get install strace)\n');

/** Where a path leads, links resolved (as it is, when it does not exist). */
function realPath(file: string): string {
  try {
    return fs.realpathSync(file);
  } catch {
    return file;
  }
}

/**
 * Runs the CLI under strace and returns the paths it opened (successfully or
 * not), resolved against `cwd` and through their links: a read through a
 * link shows as the link's name.
 */
function lintTraced(args: string[], cwd: string, log: string) {
  const run = runLintMeasured(args, cwd, ['strace', '-f', '-qq', '-o', log, '-e', 'trace=open,openat,openat2']);
  const opened = fs
    .readFileSync(log, 'utf8')
    .split('\n')
    .flatMap((line) => {
      const match = /open(?:at2?)?\((?:AT_FDCWD, )?"((?:[^"\\]|\\.)*)"/.exec(line);
      return match ? [realPath(path.resolve(cwd, match[1]))] : [];
    });
  return { ...run, opened };
}

const SECRET = 'hunter2-SECRET-VALUE-0123456789abcdef';

describe.skipIf(process.platform !== 'linux')('no way out of the workspace (item 3)', () => {
  /** A repository whose links lead to a secret beside it, as a clone may. */
  function linkedRepository() {
    const ws = tempWorkspace({
      'outside/secret.json': JSON.stringify({ client_secret: SECRET }),
      'outside/settings.json': JSON.stringify({ envVariables: { client_secret: SECRET } }),
      'outside/agent.yaml': `agent:\n  model:\n    name: ${SECRET}\n`,
      'outside/bundle/config.yaml': `tools:\n  out:\n    signature: out\n    docstring: ${SECRET}\n`,
      'repo/tools/t/config.yaml': 'tools:\n  t:\n    signature: t\n    docstring: "{type:{client_secret}}"\n',
    });
    fs.mkdirSync(ws.path('repo/config'));
    fs.symlinkSync('../../outside/secret.json', ws.path('repo/config/env.json'));
    fs.symlinkSync('../../outside/agent.yaml', ws.path('repo/config/agent.yaml'));
    fs.symlinkSync('../../outside/bundle', ws.path('repo/tools/linked'));
    fs.mkdirSync(ws.path('repo/tools/x'));
    fs.symlinkSync('../../../outside/bundle/config.yaml', ws.path('repo/tools/x/config.yaml'));
    return ws;
  }

  const cases: [string, string[], string][] = [
    ['--env-json through a link', ['--env-json', 'config/env.json', 'tools/t/config.yaml'], 'swe-bundle-lint: --env-json file {repo}/config/env.json is a symbolic link that leads outside the working directory, so it is not read; give the file\'s own path to use it\n'],
    ['--agent-config through a link', ['--agent-config', 'config/agent.yaml'], 'swe-bundle-lint: a symbolic link that leads outside the working directory, so it is not read (give its own path to check it): config/agent.yaml\n'],
    ['a bundle path through a link', ['tools/linked'], 'swe-bundle-lint: a symbolic link that leads outside the working directory, so it is not read (give its own path to check it): tools/linked\n'],
    ['--config through a link', ['--config', 'config/env.json', 'tools/t/config.yaml'], 'swe-bundle-lint: a symbolic link that leads outside the working directory, so it is not read (give its own path to check it): config/env.json\n'],
    ['a bundle folder whose config.yaml is a link', ['tools/x'], 'swe-bundle-lint: a symbolic link that leads outside the working directory, so it is not read (give its own path to check it): tools/x/config.yaml\n'],
  ];

  it.each(cases)('%s is refused, not read, and nothing of the secret is printed', (_name, args, expected) => {
    const ws = linkedRepository();
    try {
      const run = runLintMeasured(args, ws.path('repo'));
      expect(run.code).toBe(2);
      expect(run.stderr.replace(/\n\nUsage:[\s\S]*$/, '\n')).toBe(expected.replace('{repo}', ws.path('repo')));
      expect(run.stdout + run.stderr).not.toContain('SECRET');
    } finally {
      ws.remove();
    }
  });

  it('a .swe-bundle.json that links out is refused, not read', () => {
    const ws = linkedRepository();
    try {
      fs.symlinkSync('../outside/settings.json', ws.path('repo/.swe-bundle.json'));
      const run = runLintMeasured(['tools/t/config.yaml'], ws.path('repo'));
      expect([run.code, run.stdout, run.stderr]).toEqual([2, '', 'swe-bundle-lint: a symbolic link that leads outside the working directory, so it is not read (give its own path to check it): .swe-bundle.json\n']);
    } finally {
      ws.remove();
    }
  });

  it.skipIf(!straceWorks)('strace: the CLI opens nothing outside the repository it runs in, whatever the links say', () => {
    const ws = linkedRepository();
    try {
      fs.symlinkSync('../outside/settings.json', ws.path('repo/.swe-bundle.json'));
      const runs = [['.'], ['tools'], ...cases.map(([, args]) => args)].map((args, i) => lintTraced(args, ws.path('repo'), ws.path(`trace${i}.log`)));
      for (const run of runs) {
        expect(run.opened.length).toBeGreaterThan(0);
        expect(run.opened.filter((file) => file.startsWith(realPath(ws.path('outside'))))).toEqual([]);
        expect(run.stdout + run.stderr).not.toContain('SECRET');
      }
      fs.unlinkSync(ws.path('repo/.swe-bundle.json'));
      // Without the settings link, the folder is linted, and the bundle behind tools/linked is not entered.
      const folder = lintTraced(['--format', 'json', '.'], ws.path('repo'), ws.path('trace-folder.log'));
      expect(folder.opened.filter((file) => file.startsWith(realPath(ws.path('outside'))))).toEqual([]);
      expect(JSON.parse(folder.stdout).map((r: { path: string }) => r.path)).toEqual(['tools/t/config.yaml']);
      timing.add('CLI under strace, a repository of links out', folder.ms, folder.peakRss);
    } finally {
      ws.remove();
    }
  });

  // The bundle folder whose link leads out, then the agent config and the bundle config whose links lead out.
  const folderOut = (repo: string) => `1 folder was not searched, so nothing in it is checked: it is a symbolic link that leads outside the workspace (${repo}/tools/linked)`;
  const linkOut = (repo: string) => `2 YAML files were not read, so they are not checked: they are symbolic links that lead outside the workspace (${repo}/config/agent.yaml, ${repo}/tools/x/config.yaml)`;
  const usesLinked = 'agent:\n  model:\n    name: gpt-4o\n  tools:\n    bundles:\n      - path: tools/x\n';
  const outsideMessage = 'The config.yaml of bundle `tools/x` is a symbolic link that leads outside the workspace, so it is not read or checked here.';

  it('a folder or a YAML file found in a folder that links out is named as not checked (exit 2), not passed over', () => {
    const ws = linkedRepository();
    try {
      const run = runLintMeasured(['--format', 'json', '.'], ws.path('repo'));
      expect(run.code).toBe(2);
      expect(JSON.parse(run.stdout).map((r: { path: string }) => r.path)).toEqual(['tools/t/config.yaml']);
      expect(run.stderr).toBe(`swe-bundle-lint: ${folderOut(ws.path('repo'))}\nswe-bundle-lint: ${linkOut(ws.path('repo'))}\n`);
      expect(run.stdout + run.stderr).not.toContain('SECRET');
      // The text format's summary counts them too: the folders not searched and the files not read.
      const text = runLintMeasured(['.'], ws.path('repo'));
      expect([text.code, text.stdout.trimEnd().split('\n').pop()]).toEqual([2, '0 errors, 3 warnings in 1 file; 1 folder not searched; 2 files not read']);
    } finally {
      ws.remove();
    }
  });

  it('an agent config that lists a bundle whose config.yaml links out says so, and the file counts as not checked', () => {
    const ws = linkedRepository();
    try {
      ws.write('repo/config/uses.yaml', usesLinked);
      const run = runLintMeasured(['--agent-config', 'config/uses.yaml'], ws.path('repo'));
      expect([run.code, run.stderr]).toEqual([1, '']);
      expect(run.stdout).toBe(`config/uses.yaml:6:15 information bundle-outside-workspace ${outsideMessage}\n0 errors, 0 warnings, 1 info in 1 file; 1 not checked\n`);
    } finally {
      ws.remove();
    }
  });

  it('the server says so too: a warning naming the links, and the agent config that lists its bundle', { timeout: 60_000 }, async () => {
    const ws = linkedRepository();
    ws.write('repo/config/uses.yaml', usesLinked);
    const server = await spawnServer({ workspaceFolders: [{ uri: pathToFileURL(ws.path('repo')).toString(), name: 'repo' }] });
    try {
      await server.client.waitFor(() => server.client.shown.length > 0, 'the warning of what was not read', 20_000);
      expect(server.client.shown).toEqual([`2: swe-bundle: ${folderOut(ws.path('repo'))}; ${linkOut(ws.path('repo'))}`]);
      const uri = pathToFileURL(ws.path('repo/config/uses.yaml')).toString();
      await server.client.open(uri, usesLinked);
      const published = await server.client.waitForDiagnostics(uri, (d) => d.diagnostics.length > 0, 20_000);
      expect(published.diagnostics.map((d) => [d.code, d.message, d.range.start])).toEqual([['bundle-outside-workspace', outsideMessage, { line: 5, character: 14 }]]);
    } finally {
      server.client.dispose();
      ws.remove();
    }
  });

  /** A clean bundle beside a folder that links out, and links out that are not said: to a folder the walk skips by name, to a file it would not take, to nothing. */
  function folderLinkRepository() {
    const ws = tempWorkspace({
      'outside/bundle/config.yaml': `tools:\n  out:\n    signature: out\n    docstring: ${SECRET}\n`,
      'outside/notes.txt': SECRET,
      'repo/tools/t/config.yaml': 'tools:\n  t:\n    signature: t\n    docstring: d\n',
    });
    ws.write('repo/tools/t/bin/t', '#!/bin/sh\n', 0o755);
    fs.symlinkSync('../../outside/bundle', ws.path('repo/tools/linked'));
    fs.symlinkSync('../outside', ws.path('repo/node_modules'));
    fs.symlinkSync('../outside/notes.txt', ws.path('repo/notes.txt'));
    fs.symlinkSync('../outside/gone', ws.path('repo/gone.yaml'));
    return ws;
  }
  const folderLinkRun = (ws: ReturnType<typeof tempWorkspace>) => [
    2,
    '0 errors, 0 warnings in 1 file; 1 folder not searched\n',
    `swe-bundle-lint: 1 folder was not searched, so nothing in it is checked: it is a symbolic link that leads outside the workspace (${ws.path('repo/tools/linked')})\n`,
  ];

  it('a folder that links out is named as not searched (exit 2), not passed over; the other links out are not said', () => {
    const ws = folderLinkRepository();
    try {
      const run = runLintMeasured(['.'], ws.path('repo'));
      expect([run.code, run.stdout, run.stderr]).toEqual(folderLinkRun(ws));
    } finally {
      ws.remove();
    }
  });

  it.skipIf(!straceWorks)('strace: nothing under the target of a folder that links out is opened', () => {
    const ws = folderLinkRepository();
    try {
      const run = lintTraced(['.'], ws.path('repo'), ws.path('trace.log'));
      expect([run.code, run.stdout, run.stderr]).toEqual(folderLinkRun(ws));
      expect(run.opened).toContain(ws.path('repo/tools/t/config.yaml'));
      expect(run.opened.filter((file) => file.startsWith(realPath(ws.path('outside'))))).toEqual([]);
    } finally {
      ws.remove();
    }
  });

  it('an env value substituted into a format spec is printed as a short prefix, in every format', () => {
    const ws = tempWorkspace({ 'env.json': JSON.stringify({ client_secret: SECRET }), 'tools/t/config.yaml': 'tools:\n  t:\n    signature: t\n    docstring: "{client_secret:{client_secret}}"\n' });
    try {
      for (const format of ['text', 'json', 'sarif']) {
        // The text format prints SWE-agent's words (related information) with --verbose; JSON and SARIF always carry them.
        const run = runLintMeasured(['--format', format, ...(format === 'text' ? ['--verbose'] : []), '--env-json', 'env.json', 'tools/t/config.yaml'], ws.root);
        expect(run.code).toBe(1);
        expect(run.stdout).toContain("Invalid format specifier 'hunter2-SECRET-V…' for object of type 'str'");
        expect(run.stdout).not.toContain(SECRET);
      }
    } finally {
      ws.remove();
    }
  });
});

describe.skipIf(process.platform !== 'linux')('the one write (item 12)', () => {
  it('makeExecutable clears setuid, setgid and sticky bits', { timeout: 60_000 }, async () => {
    const ws = tempWorkspace({ 'tools/demo/config.yaml': 'tools:\n  a:\n    signature: a\n    docstring: d\n  b:\n    signature: b\n    docstring: d\n' });
    const server = await spawnServer({ workspaceFolders: [{ uri: pathToFileURL(ws.root).toString(), name: 'ws' }], capabilities: { window: { workDoneProgress: true } } });
    try {
      ws.write('tools/demo/bin/a', '#!/bin/sh\n');
      ws.write('tools/demo/bin/b', '#!/bin/sh\n');
      fs.chmodSync(ws.path('tools/demo/bin/a'), 0o6644);
      fs.chmodSync(ws.path('tools/demo/bin/b'), 0o1640);
      await server.client.waitFor(() => server.client.progress.some((p) => p.value.kind === 'end'), 'indexing to finish');
      const run = (name: string) => server.client.request('workspace/executeCommand', { command: 'sweBundle.makeExecutable', arguments: [pathToFileURL(ws.path(`tools/demo/bin/${name}`)).toString()] });
      expect(await run('a')).toBe(true);
      expect(await run('b')).toBe(true);
      expect([fs.statSync(ws.path('tools/demo/bin/a')).mode & 0o7777, fs.statSync(ws.path('tools/demo/bin/b')).mode & 0o7777]).toEqual([0o755, 0o750]);
    } finally {
      server.client.dispose();
      ws.remove();
    }
  });
});

describe.skipIf(process.platform !== 'linux')('a commandLine value nested 20,000 deep inside a string (item 2)', () => {
  const settings = JSON.stringify({ commandLine: [`--agent.templates.x=${'['.repeat(20_000)}${']'.repeat(20_000)}`] });
  const bundle = 'tools:\n  t:\n    signature: t\n    docstring: d\n    arguments:\n      - name: x\n        type: string\n        description: d\n        required: true\n';
  const message = 'commandLine: `--agent.templates.x=[[[[[[[[[[[[[[[[[[[[…` nests more than 100 levels deep, more than this checker reads; it is left out';

  it('the CLI says so (a settings problem), no stack overflow', () => {
    const ws = tempWorkspace({ '.swe-bundle.json': settings, 'tools/t/config.yaml': bundle });
    try {
      const run = runLintMeasured(['tools/t/config.yaml'], ws.root);
      timing.add('CLI, commandLine nested 20,000 deep', run.ms, run.peakRss);
      expect([run.code, run.stdout, run.stderr]).toEqual([2, '', `swe-bundle-lint: .swe-bundle.json: ${message}\n`]);
    } finally {
      ws.remove();
    }
  });

  it('the server reports it on the settings file and still publishes the bundle', { timeout: 60_000 }, async () => {
    const ws = tempWorkspace({ '.swe-bundle.json': settings, 'tools/t/config.yaml': bundle });
    const server = await spawnServer({ workspaceFolders: [{ uri: pathToFileURL(ws.root).toString(), name: 'ws' }] });
    try {
      const uri = pathToFileURL(ws.path('tools/t/config.yaml')).toString();
      await server.client.open(uri, bundle);
      const published = await server.client.waitForDiagnostics(uri, () => true, 20_000);
      expect(codes(published.diagnostics).filter((c) => !c.startsWith('bin-script'))).toEqual(['signature-missing-argument']);
      const onSettings = await server.client.waitForDiagnostics(pathToFileURL(ws.path('.swe-bundle.json')).toString(), () => true, 20_000);
      expect(onSettings.diagnostics.map((d) => d.message)).toEqual([message]);
    } finally {
      server.client.dispose();
      ws.remove();
    }
  });
});

describe.skipIf(process.platform !== 'linux')('a folder whose name is not UTF-8 (item 11)', () => {
  it('is named in the output and counted as not checked (exit 2)', () => {
    const bundle = 'tools:\n  t:\n    signature: t\n    docstring: d\n';
    const ws = tempWorkspace({ 'tools/ok/config.yaml': bundle });
    try {
      const odd = Buffer.concat([Buffer.from(ws.path('tools/b')), Buffer.from([0xff]), Buffer.from('d')]);
      fs.mkdirSync(odd);
      fs.writeFileSync(Buffer.concat([odd, Buffer.from('/config.yaml')]), bundle);
      const run = runLintMeasured(['--format', 'json', '.'], ws.root);
      expect(run.code).toBe(2);
      expect(JSON.parse(run.stdout).map((r: { path: string }) => r.path)).toEqual(['tools/ok/config.yaml']);
      expect(run.stderr).toBe(
        `swe-bundle-lint: 1 folder was not searched, so nothing in it is checked: its name is not valid UTF-8 (shown with U+FFFD for the bytes that are not), so it cannot be opened by name (${ws.path('tools/b\uFFFDd')})\n`,
      );
    } finally {
      ws.remove();
    }
  });
});

describe.skipIf(process.platform !== 'linux')('a link to another folder inside the workspace (no silent skip)', () => {
  const clean = (name: string) => `tools:\n  ${name}:\n    signature: ${name}\n    docstring: d\n`;
  const broken = 'tools:\n  s:\n    signature: s\n    docstring: d\n    arguments:\n      - name: x\n        type: string\n        description: d\n        required: true\n';
  /** `folder`/t, a clean bundle; shared/s, a broken one, which `folder`/linked leads to (and, in `folder`/y, a config.yaml that links to its config.yaml). */
  function repository(folder: string) {
    const ws = tempWorkspace({ [`${folder}/t/config.yaml`]: clean('t'), 'shared/s/config.yaml': broken });
    ws.write(`${folder}/t/bin/t`, '#!/bin/sh\n', 0o755);
    ws.write('shared/s/bin/s', '#!/bin/sh\n', 0o755);
    fs.symlinkSync('../shared', ws.path(`${folder}/linked`));
    return ws;
  }
  const error = (file: string) => `${file}:6:15 error signature-missing-argument Argument \`x\` is not in the signature of \`s\`.\n`;

  it('a folder searched in a SWE-agent checkout (`swe-bundle-lint tools` at its root) reports the bundle its link leads to, once, under its own name', () => {
    const ws = repository('tools');
    try {
      const run = runLintMeasured(['tools'], ws.root);
      expect([run.code, run.stderr, run.stdout]).toEqual([1, '', `${error('shared/s/config.yaml')}1 error, 0 warnings in 2 files; 1 would not load in SWE-agent\n`]);
      // As `.` reports it: the file is checked once.
      expect(runLintMeasured(['.'], ws.root).stdout).toBe(run.stdout);
    } finally {
      ws.remove();
    }
  });

  it('a folder searched on its own follows a link to a folder or a config.yaml elsewhere in the workspace, and checks a file once when both are given', () => {
    const ws = repository('bundles');
    try {
      ws.write('bundles/y/bin/s', '#!/bin/sh\n', 0o755);
      fs.symlinkSync('../../shared/s/config.yaml', ws.path('bundles/y/config.yaml'));
      const run = runLintMeasured(['bundles'], ws.root);
      expect([run.code, run.stderr, run.stdout]).toEqual([1, '', `${error('bundles/linked/s/config.yaml')}${error('bundles/y/config.yaml')}2 errors, 0 warnings in 3 files; 2 would not load in SWE-agent\n`]);
      const both = runLintMeasured(['bundles', 'shared'], ws.root);
      expect([both.code, both.stderr, both.stdout]).toEqual([1, '', `${error('bundles/y/config.yaml')}${error('shared/s/config.yaml')}2 errors, 0 warnings in 3 files; 2 would not load in SWE-agent\n`]);
    } finally {
      ws.remove();
    }
  });

  it('the server, with the two folders as workspace folders, counts each bundle once and follows the config.yaml link into the other folder', { timeout: 60_000 }, async () => {
    const ws = repository('bundles');
    ws.write('bundles/y/bin/s', '#!/bin/sh\n', 0o755);
    fs.symlinkSync('../../shared/s/config.yaml', ws.path('bundles/y/config.yaml'));
    const server = await spawnServer({ workspaceFolders: ['bundles', 'shared'].map((name) => ({ uri: pathToFileURL(ws.path(name)).toString(), name })) });
    try {
      await server.client.waitFor(() => server.client.statuses.some((s) => s.state === 'ready'), 'the index', 20_000);
      // bundles/t, bundles/y and shared/s (not again as bundles/linked/s); nothing said as not searched.
      expect(server.client.statuses.find((s) => s.state === 'ready')).toEqual({ state: 'ready', bundles: 3, agentConfigs: 0, truncated: false });
      // A warning would come before the diagnostics of a file opened after the index.
      const uri = pathToFileURL(ws.path('bundles/y/config.yaml')).toString();
      await server.client.open(uri, broken);
      const published = await server.client.waitForDiagnostics(uri, (d) => d.diagnostics.length > 0, 20_000);
      expect(published.diagnostics.map((d) => d.code)).toEqual(['signature-missing-argument']);
      expect(server.client.shown).toEqual([]);
    } finally {
      server.client.dispose();
      ws.remove();
    }
  });

  it('a link back up (a loop) ends, and nothing is checked twice', () => {
    const ws = repository('bundles');
    try {
      fs.symlinkSync('..', ws.path('bundles/up'));
      const run = runLintMeasured(['--format', 'json', 'bundles'], ws.root);
      expect([run.code, run.stderr]).toEqual([1, '']);
      expect(JSON.parse(run.stdout).map((r: { path: string }) => r.path)).toEqual(['bundles/linked/s/config.yaml', 'bundles/t/config.yaml']);
    } finally {
      ws.remove();
    }
  });
});
