/**
 * `loadYaml` on the classes where YAML parsers part from PyYAML: line
 * breaks (NEL, U+2028, U+2029), BOMs, anchor and alias names, comments after
 * quotes, flow keys, long keys, tabs, directives, documents, anchors and
 * aliases, tags, escapes, non-printable characters, Python's equal keys,
 * int() limits, construction. Each expected answer is what the real PyYAML
 * 6 `safe_load` gave (test/pyyaml/oracle.py), written in literally; the
 * comparison is the differential fuzzer's (verdict, problem and context
 * text, marks as PyYAML's index/line/column, the loaded value).
 */
import { describe, expect, it } from 'vitest';
import { disagreement } from '../../pyyaml/compareWithPyYaml';
import { OracleAnswer } from '../../pyyaml/pyyamlOracle';

const CASES: [string, OracleAnswer][] = [
  ["docstring: line one\u2028line two\n", {"ok": false, "cls": "ScannerError", "problem": "could not find expected ':'", "pm": [29, 2, 0], "context": "while scanning a simple key", "cm": [20, 1, 0]}],
  ["docstring: line one\u0085line two\n", {"ok": false, "cls": "ScannerError", "problem": "could not find expected ':'", "pm": [29, 2, 0], "context": "while scanning a simple key", "cm": [20, 1, 0]}],
  ["docstring: line one\u2029  line two\n", {"ok": true, "value": {"m": [[{"s": "docstring"}, {"s": "line one\u2029line two"}]]}}],
  ["a: b # note\u2028c: d\n", {"ok": true, "value": {"m": [[{"s": "a"}, {"s": "b"}], [{"s": "c"}, {"s": "d"}]]}}],
  ["a\u0085: b\n", {"ok": false, "cls": "ParserError", "problem": "expected '<document start>', but found '<block mapping start>'", "pm": [2, 1, 0], "context": null, "cm": null}],
  ["a: |\n  x\u2028  y\n", {"ok": true, "value": {"m": [[{"s": "a"}, {"s": "x\u2028y\n"}]]}}],
  ["a: 'x\u2028y'\n", {"ok": true, "value": {"m": [[{"s": "a"}, {"s": "x\u2028y"}]]}}],
  ["\ufefftools: x\n", {"ok": true, "value": {"m": [[{"s": "tools"}, {"s": "x"}]]}}],
  ["a: 1\n\ufeffb: 2\n", {"ok": true, "value": {"m": [[{"s": "a"}, {"i": "0x1"}], [{"s": "\ufeffb"}, {"i": "0x2"}]]}}],
  ["a: \ufeff1\n", {"ok": true, "value": {"m": [[{"s": "a"}, {"s": "\ufeff1"}]]}}],
  ["a: &n 1\nb: *n\n", {"ok": true, "value": {"m": [[{"s": "a"}, {"i": "0x1"}], [{"s": "b"}, {"i": "0x1"}]]}}],
  ["- &n x\n- {*n : y}\n", {"ok": true, "value": {"l": [{"s": "x"}, {"m": [[{"s": "x"}, {"s": "y"}]]}]}}],
  ["- &n x\n- {*n: y}\n", {"ok": true, "value": {"l": [{"s": "x"}, {"m": [[{"s": "x"}, {"s": "y"}]]}]}}],
  ["a: &t:1\n", {"ok": true, "value": {"m": [[{"s": "a"}, {"s": ":1"}]]}}],
  ["a: &\u00e9 x\n", {"ok": false, "cls": "ScannerError", "problem": "expected alphabetic or numeric character, but found '\u00e9'", "pm": [4, 0, 4], "context": "while scanning an anchor", "cm": [3, 0, 3]}],
  ["a: \"text\"# note\n", {"ok": true, "value": {"m": [[{"s": "a"}, {"s": "text"}]]}}],
  ["a: 'text'# note\n", {"ok": true, "value": {"m": [[{"s": "a"}, {"s": "text"}]]}}],
  ["{a\n: b}\n", {"ok": false, "cls": "ParserError", "problem": "expected ',' or '}', but got ':'", "pm": [3, 1, 0], "context": "while parsing a flow mapping", "cm": [0, 0, 0]}],
  ["[a\n: b]\n", {"ok": false, "cls": "ParserError", "problem": "expected ',' or ']', but got ':'", "pm": [3, 1, 0], "context": "while parsing a flow sequence", "cm": [0, 0, 0]}],
  ["a:\tb\n", {"ok": false, "cls": "ScannerError", "problem": "found character '\\t' that cannot start any token", "pm": [2, 0, 2], "context": "while scanning for the next token", "cm": null}],
  ["a:\n\t- b\n", {"ok": false, "cls": "ScannerError", "problem": "found character '\\t' that cannot start any token", "pm": [3, 1, 0], "context": "while scanning for the next token", "cm": null}],
  ["a: \"\t\"\n", {"ok": true, "value": {"m": [[{"s": "a"}, {"s": "\t"}]]}}],
  ["%YAML 1.1\n---\na: b\n", {"ok": true, "value": {"m": [[{"s": "a"}, {"s": "b"}]]}}],
  ["%YAML 2.0\n---\na: b\n", {"ok": false, "cls": "ParserError", "problem": "found incompatible YAML document (version 1.* is required)", "pm": [0, 0, 0], "context": null, "cm": null}],
  ["%YAML 1.1\n%YAML 1.1\n---\na\n", {"ok": false, "cls": "ParserError", "problem": "found duplicate YAML directive", "pm": [10, 1, 0], "context": null, "cm": null}],
  ["%TAG !e! tag:example.com,2000:\n---\na: !e!x b\n", {"ok": false, "cls": "ConstructorError", "problem": "could not determine a constructor for the tag 'tag:example.com,2000:x'", "pm": [38, 2, 3], "context": null, "cm": null}],
  ["a: !e!x b\n", {"ok": false, "cls": "ParserError", "problem": "found undefined tag handle '!e!'", "pm": [3, 0, 3], "context": "while parsing a node", "cm": [3, 0, 3]}],
  ["a: 1\n---\nb: 2\n", {"ok": false, "cls": "ComposerError", "problem": "but found another document", "pm": [5, 1, 0], "context": "expected a single document in the stream", "cm": [0, 0, 0]}],
  ["a: &x 1\nb: &x 2\n", {"ok": false, "cls": "ComposerError", "problem": "second occurrence", "pm": [11, 1, 3], "context": "found duplicate anchor 'x'; first occurrence", "cm": [3, 0, 3]}],
  ["a: *nope\n", {"ok": false, "cls": "ComposerError", "problem": "found undefined alias 'nope'", "pm": [3, 0, 3], "context": null, "cm": null}],
  ["a: !include x.yaml\n", {"ok": false, "cls": "ConstructorError", "problem": "could not determine a constructor for the tag '!include'", "pm": [3, 0, 3], "context": null, "cm": null}],
  ["a: !!python/object:os.system x\n", {"ok": false, "cls": "ConstructorError", "problem": "could not determine a constructor for the tag 'tag:yaml.org,2002:python/object:os.system'", "pm": [3, 0, 3], "context": null, "cm": null}],
  ["a: \"\\Users\\me\"\n", {"ok": false, "cls": "ScannerError", "problem": "expected escape sequence of 8 hexadecimal numbers, but found 's'", "pm": [6, 0, 6], "context": "while scanning a double-quoted scalar", "cm": [3, 0, 3]}],
  ["a: \"\\x4g\"\n", {"ok": false, "cls": "ScannerError", "problem": "expected escape sequence of 2 hexadecimal numbers, but found 'g'", "pm": [6, 0, 6], "context": "while scanning a double-quoted scalar", "cm": [3, 0, 3]}],
  ["a: \"\\U0010FFFF\\U00110000\"\n", {"ok": false, "cls": "ValueError", "message": "chr() arg not in range(0x110000)"}],
  ["a: b\u0007\n", {"ok": false, "cls": "ReaderError", "position": 4, "character": 7}],
  ["{1: a, 1.0: b, true: c, yes: d}\n", {"ok": true, "value": {"m": [[{"i": "0x1"}, {"s": "d"}]]}}],
  ["{0: a, -0.0: b, false: c, '0': d}\n", {"ok": true, "value": {"m": [[{"i": "0x0"}, {"s": "c"}], [{"s": "0"}, {"s": "d"}]]}}],
  ["{.nan: a, .NaN: b, !!float nan: c}\n", {"ok": true, "value": {"m": [[{"f": "nan"}, {"s": "b"}], [{"f": "nan"}, {"s": "c"}]]}}],
  ["{2001-01-01: a, 2001-01-01 00:00:00: b, 2001-01-01 00:00:00Z: c, 2001-01-01 01:00:00+01:00: d}\n", {"ok": true, "value": {"m": [[{"d": "2001-01-01"}, {"s": "a"}], [{"dt": "2001-01-01T00:00:00"}, {"s": "b"}], [{"dt": "2001-01-01T00:00:00+00:00"}, {"s": "d"}]]}}],
  ["{100000000000000000000: a, 1e20: b, 9007199254740993: c, 9007199254740992.0: d}\n", {"ok": true, "value": {"m": [[{"i": "0x56bc75e2d63100000"}, {"s": "a"}], [{"s": "1e20"}, {"s": "b"}], [{"i": "0x20000000000001"}, {"s": "c"}], [{"f": "9007199254740992.0"}, {"s": "d"}]]}}],
  ["a: [b, c]d\n", {"ok": false, "cls": "ParserError", "problem": "expected <block end>, but found '<scalar>'", "pm": [9, 0, 9], "context": "while parsing a block mapping", "cm": [0, 0, 0]}],
  ["a: {b: c\n", {"ok": false, "cls": "ParserError", "problem": "expected ',' or '}', but got '<stream end>'", "pm": [9, 1, 0], "context": "while parsing a flow mapping", "cm": [3, 0, 3]}],
  ["- a\nb: c\n", {"ok": false, "cls": "ParserError", "problem": "expected <block end>, but found '?'", "pm": [4, 1, 0], "context": "while parsing a block collection", "cm": [0, 0, 0]}],
  ["a: b: c\n", {"ok": false, "cls": "ScannerError", "problem": "mapping values are not allowed here", "pm": [4, 0, 4], "context": null, "cm": null}],
  ["? a\n? b\n: c\n", {"ok": true, "value": {"m": [[{"s": "a"}, null], [{"s": "b"}, {"s": "c"}]]}}],
  ["a:\n  - b\n  c: d\n", {"ok": false, "cls": "ParserError", "problem": "expected <block end>, but found '?'", "pm": [11, 2, 2], "context": "while parsing a block collection", "cm": [5, 1, 2]}],
  ["a: 'unterminated\n", {"ok": false, "cls": "ScannerError", "problem": "found unexpected end of stream", "pm": [17, 1, 0], "context": "while scanning a quoted scalar", "cm": [3, 0, 3]}],
  ["a: |0\n  x\n", {"ok": false, "cls": "ScannerError", "problem": "expected indentation indicator in the range 1-9, but found 0", "pm": [4, 0, 4], "context": "while scanning a block scalar", "cm": [3, 0, 3]}],
  ["a: >x\n", {"ok": false, "cls": "ScannerError", "problem": "expected chomping or indentation indicators, but found 'x'", "pm": [4, 0, 4], "context": "while scanning a block scalar", "cm": [3, 0, 3]}],
  ["[a, b]: c\n", {"ok": false, "cls": "ConstructorError", "problem": "found unhashable key", "pm": [0, 0, 0], "context": "while constructing a mapping", "cm": [0, 0, 0]}],
  ["? [a, b]\n: c\n", {"ok": false, "cls": "ConstructorError", "problem": "found unhashable key", "pm": [2, 0, 2], "context": "while constructing a mapping", "cm": [0, 0, 0]}],
  ["a: !!str {=: x}\n", {"ok": true, "value": {"m": [[{"s": "a"}, {"s": "x"}]]}}],
  ["a: !!int {=: '5'}\n", {"ok": true, "value": {"m": [[{"s": "a"}, {"i": "0x5"}]]}}],
  ["a: !!timestamp {=: 2001-01-01}\n", {"ok": false, "cls": "TypeError", "message": "expected string or bytes-like object, got 'list'"}],
  ["b: &b {x: 1}\nm:\n  <<: [*b, {y: 2}]\n  x: 3\n", {"ok": true, "value": {"m": [[{"s": "b"}, {"m": [[{"s": "x"}, {"i": "0x1"}]]}], [{"s": "m"}, {"m": [[{"s": "y"}, {"i": "0x2"}], [{"s": "x"}, {"i": "0x3"}]]}]]}}],
  ["m:\n  <<: scalar\n", {"ok": false, "cls": "ConstructorError", "problem": "expected a mapping or list of mappings for merging, but found scalar", "pm": [9, 1, 6], "context": "while constructing a mapping", "cm": [5, 1, 2]}],
  ["a: =\n", {"ok": false, "cls": "ConstructorError", "problem": "could not determine a constructor for the tag 'tag:yaml.org,2002:value'", "pm": [3, 0, 3], "context": null, "cm": null}],
  ["- !!omap [{a: 1}, {b: 2}]\n- !!pairs [{a: 1}, {a: 2}]\n- !!set {a, b}\n", {"ok": true, "value": {"l": [{"l": [{"t": [{"s": "a"}, {"i": "0x1"}]}, {"t": [{"s": "b"}, {"i": "0x2"}]}]}, {"l": [{"t": [{"s": "a"}, {"i": "0x1"}]}, {"t": [{"s": "a"}, {"i": "0x2"}]}]}, {"set": [{"s": "a"}, {"s": "b"}]}]}}],
  ["a: !!omap [a]\n", {"ok": false, "cls": "ConstructorError", "problem": "expected a mapping of length 1, but found scalar", "pm": [11, 0, 11], "context": "while constructing an ordered map", "cm": [3, 0, 3]}],
  [`{${'k'.repeat(1025)}: v}\n`, { ok: false, cls: 'ParserError', problem: "expected ',' or '}', but got ':'", pm: [1026, 0, 1026], context: 'while parsing a flow mapping', cm: [0, 0, 0] }],
  [`{${'k'.repeat(1024)}: v}\n`, { ok: true, value: { m: [[{ s: 'k'.repeat(1024) }, { s: 'v' }]] } }],
  [`${'k'.repeat(1025)}: v\n`, { ok: false, cls: 'ScannerError', problem: 'mapping values are not allowed here', pm: [1025, 0, 1025], context: null, cm: null }],
  [
    `n: ${'1'.repeat(4301)}\n`,
    { ok: false, cls: 'ValueError', message: 'Exceeds the limit (4300 digits) for integer string conversion: value has 4301 digits; use sys.set_int_max_str_digits() to increase the limit' },
  ],
  [`n: ${'1'.repeat(4300)}\n`, { ok: true, value: { m: [[{ s: 'n' }, { i: '0x' + BigInt('1'.repeat(4300)).toString(16) }]] } }],
  [`n: !!int "${'1'.repeat(250)}x"\n`, { ok: false, cls: 'ValueError', message: `invalid literal for int() with base 10: '${'1'.repeat(199)}` }],
  [`n: 0x${'f'.repeat(5000)}\n`, { ok: true, value: { m: [[{ s: 'n' }, { i: '0x' + 'f'.repeat(5000) }]] } }],
  ['['.repeat(494) + ']'.repeat(494), { ok: true, value: JSON.parse('{"l": ['.repeat(493) + '{"l": []}' + ']}'.repeat(493)) }],
  ['['.repeat(495) + ']'.repeat(495), { ok: false, cls: 'RecursionError' }],
  ['{a: '.repeat(491) + 'b' + '}'.repeat(491), { ok: true, value: JSON.parse('{"m": [[{"s": "a"}, '.repeat(491) + '{"s": "b"}' + ']]}'.repeat(491)) }],
  ['{a: '.repeat(492) + 'b' + '}'.repeat(492), { ok: false, cls: 'RecursionError' }],
  ['{a: '.repeat(491) + '{}' + '}'.repeat(491), { ok: false, cls: 'RecursionError' }],
  ['- '.repeat(491) + 'a\n', { ok: true, value: JSON.parse('{"l": ['.repeat(491) + '{"s": "a"}' + ']}'.repeat(491)) }],
  ['- '.repeat(492) + 'a\n', { ok: false, cls: 'RecursionError' }],
];

describe('loadYaml gives what PyYAML 6 gives', () => {
  it.each(CASES.map(([text, answer]) => [JSON.stringify(text).slice(0, 80), text, answer] as const))('%s', (_, text, answer) => {
    expect(disagreement(text, answer)).toBeNull();
  });
});
