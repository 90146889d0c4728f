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
};

const EXPECTED: Record<string, string[]> = {
  'random bytes': ['file-not-utf8'],
  'a 50,000-line bundle': [],
  '10,000 aliases and merge keys': ['unknown-key'],
  // a0..a9 are ignored top-level keys, `lol` an ignored tool key; the bomb is reported where it is used.
  'a billion-laughs alias bomb': [...Array(11).fill('unknown-key'), 'yaml-alias-bomb'],
  'nesting 10,000 levels deep': ['yaml-resource-limit'],
  'block nesting 1,500 levels deep': ['yaml-resource-limit'],
};

let ws: TempWorkspace;
beforeAll(() => {
  ws = tempWorkspace();
});
afterAll(() => ws.remove());

describe('the CLI on hostile input', () => {
  it.each(Object.keys(INPUTS))('%s', (name) => {
    const file = ws.write(`${name.replace(/\W+/g, '-')}/config.yaml`, INPUTS[name]());
    const started = Date.now();
    const run = runCli(['--format', 'json', file], ws.root);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(run.stderr).toBe('');
    const [result] = JSON.parse(run.stdout);
    // The file sits in a folder without bin/; the bundle folder checks are not what this test is about.
    const codes = result.diagnostics.map((d: { code: string }) => d.code).filter((code: string) => !code.startsWith('bin-script'));
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
    if (EXPECTED[name]) expect(codes(published.diagnostics)).toEqual(EXPECTED[name]);
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
