/**
 * The CLI's SARIF (server/src/cli/format/sarif.ts): valid against the SARIF 2.1.0 schema with its
 * formats, every rule described from docs/rules.md, addresses only from package.json, results with
 * 1-based regions, fingerprints that survive moved lines, percent-encoded URIs, and disable comments
 * as suppressions.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { afterEach, describe, expect, it } from 'vitest';
import { FINGERPRINT, artifactUri, formatSarif } from '../../server/src/cli/format/sarif';
import { RULES } from '../../server/src/engine/rules/ruleCatalog';
import { projectLinks } from '../../scripts/buildInfo.mjs';
import { bundleFiles, withExecutableBins } from '../helpers/bundleFolder';
import { runCli } from '../helpers/runCli';
import { sarifSchemaErrors } from '../helpers/sarifSchema';
import { REPO_ROOT, readJson } from '../helpers/shared';
import { TempWorkspace, tempWorkspace } from '../helpers/tempWorkspace';

const PACKAGE = readJson<{ version: string; homepage?: string; repository?: unknown }>(path.join(REPO_ROOT, 'package.json'));

const TOOL = `  view:\n    signature: "view <path>"\n    docstring: "shows {WINDOW} lines"\n    arguments:\n      - name: path\n        type: string\n        description: "the file"\n        required: maybe\n`;
const BAD = `tools:\n${TOOL}`;

interface Result {
  ruleId: string;
  ruleIndex: number;
  level: string;
  message: { text: string };
  locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number; startColumn: number; endLine: number; endColumn: number } } }[];
  partialFingerprints: Record<string, string>;
  suppressions?: { kind: string }[];
}

interface Rule {
  id: string;
  name: string;
  shortDescription: { text: string };
  fullDescription: { text: string };
  help: { text: string; markdown: string };
  helpUri?: string;
  defaultConfiguration: { level: string };
}

interface Log {
  runs: { tool: { driver: { name: string; version: string; semanticVersion?: string; informationUri?: string; rules: Rule[] } }; results: Result[] }[];
}

let ws: TempWorkspace | undefined;
afterEach(() => {
  ws?.remove();
  ws = undefined;
});

/** Runs the CLI with --format sarif and checks the log against the schema before handing it back. */
function sarifOf(argv: string[], cwd: string, expectedCode: number): Log {
  const run = runCli(['--format', 'sarif', ...argv], cwd);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(expectedCode);
  const log = JSON.parse(run.stdout) as Log;
  expect(sarifSchemaErrors(log)).toEqual([]);
  return log;
}

const rule = (log: Log, id: string) => log.runs[0].tool.driver.rules.find((r) => r.id === id)!;

describe('the SARIF 2.1.0 schema', () => {
  it('holds for the examples, formats included', () => {
    const log = sarifOf(['examples/'], REPO_ROOT, 1);
    expect(log.runs[0].results.length).toBeGreaterThan(0);
  });

  it('catches what the old output got wrong: a relative helpUri and an unencoded URI', () => {
    const log = sarifOf(['examples/'], REPO_ROOT, 1);
    log.runs[0].tool.driver.rules[0].helpUri = 'docs/rules.md#argument-format-jinja';
    log.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri = 'tools/my tool/#1/config.yaml';
    expect(sarifSchemaErrors(log)).toEqual([
      '/runs/0/tool/driver/rules/0/helpUri: must match format "uri" {"format":"uri"}',
      '/runs/0/results/0/locations/0/physicalLocation/artifactLocation/uri: must match format "uri-reference" {"format":"uri-reference"}',
    ]);
  });
});

describe('tool.driver', () => {
  it('names this tool and its version, and has no address while package.json has none', () => {
    const driver = sarifOf(['examples/'], REPO_ROOT, 1).runs[0].tool.driver;
    expect(driver.name).toBe('swe-bundle-lint');
    expect(driver.version).toBe(PACKAGE.version);
    expect(driver.semanticVersion).toBe(PACKAGE.version);
    expect(PACKAGE.homepage === undefined && PACKAGE.repository === undefined).toBe(true);
    expect(driver.informationUri).toBeUndefined();
    expect(driver.rules.filter((r) => r.helpUri !== undefined)).toEqual([]);
  });

  it('describes every rule of the catalog, with a PascalCase name and the texts of docs/rules.md', () => {
    const log = sarifOf(['examples/'], REPO_ROOT, 1);
    const rules = log.runs[0].tool.driver.rules;
    expect(rules.map((r) => r.id)).toEqual(Object.keys(RULES).sort());
    for (const r of rules) {
      expect(r.name).toMatch(/^[A-Z][A-Za-z0-9]*$/);
      expect(r.name.toLowerCase()).toBe(r.id.replace(/-/g, ''));
      expect(r.defaultConfiguration.level).toBe({ error: 'error', warning: 'warning', information: 'note', hint: 'note' }[RULES[r.id as keyof typeof RULES].severity]);
      for (const text of [r.shortDescription.text, r.fullDescription.text, r.help.text, r.help.markdown]) expect(text.length).toBeGreaterThan(10);
      // Without an address for the docs, no relative link is left for a SARIF viewer to break on.
      expect(r.help.markdown).not.toMatch(/\]\((?!https?:)/);
    }
    expect(new Set(rules.map((r) => r.name)).size).toBe(rules.length);
    const syntax = rule(log, 'yaml-syntax');
    expect(syntax.name).toBe('YamlSyntax');
    expect(syntax.shortDescription.text).toBe("PyYAML's scanner or parser rejects the text.");
    expect(syntax.fullDescription.text).toMatch(/^The text must be YAML that PyYAML's scanner and parser accept: correct indentation, .* Only the first syntax error is reported, because PyYAML stops there\.$/);
    expect(syntax.help.markdown).toMatch(/^\*\*What it checks\.\*\* The text must be YAML/);
    expect(syntax.help.markdown).toContain('**Fix.** Quote the value, or use a block scalar (`docstring: |`).');
    expect(syntax.help.markdown).toContain('```yaml\ntools:\n  open:\n    docstring: Usage: open <path>\n```');
    expect(syntax.help.text).toContain('Fix. Quote the value, or use a block scalar (`docstring: |`).');
    expect(syntax.help.text).not.toContain('**');
    expect(rule(log, 'file-not-utf8').name).toBe('FileNotUtf8');
    expect(rule(log, 'bundle-errors').fullDescription.text).toContain('(see Bundles in the context of their agent configs)');
  });

  it('takes informationUri and helpUri from package.json once it has a homepage and a repository', () => {
    const links = projectLinks({ homepage: 'https://example.org/swe-bundle-lsp', repository: { type: 'git', url: 'git+https://github.com/acme/swe-bundle-lsp.git' } });
    expect(links).toEqual({ homepage: 'https://example.org/swe-bundle-lsp', rulesDoc: 'https://github.com/acme/swe-bundle-lsp/tree/HEAD/docs/rules.md' });
    const log = JSON.parse(formatSarif([], { version: '1.2.3', textOf: () => null, links })) as Log;
    expect(sarifSchemaErrors(log)).toEqual([]);
    expect(log.runs[0].tool.driver.informationUri).toBe('https://example.org/swe-bundle-lsp');
    expect(rule(log, 'yaml-syntax').helpUri).toBe('https://github.com/acme/swe-bundle-lsp/tree/HEAD/docs/rules.md#yaml-syntax');
    expect(rule(log, 'bundle-errors').help.markdown).toContain('(see [Bundles in the context of their agent configs](https://github.com/acme/swe-bundle-lsp/tree/HEAD/docs/rules.md#agent-configs))');
    expect(rule(log, 'bundle-errors').help.text).toContain('(see Bundles in the context of their agent configs)');
  });

  it('reads the addresses package.json can give, and nothing that is not an absolute web address', () => {
    expect(projectLinks({})).toEqual({ homepage: null, rulesDoc: null });
    expect(projectLinks({ repository: 'github:acme/tools', homepage: 'docs/index.html' })).toEqual({ homepage: 'https://github.com/acme/tools', rulesDoc: 'https://github.com/acme/tools/tree/HEAD/docs/rules.md' });
    expect(projectLinks({ repository: { url: 'https://gitlab.com/acme/mono.git', directory: 'packages/lsp' } }).rulesDoc).toBe('https://gitlab.com/acme/mono/tree/HEAD/packages/lsp/docs/rules.md');
    expect(projectLinks({ repository: 'https://example.org/git/x.git', homepage: 'ftp://example.org/x' })).toEqual({ homepage: null, rulesDoc: null });
  });
});

describe('results', () => {
  it('carry the rule index, the level and a 1-based region for every diagnostic', () => {
    ws = withExecutableBins(tempWorkspace(bundleFiles('bad', BAD, ['view', 'extra'])));
    const log = sarifOf(['tools'], ws.root, 1);
    const rules = log.runs[0].tool.driver.rules;
    expect(log.runs[0].results.map((r) => [rules[r.ruleIndex].id, r.ruleId, r.level, r.locations[0].physicalLocation.region])).toEqual([
      ['bin-script-undeclared', 'bin-script-undeclared', 'note', { startLine: 1, startColumn: 1, endLine: 1, endColumn: 6 }],
      ['docstring-unknown-variable', 'docstring-unknown-variable', 'warning', { startLine: 4, startColumn: 23, endLine: 4, endColumn: 31 }],
      ['wrong-type', 'wrong-type', 'error', { startLine: 9, startColumn: 19, endLine: 9, endColumn: 24 }],
    ]);
  });

  it('keep their fingerprints when unrelated lines move, and change them when the flagged text does', () => {
    ws = withExecutableBins(tempWorkspace(bundleFiles('bad', BAD, ['view', 'other'])));
    const byRule = (log: Log) => new Map(log.runs[0].results.map((r) => [r.ruleId, { fingerprint: r.partialFingerprints[FINGERPRINT], line: r.locations[0].physicalLocation.region.startLine }]));
    const before = byRule(sarifOf(['tools'], ws.root, 1));
    ws.write('tools/bad/config.yaml', `# moved down by a comment\n\ntools:\n  other:\n    docstring: "another tool"\n${TOOL}`);
    const after = byRule(sarifOf(['tools'], ws.root, 1));
    for (const code of ['docstring-unknown-variable', 'wrong-type']) {
      expect(after.get(code)!.line).toBe(before.get(code)!.line + 4);
      expect(after.get(code)!.fingerprint).toMatch(/^[0-9a-f]{32}$/);
      expect(after.get(code)!.fingerprint).toBe(before.get(code)!.fingerprint);
    }
    ws.write('tools/bad/config.yaml', BAD.replace('required: maybe', 'required: perhaps'));
    const changed = byRule(sarifOf(['tools'], ws.root, 1));
    expect(changed.get('wrong-type')!.fingerprint).not.toBe(before.get('wrong-type')!.fingerprint);
    expect(changed.get('docstring-unknown-variable')!.fingerprint).toBe(before.get('docstring-unknown-variable')!.fingerprint);
  });

  it('give equal diagnostics of one tool fingerprints of their own', () => {
    const twice = BAD + `      - name: line\n        type: integer\n        description: "the line"\n        required: maybe\n`;
    ws = withExecutableBins(tempWorkspace(bundleFiles('bad', twice.replace('"view <path>"', '"view <path> <line>"'))));
    const wrongTypes = sarifOf(['tools'], ws.root, 1).runs[0].results.filter((r) => r.ruleId === 'wrong-type');
    expect(wrongTypes.length).toBe(2);
    expect(new Set(wrongTypes.map((r) => r.partialFingerprints[FINGERPRINT])).size).toBe(2);
  });

  it('percent-encode the file URI: spaces, #, % and line breaks in folder names', () => {
    const folder = 'my tool #1 50%\nline';
    ws = withExecutableBins(tempWorkspace(bundleFiles(folder, BAD)));
    const results = sarifOf(['tools'], ws.root, 1).runs[0].results;
    const uris = [...new Set(results.map((r) => r.locations[0].physicalLocation.artifactLocation.uri))];
    expect(uris).toEqual(['tools/my%20tool%20%231%2050%25%0Aline/config.yaml']);
    expect(uris[0].split('/').map(decodeURIComponent).join('/')).toBe(`tools/${folder}/config.yaml`);
  });

  it('give a file outside the working folder as a relative reference, and an absolute path as a file: URL', () => {
    ws = withExecutableBins(tempWorkspace({ ...bundleFiles('bad', BAD), 'work/.keep': '' }));
    const results = sarifOf(['../tools/bad'], ws.path('work'), 1).runs[0].results;
    expect(results[0].locations[0].physicalLocation.artifactLocation.uri).toBe('../tools/bad/config.yaml');
    expect(artifactUri('/srv/a b/#x/config.yaml')).toBe('file:///srv/a%20b/%23x/config.yaml');
  });

  it('list a diagnostic silenced by a disable comment as suppressed, which the text and JSON reports leave out', () => {
    ws = withExecutableBins(tempWorkspace(bundleFiles('bad', BAD.replace('required: maybe', 'required: maybe  # swe-bundle-disable-line wrong-type'))));
    // The only error is silenced: exit 0, whatever the format.
    const results = sarifOf(['tools'], ws.root, 0).runs[0].results;
    expect(results.map((r) => [r.ruleId, r.level, r.suppressions])).toEqual([
      ['docstring-unknown-variable', 'warning', undefined],
      ['wrong-type', 'error', [{ kind: 'inSource' }]],
    ]);
    const text = runCli(['tools'], ws.root);
    expect(text.code).toBe(0);
    expect(text.stdout).not.toContain('wrong-type');
    expect(text.stdout).toMatch(/\n0 errors, 1 warning in 1 file; 1 would not load in SWE-agent\n$/);
    const json = runCli(['--format', 'json', 'tools'], ws.root);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)[0].diagnostics.map((d: { code: string }) => d.code)).toEqual(['docstring-unknown-variable']);
  });

  it('stay valid SARIF for a file that is not UTF-8', () => {
    ws = tempWorkspace();
    ws.write('tools/l/config.yaml', Buffer.from('tools:\n  t:\n    docstring: caf\xe9\n', 'latin1'));
    const results = sarifOf(['tools'], ws.root, 1).runs[0].results;
    expect(results.map((r) => [r.ruleId, r.level, r.locations[0].physicalLocation.region.startLine, r.locations[0].physicalLocation.region.startColumn])).toEqual([['file-not-utf8', 'error', 3, 19]]);
    expect(results[0].partialFingerprints[FINGERPRINT]).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('what it is built from', () => {
  it('has docs/rules.md inside dist/lint.js, which needs no file beside it to describe the rules', () => {
    ws = withExecutableBins(tempWorkspace(bundleFiles('bad', BAD)));
    fs.copyFileSync(path.join(REPO_ROOT, 'dist', 'lint.js'), ws.path('lint.js'));
    const run = spawnSync(process.execPath, [ws.path('lint.js'), '--format', 'sarif', 'tools'], { cwd: ws.root, encoding: 'utf8' });
    expect(run.status).toBe(1);
    const log = JSON.parse(run.stdout) as Log;
    expect(sarifSchemaErrors(log)).toEqual([]);
    expect(rule(log, 'yaml-syntax').shortDescription.text).toBe("PyYAML's scanner or parser rejects the text.");
    expect(rule(log, 'wrong-type').help.markdown).toMatch(/^\*\*What it checks\.\*\* /);
  });
});
