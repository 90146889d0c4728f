/**
 * Fuzzing with a fixed seed: random bytes, random YAML and random edits of
 * every corpus and conformance file (agent configs too), checked by the
 * engine and through the server with random requests at random positions;
 * random Jinja templates (deep and long ones included); random format strings
 * and specs (widths far past the rendered-text budget, any script's digits,
 * values that share or contain themselves); and random framing damage on
 * stdio. Invariants: nothing throws, every range lies inside the document,
 * the same text gives the same result, rendered text stays within its budget
 * with its exact length, every good frame comes through, and the server keeps
 * answering. Hostile generators (`hostileGenerators.ts`, issue 22): Jinja
 * that builds huge strings in an `argument_format`, command-line values
 * nested inside strings, and workspaces whose links lead out, with a secret
 * outside that must never be printed. `npm run fuzz` runs it longer.
 */
import * as fs from 'fs';
import * as path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintBundleText } from '../helpers/lintText';
import { BUDGETS } from '../../server/src/engine/budgets';
import { formatValue } from '../../server/src/engine/python/formatSpec';
import { formatString } from '../../server/src/engine/python/formatString';
import { codePointLength } from '../../server/src/engine/python/renderedText';
import { FrameSanitizer } from '../../server/src/lsp/frameSanitizer';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { LineIndex } from '../../server/src/engine/document/lineIndex';
import { TestClient, inMemory } from '../helpers/lspClient';
import { Random, applyEdit, randomEdit, typingEdit } from '../helpers/random';
import { AGENT_CASES_DIR, CASES_DIR, CORPUS_DIR, caseIds, isComplete } from '../helpers/shared';
import { compileJinja, renderJinja } from '../../server/src/engine/python/jinja';
import { PyDict, PyObject } from '../../server/src/engine/python/pyObject';
import { checkRunConfig } from '../../server/src/engine/runConfig/checkRunConfig';
import { sourceTextOf } from '../../server/src/engine/document/sourceText';
import { loadYaml } from '../../server/src/engine/yaml/loadYaml';
import { WORKSPACE, workspaceOf } from '../helpers/fixture';
import { runCli } from '../helpers/runCli';
import { tempWorkspace } from '../helpers/tempWorkspace';
import { SECRET, bundleRendering, hostileJinjaExpression, nestedCommandLine, workspaceWithLinks } from './hostileGenerators';

const SEED = Number(process.env.FUZZ_SEED ?? 20261129);
const ITERATIONS = Number(process.env.FUZZ_ITERATIONS ?? 400);

interface Range {
  start: { line: number; character: number };
  end: { line: number; character: number };
}

/** Lines and their lengths as the LSP counts them (\n, \r\n, \r). */
function lineLengths(text: string): number[] {
  return text.split(/\r\n|\r|\n/).map((line) => line.length);
}

function assertInside(range: Range, lengths: number[], what: string): void {
  const ok = (p: { line: number; character: number }) =>
    Number.isInteger(p.line) && Number.isInteger(p.character) && p.line >= 0 && p.line < lengths.length && p.character >= 0 && p.character <= lengths[p.line];
  if (!ok(range.start) || !ok(range.end) || range.start.line > range.end.line || (range.start.line === range.end.line && range.start.character > range.end.character)) {
    throw new Error(`${what}: range ${JSON.stringify(range)} is not inside the document (${lengths.length} lines)`);
  }
}

const KEYS = ['tools', 'state_command', 'signature', 'docstring', 'end_name', 'arguments', 'name', 'type', 'description', 'required', 'enum', 'items', 'argument_format', 'x', '<<', '?', ''];
const SCALARS = ['yes', 'no', 'y', '010', '0o10', '0x1F', '1_000', '1:20', '1e3', '3.14', '.nan', '~', 'null', '2024-01-01', '"<a>"', "'{b}'", '"t <a> [<b>]"', '{{value}}', '--x {value}', '!!str 1', '!!binary aGk=', '&a 1', '*a', '=', '|', '>-', '"\\t\\u00e9"', 'a: b', '[a, b]', '{a: 1}', '"unterminated', 'tab\there'];

/** A random YAML document shaped like a bundle, with every scalar style, tags, anchors and broken bits. */
function randomYaml(random: Random): string {
  const lines: string[] = [];
  const emit = (indent: number, depth: number) => {
    const count = 1 + random.int(4);
    for (let i = 0; i < count; i++) {
      const pad = ' '.repeat(indent);
      const key = random.pick(KEYS);
      const roll = random.next();
      if (depth < 4 && roll < 0.35) {
        lines.push(`${pad}${key}:`);
        emit(indent + 2, depth + 1);
      } else if (depth < 4 && roll < 0.5) {
        lines.push(`${pad}${key}:`);
        const items = 1 + random.int(3);
        for (let j = 0; j < items; j++) {
          lines.push(`${pad}  - ${random.pick(KEYS)}: ${random.pick(SCALARS)}`);
          if (random.next() < 0.5) lines.push(`${pad}    ${random.pick(KEYS)}: ${random.pick(SCALARS)}`);
        }
      } else if (roll < 0.6) {
        lines.push(`${pad}${key}: |`, `${pad}  ${random.pick(SCALARS)} {${random.pick(KEYS)}}`, `${pad}  more <${random.pick(KEYS)}>`);
      } else {
        lines.push(`${pad}${key}: ${random.pick(SCALARS)}`);
      }
    }
  };
  lines.push('tools:', '  t:');
  emit(4, 1);
  if (random.next() < 0.3) lines.push(`state_command: ${random.pick(SCALARS)}`);
  let text = lines.join(random.next() < 0.2 ? '\r\n' : '\n');
  for (let i = random.int(3); i > 0; i--) text = applyEdit(text, randomEdit(random, text));
  return text;
}

function randomBytes(random: Random, length: number): string {
  return Buffer.from(Array.from({ length }, () => random.int(256))).toString('latin1');
}

function seedTexts(): string[] {
  const texts: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.ya?ml$/.test(entry.name)) texts.push(fs.readFileSync(full).toString('utf8'));
    }
  };
  walk(CORPUS_DIR);
  for (const id of caseIds()) texts.push(fs.readFileSync(path.join(CASES_DIR, id, 'config.yaml')).toString('utf8'));
  return texts;
}

describe(`fuzzing the engine (seed ${SEED}, ${ITERATIONS} iterations)`, () => {
  it('checks random bytes, random YAML and mutated real files without throwing, inside the document, deterministically', { timeout: 30_000 + ITERATIONS * 30 }, () => {
    const random = new Random(SEED);
    const seeds = seedTexts();
    for (let i = 0; i < ITERATIONS; i++) {
      const kind = i % 3;
      let text: string;
      if (kind === 0) text = randomBytes(random, random.int(400));
      else if (kind === 1) text = randomYaml(random);
      else {
        text = random.pick(seeds);
        for (let n = 1 + random.int(4); n > 0; n--) text = applyEdit(text, random.next() < 0.5 ? typingEdit(random, text) : randomEdit(random, text));
      }
      let first;
      try {
        first = lintBundleText(text);
      } catch (e) {
        throw new Error(`iteration ${i} threw on ${JSON.stringify(text.slice(0, 300))}: ${(e as Error).stack}`);
      }
      const lengths = lineLengths(text);
      for (const d of first.diagnostics) {
        assertInside(d.range, lengths, `iteration ${i}, ${d.code}`);
        for (const r of d.related ?? []) if (r.file === undefined) assertInside(r.range, lengths, `iteration ${i}, related of ${d.code}`);
      }
      const again = lintBundleText(text);
      expect(again.diagnostics, `iteration ${i} is deterministic`).toEqual(first.diagnostics);
    }
  });
});

const JINJA_ATOMS = ['value', 'x', '1', '2.5', '"s"', "'t'", 'none', 'true', '[1, 2]', '{"k": 1}', 'value.attr', 'loop.index0'];
const JINJA_FILTERS = ['join', 'join(" ")', 'upper', 'default("d")', 'length', 'replace("a", "b")', 'trim', 'first', 'int', 'nope'];
const JINJA_BINARY = [' + ', ' - ', ' ~ ', ' * ', ' == ', ' != ', ' < ', ' and ', ' or ', ' in ', ' // ', ' ** '];

/**
 * A random Jinja expression: nested, chained and broken, sometimes thousands
 * of levels deep or long (issue 15's stack overflows), built iteratively.
 */
function randomJinjaExpression(random: Random): string {
  const size = random.next() < 0.03 ? 1000 + random.int(5000) : 1 + random.int(12);
  let expr = random.pick(JINJA_ATOMS);
  for (let i = 0; i < size; i++) {
    const roll = random.int(8);
    if (roll === 0) expr = `(${expr})`;
    else if (roll === 1) expr = `${expr}|${random.pick(JINJA_FILTERS)}`;
    else if (roll === 2) expr = `${expr}${random.pick(JINJA_BINARY)}${random.pick(JINJA_ATOMS)}`;
    else if (roll === 3) expr = `${expr}[${random.int(3)}]`;
    else if (roll === 4) expr = `not ${expr}`;
    else if (roll === 5) expr = `${expr} if ${random.pick(JINJA_ATOMS)} else ${random.pick(JINJA_ATOMS)}`;
    else if (roll === 6) expr = `-${expr}`;
    else expr = `[${expr}, ${random.pick(JINJA_ATOMS)}]`;
  }
  return expr;
}

/** A template around random expressions, with statements and broken tags. */
function randomJinjaTemplate(random: Random): string {
  const parts: string[] = [];
  for (let i = 1 + random.int(4); i > 0; i--) {
    const roll = random.int(6);
    if (roll === 0) parts.push(`{% if ${randomJinjaExpression(random)} %}a{% else %}b{% endif %}`);
    else if (roll === 1) parts.push(`{% for v in ${randomJinjaExpression(random)} %}{{ v }}{% endfor %}`);
    else if (roll === 2) parts.push(random.pick(['{{', '}}', '{%', '%}', '{#', '{% endif %}', '{{ value', '\n']));
    else parts.push(`{{ ${randomJinjaExpression(random)} }}`);
    parts.push(random.pick(['', ' ', 'text ', '\n']));
  }
  return parts.join('');
}

describe(`fuzzing Jinja and agent configs (seed ${SEED}, ${ITERATIONS} iterations)`, () => {
  it('renders and compiles random, deep and long Jinja without throwing, deterministically', { timeout: 30_000 + ITERATIONS * 30 }, () => {
    const random = new Random(SEED);
    const values = new Map<string, PyObject>([['value', 'v'], ['x', [1n, 2n]]]);
    for (let i = 0; i < ITERATIONS; i++) {
      const template = randomJinjaTemplate(random);
      let rendered, compiled;
      try {
        rendered = renderJinja(template, values);
        compiled = compileJinja(template);
      } catch (e) {
        throw new Error(`iteration ${i} threw on ${JSON.stringify(template.slice(0, 300))}: ${(e as Error).stack}`);
      }
      expect(['ok', 'error', 'unsupported', 'limit']).toContain(rendered.kind);
      if (rendered.kind === 'ok') expect(rendered.text.length).toBeLessThanOrEqual(1_000_000);
      if (compiled?.kind === 'error' && compiled.offset !== -1) expect(compiled.offset).toBeLessThanOrEqual(template.length);
      expect(renderJinja(template, values), `iteration ${i} is deterministic`).toEqual(rendered);
    }
  });

  it('checks random edits of the agent-config cases, with random templates, without throwing, inside the document', { timeout: 30_000 + ITERATIONS * 30 }, () => {
    const random = new Random(SEED + 1);
    const seeds = fs.readdirSync(AGENT_CASES_DIR).filter((id) => /^\d+$/.test(id) && isComplete(path.join(AGENT_CASES_DIR, id, 'config', 'agent.yaml'))).map((id) => fs.readFileSync(path.join(AGENT_CASES_DIR, id, 'config', 'agent.yaml'), 'utf8'));
    for (let i = 0; i < ITERATIONS; i++) {
      let text = random.pick(seeds);
      if (random.next() < 0.3) text += `\n${random.pick(['agent', 'env', 'x'])}:\n  templates:\n    instance_template: ${JSON.stringify(randomJinjaTemplate(random))}\n`;
      for (let n = 1 + random.int(4); n > 0; n--) text = applyEdit(text, random.next() < 0.5 ? typingEdit(random, text) : randomEdit(random, text));
      const origin = { text: sourceTextOf(text).normalized };
      let result;
      try {
        result = checkRunConfig({ files: [{ load: loadYaml(origin.text, origin), origin }] }, { configRoot: '/nowhere', resolve: () => ({ kind: 'missing-dir' }) });
      } catch (e) {
        throw new Error(`iteration ${i} threw on ${JSON.stringify(text.slice(0, 300))}: ${(e as Error).stack}`);
      }
      for (const d of result.diagnostics) {
        expect(d.origin, `iteration ${i}, ${d.code} is in the file`).toBe(origin);
        expect(0 <= d.start && d.start <= d.end && d.end <= origin.text.length, `iteration ${i}, ${d.code} at ${d.start}-${d.end}`).toBe(true);
      }
    }
  });
});

const REQUESTS = [
  'textDocument/hover',
  'textDocument/completion',
  'textDocument/definition',
  'textDocument/references',
  'textDocument/documentHighlight',
  'textDocument/prepareRename',
  'textDocument/rename',
  'textDocument/selectionRange',
  'textDocument/codeAction',
] as const;
const WHOLE_DOCUMENT = ['textDocument/documentSymbol', 'textDocument/foldingRange', 'textDocument/semanticTokens/full', 'textDocument/inlayHint', 'textDocument/codeLens', 'textDocument/documentLink', 'textDocument/diagnostic'] as const;

/** Every `range`/`selectionRange`/`targetRange` found in a result, to check they lie in the document. */
function rangesIn(value: unknown, out: Range[] = [], uri?: string, ownUri?: string): Range[] {
  if (Array.isArray(value)) value.forEach((v) => rangesIn(v, out, uri, ownUri));
  else if (value && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    const elsewhere = typeof object.uri === 'string' && object.uri !== ownUri;
    for (const [key, child] of Object.entries(object)) {
      if (!elsewhere && ['range', 'selectionRange', 'targetRange', 'targetSelectionRange', 'insert', 'replace'].includes(key) && child && typeof child === 'object' && 'start' in child) out.push(child as Range);
      else if (key !== 'changes' && key !== 'documentChanges') rangesIn(child, out, uri, ownUri);
    }
  }
  return out;
}

describe(`fuzzing the server (seed ${SEED})`, () => {
  let client: TestClient;
  beforeAll(async () => {
    client = await inMemory({
      capabilities: {
        workspace: { diagnostics: { refreshSupport: true } },
        textDocument: {
          completion: { completionItem: { snippetSupport: true } },
          hover: { contentFormat: ['markdown', 'plaintext'] },
          codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix'] } } },
          semanticTokens: { requests: { full: true, range: true }, tokenTypes: [], tokenModifiers: [], formats: ['relative'] },
          inlayHint: {},
          diagnostic: {},
        },
      },
    });
  });
  afterAll(() => client.dispose());

  it('takes random incremental edits to real files and random requests at random positions', { timeout: 30_000 + ITERATIONS * 60 }, async () => {
    const random = new Random(SEED + 1);
    const seeds = seedTexts();
    const rounds = Math.max(20, Math.floor(ITERATIONS / 10));
    for (let round = 0; round < rounds; round++) {
      const uri = `file:///fuzz/${round}/tools/t/config.yaml`;
      let text = random.pick(seeds);
      let version = 1;
      await client.open(uri, text);
      for (let step = 0; step < 8; step++) {
        const edit = random.next() < 0.6 ? typingEdit(random, text) : randomEdit(random, text);
        const index = new LineIndex(text);
        const change = { range: { start: index.positionAt(edit.start), end: index.positionAt(edit.end) }, text: edit.text };
        await client.notify('textDocument/didChange', { textDocument: { uri, version: ++version }, contentChanges: [change] });
        // The text as an editor has it after the change: a position cannot point between `\r` and `\n`, so an
        // edit there lands at the line's end, in the server's document and here alike.
        text = TextDocument.update(TextDocument.create(uri, 'yaml', version - 1, text), [change], version).getText();
        const lengths = lineLengths(text);
        const line = random.int(lengths.length + 1);
        const position = { line, character: random.int((lengths[line] ?? 0) + 2) };
        const method = random.pick([...REQUESTS, ...WHOLE_DOCUMENT]);
        const params: Record<string, unknown> = { textDocument: { uri }, position, positions: [position], newName: random.pick(['x', 'new_name', 'yes', '1a', '']) };
        params.range = { start: position, end: position };
        params.context = { includeDeclaration: true, diagnostics: [], triggerKind: 1 };
        let result: unknown;
        try {
          result = await client.request(method, params);
        } catch (e) {
          // Rename may refuse a name with a ResponseError; nothing else may fail.
          if (!(method.endsWith('rename') || method.endsWith('Rename'))) throw new Error(`${method} at ${JSON.stringify(position)} failed: ${(e as Error).message}`);
          continue;
        }
        for (const range of rangesIn(result, [], undefined, uri)) assertInside(range, lengths, `${method} round ${round} step ${step} at ${JSON.stringify(position)} in ${JSON.stringify(text)}`);
      }
      await client.notify('textDocument/didClose', { textDocument: { uri } });
    }
    // Still alive and answering.
    const uri = 'file:///fuzz/final/tools/t/config.yaml';
    await client.open(uri, 'tools:\n  t:\n    docstring: d\n');
    expect(await client.request('textDocument/documentSymbol', { textDocument: { uri } })).toHaveLength(1);
  });
});

// ---------------------------------------------------------------- format strings and specs

const DIGITS = ['0', '1', '5', '9', '٣', '٠', '𝟟', '१'];
const WIDTHS = ['', '0', '1', '7', '12', '40', '99999', '100001', '500000000', '536870889', '9223372036854775807', '9223372036854775808', '٣', '1٠'];

/** A random format spec: every part of the mini-language, sometimes wrong, with widths past the budget. */
function randomSpec(random: Random): string {
  let spec = '';
  if (random.next() < 0.3) spec += random.pick(['', ' ', '*', '0', '😀', '{', '}', '٣']) + random.pick(['<', '>', '=', '^']);
  else if (random.next() < 0.2) spec += random.pick(['<', '>', '=', '^']);
  if (random.next() < 0.3) spec += random.pick(['+', '-', ' ']);
  if (random.next() < 0.1) spec += 'z';
  if (random.next() < 0.2) spec += '#';
  if (random.next() < 0.3) spec += '0';
  spec += random.next() < 0.2 ? Array.from({ length: 1 + random.int(3) }, () => random.pick(DIGITS)).join('') : random.pick(WIDTHS);
  if (random.next() < 0.3) spec += random.pick([',', '_', ',_', '_,']);
  if (random.next() < 0.4) spec += '.' + random.pick(['', '0', '3', '17', '2000', '100000', '2147483648', '٢']);
  if (random.next() < 0.7) spec += random.pick([...'bcdeEfFgGnosxX%', 'q', '', 'ss']);
  return spec;
}

function randomValue(random: Random, depth = 0): PyObject {
  switch (random.int(depth > 2 ? 6 : 9)) {
    case 0:
      return random.pick(['', 'cat', 'a b', 'é', '😀x', '{}']);
    case 1:
      return BigInt(random.int(2000) - 1000) * BigInt(random.pick([1, 1, 1000003, 99999999977]));
    case 2:
      return random.pick([0, -0, 1.5, -2.25, 1e-7, 3.14159, 1e300, -1e-300, Infinity, -Infinity, NaN, 0.1]);
    case 3:
      return random.next() < 0.5;
    case 4:
      return null;
    case 5:
      return random.pick(['x'.repeat(1000), '\n\t\u0000']);
    case 6:
      return Array.from({ length: random.int(4) }, () => randomValue(random, depth + 1));
    case 7:
      return new PyDict(new Map(Array.from({ length: random.int(3) }, (_, i) => [`k${i}`, randomValue(random, depth + 1)] as [string, PyObject])));
    default: {
      // A list that shares an item many times over, or contains itself.
      const list: PyObject[] = [];
      if (random.next() < 0.5) list.push(list, 'x');
      else {
        let shared: PyObject = ['x', 'y'];
        for (let i = 0; i < 12; i++) shared = [shared, shared, shared];
        list.push(shared);
      }
      return list;
    }
  }
}

/** A random format string over the variables a..e: literal text, fields with names, attributes, items, conversions, nested specs. */
function randomFormat(random: Random): string {
  let text = '';
  for (let n = random.int(4); n >= 0; n--) {
    text += random.pick(['', 'lit ', '{{', '}}', 'x']);
    if (random.next() < 0.1) text += random.pick(['{', '}', '{a', '{a!', '{a!r', '{[}']);
    const name = random.pick(['a', 'b', 'c', 'd', 'e', '', '0', '١', 'a.upper', 'a.__eq__', 'a[0]', 'a[١]', 'zz', 'a.real']);
    const conversion = random.next() < 0.2 ? '!' + random.pick(['r', 's', 'a', 'x', '']) : '';
    const spec = random.next() < 0.7 ? ':' + (random.next() < 0.15 ? `{${random.pick(['w', 'a', 'x:{y}'])}}` : randomSpec(random)) : '';
    text += `{${name}${conversion}${spec}}`;
  }
  return text;
}

/** CPython's grouping of zero padding, written out group by group: the reference for formatSpec's skip over whole groups. */
function groupedPadding(digits: string, separator: string, every: number, minWidth: number): string {
  const groups: string[] = [];
  let remaining = digits.length;
  let min = minWidth;
  for (;;) {
    const size = Math.min(every, Math.max(remaining, min, 1));
    const take = Math.min(remaining, size);
    groups.unshift('0'.repeat(size - take) + digits.slice(remaining - take, remaining));
    remaining -= take;
    min -= size;
    if (remaining <= 0 && min <= 0) return groups.join(separator);
    min -= separator.length;
  }
}

describe(`fuzzing format strings and specs (seed ${SEED}, ${ITERATIONS} iterations)`, () => {
  it('renders within the budget, with the exact length of what Python builds, never throwing', { timeout: 30_000 + ITERATIONS * 5 }, () => {
    const random = new Random(SEED + 2);
    for (let i = 0; i < ITERATIONS; i++) {
      const value = randomValue(random);
      const spec = randomSpec(random);
      const single = formatValue(value, spec);
      if (single.ok) {
        const rendered = single.text;
        expect(rendered.text.length, `format(…, ${JSON.stringify(spec)}) is cut at the budget`).toBeLessThanOrEqual(BUDGETS.renderedTextChars);
        if (rendered.complete) expect(codePointLength(rendered.text), `format(…, ${JSON.stringify(spec)}) measures what it built`).toBe(rendered.length);
        else expect(rendered.length).toBeGreaterThan(codePointLength(rendered.text) - 1);
      }
      const kwargs = new Map<string, PyObject>(['a', 'b', 'c', 'd', 'e', 'w', 'y'].map((k) => [k, k === 'w' ? random.pick(['5', '>9', '٣', '99999999999', 'x']) : randomValue(random)] as [string, PyObject]));
      const text = randomFormat(random);
      let result;
      try {
        result = formatString(text, kwargs, [randomValue(random)]);
      } catch (e) {
        throw new Error(`iteration ${i}: ${JSON.stringify(text)} threw: ${(e as Error).stack}`);
      }
      if (result.ok) {
        expect(result.text.length).toBeLessThanOrEqual(BUDGETS.renderedTextChars);
        if (result.rendered.complete) expect(codePointLength(result.text), `${JSON.stringify(text)} measures what it built`).toBe(result.rendered.length);
      }
    }
  });

  it('groups zero padding as CPython does at every width, skipping whole groups or not', { timeout: 30_000 + ITERATIONS * 2 }, () => {
    const random = new Random(SEED + 3);
    for (let i = 0; i < Math.max(200, ITERATIONS / 20); i++) {
      const value = BigInt(random.int(1_000_000_000)) * (random.next() < 0.3 ? -1n : 1n);
      const [separator, type, every] = random.pick([[',', 'd', 3], ['_', 'd', 3], ['_', 'x', 4], ['_', 'b', 4], ['_', 'o', 4]] as const);
      const width = 1 + random.int(300);
      const spec = `0=${random.pick(['', '+', ' '])}${width}${separator}${type}`;
      const result = formatValue(value, spec);
      if (!result.ok) throw new Error(`${spec}: ${result.message}`);
      const sign = value < 0n ? '-' : spec[2] === '+' ? '+' : spec[2] === ' ' ? ' ' : '';
      const magnitude = (value < 0n ? -value : value).toString({ d: 10, x: 16, b: 2, o: 8 }[type]);
      expect(result.text.text, `format(${value}, ${JSON.stringify(spec)})`).toBe(sign + groupedPadding(magnitude, separator, every, width - sign.length));
    }
  });

  it('checks docstrings full of random fields without throwing', { timeout: 30_000 + ITERATIONS * 5 }, () => {
    const random = new Random(SEED + 4);
    for (let i = 0; i < Math.max(100, ITERATIONS / 10); i++) {
      const docstring = JSON.stringify(randomFormat(random).replace(/\{(a|b|c|d|e)/g, '{PAGER'));
      const text = `tools:\n  t:\n    signature: "t ${randomFormat(random).replace(/"/g, '')}"\n    docstring: ${docstring}\n`;
      const first = lintBundleText(text);
      expect(lintBundleText(text).diagnostics, `iteration ${i} is deterministic`).toEqual(first.diagnostics);
    }
  });
});

// ---------------------------------------------------------------- framing

/** A good frame, marked so it can be told from anything damage produces. */
function goodFrame(n: number, random: Random): string {
  const body = JSON.stringify({ jsonrpc: '2.0', id: `good-${n}`, method: 'x', params: { text: random.pick(['', 'é😀', 'a'.repeat(random.int(3000)), '\r\n in a string']) } });
  const name = random.pick(['Content-Length', 'content-length', 'CONTENT-LENGTH']);
  const extra = random.next() < 0.3 ? 'Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n' : '';
  return `${extra}${name}: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

/** Damage that holds no complete header block of its own, so the frame after it must come through. */
function damage(random: Random): string {
  const body = '{"jsonrpc":"2.0","method":"bad"}';
  switch (random.int(12)) {
    case 0:
      return random.pick(['x', '\n', '\r', '\r\n', ' ', '\u0000', '}']);
    case 1:
      return `Content-Length: ${body.length}\n\n${body}`;
    case 2:
      return `Content-Length : ${body.length}\r\n\r\n${body}`;
    case 3:
      return ` Content-Length: ${body.length}`;
    case 4:
      return `Content-Length: ${random.pick(['-5', '0x10', '1e3', '+10', '', 'ten', '99999999999999999'])}\r\n\r\n${body}`;
    case 5:
      return `Content-Lenght: ${body.length}\r\n\r\n${body}`;
    case 6:
      return `Content-Length: ${body.length + 1 + random.int(5000)}\r\n\r\n${body}`;
    case 7:
      return `Content-Length: ${random.int(body.length)}\r\n\r\n${body}`;
    case 8:
      return Buffer.from(Array.from({ length: random.int(200) }, () => random.int(256))).toString('latin1');
    case 9:
      return 'Content-Len';
    case 10:
      return `X-Header: ${'v'.repeat(random.int(100))}\r\n`;
    default:
      return 'GET / HTTP/1.1\r\nHost: x\r\n\r\n';
  }
}

/** Feeds `input` to a FrameSanitizer in random chunks; the bodies of the frames it passes on. */
async function sanitized(input: Buffer, random: Random): Promise<string[]> {
  const sanitizer = new FrameSanitizer();
  const out: Buffer[] = [];
  sanitizer.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = new Promise((resolve) => sanitizer.on('end', resolve));
  for (let at = 0; at < input.length; ) {
    const size = 1 + random.int(random.next() < 0.2 ? 8 : 4096);
    sanitizer.write(input.subarray(at, at + size));
    at += size;
  }
  sanitizer.end();
  await ended;
  const bytes = Buffer.concat(out);
  const bodies: string[] = [];
  for (let at = 0; at < bytes.length; ) {
    const header = /^Content-Length: (\d+)\r\n\r\n/.exec(bytes.subarray(at, at + 40).toString('latin1'));
    if (!header) throw new Error(`not a canonical frame at ${at}: ${JSON.stringify(bytes.subarray(at, at + 40).toString('latin1'))}`);
    const start = at + header[0].length;
    bodies.push(bytes.subarray(start, start + Number(header[1])).toString('utf8'));
    at = start + Number(header[1]);
  }
  return bodies;
}

describe(`fuzzing the framing (seed ${SEED}, ${ITERATIONS} iterations)`, () => {
  it('passes on every good frame, in order, whatever damage comes before it and however it is chunked', { timeout: 30_000 + ITERATIONS * 5 }, async () => {
    const random = new Random(SEED + 5);
    for (let i = 0; i < Math.max(200, ITERATIONS / 5); i++) {
      const good: string[] = [];
      let input = '';
      for (let n = 1 + random.int(5); n > 0; n--) {
        if (random.next() < 0.6) input += damage(random);
        const frame = goodFrame(good.length, random);
        good.push(frame.slice(frame.indexOf('\r\n\r\n') + 4));
        input += frame;
      }
      if (random.next() < 0.3) input += damage(random);
      const bodies = await sanitized(Buffer.from(input, 'utf8'), random);
      expect(bodies.filter((b) => b.includes('"id":"good-')), `iteration ${i}: ${JSON.stringify(input.slice(0, 400))}`).toEqual(good);
    }
  });
});

describe(`fuzzing hostile input (seed ${SEED}, issue 22)`, () => {
  it('checks argument_formats that build huge strings within the budgets, still reporting the other tool', { timeout: 60_000 + ITERATIONS * 40 }, () => {
    const random = new Random(SEED + 22);
    for (let i = 0; i < Math.max(50, ITERATIONS / 10); i++) {
      const text = bundleRendering(hostileJinjaExpression(random), random);
      let result;
      try {
        result = lintBundleText(text);
      } catch (e) {
        throw new Error(`iteration ${i} threw on ${JSON.stringify(text.slice(0, 400))}: ${(e as Error).stack}`);
      }
      const codes = result.diagnostics.map((d) => d.code);
      expect(codes, `iteration ${i}: the other tool's error is reported`).toContain('signature-missing-argument');
      for (const d of result.diagnostics) expect(d.message.length, `iteration ${i}: ${d.code}`).toBeLessThanOrEqual(BUDGETS.messageChars + 100);
      expect(lintBundleText(text).diagnostics, `iteration ${i} is deterministic`).toEqual(result.diagnostics);
    }
  });

  it('takes command-line values nested inside strings, balanced or not, without throwing', { timeout: 60_000 + ITERATIONS * 20 }, () => {
    const random = new Random(SEED + 23);
    const agent = `${WORKSPACE}/agent.yaml`;
    const files = new Map([
      [agent, 'agent:\n  templates:\n    system_template: "{{ value }}"\n  tools:\n    bundles: []\n'],
      [`${WORKSPACE}/tools/t/config.yaml`, 'tools:\n  t:\n    signature: t\n    docstring: d\n'],
    ]);
    for (let i = 0; i < Math.max(100, ITERATIONS / 10); i++) {
      const commandLine = nestedCommandLine(random);
      let report, problems;
      try {
        const { analysis } = workspaceOf(files, { commandLine });
        report = analysis.report(agent);
        problems = analysis.settingsProblems();
      } catch (e) {
        throw new Error(`iteration ${i} threw on ${JSON.stringify(commandLine.map((a) => a.slice(0, 100)))}: ${(e as Error).stack}`);
      }
      expect(report, `iteration ${i}`).not.toBeNull();
      for (const p of problems) expect(p.message.length, `iteration ${i}: ${p.message.slice(0, 100)}`).toBeLessThanOrEqual(BUDGETS.messageChars);
    }
  });

  it('lints workspaces whose links lead out without reading outside: the secret there is never printed', { timeout: 60_000 + ITERATIONS * 20 }, () => {
    const random = new Random(SEED + 24);
    for (let i = 0; i < Math.max(20, ITERATIONS / 100); i++) {
      const ws = tempWorkspace();
      const outside = tempWorkspace();
      try {
        workspaceWithLinks(random, ws.root, outside.root);
        const argv = ['--format', random.pick(['json', 'sarif', 'text']), ...random.pick([['.'], ['tools/a'], ['tools'], ['--agent-config', 'agent.yaml'], ['--env-json', 'env.json', '.'], ['tools/a/config.yaml', 'agent.yaml']])];
        let run;
        try {
          run = runCli(argv, ws.root);
        } catch (e) {
          throw new Error(`iteration ${i} threw on ${argv.join(' ')}: ${(e as Error).stack}`);
        }
        expect([0, 1, 2], `iteration ${i}: ${argv.join(' ')}`).toContain(run.code);
        expect(run.stdout + run.stderr, `iteration ${i}: ${argv.join(' ')}`).not.toContain(SECRET);
      } finally {
        ws.remove();
        outside.remove();
      }
    }
  });
});
