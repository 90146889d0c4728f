/**
 * Hostile inputs through the CLI and the server: each gets diagnostics in
 * bounded time, never a crash or a hang.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateBundleOfLines } from '../../scripts/generateBundle';
import { TestClient, codes, inMemory } from '../helpers/lspClient';
import { Random } from '../helpers/random';
import { runCli } from '../helpers/runCli';
import { TempWorkspace, tempWorkspace } from '../helpers/tempWorkspace';

function aliasBomb(): string {
  let text = 'a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n';
  for (let i = 1; i < 10; i++) text += `a${i}: &a${i} [${Array(10).fill(`*a${i - 1}`).join(', ')}]\n`;
  return text + 'tools:\n  t:\n    docstring: d\n    arguments: []\n    lol: *a9\n';
}

function tenThousandAliases(): string {
  let text = 'base: &b {type: string, description: d, required: true}\ntools:\n';
  for (let i = 0; i < 10_000; i++) text += `  t${i}:\n    docstring: d\n    signature: "t${i} <a>"\n    arguments:\n      - <<: *b\n        name: a\n`;
  return text;
}

function randomBytes(seed: number, length: number): Buffer {
  const random = new Random(seed);
  return Buffer.from(Array.from({ length }, () => random.int(256)));
}

const INPUTS: Record<string, () => string | Buffer> = {
  'random bytes': () => randomBytes(1, 20_000),
  'random printable junk': () => randomBytes(2, 20_000).toString('latin1').replace(/[^\n -~]/g, '{'),
  'a 50,000-line bundle': () => generateBundleOfLines(50_000).text,
  '10,000 aliases and merge keys': tenThousandAliases,
  'a billion-laughs alias bomb': aliasBomb,
  'nesting 10,000 levels deep': () => 'tools:\n  t:\n    docstring: d\n    x: ' + '['.repeat(10_000) + ']'.repeat(10_000) + '\n',
  'block nesting 1,500 levels deep': () => Array.from({ length: 1500 }, (_, i) => '  '.repeat(i) + 'a:\n').join(''),
  'a 10 MB file': () => 'tools:\n  t:\n    docstring: d\n' + '# padding padding padding padding padding padding padding padding\n'.repeat(160_000),
  'lines of 1 MB': () => `tools:\n  t:\n    docstring: "${'x'.repeat(1 << 20)}"\n    signature: t # ${'y'.repeat(1 << 20)}\n`,
  'a flow list of 200,000 items': () => `tools:\n  t:\n    docstring: d\n    x: [${Array(200_000).fill('1').join(',')}]\n`,
  'invalid UTF-8': () => Buffer.from('tools:\n  t:\n    docstring: caf\xe9\n', 'latin1'),
  'a UTF-8 BOM': () => '\ufefftools:\n  t:\n    docstring: d\n',
  'UTF-16 with a BOM': () => Buffer.from('\ufefftools:\n  t:\n    docstring: d\n', 'utf16le'),
  'CRLF line endings': () => 'tools:\r\n  t:\r\n    docstring: "<x>"\r\n    signature: t\r\n',
  'mixed line endings': () => 'tools:\r\n  t:\n    docstring: d\r    signature: t\n',
  'tabs for indentation': () => 'tools:\n\tt:\n\t\tdocstring: d\n',
  'NUL bytes': () => 'tools:\n  t:\n    docstring: "a\0b"\n',
  'a file that is not a mapping': () => '- tools\n- t\n',
};

const EXPECTED: Record<string, string[]> = {
  'random bytes': ['file-not-utf8'],
  'a 50,000-line bundle': [],
  '10,000 aliases and merge keys': ['unknown-key'],
  // a0..a9 are ignored top-level keys, `lol` an ignored tool key; the bomb is reported where it is used.
  'a billion-laughs alias bomb': [...Array(11).fill('unknown-key'), 'yaml-alias-bomb'],
  'nesting 10,000 levels deep': ['yaml-resource-limit'],
  'block nesting 1,500 levels deep': ['yaml-resource-limit'],
  'a 10 MB file': ['resource-limit'],
  'lines of 1 MB': [],
  'a flow list of 200,000 items': ['unknown-key'],
  'invalid UTF-8': ['file-not-utf8'],
  'a UTF-8 BOM': [],
  'UTF-16 with a BOM': ['file-not-utf8'],
  'CRLF line endings': [],
  'mixed line endings': [],
  'tabs for indentation': ['yaml-syntax'],
  'NUL bytes': ['yaml-non-printable'],
  'a file that is not a mapping': ['not-a-mapping'],
};

/** What an editor sends for the byte inputs is text it decoded (with U+FFFD for bad bytes); the server sees that. */
const SERVER_EXPECTED: Record<string, string[]> = {
  ...EXPECTED,
  'invalid UTF-8': [],
  'UTF-16 with a BOM': ['yaml-non-printable'],
};

let ws: TempWorkspace;
beforeAll(() => {
  // The files sit in folders without bin/; the bundle folder checks are not what this test is about (and thousands of them would be capped).
  ws = tempWorkspace({ '.swe-bundle.json': JSON.stringify({ rules: { 'bin-script-missing': 'off', 'bin-script-not-executable': 'off', 'bin-script-undeclared': 'off' } }) });
});
afterAll(() => ws.remove());

describe('the CLI on hostile input', () => {
  it.each(Object.keys(INPUTS))('%s', (name) => {
    const file = ws.write(`${name.replace(/\W+/g, '-')}/config.yaml`, INPUTS[name]());
    const run = runCli(['--format', 'json', file], ws.root);
    expect(run.stderr).toBe('');
    const [result] = JSON.parse(run.stdout);
    const codes = result.diagnostics.map((d: { code: string }) => d.code);
    if (EXPECTED[name]) expect(codes).toEqual(EXPECTED[name]);
    else expect(result.diagnostics.length).toBeGreaterThan(0);
  });
});

describe('the server on hostile input', () => {
  let client: TestClient;
  beforeAll(async () => {
    client = await inMemory();
  });
  afterAll(() => client.dispose());

  it.each(Object.keys(INPUTS).filter((n) => n !== 'random bytes'))('%s', async (name) => {
    const uri = `file:///hostile/${encodeURIComponent(name)}/tools/x/config.yaml`;
    await client.open(uri, String(INPUTS[name]()));
    const published = await client.waitForDiagnostics(uri, () => true, 20_000);
    if (SERVER_EXPECTED[name]) expect(codes(published.diagnostics)).toEqual(SERVER_EXPECTED[name]);
    // The server still answers afterwards.
    const report = await client.request<{ kind: string }>('textDocument/diagnostic', { textDocument: { uri } });
    expect(report.kind).toBe('full');
  });

  it('random bytes decoded by the editor', async () => {
    const uri = 'file:///hostile/bytes/tools/x/config.yaml';
    await client.open(uri, randomBytes(3, 20_000).toString('latin1'));
    const published = await client.waitForDiagnostics(uri, () => true, 20_000);
    expect(published.diagnostics.length).toBeGreaterThan(0);
  });
});
