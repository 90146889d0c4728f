/**
 * A small model of the Python values that reach `str.format`, Jinja and
 * pydantic in SWE-agent: env variables, tool-call arguments, YAML scalars.
 *
 * Python int is `bigint`, Python float is `number`, `null` is None. Lists and
 * dicts may share items and contain themselves (YAML anchors), as in Python:
 * repr walks them without recursion and within the rendered-text budget.
 */
import { BUDGETS } from '../budgets';
import { RenderedText } from './renderedText';
import { charged, spend } from '../work';

export type PyObject = string | bigint | number | boolean | null | PyObject[] | PyDict;

export class PyDict {
  constructor(readonly entries: Map<string, PyObject> = new Map()) {}
}

/**
 * Python tuples are lists marked as tuples (a symbol-keyed property): they
 * index, iterate and measure as lists do, and differ where Python's do (repr
 * `(1,)`, type name, `==`). A copy (`[...tuple]`) is a list, as `list(t)`.
 * Only Jinja makes them (tuple literals, `dict.items()`); YAML and JSON never do.
 */
const TUPLE = Symbol('tuple');

export function pyTuple(items: PyObject[]): PyObject[] {
  Object.defineProperty(items, TUPLE, { value: true });
  return items;
}

export function isPyTuple(value: unknown): boolean {
  return Array.isArray(value) && (value as unknown as Record<symbol, unknown>)[TUPLE] === true;
}

export function pyTypeName(value: PyObject): string {
  if (value === null) return 'NoneType';
  switch (typeof value) {
    case 'string':
      return 'str';
    case 'bigint':
      return 'int';
    case 'number':
      return 'float';
    case 'boolean':
      return 'bool';
  }
  if (Array.isArray(value)) return isPyTuple(value) ? 'tuple' : 'list';
  return 'dict';
}

/** Python's repr() of a str: single quotes unless the text has ' and no ". */
export function pyReprString(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of text) {
    spend();
    const code = ch.codePointAt(0)!;
    if (ch === quote || ch === '\\') out += '\\' + ch;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += '\\x' + code.toString(16).padStart(2, '0');
    else if (!isPrintable(code)) out += escapeNonPrintable(code);
    else out += ch;
  }
  return out + quote;
}

function escapeNonPrintable(code: number): string {
  if (code <= 0xff) return '\\x' + code.toString(16).padStart(2, '0');
  if (code <= 0xffff) return '\\u' + code.toString(16).padStart(4, '0');
  return '\\U' + code.toString(16).padStart(8, '0');
}

/**
 * str.isprintable(): false for the categories Cc, Cf, Cs, Co, Cn, Zl, Zp and
 * Zs except the space. Node's Unicode data is newer than CPython 3.11's (14.0),
 * so characters assigned since then count as printable here.
 */
const NON_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

function isPrintable(code: number): boolean {
  return code === 0x20 || !NON_PRINTABLE.test(String.fromCodePoint(code));
}

/** Python's repr() of a float: the shortest round-trip digits, scientific below 1e-4 and from 1e16. */
export function pyReprFloat(value: number): string {
  if (Number.isNaN(value)) return 'nan';
  if (value === Infinity) return 'inf';
  if (value === -Infinity) return '-inf';
  const [mantissa, exponentText] = value.toExponential().split('e');
  const exponent = Number(exponentText);
  const negative = mantissa.startsWith('-') || Object.is(value, -0);
  const digits = mantissa.replace(/^-/, '').replace('.', '');
  let body: string;
  if (exponent < -4 || exponent >= 16) {
    const fraction = digits.slice(1);
    body = digits[0] + (fraction ? '.' + fraction : '') + 'e' + (exponent < 0 ? '-' : '+') + String(Math.abs(exponent)).padStart(2, '0');
  } else if (exponent < 0) {
    body = '0.' + '0'.repeat(-exponent - 1) + digits;
  } else {
    const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, '0');
    const fraction = digits.slice(exponent + 1);
    body = whole + '.' + (fraction || '0');
  }
  return (negative ? '-' : '') + body;
}

function scalarRepr(value: string | bigint | number | boolean | null): string {
  if (value === null) return 'None';
  switch (typeof value) {
    case 'string':
      return pyReprString(value);
    case 'bigint':
      return value.toString();
    case 'number':
      return pyReprFloat(value);
    default:
      return value ? 'True' : 'False';
  }
}

type ReprFrame = { list: PyObject[]; next: number } | { dict: PyDict; entries: Iterator<[string, PyObject]>; first: boolean };

/**
 * Python's repr(), written into `out`: a list or dict being printed that
 * contains itself prints as `[...]` / `{...}` (Py_ReprEnter), and printing
 * stops once `out` is full (a list that shares itself a thousand times over
 * reprs to more than memory holds), leaving `out` marked as cut and unmeasured.
 * Iterative, so no nesting depth can overflow the stack.
 */
export function pyReprInto(value: PyObject, out: RenderedText): RenderedText {
  const stack: ReprFrame[] = [];
  const active = new Set<object>();
  const write = (item: PyObject) => {
    if (!Array.isArray(item) && !(item instanceof PyDict)) out.add(scalarRepr(item));
    else if (active.has(item)) out.add(Array.isArray(item) ? '[...]' : '{...}');
    else {
      active.add(item);
      if (Array.isArray(item)) {
        out.add(isPyTuple(item) ? '(' : '[');
        stack.push({ list: item, next: 0 });
      } else {
        out.add('{');
        stack.push({ dict: item, entries: item.entries.entries(), first: true });
      }
    }
  };
  write(value);
  while (stack.length > 0) {
    spend();
    if (out.full) {
      out.stop();
      break;
    }
    const top = stack[stack.length - 1];
    if ('list' in top) {
      if (top.next < top.list.length) {
        if (top.next > 0) out.add(', ');
        write(top.list[top.next++]);
        continue;
      }
      out.add(!isPyTuple(top.list) ? ']' : top.list.length === 1 ? ',)' : ')');
      active.delete(top.list);
    } else {
      const entry = top.entries.next();
      if (!entry.done) {
        out.add(top.first ? '' : ', ').add(pyReprString(entry.value[0])).add(': ');
        top.first = false;
        write(entry.value[1]);
        continue;
      }
      out.add('}');
      active.delete(top.dict);
    }
    stack.pop();
  }
  return out;
}

/** Python's str(), written into `out` (see pyReprInto). */
export function pyStrInto(value: PyObject, out: RenderedText): RenderedText {
  return typeof value === 'string' ? out.add(value) : pyReprInto(value, out);
}

/** Python's repr(), cut at the rendered-text budget. */
export function pyRepr(value: PyObject): string {
  return pyReprInto(value, new RenderedText()).text;
}

/** Python's str(), cut at the rendered-text budget. */
export function pyStr(value: PyObject): string {
  return typeof value === 'string' ? value : pyRepr(value);
}

/** Python's repr() of a set of strings, in a stable (sorted) order. */
export function pyReprStringSet(items: Iterable<string>): string {
  const sorted = [...items].sort();
  return sorted.length === 0 ? 'set()' : '{' + charged(sorted).map(pyReprString).join(', ') + '}';
}

export type FromJson = { ok: true; value: PyObject } | { ok: false; problem: string };

/**
 * Converts parsed JSON (env.json, settings) into Python values: integral
 * numbers become int. Values nested deeper than `BUDGETS.valueDepth` are
 * refused with a problem (the conversion recurses once per level, so it
 * stops there).
 */
export function pyObjectFromJson(value: unknown, depth = 0): FromJson {
  spend();
  if (value === null || value === undefined) return { ok: true, value: null };
  if (typeof value === 'string' || typeof value === 'boolean') return { ok: true, value };
  if (typeof value === 'number') return { ok: true, value: Number.isInteger(value) ? BigInt(value) : value };
  if (typeof value !== 'object') return { ok: true, value: String(value) };
  if (depth >= BUDGETS.valueDepth) return { ok: false, problem: `nested more than ${BUDGETS.valueDepth} levels deep` };
  if (Array.isArray(value)) {
    const items: PyObject[] = [];
    for (const item of value) {
      spend();
      const converted = pyObjectFromJson(item, depth + 1);
      if (!converted.ok) return converted;
      items.push(converted.value);
    }
    return { ok: true, value: items };
  }
  const entries = new Map<string, PyObject>();
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    spend();
    const converted = pyObjectFromJson(v, depth + 1);
    if (!converted.ok) return converted;
    entries.set(k, converted.value);
  }
  return { ok: true, value: new PyDict(entries) };
}
