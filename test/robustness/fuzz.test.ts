/**
 * Fuzzing with a fixed seed: random bytes, random YAML and random edits of
 * every corpus and conformance file, checked by the engine and through the
 * server with random requests at random positions. Invariants: nothing
 * throws, every range lies inside the document, the same text gives the same
 * result, and the server keeps answering. `npm run fuzz` runs it longer.
 */
import * as fs from 'fs';
import * as path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintBundleText } from '../helpers/lintText';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { LineIndex } from '../../server/src/engine/document/lineIndex';
import { TestClient, inMemory } from '../helpers/lspClient';
import { Random, applyEdit, randomEdit, typingEdit } from '../helpers/random';
import { CASES_DIR, CORPUS_DIR, caseIds } from '../helpers/shared';

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
