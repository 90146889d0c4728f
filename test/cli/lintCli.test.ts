/** swe-bundle-lint: formats, exit codes, env, settings and folder search. */
import * as path from 'path';
import { afterEach, describe, expect, it } from 'vitest';
import { bundleFiles as bundle, withExecutableBins as withBinModes } from '../helpers/bundleFolder';
import { runCli } from '../helpers/runCli';
import { TempWorkspace, tempWorkspace } from '../helpers/tempWorkspace';

const GOOD = `tools:\n  view:\n    signature: "view <path>"\n    docstring: "shows a file"\n    arguments:\n      - name: path\n        type: string\n        description: "the file"\n        required: true\n`;
const BAD = `tools:\n  view:\n    signature: "view <path>"\n    docstring: "shows {WINDOW} lines"\n    arguments:\n      - name: path\n        type: string\n        description: "the file"\n        required: maybe\n`;

let ws: TempWorkspace | undefined;
afterEach(() => {
  ws?.remove();
  ws = undefined;
});

describe('exit codes', () => {
  it('exits 0 on a clean bundle and 1 when a bundle would not load', () => {
    ws = withBinModes(tempWorkspace({ ...bundle('good', GOOD), ...bundle('bad', BAD) }));
    expect(runCli([ws.path('tools/good')], ws.root)).toEqual({ code: 0, stdout: '0 errors, 0 warnings in 1 file\n', stderr: '' });
    expect(runCli([ws.path('tools/bad')], ws.root).code).toBe(1);
  });

  it('exits 2 on usage errors and missing paths', () => {
    ws = tempWorkspace();
    expect(runCli([], ws.root).code).toBe(2);
    expect(runCli(['--format', 'xml', '.'], ws.root).code).toBe(2);
    expect(runCli(['--bogus', '.'], ws.root).code).toBe(2);
    const missing = runCli(['nope'], ws.root);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('swe-bundle-lint: no such file or folder: nope\n');
    // Named as written, not as a path relative to the working directory.
    const absent = path.join(path.parse(ws.root).root, 'no-such-folder-swe-bundle');
    expect(runCli([absent], ws.root).stderr).toBe(`swe-bundle-lint: no such file or folder: ${absent}\n`);
  });

  it('exits 0 with only warnings', () => {
    ws = withBinModes(tempWorkspace(bundle('w', GOOD.replace('docstring:', 'timeout: 3\n    docstring:'))));
    const run = runCli(['tools'], ws.root);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('warning unknown-key');
  });
});

describe('output formats', () => {
  it('prints file:line:col severity code message and a summary', () => {
    ws = withBinModes(tempWorkspace(bundle('bad', BAD)));
    const run = runCli(['tools/bad/config.yaml'], ws.root);
    expect(run.stdout.split('\n')).toEqual([
      expect.stringMatching(/^tools\/bad\/config\.yaml:4:23 warning docstring-unknown-variable The docstring of `view` uses \{WINDOW\}/),
      expect.stringMatching(/^tools\/bad\/config\.yaml:9:19 error wrong-type `required` of argument `path` of `view` must be a boolean/),
      '1 error, 1 warning in 1 file; 1 would not load in SWE-agent',
      '',
    ]);
  });

  it('with --verbose, prints what each message leaves out under it: the why, the fix, SWE-agent\'s own words', () => {
    ws = withBinModes(tempWorkspace(bundle('bad', BAD)));
    const run = runCli(['--verbose', 'tools/bad/config.yaml'], ws.root);
    expect(run.stdout.split('\n')).toEqual([
      "tools/bad/config.yaml:4:23 warning docstring-unknown-variable The docstring of `view` uses {WINDOW}, which ToolConfig's default env does not set.",
      "    - Every agent config using this bundle must set WINDOW in `tools.env_variables`, or SWE-agent fails: KeyError: 'WINDOW'",
      '    - For literal braces write {{WINDOW}}.',
      'tools/bad/config.yaml:9:19 error wrong-type `required` of argument `path` of `view` must be a boolean (true or false), but it is a string.',
      '    - pydantic: Input should be a valid boolean, unable to interpret input',
      '1 error, 1 warning in 1 file; 1 would not load in SWE-agent',
      '',
    ]);
    // Without it, the messages alone.
    expect(runCli(['tools/bad/config.yaml'], ws.root).stdout.split('\n').filter((line) => line.startsWith('    - '))).toEqual([]);
  });

  it('with --verbose, names a related place that is not the diagnostic\'s own', () => {
    ws = withBinModes(tempWorkspace(bundle('dup', GOOD.replace('        required: true\n', '        required: true\n      - name: path\n        type: string\n        description: "again"\n        required: true\n'))));
    const run = runCli(['--verbose', 'tools/dup/config.yaml'], ws.root);
    expect(run.stdout.split('\n').slice(0, 4)).toEqual([
      'tools/dup/config.yaml:10:15 error duplicate-argument Tool `view` already has an argument named `path`.',
      "    - SWE-agent fails: Command 'view': Duplicate argument names: {'path'}",
      '    - Rename or remove this one.',
      '    - tools/dup/config.yaml:6:15: first `path`',
    ]);
  });

  it('prints the contract JSON', () => {
    ws = withBinModes(tempWorkspace(bundle('bad', BAD)));
    const run = runCli(['--format', 'json', 'tools/bad'], ws.root);
    expect(JSON.parse(run.stdout)).toEqual([
      {
        path: 'tools/bad/config.yaml',
        loads: false,
        diagnostics: [
          {
            severity: 'warning',
            code: 'docstring-unknown-variable',
            message: expect.any(String),
            tool: 'view',
            range: { start: { line: 3, character: 22 }, end: { line: 3, character: 30 } },
            related: [
              {
                message: "Every agent config using this bundle must set WINDOW in `tools.env_variables`, or SWE-agent fails: KeyError: 'WINDOW'",
                range: { start: { line: 3, character: 22 }, end: { line: 3, character: 30 } },
              },
              { message: 'For literal braces write {{WINDOW}}.', range: { start: { line: 3, character: 22 }, end: { line: 3, character: 30 } } },
            ],
          },
          {
            severity: 'error',
            code: 'wrong-type',
            message: expect.any(String),
            tool: 'view',
            range: { start: { line: 8, character: 18 }, end: { line: 8, character: 23 } },
            related: [{ message: 'pydantic: Input should be a valid boolean, unable to interpret input', range: { start: { line: 8, character: 18 }, end: { line: 8, character: 23 } } }],
          },
        ],
      },
    ]);
  });

  it('prints SARIF 2.1.0', () => {
    ws = withBinModes(tempWorkspace(bundle('bad', BAD)));
    const sarif = JSON.parse(runCli(['--format', 'sarif', 'tools/bad'], ws.root).stdout);
    expect(sarif.version).toBe('2.1.0');
    const run = sarif.runs[0];
    expect(run.tool.driver.name).toBe('swe-bundle-lint');
    expect(run.results.map((r: { ruleId: string; level: string }) => [r.ruleId, r.level])).toEqual([
      ['docstring-unknown-variable', 'warning'],
      ['wrong-type', 'error'],
    ]);
    expect(run.results[1].locations[0].physicalLocation).toEqual({
      artifactLocation: { uri: 'tools/bad/config.yaml' },
      region: { startLine: 9, startColumn: 19, endLine: 9, endColumn: 24 },
    });
    expect(run.tool.driver.rules[run.results[1].ruleIndex].id).toBe('wrong-type');
    // What the message leaves out, as related locations.
    expect(run.results[1].relatedLocations).toEqual([
      {
        id: 0,
        physicalLocation: { artifactLocation: { uri: 'tools/bad/config.yaml' }, region: { startLine: 9, startColumn: 19, endLine: 9, endColumn: 24 } },
        message: { text: 'pydantic: Input should be a valid boolean, unable to interpret input' },
      },
    ]);
  });
});

describe('env and settings', () => {
  it('makes an unknown docstring variable an error once an env is given, and accepts it when set', () => {
    ws = withBinModes(tempWorkspace(bundle('w', GOOD.replace('shows a file', 'shows {WINDOW} lines'))));
    expect(runCli(['tools'], ws.root).code).toBe(0);
    expect(runCli(['--env', 'PAGER=cat', 'tools'], ws.root).code).toBe(1);
    expect(runCli(['--env', 'WINDOW=100', 'tools'], ws.root).code).toBe(0);
    ws.write('env.json', JSON.stringify({ WINDOW: 100 }));
    expect(runCli(['--env-json', 'env.json', 'tools'], ws.root).code).toBe(0);
  });

  it('reads rule severities from .swe-bundle.json', () => {
    ws = withBinModes(tempWorkspace({ ...bundle('bad', BAD), '.swe-bundle.json': JSON.stringify({ rules: { 'wrong-type': 'warning', 'docstring-unknown-variable': 'off' } }) }));
    const run = runCli(['--format', 'json', 'tools'], ws.root);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)[0].diagnostics.map((d: { code: string; severity: string }) => [d.code, d.severity])).toEqual([['wrong-type', 'warning']]);
  });

  it('reports a broken settings file as a usage error', () => {
    ws = withBinModes(tempWorkspace({ ...bundle('good', GOOD), '.swe-bundle.json': '{nope' }));
    const run = runCli(['tools'], ws.root);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('is not valid JSON');
  });
});

describe('finding bundles', () => {
  it('searches folders for bundle configs and skips node_modules and other YAML', () => {
    ws = tempWorkspace({
      'tools/a/config.yaml': GOOD,
      'tools/b/config.yaml': BAD,
      'node_modules/pkg/tools/c/config.yaml': BAD,
      'config/default.yaml': 'agent: {}\n',
      'other/config.yaml': 'name: not a bundle\n',
      'other/sub/config.yaml': 'state_command: _state\ntools: {}\n',
    });
    const run = runCli(['--format', 'json', '.'], ws.root);
    expect(JSON.parse(run.stdout).map((f: { path: string }) => f.path)).toEqual(['other/sub/config.yaml', 'tools/a/config.yaml', 'tools/b/config.yaml']);
  });

  it('finds a flow-style or JSON-style config.yaml outside tools/ by its parsed top-level keys', () => {
    ws = tempWorkspace({
      'flow/config.yaml': '{tools: {t: {docstring: d}}}\n',
      'json/config.yaml': '{\n  "state_command": "_state",\n  "tools": {}\n}\n',
      'escaped/config.yaml': '{"\\u0074ools": {}}\n',
      'quoted/config.yaml': '{"name": "tools", "state": "state_command"}\n',
      'broken/config.yaml': '{tools: [\n',
    });
    const run = runCli(['--format', 'json', '.'], ws.root);
    const found = JSON.parse(run.stdout).map((f: { path: string; diagnostics: { code: string }[] }) => [f.path, f.diagnostics.map((d) => d.code)]);
    // `{tools: [` does not parse, so its keys are unknown: not a bundle config, as a mapping with the words only as values is not.
    expect(found).toEqual([
      ['escaped/config.yaml', []],
      ['flow/config.yaml', ['bin-script-missing']],
      ['json/config.yaml', ['bin-script-missing']],
    ]);
  });

  it('checks an explicit file whatever it holds', () => {
    ws = tempWorkspace({ 'x/config.yaml': '' });
    const run = runCli(['--format', 'json', 'x/config.yaml'], ws.root);
    expect(JSON.parse(run.stdout)[0].diagnostics.map((d: { code: string }) => d.code)).toEqual(['not-a-mapping']);
    expect(run.code).toBe(1);
  });

  it('reports a file that is not UTF-8 where the bad byte is', () => {
    ws = tempWorkspace();
    ws.write('tools/l/config.yaml', Buffer.from('tools:\n  t:\n    docstring: caf\xe9\n', 'latin1'));
    const run = runCli(['--verbose', 'tools'], ws.root);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^tools\/l\/config\.yaml:3:19 error file-not-utf8 SWE-agent reads bundle configs as UTF-8, and this file is not valid UTF-8\.\n {4}- Python fails: .*byte 0xe9 in position 30/);
  });
});
