/**
 * Texts for the PyYAML differential fuzzer: the conformance and corpus
 * configs as seeds, seeded mutations of them, and generators aimed at the
 * places where YAML parsers part: line-break characters, BOMs, anchors and
 * aliases, tags, quotes, escapes and comments, flow collections,
 * indentation, tabs, long keys, documents and directives, YAML 1.1 scalars,
 * Python's equal keys, merge keys, and nesting near the recursion limit.
 * Every text is what SWE-agent's `Path.read_text()` gives PyYAML: no `\r`.
 */
import * as fs from 'fs';
import * as path from 'path';
import { Random } from '../helpers/random';
import { CASES_DIR, CORPUS_DIR, caseIds } from '../helpers/shared';
import { sourceTextOf } from '../../server/src/engine/document/sourceText';
import { decodeFile } from '../../server/src/engine/document/decodeFile';

const BREAKS = ['\n', '\x85', '\u2028', '\u2029'];

const PIECES: Record<string, readonly string[]> = {
  breaks: [...BREAKS, '\n\n', ' \n', '\u2028  ', '\x85- '],
  bom: ['\ufeff', '\ufeff\ufeff', 'a\ufeff', '\ufeffa: b\n'],
  anchors: ['&a ', '&a', '*a', '&a:', '*a:', '*a :', '&t:1', '&x-_9 ', '*x-_9', '*', '&', '&é ', '*a,', '*a]', '*a}', '*a?', '*a%', '*a@', '*a`', '&b [*b]', '&c {k: *c}', '&a x\nb: &a y\n', '&a !!str ', '!!str &a ', '&a &b x', '*a *b', '<<: *a\n', '&e {=: x}', '!!str *a'],
  tags: [
    '!',
    '! ',
    '!!str ',
    '!!int ',
    '!!float ',
    '!!bool ',
    '!!null ',
    '!!binary ',
    '!!timestamp ',
    '!!seq ',
    '!!map ',
    '!!set ',
    '!!omap ',
    '!!pairs ',
    '!!merge ',
    '!!value ',
    '!foo ',
    '!<tag:yaml.org,2002:str> ',
    '!<!> ',
    '!e!x ',
    '!!python/object:os.system ',
    '!%41 ',
    '!a%ff ',
    '!a%c3%a9 ',
    '!a%e2%82 ',
    '!<',
    '!a!',
    '!!',
    '!a,b ',
  ],
  directives: ['%YAML 1.1\n---\n', '%YAML 2.0\n---\n', '%YAML 1.1\n%YAML 1.1\n---\n', '%TAG !e! tag:example.com,2000:\n---\n', '%TAG !e! a\n%TAG !e! b\n---\n', '%FOO bar baz\n---\n', '%YAML 1\n', '%YAML 1.x\n', '%\n', '%TAG ! !x\n---\n', '%YAML 1.1 # c\n---\n'],
  documents: ['---', '--- ', '---\n', '...', '...\n', '\n---\n', '\n...\n', '\n--- a\n', '--- |\n  x\n', '\n---\nb: 2\n', '\n... # c\n'],
  quotes: ['"', "'", '"a"', "'a'", '"a"# c', "'a'# c", '"a" # c', "'it''s'", '""', "''", '"a\n b"', "'a\n\n b'", '"\n---\n"', '"a\\\n  b"'],
  escapes: ['\\', '\\x4', '\\x41', '\\x4G', '\\u00e9', '\\ud800', '\\U0001F600', '\\U00110000', '\\UFFFFFFFF', '\\N', '\\_', '\\L', '\\P', '\\e', '\\0', '\\q', '\\ ', '\\\t', '\\/', '\\"', '\\Users\\me\\.', '\\\n'],
  comments: ['#', ' #', '# c', ' # c\n', '#\u2028', ' #é\n', '\n# only\n', '\n  # indented\n'],
  flow: ['[', ']', '{', '}', ',', '[a, b]', '{a: b}', '{a: b, c}', '[a: b]', '[? a]', '{? a: b}', '{a\n: b}', '[a\n: b]', '[a,]', '[,]', '{,}', '[a b]', '{a:b}', '[a:b]', '{"a":b}', '[-]', '[- a]', '{a: [b, {c: d}]}', '[a, ? b : c]', '{a: }', '{: a}', '[a]b', '{a: b}c'],
  block: ['- ', '-', '? ', ': ', ':', '  ', '\n  ', '\n    ', '\n- ', '\n  - ', '- - ', '? a\n: b\n', ':\n', '|', '>', '|-', '>+', '|2', '|0', '|+1', '|-9', '| #c', '|x', '|\n', '>\n  a\n  b\n\n  c\n', '|\n   a\n  b\n'],
  tabs: ['\t', ' \t', '\t- ', '\t#', 'a:\tb', '"\t"', '|\n\tx\n', '\n\t'],
  scalars: [
    'yes',
    'No',
    'y',
    'ON',
    '~',
    'null',
    'Null',
    '010',
    '08',
    '0o10',
    '0x1F',
    '0xg',
    '0b101',
    '0b2',
    '1_000',
    '_1',
    '1:20',
    '-1:20',
    '1:70',
    '190:20:30.15',
    '1e3',
    '1.0e+3',
    '1.e-3',
    '3.14',
    '.5',
    '-.5',
    '+.inf',
    '-.Inf',
    '.NaN',
    '.nan',
    '2024-01-01',
    '2024-02-30',
    '2024-13-01',
    '2001-12-14t21:59:43.10-05:00',
    '2001-12-14 21:59:43.10 +25',
    '2001-12-14 21:59:43.1234567 Z',
    '0001-01-01',
    '0000-01-01',
    '=',
    '<<',
    '٣',
    '1٣',
    '+',
    '-',
    '0',
    '-0',
    '00',
    '0.0',
    '-0.0',
  ],
  unicode: ['é', '中', '😀', '\u00a0', '\u200b', '\u0007', '\ud800', '\x7f', '\x1f', '\x00', '\uFFFE', '\uE000', '\u{1F600}:'],
};

const ALL_PIECES = Object.values(PIECES).flat();

/** The conformance and corpus configs as SWE-agent reads them (decodable ones only). */
export function seedTexts(): string[] {
  const files = caseIds().map((id) => path.join(CASES_DIR, id, 'config.yaml'));
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.ya?ml$/.test(entry.name)) files.push(full);
    }
  };
  walk(CORPUS_DIR);
  const texts: string[] = [];
  for (const file of files) {
    if (!fs.existsSync(file)) continue;
    const decoded = decodeFile(fs.readFileSync(file));
    if (decoded.ok) texts.push(readText(decoded.text));
  }
  return texts;
}

/** Universal newlines, as `Path.read_text()` applies them. */
export function readText(text: string): string {
  return sourceTextOf(text).normalized;
}

function pieceOf(random: Random): string {
  if (random.next() < 0.4) return random.pick(ALL_PIECES);
  return random.pick(random.pick(Object.values(PIECES)));
}

/** One to four random edits: pieces inserted, ranges deleted or replaced. */
export function mutate(random: Random, text: string): string {
  let out = text;
  for (let edits = 1 + random.int(4); edits > 0; edits--) {
    const at = random.int(out.length + 1);
    const roll = random.next();
    if (roll < 0.5) out = out.slice(0, at) + pieceOf(random) + out.slice(at);
    else if (roll < 0.75) out = out.slice(0, at) + out.slice(Math.min(out.length, at + 1 + random.int(8)));
    else out = out.slice(0, at) + pieceOf(random) + out.slice(Math.min(out.length, at + 1 + random.int(4)));
  }
  return readText(out);
}

/** A short random text of pieces and words: where the grammar's corners are found. */
function soup(random: Random): string {
  const words = ['a', 'k', 'tools', 'b c', 'x: y', 'key: value'];
  let out = '';
  for (let n = 2 + random.int(12); n > 0; n--) out += random.next() < 0.3 ? random.pick(words) : pieceOf(random);
  return readText(out);
}

function lineBreakText(random: Random): string {
  const br = () => random.pick(BREAKS);
  const shapes = [
    () => `docstring: line one${br()}line two\n`,
    () => `a: b${br()}c: d\n`,
    () => `a: "x${br()}y"\n`,
    () => `a: 'x${br()}${br()}y'\n`,
    () => `a: |\n  x${br()}  y\n`,
    () => `a: >\n  x${br()}  y${br()}${br()}  z\n`,
    () => `a: b # c${br()}d: e\n`,
    () => `- a${br()}- b\n`,
    () => `a:${br()}  b: c\n`,
    () => `a: x${br()}  y\n`,
    () => `{a: b,${br()}c: d}\n`,
    () => `[a${br()}, b]\n`,
    () => `a${br()}: b\n`,
    () => `? a${br()}: b\n`,
    () => `a: b${br()}---${br()}c\n`,
    () => `a: "x\\${br()}  y"\n`,
    () => `%YAML 1.1${br()}---${br()}a\n`,
  ];
  return random.pick(shapes)();
}

function longKeyText(random: Random): string {
  const length = 1010 + random.int(30);
  const key = 'k'.repeat(length);
  const shapes = [
    () => `${key}: v\n`,
    () => `{${key}: v}\n`,
    () => `[${key}: v]\n`,
    () => `"${key.slice(2)}": v\n`,
    () => `a:\n  ${key}: v\n`,
    () => `{a: b, ${key.slice(0, 1000)} x: v}\n`,
    () => `&a ${key.slice(4)}: v\n`,
    () => `😀${key.slice(0, 1020 + random.int(8))}: v\n`,
  ];
  return random.pick(shapes)();
}

function equalKeysText(random: Random): string {
  const keys = ['1', '1.0', 'true', 'yes', 'on', '"1"', '0', '-0.0', '0.0', 'false', 'no', '~', 'null', '.nan', '.NaN', '!!float nan', '!!float .nan', '-.nan', '.inf', '+.inf', '2001-01-01', '2001-01-01 00:00:00', '2001-01-01 00:00:00Z', '2001-01-01 01:00:00+01:00', '2001-01-01T00:00:00.000001', '!!binary aGk=', '"hi"', '0x1', '0b1', '01', '1_0', '10', '1:0', '60', '!!int "1"', '!!str 1', "''", '""', '!!null ""', '100000000000000000000', '1e20', '1.0e+20', '9007199254740993', '9007199254740992.0'];
  const pairs = Array.from({ length: 2 + random.int(5) }, (_, i) => `${random.pick(keys)}: v${i}`);
  return random.next() < 0.5 ? `{${pairs.join(', ')}}\n` : pairs.join('\n') + '\n';
}

function mergeText(random: Random): string {
  const values = ['*b', '[*b, *c]', '[*c, *b]', '{x: 1}', '[{x: 1}, {y: 2}]', 'scalar', '[a]', '[*b, a]', '*s', '[]', '{}', '*b\n  <<: *c'];
  const own = random.pick(['', '\n  x: own', '\n  y: own\n  x: again', '\n  =: eq', '\n  <<: *c']);
  return `b: &b {x: 1, y: 2}\nc: &c {y: 3, z: 4}\ns: &s text\nm:\n  <<: ${random.pick(values)}${own}\n`;
}

function numberText(random: Random): string {
  const digits = (n: number) => Array.from({ length: n }, (_, i) => (i === 0 ? '1' : String(random.int(10)))).join('');
  const shapes = [
    () => `n: ${digits(4298 + random.int(5))}\n`,
    () => `n: -${digits(4299 + random.int(3))}\n`,
    () => `n: !!int "${digits(4299 + random.int(3))}x"\n`,
    () => `n: 0x${'f'.repeat(4000 + random.int(2000))}\n`,
    () => `n: 0${'7'.repeat(5000)}\n`,
    () => `n: ${digits(3)}:${digits(4299 + random.int(3))}\n`,
    () => `n: !!int ${random.pick(['"  12  "', '"١٢"', '"+"', '"-"', '""', '"0b"', '"0x"', '"1__2"', '"0o17"', '"12\\n"', '"\\u0661\\u0662"'])}\n`,
    () => `n: !!float ${random.pick(['"  1.5 "', '"1e400"', '"nan"', '"inf"', '"-infinity"', '"1_0.5"', '"1:30.5"', '"١.٥"', '""', '"e"', '"."'])}\n`,
    () => `n: !!bool ${random.pick(['maybe', '"YES"', '"y"', '""'])}\n`,
    () => `n: !!timestamp ${random.pick(['2001-02-29', '2000-02-29 10:00:00', '2001-01-01 24:00:00', '2001-01-01 23:60:00', '2001-01-01 00:00:00 +24', '2001-01-01 00:00:00 -23:59', 'x', '"2001-01-01\\n"'])}\n`,
    () => `n: !!binary ${random.pick(['aGk', 'aGk=', 'a', '"é"', '"a b c d"', '"====="', 'YQ==YQ=='])}\n`,
  ];
  return random.pick(shapes)();
}

/**
 * Uniform nesting close to PyYAML's recursion limit, in the flow or the block
 * context, with the leaves the frame count was measured with (where flow
 * sequences and mappings alternate, or the deepest node is a block scalar or
 * an error, the engine's count can be a level off: see yaml/limits.ts).
 */
function deepText(random: Random): string {
  const depth = 486 + random.int(12);
  switch (random.int(5)) {
    case 0:
      return '['.repeat(depth) + random.pick(['', 'a', '"a"', "'a'", '*x', '&x a']) + ']'.repeat(depth);
    case 1:
      return '{a: '.repeat(depth) + random.pick(['b', '"b"', '{}', '']) + '}'.repeat(depth);
    case 2:
      return '- '.repeat(depth) + random.pick(['a', '"a"', '']) + '\n';
    case 3:
      return Array.from({ length: depth }, (_, i) => '  '.repeat(i) + 'k:').join('\n') + random.pick([' v', ' "v"', '']) + '\n';
    default:
      return Array.from({ length: depth }, (_, i) => '  '.repeat(i) + '-').join('\n') + ' a\n';
  }
}

/**
 * A bundle-shaped text that splits into chunks (document/chunker.ts): top-level
 * keys and tools whose values hold pieces, or line breaks PyYAML sees and the
 * chunker does not; where a chunk that loads alone could disagree with the
 * whole text (the chunked syntax gate). Nesting near the recursion limit is
 * not made here: under a block mapping the engine's frame count can be a
 * level off PyYAML's (yaml/limits.ts), whole or chunked alike, so
 * test/engine/chunkedGate.test.ts holds the chunked count to the whole one.
 */
function chunkedText(random: Random): string {
  const value = (indent: string): string => {
    const roll = random.next();
    if (roll < 0.15) return `x${random.pick(BREAKS)}${random.pick(['...', '---', '- a', 'k: v', '%YAML 1.1', '  y', '\t'])}`;
    if (roll < 0.3) return soup(random).replace(/\n/g, `\n${indent}  `);
    if (roll < 0.65) return `\n${indent}  signature: s\n${indent}  docstring: d`;
    return random.pick(['v', '"v"', '|\n' + indent + '  v', '[a, b]', '{a: b}', '']);
  };
  const lines: string[] = [];
  for (let n = 1 + random.int(3); n > 0; n--) {
    if (random.next() < 0.4) lines.push(`k${n}: ${value('')}`);
    else lines.push('tools:', ...Array.from({ length: 1 + random.int(3) }, (_, t) => `  t${t}: ${value('  ')}`));
  }
  const text = lines.join('\n') + '\n';
  return random.next() < 0.2 ? mutate(random, text) : readText(text);
}

const GENERATORS: { weight: number; make: (random: Random, seeds: readonly string[]) => string }[] = [
  { weight: 40, make: (random, seeds) => mutate(random, random.pick(seeds)) },
  { weight: 25, make: (random) => soup(random) },
  { weight: 8, make: (random) => mutate(random, lineBreakText(random)) },
  { weight: 3, make: (random) => longKeyText(random) },
  { weight: 8, make: (random) => equalKeysText(random) },
  { weight: 6, make: (random) => mutate(random, mergeText(random)) },
  { weight: 8, make: (random) => numberText(random) },
  { weight: 1, make: (random) => deepText(random) },
  { weight: 8, make: (random) => chunkedText(random) },
  { weight: 1, make: (random, seeds) => random.pick(seeds) },
];
const TOTAL_WEIGHT = GENERATORS.reduce((sum, g) => sum + g.weight, 0);

/** The next text to try. */
export function nextText(random: Random, seeds: readonly string[]): string {
  let roll = random.next() * TOTAL_WEIGHT;
  for (const generator of GENERATORS) {
    roll -= generator.weight;
    if (roll < 0) return generator.make(random, seeds);
  }
  return random.pick(seeds);
}
