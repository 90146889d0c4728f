/**
 * Python's format-string machinery, ported for behaviour:
 * - `parseFormatString` is `string.Formatter().parse` (CPython's MarkupIterator),
 *   which SWE-agent's `_extract_keys` uses on `invoke_format`;
 * - `formatString` is `str.format(*args, **kwargs)`, which SWE-agent applies to
 *   docstrings (`generate_command_docs`) and to `invoke_format` at call time.
 *
 * Offsets are indices into the format string, so callers can map a problem
 * back into the YAML source.
 */
import { PyDict, PyObject, pyReprInto, pyReprString, pyTypeName } from './pyObject';
import { formatValue } from './formatSpec';
import { pyAttribute } from './pyAttributes';
import { RenderedText } from './renderedText';
import { decimalValue, isDecimalString } from './unicodeDigits';
import { charged, spend } from '../work';

export interface FormatField {
  /** The field name as `Formatter().parse` yields it, e.g. `a.b` or `0` or ``. */
  name: string;
  nameStart: number;
  nameEnd: number;
  /** The conversion character, if any (`r` in `{x!r}`). */
  conversion: string | null;
  spec: string;
  specStart: number;
  specNeedsExpanding: boolean;
  /** Offsets of the whole `{...}` replacement field. */
  start: number;
  end: number;
}

interface FormatItem {
  literal: string;
  literalStart: number;
  field: FormatField | null;
}

export interface FormatSyntaxError {
  message: string;
  /** Where the problem was detected. */
  offset: number;
}

export interface ParsedFormatString {
  /** The items parsed before any error, in order. */
  items: FormatItem[];
  error: FormatSyntaxError | null;
}

/** Port of MarkupIterator_next + parse_field. Never throws. */
export function parseFormatString(text: string): ParsedFormatString {
  const items: FormatItem[] = [];
  const end = text.length;
  let pos = 0;
  while (pos < end) {
    spend();
    const literalStart = pos;
    let c = '';
    let markupFollows = false;
    while (pos < end) {
      spend();
      c = text[pos++];
      if (c === '{' || c === '}') {
        markupFollows = true;
        break;
      }
    }
    const atEnd = pos >= end;
    let len = pos - literalStart;
    if (c === '}' && (atEnd || c !== text[pos])) {
      return { items, error: { message: "Single '}' encountered in format string", offset: pos - 1 } };
    }
    if (atEnd && c === '{') {
      return { items, error: { message: "Single '{' encountered in format string", offset: pos - 1 } };
    }
    if (!atEnd) {
      if (c === text[pos]) {
        pos++;
        markupFollows = false;
      } else {
        len--;
      }
    }
    const literal = text.slice(literalStart, literalStart + len);
    if (!markupFollows) {
      items.push({ literal, literalStart, field: null });
      continue;
    }
    const fieldStart = pos - 1;
    const parsed = parseField(text, pos);
    if ('message' in parsed) return { items, error: parsed };
    items.push({ literal, literalStart, field: { ...parsed.field, start: fieldStart, end: parsed.next } });
    pos = parsed.next;
  }
  return { items, error: null };
}

function parseField(
  text: string,
  start: number,
): { field: Omit<FormatField, 'start' | 'end'>; next: number } | FormatSyntaxError {
  const end = text.length;
  let pos = start;
  let c = '';
  let terminated = false;
  while (pos < end) {
    spend();
    c = text[pos++];
    if (c === '{') return { message: "unexpected '{' in field name", offset: pos - 1 };
    if (c === '[') {
      while (pos < end && text[pos] !== ']') {
        spend();
        pos++;
      }
      continue;
    }
    if (c === '}' || c === ':' || c === '!') {
      terminated = true;
      break;
    }
  }
  const nameStart = start;
  const nameEnd = pos - 1;
  const name = text.slice(nameStart, Math.max(nameStart, nameEnd));
  if (terminated && (c === '!' || c === ':')) {
    let conversion: string | null = null;
    if (c === '!') {
      if (pos >= end) return { message: 'end of string while looking for conversion specifier', offset: pos };
      conversion = String.fromCodePoint(text.codePointAt(pos)!);
      pos += conversion.length;
      if (pos < end) {
        const next = text[pos++];
        if (next === '}') {
          return { field: { name, nameStart, nameEnd, conversion, spec: '', specStart: pos - 1, specNeedsExpanding: false }, next: pos };
        }
        if (next !== ':') return { message: "expected ':' after conversion specifier", offset: pos - 1 };
      }
    }
    const specStart = pos;
    let depth = 1;
    let needsExpanding = false;
    while (pos < end) {
      spend();
      const ch = text[pos++];
      if (ch === '{') {
        needsExpanding = true;
        depth++;
      } else if (ch === '}') {
        depth--;
        if (depth === 0) {
          return {
            field: { name, nameStart, nameEnd, conversion, spec: text.slice(specStart, pos - 1), specStart, specNeedsExpanding: needsExpanding },
            next: pos,
          };
        }
      }
    }
    return { message: "unmatched '{' in format spec", offset: pos };
  }
  if (!terminated || c !== '}') return { message: "expected '}' before end of string", offset: pos };
  return { field: { name, nameStart, nameEnd, conversion: null, spec: '', specStart: pos - 1, specNeedsExpanding: false }, next: pos };
}

/** SWE-agent's `_extract_keys`: the set of field names, or the parse error. */
export function extractKeys(text: string): { keys: Set<string>; fields: FormatField[] } | { error: FormatSyntaxError } {
  const parsed = parseFormatString(text);
  if (parsed.error) return { error: parsed.error };
  const fields = charged(parsed.items).flatMap((item) => (item.field ? [item.field] : []));
  return { keys: new Set(charged(fields).map((f) => f.name)), fields };
}

type FormatErrorType = 'KeyError' | 'ValueError' | 'IndexError' | 'AttributeError' | 'TypeError' | 'OverflowError';

export interface FormatEvalError {
  type: FormatErrorType;
  message: string;
  /** The replacement field that failed, when the failure belongs to one. */
  field: FormatField | null;
  offset: number;
}

/**
 * `text` is the result, cut at the rendered-text budget when it is longer;
 * `rendered` has its exact length (a width of 500,000,000 is measured, not built).
 */
export type FormatResult = { ok: true; text: string; rendered: RenderedText; longest: LongestField | null } | { ok: false; error: FormatEvalError };

/** The replacement field whose value is longest: what to point at when the text is over its budget. */
export interface LongestField {
  field: FormatField;
  length: number;
}

class FormatFailure extends Error {
  constructor(readonly failure: FormatEvalError) {
    super(failure.message);
  }
}

interface AutoNumber {
  state: 'init' | 'auto' | 'manual';
  next: number;
}

/**
 * `text.format(*positional, **kwargs)`. Attribute access on values is limited
 * to the attributes Python's str/int/float/list/dict have; a bound method
 * renders as `<built-in method NAME>`.
 */
export function formatString(text: string, kwargs: ReadonlyMap<string, PyObject>, positional: readonly PyObject[] = []): FormatResult {
  try {
    const longest: { value: LongestField | null } = { value: null };
    const rendered = buildString(text, 0, kwargs, positional, 2, { state: 'init', next: 0 }, new Map(), longest);
    return { ok: true, text: rendered.text, rendered, longest: longest.value };
  } catch (e) {
    if (e instanceof FormatFailure) return { ok: false, error: e.failure };
    throw e;
  }
}

function buildString(
  text: string,
  baseOffset: number,
  kwargs: ReadonlyMap<string, PyObject>,
  positional: readonly PyObject[],
  depth: number,
  auto: AutoNumber,
  split: SplitStrings,
  longest: { value: LongestField | null } = { value: null },
): RenderedText {
  spend();
  // Python's own recursion budget for nested specs (`{x:{w}}`): two levels.
  if (depth <= 0) throw new FormatFailure({ type: 'ValueError', message: 'Max string recursion exceeded', field: null, offset: baseOffset });
  const parsed = parseFormatString(text);
  const out = new RenderedText();
  for (const item of parsed.items) {
    spend();
    out.add(item.literal);
    const field = item.field;
    if (!field) continue;
    const shifted: FormatField = {
      ...field,
      nameStart: field.nameStart + baseOffset,
      nameEnd: field.nameEnd + baseOffset,
      specStart: field.specStart + baseOffset,
      start: field.start + baseOffset,
      end: field.end + baseOffset,
    };
    const fail = (type: FormatErrorType, message: string): never => {
      throw new FormatFailure({ type, message, field: shifted, offset: shifted.nameStart });
    };
    let value = getFieldObject(field.name, kwargs, positional, auto, split, fail);
    if (field.conversion !== null) {
      const converted = convert(value, field.conversion, fail);
      if (!converted.complete) {
        // A repr past the budget: its start is all there is to show, and its length is not known.
        out.addText(converted);
        out.stop();
        continue;
      }
      value = converted.text;
    }
    let spec = field.spec;
    if (field.specNeedsExpanding) {
      const expanded = buildString(field.spec, shifted.specStart, kwargs, positional, depth - 1, auto, split);
      // No spec past the budget is one CPython accepts: its width would pass 2^63 (this message), or it is no spec at all (an invalid one).
      if (!expanded.complete) fail('ValueError', 'Too many decimal digits in format string');
      spec = expanded.text;
    }
    const formatted = formatValue(value, spec);
    if (!formatted.ok) fail(formatted.errorType, formatted.message);
    else {
      out.addText(formatted.text);
      if (formatted.text.length > (longest.value?.length ?? 0)) longest.value = { field: shifted, length: formatted.text.length };
    }
  }
  if (parsed.error) {
    throw new FormatFailure({ type: 'ValueError', message: parsed.error.message, field: null, offset: parsed.error.offset + baseOffset });
  }
  return out;
}

const MAX_SSIZE = 2n ** 63n - 1n;

/** CPython's get_integer: -1 when not all decimal digits (of any script: `{١}` is 1); "Too many decimal digits" on overflow. */
function integerOf(text: string, fail: (type: FormatErrorType, message: string) => never): number {
  if (!isDecimalString(text)) return -1;
  const value = decimalValue(text);
  if (value > MAX_SSIZE) fail('ValueError', 'Too many decimal digits in format string');
  return Number(value);
}

function getFieldObject(
  name: string,
  kwargs: ReadonlyMap<string, PyObject>,
  positional: readonly PyObject[],
  auto: AutoNumber,
  split: SplitStrings,
  fail: (type: FormatErrorType, message: string) => never,
): PyObject {
  let i = 0;
  while (i < name.length && name[i] !== '.' && name[i] !== '[') {
    spend();
    i++;
  }
  const first = name.slice(0, i);
  let index = integerOf(first, fail);
  const isEmpty = first.length === 0;
  // Only numbered and empty fields take part in auto-numbering; keywords do not.
  if (isEmpty || index !== -1) {
    if (auto.state === 'init') auto.state = isEmpty ? 'auto' : 'manual';
    if (auto.state === 'manual' && isEmpty) {
      fail('ValueError', 'cannot switch from manual field specification to automatic field numbering');
    }
    if (auto.state === 'auto' && !isEmpty) {
      fail('ValueError', 'cannot switch from automatic field numbering to manual field specification');
    }
    if (isEmpty) index = auto.next++;
  }
  let value: PyObject;
  if (index === -1) {
    if (!kwargs.has(first)) fail('KeyError', pyReprString(first));
    value = kwargs.get(first)!;
  } else {
    if (index >= positional.length) fail('IndexError', `Replacement index ${isEmpty ? index : decimalValue(first)} out of range for positional args tuple`);
    value = positional[index];
  }
  let pos = i;
  while (pos < name.length) {
    spend();
    const kind = name[pos++];
    let part: string;
    if (kind === '.') {
      const start = pos;
      while (pos < name.length && name[pos] !== '.' && name[pos] !== '[') {
        spend();
        pos++;
      }
      part = name.slice(start, pos);
      if (part.length === 0) fail('ValueError', 'Empty attribute in format string');
      value = getAttribute(value, part, fail);
    } else if (kind === '[') {
      const start = pos;
      while (pos < name.length && name[pos] !== ']') {
        spend();
        pos++;
      }
      if (pos >= name.length) fail('ValueError', "Missing ']' in format string");
      part = name.slice(start, pos);
      pos++;
      if (part.length === 0) fail('ValueError', 'Empty attribute in format string');
      const itemIndex = integerOf(part, fail);
      value = getItem(value, itemIndex === -1 ? part : itemIndex, split, fail);
    } else {
      fail('ValueError', "Only '.' or '[' may follow ']' in format field specifier");
    }
  }
  return value;
}

function getAttribute(value: PyObject, attribute: string, fail: (type: FormatErrorType, message: string) => never): PyObject {
  const found = pyAttribute(value, attribute);
  if (found === undefined) fail('AttributeError', `'${pyTypeName(value)}' object has no attribute ${pyReprString(attribute)}`);
  return found!;
}

/**
 * The strs one formatting has indexed, split into code points (Python indexes
 * a str by code point): a docstring with 100,000 `{X[0]}` over one 1 MB env
 * value splits it once, not once per field.
 */
type SplitStrings = Map<string, readonly string[]>;

function getItem(value: PyObject, key: string | number, split: SplitStrings, fail: (type: FormatErrorType, message: string) => never): PyObject {
  const typeName = pyTypeName(value);
  if (typeof value === 'string' || Array.isArray(value)) {
    if (typeof key === 'string') {
      fail('TypeError', typeName === 'str' ? "string indices must be integers, not 'str'" : 'list indices must be integers or slices, not str');
    }
    let items: readonly PyObject[] = Array.isArray(value) ? value : (split.get(value as string) ?? []);
    if (typeof value === 'string' && !split.has(value)) split.set(value, (items = [...value]));
    if ((key as number) >= items.length) fail('IndexError', `${typeName === 'str' ? 'string' : 'list'} index out of range`);
    return items[key as number];
  }
  if (value instanceof PyDict) {
    // Python looks the key up as given: "0" stays a str only if it was not all digits.
    if (typeof key === 'number' || !value.entries.has(key)) fail('KeyError', typeof key === 'number' ? String(key) : pyReprString(key));
    return value.entries.get(key as string)!;
  }
  return fail('TypeError', `'${typeName}' object is not subscriptable`);
}

/** `!r`, `!s` and `!a`, rendered within the budget (a list that shares itself can repr to more than memory holds). */
function convert(value: PyObject, conversion: string, fail: (type: FormatErrorType, message: string) => never): RenderedText {
  switch (conversion) {
    case 'r':
      return pyReprInto(value, new RenderedText());
    case 's':
      return typeof value === 'string' ? new RenderedText(Infinity).add(value) : pyReprInto(value, new RenderedText());
    case 'a': {
      const repr = pyReprInto(value, new RenderedText());
      const ascii = new RenderedText(Infinity).add(asciiRepr(repr.text));
      if (!repr.complete) ascii.stop();
      return ascii;
    }
  }
  const code = conversion.codePointAt(0)!;
  if (code > 32 && code < 127) fail('ValueError', `Unknown conversion specifier ${conversion}`);
  return fail('ValueError', `Unknown conversion specifier \\x${code.toString(16)}`);
}

function asciiRepr(text: string): string {
  let out = '';
  for (const ch of text) {
    spend();
    const code = ch.codePointAt(0)!;
    if (code < 0x80) out += ch;
    else if (code <= 0xff) out += '\\x' + code.toString(16).padStart(2, '0');
    else if (code <= 0xffff) out += '\\u' + code.toString(16).padStart(4, '0');
    else out += '\\U' + code.toString(16).padStart(8, '0');
  }
  return out;
}
