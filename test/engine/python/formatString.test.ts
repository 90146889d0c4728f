/**
 * `parseFormatString`, `extractKeys` and `formatString` against CPython:
 * `string.Formatter().parse(s)` and `s.format(*args, **kwargs)`.
 * Expected values are oracle outputs of CPython 3.11.7, written in literally.
 */
import { describe, expect, it } from 'vitest';
import { extractKeys, formatString, parseFormatString } from '../../../server/src/engine/python/formatString';
import { PyDict, PyObject } from '../../../server/src/engine/python/pyObject';
import { BUDGETS } from '../../../server/src/engine/budgets';

const dict = (entries: [string, PyObject][]) => new PyDict(new Map(entries));

type Item = [literal: string, name: string | null, spec: string | null, conversion: string | null];
type Outcome = string | { error: string; message: string };

/** [format string, what `Formatter().parse` yields before failing, its ValueError message or null] */
const PARSE: [string, Item[], string | null][] = [
  ["", [], null],
  ["abc", [["abc", null, null, null]], null],
  ["{x}", [["", "x", "", null]], null],
  ["a{x}b", [["a", "x", "", null], ["b", null, null, null]], null],
  ["{{", [["{", null, null, null]], null],
  ["}}", [["}", null, null, null]], null],
  ["{{x}}", [["{", null, null, null], ["x}", null, null, null]], null],
  ["a{{b}}c", [["a{", null, null, null], ["b}", null, null, null], ["c", null, null, null]], null],
  ["{{{x}}}", [["{", null, null, null], ["", "x", "", null], ["}", null, null, null]], null],
  ["{", [], "Single '{' encountered in format string"],
  ["}", [], "Single '}' encountered in format string"],
  ["a{", [], "Single '{' encountered in format string"],
  ["a}", [], "Single '}' encountered in format string"],
  ["a}b", [], "Single '}' encountered in format string"],
  ["}a", [], "Single '}' encountered in format string"],
  ["{}", [["", "", "", null]], null],
  ["{0}", [["", "0", "", null]], null],
  ["{1}{0}", [["", "1", "", null], ["", "0", "", null]], null],
  ["{a.b}", [["", "a.b", "", null]], null],
  ["{a[0]}", [["", "a[0]", "", null]], null],
  ["{a[0].b[c]}", [["", "a[0].b[c]", "", null]], null],
  ["{x:spec}", [["", "x", "spec", null]], null],
  ["{x:>10}", [["", "x", ">10", null]], null],
  ["{x!r}", [["", "x", "", "r"]], null],
  ["{x!s:>5}", [["", "x", ">5", "s"]], null],
  ["{x!}", [], "unmatched '{' in format spec"],
  ["{x!r", [], "unmatched '{' in format spec"],
  ["{x!rr}", [], "expected ':' after conversion specifier"],
  ["{x!r:}", [["", "x", "", "r"]], null],
  ["{x:}", [["", "x", "", null]], null],
  ["{x!", [], "end of string while looking for conversion specifier"],
  ["{x:", [], "unmatched '{' in format spec"],
  ["{x", [], "expected '}' before end of string"],
  ["{x{y}}", [], "unexpected '{' in field name"],
  ["{x:{y}}", [["", "x", "{y}", null]], null],
  ["{x:{y:{z}}}", [["", "x", "{y:{z}}", null]], null],
  ["{x:{{}}}", [["", "x", "{{}}", null]], null],
  ["{x:}}", [["", "x", "", null]], "Single '}' encountered in format string"],
  ["{:{}}", [["", "", "{}", null]], null],
  ["{!r}", [["", "", "", "r"]], null],
  ["{:}", [["", "", "", null]], null],
  ["{[}", [], "expected '}' before end of string"],
  ["{[}]}", [["", "[}]", "", null]], null],
  ["{a[}", [], "expected '}' before end of string"],
  ["{a]}", [["", "a]", "", null]], null],
  ["{a[b]c}", [["", "a[b]c", "", null]], null],
  ["{0!a}", [["", "0", "", "a"]], null],
  ["{ x }", [["", " x ", "", null]], null],
  ["{x:{}", [], "unmatched '{' in format spec"],
  ["{x:{y}", [], "unmatched '{' in format spec"],
  ["{x}}", [["", "x", "", null]], "Single '}' encountered in format string"],
  ["{{x}", [["{", null, null, null]], "Single '}' encountered in format string"],
  ["{x}{", [["", "x", "", null]], "Single '{' encountered in format string"],
  ["{x}}}", [["", "x", "", null], ["}", null, null, null]], null],
  ["x{{{{y}}}}z", [["x{", null, null, null], ["{", null, null, null], ["y}", null, null, null], ["}", null, null, null], ["z", null, null, null]], null],
  ["{x!:}", [["", "x", "", ":"]], null],
  ["{x::}", [["", "x", ":", null]], null],
  ["{x:!r}", [["", "x", "!r", null]], null],
  ["{x!r!s}", [], "expected ':' after conversion specifier"],
  ["{x[:]}", [["", "x[:]", "", null]], null],
  ["{x[!]}", [["", "x[!]", "", null]], null],
  ["{x[{]}", [["", "x[{]", "", null]], null],
  ["{x[}]", [], "expected '}' before end of string"],
  ["{é}", [["", "é", "", null]], null],
  ["{😀}", [["", "😀", "", null]], null],
  ["a😀{x}😀", [["a😀", "x", "", null], ["😀", null, null, null]], null],
  ["{x!😀}", [["", "x", "", "😀"]], null],
  ["{x!\u0001}", [["", "x", "", "\u0001"]], null],
  ["\n{x}\n", [["\n", "x", "", null], ["\n", null, null, null]], null],
  ["{0:{1}}{2}", [["", "0", "{1}", null], ["", "2", "", null]], null],
  ["{a.}", [["", "a.", "", null]], null],
  ["{.}", [["", ".", "", null]], null],
  ["{x:{y}}}", [["", "x", "{y}", null]], "Single '}' encountered in format string"],
  ["{x:a{b}c}", [["", "x", "a{b}c", null]], null],
  ["{}}", [["", "", "", null]], "Single '}' encountered in format string"],
  ["{{}", [["{", null, null, null]], "Single '}' encountered in format string"],
  ["{{}}", [["{", null, null, null], ["}", null, null, null]], null],
  ["}{", [], "Single '}' encountered in format string"],
  ["{x}}{{y}", [["", "x", "", null]], "Single '}' encountered in format string"],
  ["{:}}", [["", "", "", null]], "Single '}' encountered in format string"],
  ["{x!}}", [["", "x", "", "}"]], null],
];

/** [format string, the sorted field names, or the ValueError message] */
const KEYS: [string, string[] | string][] = [
  ["", []],
  ["abc", []],
  ["{x}", ["x"]],
  ["a{x}b", ["x"]],
  ["{{", []],
  ["}}", []],
  ["{{x}}", []],
  ["a{{b}}c", []],
  ["{{{x}}}", ["x"]],
  ["{", "Single '{' encountered in format string"],
  ["}", "Single '}' encountered in format string"],
  ["a{", "Single '{' encountered in format string"],
  ["a}", "Single '}' encountered in format string"],
  ["a}b", "Single '}' encountered in format string"],
  ["}a", "Single '}' encountered in format string"],
  ["{}", [""]],
  ["{0}", ["0"]],
  ["{1}{0}", ["0", "1"]],
  ["{a.b}", ["a.b"]],
  ["{a[0]}", ["a[0]"]],
  ["{a[0].b[c]}", ["a[0].b[c]"]],
  ["{x:spec}", ["x"]],
  ["{x:>10}", ["x"]],
  ["{x!r}", ["x"]],
  ["{x!s:>5}", ["x"]],
  ["{x!}", "unmatched '{' in format spec"],
  ["{x!r", "unmatched '{' in format spec"],
  ["{x!rr}", "expected ':' after conversion specifier"],
  ["{x!r:}", ["x"]],
  ["{x:}", ["x"]],
  ["{x!", "end of string while looking for conversion specifier"],
  ["{x:", "unmatched '{' in format spec"],
  ["{x", "expected '}' before end of string"],
  ["{x{y}}", "unexpected '{' in field name"],
  ["{x:{y}}", ["x"]],
  ["{x:{y:{z}}}", ["x"]],
  ["{x:{{}}}", ["x"]],
  ["{x:}}", "Single '}' encountered in format string"],
  ["{:{}}", [""]],
  ["{!r}", [""]],
  ["{:}", [""]],
  ["{[}", "expected '}' before end of string"],
  ["{[}]}", ["[}]"]],
  ["{a[}", "expected '}' before end of string"],
  ["{a]}", ["a]"]],
  ["{a[b]c}", ["a[b]c"]],
  ["{0!a}", ["0"]],
  ["{ x }", [" x "]],
  ["{x:{}", "unmatched '{' in format spec"],
  ["{x:{y}", "unmatched '{' in format spec"],
  ["{x}}", "Single '}' encountered in format string"],
  ["{{x}", "Single '}' encountered in format string"],
  ["{x}{", "Single '{' encountered in format string"],
  ["{x}}}", ["x"]],
  ["x{{{{y}}}}z", []],
  ["{x!:}", ["x"]],
  ["{x::}", ["x"]],
  ["{x:!r}", ["x"]],
  ["{x!r!s}", "expected ':' after conversion specifier"],
  ["{x[:]}", ["x[:]"]],
  ["{x[!]}", ["x[!]"]],
  ["{x[{]}", ["x[{]"]],
  ["{x[}]", "expected '}' before end of string"],
  ["{é}", ["é"]],
  ["{😀}", ["😀"]],
  ["a😀{x}😀", ["x"]],
  ["{x!😀}", ["x"]],
  ["{x!\u0001}", ["x"]],
  ["\n{x}\n", ["x"]],
  ["{0:{1}}{2}", ["0", "2"]],
  ["{a.}", ["a."]],
  ["{.}", ["."]],
  ["{x:{y}}}", "Single '}' encountered in format string"],
  ["{x:a{b}c}", ["x"]],
  ["{}}", "Single '}' encountered in format string"],
  ["{{}", "Single '}' encountered in format string"],
  ["{{}}", []],
  ["}{", "Single '}' encountered in format string"],
  ["{x}}{{y}", "Single '}' encountered in format string"],
  ["{:}}", "Single '}' encountered in format string"],
  ["{x!}}", ["x"]],
];

/** The keyword arguments of most `format` cases. */
const V = new Map<string, PyObject>([
  ["s", "abc"],
  ["e", ""],
  ["i", 42n],
  ["neg", -7n],
  ["f", 3.5],
  ["t", true],
  ["n", null],
  ["l", ["a", "b", 3n]],
  ["d", dict([["k", "v"], ["0", "zero"], ["nested", dict([["z", [1n, 2n]]])]])],
  ["q", "it's"],
  ["uni", "héllo"],
  ["big", 100000000000000000000n],
  ["fl", 0.1],
  ["w", 8n],
  ["p", 2n],
  ["sp", ">10"],
]);

/** [format string, positional arguments, `s.format(*args, **V)`: the text or the exception] */
const FORMAT_WITH_V: [string, PyObject[], Outcome][] = [
  ["{s}", [], "abc"],
  ["{i}", [], "42"],
  ["{f}", [], "3.5"],
  ["{t}", [], "True"],
  ["{n}", [], "None"],
  ["{l}", [], "['a', 'b', 3]"],
  ["{d}", [], "{'k': 'v', '0': 'zero', 'nested': {'z': [1, 2]}}"],
  ["{q!r}", [], "\"it's\""],
  ["{s!r}", [], "'abc'"],
  ["{uni!a}", [], "'h\\xe9llo'"],
  ["{l!r}", [], "['a', 'b', 3]"],
  ["{n!s}", [], "None"],
  ["{i!r:>5}", [], "   42"],
  ["{s!z}", [], { error: "ValueError", message: "Unknown conversion specifier z" }],
  ["{s! }", [], { error: "ValueError", message: "Unknown conversion specifier \\x20" }],
  ["{s!\u0001}", [], { error: "ValueError", message: "Unknown conversion specifier \\x1" }],
  ["{s!😀}", [], { error: "ValueError", message: "Unknown conversion specifier \\x1f600" }],
  ["{s!é}", [], { error: "ValueError", message: "Unknown conversion specifier \\xe9" }],
  ["{missing}", [], { error: "KeyError", message: "'missing'" }],
  ["{0}", [], { error: "IndexError", message: "Replacement index 0 out of range for positional args tuple" }],
  ["{}", [], { error: "IndexError", message: "Replacement index 0 out of range for positional args tuple" }],
  ["{0}", ["p0"], "p0"],
  ["{}{}", ["a", "b"], "ab"],
  ["{}{}", ["a"], { error: "IndexError", message: "Replacement index 1 out of range for positional args tuple" }],
  ["{0}{}", ["a", "b"], { error: "ValueError", message: "cannot switch from manual field specification to automatic field numbering" }],
  ["{}{0}", ["a", "b"], { error: "ValueError", message: "cannot switch from automatic field numbering to manual field specification" }],
  ["{1}{0}", ["a", "b"], "ba"],
  ["{s}{}", ["a"], "abca"],
  ["{}{s}{}", ["a", "b"], "aabcb"],
  ["{0}{s}{1}", ["a", "b"], "aabcb"],
  ["{:{}}", ["a", 5n], "a    "],
  ["{0:{1}}", ["a", 5n], "a    "],
  ["{:{1}}", ["a", 5n], { error: "ValueError", message: "cannot switch from automatic field numbering to manual field specification" }],
  ["{0:{}}", ["a", 5n], { error: "ValueError", message: "cannot switch from manual field specification to automatic field numbering" }],
  ["{l[0]}", [], "a"],
  ["{l[2]}", [], "3"],
  ["{l[5]}", [], { error: "IndexError", message: "list index out of range" }],
  ["{l[-1]}", [], { error: "TypeError", message: "list indices must be integers or slices, not str" }],
  ["{l[x]}", [], { error: "TypeError", message: "list indices must be integers or slices, not str" }],
  ["{s[0]}", [], "a"],
  ["{s[9]}", [], { error: "IndexError", message: "string index out of range" }],
  ["{s[x]}", [], { error: "TypeError", message: "string indices must be integers, not 'str'" }],
  ["{uni[1]}", [], "é"],
  ["{d[k]}", [], "v"],
  ["{d[0]}", [], { error: "KeyError", message: "0" }],
  ["{d[missing]}", [], { error: "KeyError", message: "'missing'" }],
  ["{d[nested][z]}", [], "[1, 2]"],
  ["{d[nested][z][1]}", [], "2"],
  ["{i[0]}", [], { error: "TypeError", message: "'int' object is not subscriptable" }],
  ["{n[0]}", [], { error: "TypeError", message: "'NoneType' object is not subscriptable" }],
  ["{f[0]}", [], { error: "TypeError", message: "'float' object is not subscriptable" }],
  ["{t[0]}", [], { error: "TypeError", message: "'bool' object is not subscriptable" }],
  ["{l[]}", [], { error: "ValueError", message: "Empty attribute in format string" }],
  ["{l[0}", [], { error: "ValueError", message: "expected '}' before end of string" }],
  ["{l[0]x}", [], { error: "ValueError", message: "Only '.' or '[' may follow ']' in format field specifier" }],
  ["{l[0].x}", [], { error: "AttributeError", message: "'str' object has no attribute 'x'" }],
  ["{s.x}", [], { error: "AttributeError", message: "'str' object has no attribute 'x'" }],
  ["{s.}", [], { error: "ValueError", message: "Empty attribute in format string" }],
  ["{s..x}", [], { error: "ValueError", message: "Empty attribute in format string" }],
  ["{s.__class__}", [], "<class 'str'>"],
  ["{i.__class__}", [], "<class 'int'>"],
  ["{n.__class__}", [], "<class 'NoneType'>"],
  ["{d.__class__}", [], "<class 'dict'>"],
  ["{i.real}", [], "42"],
  ["{i.imag}", [], "0"],
  ["{i.numerator}", [], "42"],
  ["{i.denominator}", [], "1"],
  ["{t.real}", [], "1"],
  ["{f.real}", [], "3.5"],
  ["{f.imag}", [], "0.0"],
  ["{n.x}", [], { error: "AttributeError", message: "'NoneType' object has no attribute 'x'" }],
  ["{l.x}", [], { error: "AttributeError", message: "'list' object has no attribute 'x'" }],
  ["{d.k}", [], { error: "AttributeError", message: "'dict' object has no attribute 'k'" }],
  ["{i.nope}", [], { error: "AttributeError", message: "'int' object has no attribute 'nope'" }],
  ["{f.numerator}", [], { error: "AttributeError", message: "'float' object has no attribute 'numerator'" }],
  ["{.x}", [], { error: "IndexError", message: "Replacement index 0 out of range for positional args tuple" }],
  ["{[0]}", [], { error: "IndexError", message: "Replacement index 0 out of range for positional args tuple" }],
  ["{.x}", ["abc"], { error: "AttributeError", message: "'str' object has no attribute 'x'" }],
  ["{99999999999999999999}", [], { error: "ValueError", message: "Too many decimal digits in format string" }],
  ["{l[99999999999999999999]}", [], { error: "ValueError", message: "Too many decimal digits in format string" }],
  ["{9223372036854775807}", [], { error: "IndexError", message: "Replacement index 9223372036854775807 out of range for positional args tuple" }],
  ["{0x}", [], { error: "KeyError", message: "'0x'" }],
  ["{ s}", [], { error: "KeyError", message: "' s'" }],
  ["{-1}", [], { error: "KeyError", message: "'-1'" }],
  ["{s:>{w}}", [], "     abc"],
  ["{s:{sp}}", [], "       abc"],
  ["{f:.{p}f}", [], "3.50"],
  ["{f:{w}.{p}f}", [], "    3.50"],
  ["{s:{w:{p}}}", [], { error: "ValueError", message: "Max string recursion exceeded" }],
  ["{s:{missing}}", [], { error: "KeyError", message: "'missing'" }],
  ["{s:{{}}}", [], { error: "ValueError", message: "Invalid format specifier '{}' for object of type 'str'" }],
  ["{s:>{w}", [], { error: "ValueError", message: "unmatched '{' in format spec" }],
  ["{s:x}", [], { error: "ValueError", message: "Unknown format code 'x' for object of type 'str'" }],
  ["{i:s}", [], { error: "ValueError", message: "Unknown format code 's' for object of type 'int'" }],
  ["{n:>5}", [], { error: "TypeError", message: "unsupported format string passed to NoneType.__format__" }],
  ["{l:>5}", [], { error: "TypeError", message: "unsupported format string passed to list.__format__" }],
  ["{d:x}", [], { error: "TypeError", message: "unsupported format string passed to dict.__format__" }],
  ["{i:,}", [], "42"],
  ["{big:_}", [], "100_000_000_000_000_000_000"],
  ["{f:.2f}", [], "3.50"],
  ["{missing}{", [], { error: "KeyError", message: "'missing'" }],
  ["{s}{", [], { error: "ValueError", message: "Single '{' encountered in format string" }],
  ["{s}}", [], { error: "ValueError", message: "Single '}' encountered in format string" }],
  ["}{missing}", [], { error: "ValueError", message: "Single '}' encountered in format string" }],
  ["{s}{missing", [], { error: "ValueError", message: "expected '}' before end of string" }],
  ["{s:{", [], { error: "ValueError", message: "unmatched '{' in format spec" }],
  ["{s!r", [], { error: "ValueError", message: "unmatched '{' in format spec" }],
  ["{{s}}", [], "{s}"],
  ["{{{s}}}", [], "{abc}"],
  ["a{s}b{i}c", [], "aabcb42c"],
  ["{s!r:^9}", [], "  'abc'  "],
  ["{e!r}", [], "''"],
  ["{fl}", [], "0.1"],
  ["{neg:+}", [], "-7"],
  ["{l[0][0]}", [], "a"],
  ["{l[2][0]}", [], { error: "TypeError", message: "'int' object is not subscriptable" }],
  ["{s:{w}}{}", ["x"], "abc     x"],
  ["{s:{}}{}", [4n, "x"], "abc x"],
  ["{:{}}{}", ["a", 3n, "b"], "a  b"],
  ["{s!r:d}", [], { error: "ValueError", message: "Unknown format code 'd' for object of type 'str'" }],
  ["{i:.2}", [], { error: "ValueError", message: "Precision not allowed in integer format specifier" }],
  ["{f:,d}", [], { error: "ValueError", message: "Unknown format code 'd' for object of type 'float'" }],
  ["{l:}", [], "['a', 'b', 3]"],
  ["{n:}", [], "None"],
  ["{t:d}", [], "1"],
  ["{big:c}", [], { error: "OverflowError", message: "Python int too large to convert to C long" }],
  ["{i:c}", [], "*"],
  ["{0[0]}", [["x", "y"]], "x"],
  ["{0.real}", [7n], "7"],
  ["{:}", ["a"], "a"],
  ["{007}", ["a"], { error: "IndexError", message: "Replacement index 7 out of range for positional args tuple" }],
  ["{0}{0}", ["r"], "rr"],
  ["{f:{p}}", [], "3.5"],
  ["{s:>{w}.{p}}", [], "      ab"],
  ["{d[nested]}", [], "{'z': [1, 2]}"],
  ["{d!s}", [], "{'k': 'v', '0': 'zero', 'nested': {'z': [1, 2]}}"],
  ["{q}", [], "it's"],
  ["{uni:*^9}", [], "**héllo**"],
  ["{neg:05}", [], "-0007"],
  ["{f:%}", [], "350.000000%"],
  ["{i:x}", [], "2a"],
  ["{fl:.3}", [], "0.1"],
  ["{s!s:.1}", [], "a"],
  ["{l[0]!r}", [], "'a'"],
  ["{e:>3}", [], "   "],
  ["}}{{", [], "}{"],
  ["{ }", [], { error: "KeyError", message: "' '" }],
  ["{s:{{}", [], { error: "ValueError", message: "unmatched '{' in format spec" }],
];

/** [format string, keyword arguments, `s.format(**kwargs)`] */
const FORMAT_WITH_KWARGS: [string, Record<string, PyObject>, Outcome][] = [
  ["{x}", { x: "a\nb" }, "a\nb"],
  ["{x!r}", { x: "a\nb\t'\"" }, "'a\\nb\\t\\'\"'"],
  ["{x!a}", { x: "😀é€" }, "'\\U0001f600\\xe9\\u20ac'"],
  ["{x!r}", { x: "\u007f\u0000" }, "'\\x7f\\x00'"],
];

function outcome(text: string, kwargs: ReadonlyMap<string, PyObject>, positional: PyObject[] = []): Outcome {
  const result = formatString(text, kwargs, positional);
  return result.ok ? result.text : { error: result.error.type, message: result.error.message };
}

describe('parseFormatString is string.Formatter().parse', () => {
  it.each(PARSE)('parse(%j)', (text, items, error) => {
    const parsed = parseFormatString(text);
    const ours = parsed.items.map((item): Item => [item.literal, item.field?.name ?? null, item.field?.spec ?? null, item.field?.conversion ?? null]);
    expect(ours).toEqual(items);
    expect(parsed.error?.message ?? null).toBe(error);
  });

  it.each<[string, { start: number; end: number; nameStart: number; nameEnd: number; specStart: number }[]]>([
    ['{x}', [{ start: 0, end: 3, nameStart: 1, nameEnd: 2, specStart: 2 }]],
    ['a{x!r:>5}b', [{ start: 1, end: 9, nameStart: 2, nameEnd: 3, specStart: 6 }]],
    ['{{ {long_name:{w}} }}', [{ start: 3, end: 18, nameStart: 4, nameEnd: 13, specStart: 14 }]],
    ['{}{0}', [{ start: 0, end: 2, nameStart: 1, nameEnd: 1, specStart: 1 }, { start: 2, end: 5, nameStart: 3, nameEnd: 4, specStart: 4 }]],
    ['😀{é}', [{ start: 2, end: 5, nameStart: 3, nameEnd: 4, specStart: 4 }]],
  ])('field offsets of %j', (text, expected) => {
    const fields = parseFormatString(text).items.flatMap((item) => (item.field ? [item.field] : []));
    expect(fields.map(({ start, end, nameStart, nameEnd, specStart }) => ({ start, end, nameStart, nameEnd, specStart }))).toEqual(expected);
  });

  it.each<[string, string, number]>([
    ['ab}', "Single '}' encountered in format string", 2],
    ['ab{', "Single '{' encountered in format string", 2],
    ['{x', "expected '}' before end of string", 2],
    ['{x{', "unexpected '{' in field name", 2],
    ['{x:{y}', "unmatched '{' in format spec", 6],
    ['a{x!', 'end of string while looking for conversion specifier', 4],
    ['{x!rr}', "expected ':' after conversion specifier", 4],
  ])('error offset in %j', (text, message, offset) => {
    expect(parseFormatString(text).error).toEqual({ message, offset });
  });
});

describe('extractKeys is SWE-agent\'s _extract_keys', () => {
  it.each(KEYS)('keys of %j', (text, expected) => {
    const result = extractKeys(text);
    if (typeof expected === 'string') expect('error' in result && result.error.message).toBe(expected);
    else expect('keys' in result && [...result.keys].sort()).toEqual(expected);
  });
});

describe('formatString is str.format', () => {
  it.each(FORMAT_WITH_V)('%j.format(*[%s], **V)', (text, positional, expected) => {
    expect(outcome(text, V, positional)).toEqual(expected);
  });

  it.each(FORMAT_WITH_KWARGS)('%j.format(**kwargs #%#)', (text, kwargs, expected) => {
    expect(outcome(text, new Map(Object.entries(kwargs)))).toEqual(expected);
  });

  it('renders a bound method as Python prints it, with the address marked as unknown', () => {
    // Python: '<built-in method upper of str object at 0x7f94b3535660>'; the address differs in every run.
    expect(outcome('{s.upper}', V)).toBe('<built-in method upper of str object at 0x????????????>');
    expect(outcome('{s.__eq__}', V)).toBe("<method-wrapper '__eq__' of str object at 0x????????????>");
    expect(outcome('{s.maketrans}', V)).toBe('<built-in method maketrans of type object at 0x????????????>');
    expect(outcome('{s.__class__}', V)).toBe("<class 'str'>");
  });

  it.each<[string, string, number, [number, number] | null]>([
    ['{s}{missing}', 'KeyError', 4, [3, 12]],
    ['ab{l[9]}', 'IndexError', 3, [2, 8]],
    ['{s:{missing}}', 'KeyError', 4, [3, 12]],
    ['{s:{w:{p}}}', 'ValueError', 6, null],
    ['{s}}x}', 'ValueError', 3, null],
    ['{s:{}', 'ValueError', 5, null],
  ])('locates the failure of %j', (text, type, offset, field) => {
    const result = formatString(text, V);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.type).toBe(type);
    expect(result.error.offset).toBe(offset);
    expect(result.error.field && [result.error.field.start, result.error.field.end]).toEqual(field);
  });
});

describe('formatString beyond the ASCII digits and the rendered-text budget', () => {
  // CPython 3.11.7.
  it.each<[string, PyObject[], Outcome]>([
    ['{١}', ['a', 'b'], 'b'],
    ['{𝟙}', ['a', 'b'], 'b'],
    ['{٩٩}', [], { error: 'IndexError', message: 'Replacement index 99 out of range for positional args tuple' }],
    ['{0[١]}', [['a', 'b']], 'b'],
    ['{:>٣}|', ['x'], '  x|'],
  ])('%j.format(*%j) reads decimal digits of any script as a number', (text, positional, expected) => {
    expect(outcome(text, new Map(), positional)).toEqual(expected);
  });

  it('reads a superscript digit (not decimal) as a keyword, as Python does', () => {
    expect(outcome('{²}', new Map([['²', 'sup']]))).toBe('sup');
  });

  it('prints a list or dict that contains itself as Python does', () => {
    const list: PyObject[] = [];
    list.push(list);
    const dict = new PyDict(new Map());
    dict.entries.set('x', dict);
    const outer: PyObject[] = [];
    outer.push(new PyDict(new Map([['a', outer]])));
    expect(outcome('{l} {l!r} {d} {o}', new Map<string, PyObject>([['l', list], ['d', dict], ['o', outer]]))).toBe("[[...]] [[...]] {'x': {...}} [{'a': [...]}]");
  });

  it('measures a text of several fields together, and cuts it at the budget', () => {
    const result = formatString('{s:>60000}{s:>60000}!', V);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.rendered.length).toBe(120_001);
    expect(result.rendered.complete).toBe(false);
    expect(result.text.length).toBe(BUDGETS.renderedTextChars);
    expect(result.longest?.length).toBe(60_000);
  });

  it('stops printing a list that shares itself a billion times over, at the budget, without measuring it', () => {
    let bomb: PyObject = ['x', 'x', 'x', 'x', 'x', 'x', 'x', 'x', 'x', 'x'];
    for (let i = 0; i < 9; i++) bomb = Array(10).fill(bomb);
    const result = formatString('{b}', new Map([['b', bomb]]));
    if (!result.ok) throw new Error(result.error.message);
    expect(result.rendered.complete).toBe(false);
    expect(result.rendered.exact).toBe(false);
    expect(result.text.startsWith('[[[[[[[[[[')).toBe(true);
    expect(result.text.length).toBeLessThanOrEqual(BUDGETS.renderedTextChars);
  });
});
