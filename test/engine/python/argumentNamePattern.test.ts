/**
 * `argumentNamePattern` against CPython's `re` with SWE-agent's pattern
 * `[a-zA-Z_][a-zA-Z0-9_-]*`: `re.match`, `re.finditer` and `re.sub` of
 * `\[?<(NAME)>\]?`. Expected values are oracle outputs of CPython 3.11.7,
 * written in literally.
 */
import { describe, expect, it } from 'vitest';
import {
  argumentNameMatchLength,
  findAngleSpellings,
  placeholderSpellings,
  rewriteAngleSpellings,
} from '../../../server/src/engine/python/argumentNamePattern';

/** [name, re.match(pattern, name).end() or 0] */
const NAMES: [string, number][] = [
  ["", 0],
  ["a", 1],
  ["_", 1],
  ["-", 0],
  ["1a", 0],
  ["a1", 2],
  ["a-b", 3],
  ["a_b", 3],
  ["a b", 1],
  ["A-Z_9", 5],
  ["é", 0],
  ["aé", 1],
  ["a.b", 1],
  ["-a", 0],
  ["_-_", 3],
  ["a$", 1],
  ["ab-", 3],
  ["9", 0],
  ["a\n", 1],
  ["abc def", 3],
  ["x<y", 1],
  ["abc_DEF-9", 9],
  ["Z", 1],
  ["__", 2],
  ["a--", 3],
  ["aéb", 1],
  ["a-é", 2],
];

/**
 * [signature, the matches as [start, end, group(1), start(1), wrapped in [...]],
 * re.sub(r"\[?<(NAME)>\]?", r"{\1}", signature)]
 */
const SIGNATURES: [string, [number, number, string, number, boolean][], string][] = [
  ["", [], ""],
  ["cmd <a>", [[4, 7, "a", 5, false]], "cmd {a}"],
  ["cmd [<a>]", [[4, 9, "a", 6, true]], "cmd {a}"],
  ["cmd <a> [<b>]", [[4, 7, "a", 5, false], [8, 13, "b", 10, true]], "cmd {a} {b}"],
  ["<a><b>", [[0, 3, "a", 1, false], [3, 6, "b", 4, false]], "{a}{b}"],
  ["[<a>", [[0, 4, "a", 2, false]], "{a}"],
  ["<a>]", [[0, 4, "a", 1, false]], "{a}"],
  ["[<a>]]", [[0, 5, "a", 2, true]], "{a}]"],
  ["[[<a>]", [[1, 6, "a", 3, true]], "[{a}"],
  ["<1a>", [], "<1a>"],
  ["<a-b>", [[0, 5, "a-b", 1, false]], "{a-b}"],
  ["<a b>", [], "<a b>"],
  ["<>", [], "<>"],
  ["<a", [], "<a"],
  ["a>", [], "a>"],
  ["<_x>", [[0, 4, "_x", 1, false]], "{_x}"],
  ["[<x>] <y> [<z>]", [[0, 5, "x", 2, true], [6, 9, "y", 7, false], [10, 15, "z", 12, true]], "{x} {y} {z}"],
  ["cmd {a} <b>", [[8, 11, "b", 9, false]], "cmd {a} {b}"],
  ["<é>", [], "<é>"],
  ["<<a>>", [[1, 4, "a", 2, false]], "<{a}>"],
  ["[<a-> ]", [[0, 5, "a-", 2, false]], "{a-} ]"],
  ["x[<y>]z", [[1, 6, "y", 3, true]], "x{y}z"],
  ["<a>[<b>]", [[0, 3, "a", 1, false], [3, 8, "b", 5, true]], "{a}{b}"],
  ["<A_b-9>", [[0, 7, "A_b-9", 1, false]], "{A_b-9}"],
  ["[ <a> ]", [[2, 5, "a", 3, false]], "[ {a} ]"],
  ["--a <a>", [[4, 7, "a", 5, false]], "--a {a}"],
  ["edit <start> <end> [<replace>]", [[5, 12, "start", 6, false], [13, 18, "end", 14, false], [19, 30, "replace", 21, true]], "edit {start} {end} {replace}"],
  ["[<a>][<b>]", [[0, 5, "a", 2, true], [5, 10, "b", 7, true]], "{a}{b}"],
  ["<a>-<b>", [[0, 3, "a", 1, false], [4, 7, "b", 5, false]], "{a}-{b}"],
  ["[<x>", [[0, 4, "x", 2, false]], "{x}"],
  ["<x>]]", [[0, 4, "x", 1, false]], "{x}]"],
  ["<<x>", [[1, 4, "x", 2, false]], "<{x}"],
  ["[<-a>]", [], "[<-a>]"],
  ["<a_1-b>", [[0, 7, "a_1-b", 1, false]], "{a_1-b}"],
];

describe('argumentNameMatchLength is re.match', () => {
  it.each(NAMES)('match(%j)', (name, expected) => {
    expect(argumentNameMatchLength(name)).toBe(expected);
  });
});

describe('findAngleSpellings and rewriteAngleSpellings are re.finditer and re.sub', () => {
  it.each(SIGNATURES)('%j', (signature, matches, rewritten) => {
    expect(findAngleSpellings(signature).map((m) => [m.start, m.end, m.name, m.nameStart, m.optional])).toEqual(matches);
    expect(rewriteAngleSpellings(signature)).toBe(rewritten);
  });
});

describe('placeholderSpellings', () => {
  it('lists the spellings SWE-agent accepts for an argument', () => {
    expect(placeholderSpellings('path')).toEqual(['<path>', '[<path>]', '{path}', '--path']);
  });
});
