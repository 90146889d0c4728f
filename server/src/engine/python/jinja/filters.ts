/**
 * Jinja2 3.1's builtin filters and tests (jinja2/filters.py, tests.py) on the
 * modelled values. A filter the port does not model, or an argument it does
 * not take, is `unsupported`; arguments bind by position and by keyword as
 * the Python signatures do.
 */
import { BUDGETS } from '../../budgets';
import { OrderingError, pyCompare, pyEquals, TooDeep } from '../pyCompare';
import { formatValue } from '../formatSpec';
import { pyJsonDumps } from '../pyJson';
import { pythonFloat } from '../pyNumberText';
import { isPyTuple, PyDict, PyObject, pyReprString, pyTuple, pyTypeName } from '../pyObject';
import { pyPercentFormat } from '../pyPercentFormat';
import { pyCapitalize, pyCenter, pyReplace, pyReplacedLength, pyRsplit, pySplitlines, pyStripSides } from '../pyStrMethods';
import { FILTERS, TESTS } from './check';
import { JinjaError, LimitExceeded, UNDEFINED, Unsupported } from './errors';
import { checkLength, data, iterate, lengthOf, Markup, OneShot, plain, toText, truthy, Value } from './values';
import { charged, spend } from '../../work';

/** What a filter may need of the rendering: its step budget, and other filters and tests (`map`, `select`). */
export interface FilterContext {
  charge(steps: number): void;
  applyFilter(name: string, target: Value, args: Value[], kwargs: Map<string, Value>): Value;
  test(name: string, target: Value, args: Value[]): boolean;
}

const REQUIRED = Symbol('required');
type Param = [string, Value | typeof REQUIRED];

/** Binds arguments to a Python signature (after the value); a mismatch is `unsupported` (Python's TypeError words are not modelled). */
function bind(name: string, params: Param[], args: Value[], kwargs: Map<string, Value>): Value[] {
  if (args.length > params.length) throw new Unsupported(`filter '${name}' with ${args.length} arguments`);
  const bound = charged(params).map(([param, fallback], i): Value | typeof REQUIRED => (i < args.length ? args[i] : kwargs.has(param) ? kwargs.get(param)! : fallback));
  for (const key of kwargs.keys()) {
    spend();
    const at = charged(params).findIndex(([param]) => param === key);
    if (at === -1 || at < args.length) throw new Unsupported(`filter '${name}' with the keyword argument '${key}'`);
  }
  if (charged(bound).some((v) => v === REQUIRED)) throw new Unsupported(`filter '${name}' without a required argument`);
  return bound as Value[];
}

const isNumber = (v: Value): v is bigint | number | boolean => typeof v === 'bigint' || typeof v === 'number' || typeof v === 'boolean';
const intOf = (v: Value, what: string): number => {
  if (typeof v === 'bigint' || typeof v === 'boolean') return Number(v);
  throw new Unsupported(`${what} that is not an int`);
};

/** Jinja's `ignore_case`: str lower-cased for a case-insensitive key. */
const ignoreCase = (caseSensitive: Value) => (v: PyObject) => (!caseSensitive && typeof v === 'string' ? v.toLowerCase() : v);

function ordering(a: PyObject, b: PyObject): number {
  try {
    return pyCompare(a, b);
  } catch (e) {
    if (e instanceof OrderingError) throw new JinjaError('TypeError', e.message);
    if (e instanceof TooDeep) throw new LimitExceeded(`a value nests more than ${BUDGETS.valueDepth} levels deep`);
    throw e;
  }
}

function equal(a: PyObject, b: PyObject): boolean {
  try {
    return pyEquals(a, b);
  } catch (e) {
    if (e instanceof TooDeep) throw new LimitExceeded(`a value nests more than ${BUDGETS.valueDepth} levels deep`);
    throw e;
  }
}

/** Python's sorted() with a key (stable). */
function sortedBy(items: PyObject[], key: (v: PyObject) => PyObject, reverse: boolean, ctx: FilterContext): PyObject[] {
  ctx.charge(items.length * Math.max(1, Math.ceil(Math.log2(items.length + 1))));
  const keyed = charged(items).map((item) => ({ item, key: key(item) }));
  // Python's reverse=True keeps equal items in their order, as a stable sort on the reversed comparison does.
  charged(keyed).sort((a, b) => (reverse ? ordering(b.key, a.key) : ordering(a.key, b.key)));
  return charged(keyed).map((k) => k.item);
}

function attributeUnsupported(attribute: Value, name: string): void {
  if (attribute !== null) throw new Unsupported(`filter '${name}' with an attribute`);
}

/** Jinja's `escape` (markupsafe): the five HTML characters. */
function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/>/g, '&gt;').replace(/</g, '&lt;').replace(/'/g, '&#39;').replace(/"/g, '&#34;');
}

/** `round(value, precision)` as Python rounds a float: the exact binary value, ties to even. */
function roundFloat(value: number, precision: number): number {
  if (!Number.isFinite(value) || precision > 300) return value;
  if (precision < 0) throw new Unsupported('round with a negative precision');
  const formatted = formatValue(value, `.${precision}f`);
  if (!formatted.ok || !formatted.text.complete) throw new Unsupported('round of this value');
  return Number(formatted.text.text);
}

function doRound(value: Value, precision: Value, method: Value): Value {
  if (method !== 'common' && method !== 'ceil' && method !== 'floor') throw new JinjaError('FilterArgumentError', 'method must be common, ceil or floor');
  if (typeof precision !== 'bigint') throw new Unsupported('round with a precision that is not an int');
  if (!isNumber(value)) throw new Unsupported(`round of a ${value === UNDEFINED ? 'Undefined' : pyTypeName(plain(value) as PyObject)}`);
  const digits = Number(precision);
  if (method === 'common') {
    if (typeof value === 'number') return roundFloat(value, digits);
    // round(int, n) is the int itself for n >= 0.
    if (digits < 0) throw new Unsupported('round with a negative precision');
    return typeof value === 'boolean' ? (value ? 1n : 0n) : value;
  }
  if (digits < 0 || digits > 15) throw new Unsupported('round with this precision');
  const scale = 10 ** digits;
  const scaled = Number(value) * scale;
  if (!Number.isFinite(scaled)) throw new Unsupported('round of this value');
  return (method === 'floor' ? Math.floor(scaled) : Math.ceil(scaled)) / scale;
}

function doTruncate(text: string, length: Value, killwords: Value, end: Value, leeway: Value): string {
  if (typeof length !== 'bigint' || typeof end !== 'string' || (leeway !== null && typeof leeway !== 'bigint')) throw new Unsupported('truncate with these arguments');
  const size = Number(length);
  const room = leeway === null ? 5 : Number(leeway);
  const endLength = [...end].length;
  if (size < endLength) throw new JinjaError('AssertionError', `expected length >= ${endLength}, got ${size}`);
  if (room < 0) throw new JinjaError('AssertionError', `expected leeway >= 0, got ${room}`);
  const points = [...text];
  if (points.length <= size + room) return text;
  const head = points.slice(0, Math.max(0, size - endLength)).join('');
  return (truthy(killwords) ? head : pyRsplit(head, ' ', 1)[0]) + end;
}


function doIndent(text: string, width: Value, first: Value, blank: Value): string {
  const size = typeof width === 'string' ? 0 : intOf(width, 'indent with a width');
  checkLength(size);
  const indention = typeof width === 'string' ? width : ' '.repeat(Math.max(0, size));
  const lines = pySplitlines(text + '\n', false);
  let out: string;
  if (truthy(blank)) out = lines.join('\n' + indention);
  else {
    out = lines[0];
    if (lines.length > 1) out += '\n' + charged(lines.slice(1)).map((line) => (line ? indention + line : line)).join('\n');
  }
  return truthy(first) ? indention + out : out;
}

const WORD = /[\p{L}\p{N}_]+/gu;
const WORD_BEGINNING = /([-\s({[<]+)/u;

function doTitle(text: string): string {
  return charged(text.split(WORD_BEGINNING))
    .filter((item) => item)
    .map((item) => {
      const [first, ...rest] = [...item];
      return first.toUpperCase() + rest.join('').toLowerCase();
    })
    .join('');
}

function toFloat(value: Value, fallback: Value): Value {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint' || typeof value === 'boolean') {
    const n = Number(value);
    if (!Number.isFinite(n)) throw new JinjaError('OverflowError', 'int too large to convert to float');
    return n;
  }
  if (typeof value === 'string') {
    if (/[^\x00-\x7f]/.test(value)) throw new Unsupported('float of non-ASCII text');
    return pythonFloat(value) ?? fallback;
  }
  if (value === UNDEFINED) throw new Unsupported('float of an undefined value');
  return fallback;
}

/** Jinja's `int` filter: int(value, 10), else int(float(value)), else the default. */
function toInt(value: Value, fallback: Value): Value {
  if (value === UNDEFINED) throw new Unsupported('int of an undefined value');
  if (typeof value === 'bigint') return value;
  if (typeof value === 'boolean') return value ? 1n : 0n;
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return fallback;
    if (!Number.isFinite(value)) throw new JinjaError('OverflowError', 'cannot convert float infinity to integer');
    return BigInt(Math.trunc(value));
  }
  if (typeof value !== 'string') return fallback;
  const text = pyStripSides(value, null, true, true);
  if (/[^\x00-\x7f]/.test(text)) throw new Unsupported('int of non-ASCII text');
  if (/^[+-]?\d(?:_?\d)*$/.test(text)) return BigInt(text.replace(/_/g, ''));
  const float = pythonFloat(text);
  return float !== null && Number.isFinite(float) ? BigInt(Math.trunc(float)) : fallback;
}

function aggregate(items: PyObject[], caseSensitive: Value, pick: (order: number) => boolean): Value {
  if (items.length === 0) return UNDEFINED;
  const key = ignoreCase(caseSensitive);
  let best = items[0];
  for (const item of items.slice(1)) {
    spend();
    if (pick(ordering(key(item), key(best)))) best = item;
  }
  return best;
}

function sum(items: PyObject[], start: Value): Value {
  let total: Value = start;
  for (const item of items) {
    spend();
    if (!isNumber(total) || !isNumber(item)) throw new Unsupported('sum of values that are not numbers');
    const [a, b] = [typeof total === 'boolean' ? BigInt(total) : total, typeof item === 'boolean' ? BigInt(item) : item];
    total = typeof a === 'bigint' && typeof b === 'bigint' ? a + b : Number(a) + Number(b);
  }
  return total;
}

/** `format(value, *args, **kwargs)`: printf-style `%`. */
function doFormat(text: string, args: Value[], kwargs: Map<string, Value>): string {
  if (kwargs.size > 0) throw new Unsupported("filter 'format' with keyword arguments");
  const result = pyPercentFormat(text, charged(args).map(data), BUDGETS.jinjaOutputChars);
  if (result === null) throw new Unsupported("this 'format' conversion");
  if (result === 'too long') return checkLength(Infinity) as never;
  if (!result.ok) throw new JinjaError(result.errorType, result.message);
  return result.text;
}

/** A filter that takes str only (`truncate`'s len(), `indent`'s `s += "\n"`): Python's TypeError for a number. */
function textArgument(target: Value, filter: string): string {
  if (typeof target === 'string') return target;
  if (isNumber(target)) {
    const type = pyTypeName(target);
    throw new JinjaError('TypeError', filter === 'truncate' ? `object of type '${type}' has no len()` : `unsupported operand type(s) for +=: '${type}' and 'str'`);
  }
  throw new Unsupported(`filter '${filter}' of a value that is not a str`);
}

/** Applies the filter `name` (Jinja's `environment.call_filter`). */
export function applyFilter(name: string, target: Value, args: Value[], kwargs: Map<string, Value>, ctx: FilterContext): Value {
  const p = (...params: Param[]) => bind(name, params, args, kwargs);
  const text = () => toText(target);
  switch (name) {
    case 'join': {
      const [separator, attribute] = p(['d', ''], ['attribute', null]);
      attributeUnsupported(attribute, name);
      const parts = charged(iterate(target)).map((item) => toText(item));
      const sep = toText(separator);
      checkLength(charged(parts).reduce((n, part) => n + part.length, 0) + sep.length * Math.max(0, parts.length - 1));
      ctx.charge(parts.length);
      return parts.join(sep);
    }
    case 'default':
    case 'd': {
      const [fallback, boolean] = p(['default_value', ''], ['boolean', false]);
      return target === UNDEFINED || (truthy(boolean) && !truthy(target)) ? fallback : target;
    }
    case 'upper':
      p();
      return text().toUpperCase();
    case 'lower':
      p();
      return text().toLowerCase();
    case 'capitalize':
      p();
      return pyCapitalize(text());
    case 'title':
      p();
      return doTitle(text());
    case 'string':
      p();
      return target instanceof Markup ? target : text();
    case 'trim': {
      const [chars] = p(['chars', null]);
      if (chars !== null && typeof chars !== 'string') throw new Unsupported("filter 'trim' with non-str characters");
      return pyStripSides(text(), chars, true, true);
    }
    case 'replace': {
      const [old, replacement, count] = p(['old', REQUIRED], ['new', REQUIRED], ['count', null]);
      if (count !== null && typeof count !== 'bigint') throw new Unsupported("filter 'replace' with a non-int count");
      if (target instanceof Markup) throw new Unsupported("filter 'replace' on Markup");
      const [source, from, to, times] = [text(), toText(old), toText(replacement), count === null ? -1 : Number(count)];
      checkLength(pyReplacedLength(source, from, to, times));
      return pyReplace(source, from, to, times);
    }
    case 'length':
    case 'count':
      p();
      return BigInt(lengthOf(target));
    case 'wordcount':
      p();
      return BigInt(text().match(WORD)?.length ?? 0);
    case 'first': {
      p();
      return iterate(target)[0] ?? UNDEFINED;
    }
    case 'last': {
      p();
      if (target !== UNDEFINED && typeof target !== 'string' && !Array.isArray(target) && !(target instanceof PyDict)) {
        throw new JinjaError('TypeError', `'${pyTypeName(plain(target) as PyObject)}' object is not reversible`);
      }
      const items = iterate(target);
      return items.length > 0 ? items[items.length - 1] : UNDEFINED;
    }
    case 'list':
      p();
      return [...iterate(target)];
    case 'int': {
      const [fallback, base] = p(['default', 0n], ['base', 10n]);
      if (base !== 10n) throw new Unsupported("filter 'int' with a base");
      return toInt(target, fallback);
    }
    case 'float': {
      const [fallback] = p(['default', 0]);
      return toFloat(target, fallback);
    }
    case 'abs': {
      p();
      if (!isNumber(target)) throw new Unsupported('abs of a value that is not a number');
      const n = typeof target === 'boolean' ? BigInt(target) : target;
      return n < 0 ? -n : n;
    }
    case 'round': {
      const [precision, method] = p(['precision', 0n], ['method', 'common']);
      return doRound(target, precision, method);
    }
    case 'truncate': {
      const [length, killwords, end, leeway] = p(['length', 255n], ['killwords', false], ['end', '...'], ['leeway', null]);
      return doTruncate(textArgument(target, name), length, killwords, end, leeway);
    }
    case 'indent': {
      const [width, first, blank] = p(['width', 4n], ['first', false], ['blank', false]);
      const out = doIndent(textArgument(target, name), width, first, blank);
      checkLength(out.length);
      return out;
    }
    case 'center': {
      const [width] = p(['width', 80n]);
      const n = intOf(width, 'center with a width');
      checkLength(n);
      return pyCenter(text(), n);
    }
    case 'format':
      if (target instanceof Markup) throw new Unsupported("filter 'format' on Markup");
      return doFormat(text(), args, kwargs);
    case 'e':
    case 'escape':
      p();
      return target instanceof Markup ? target : new Markup(escapeHtml(text()));
    case 'safe':
      p();
      return target instanceof Markup ? target : new Markup(text());
    case 'tojson': {
      const [indent] = p(['indent', null]);
      if (indent !== null) throw new Unsupported("filter 'tojson' with an indent");
      const json = pyJsonDumps(data(target), true, BUDGETS.jinjaOutputChars, () => checkLength(Infinity) as never, BUDGETS.valueDepth);
      return new Markup(json.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/'/g, '\\u0027'));
    }
    case 'sort': {
      const [reverse, caseSensitive, attribute] = p(['reverse', false], ['case_sensitive', false], ['attribute', null]);
      attributeUnsupported(attribute, name);
      return sortedBy(iterate(target), ignoreCase(caseSensitive), truthy(reverse), ctx);
    }
    case 'dictsort': {
      const [caseSensitive, by, reverse] = p(['case_sensitive', false], ['by', 'key'], ['reverse', false]);
      if (!(target instanceof PyDict)) throw new Unsupported("filter 'dictsort' of a value that is not a dict");
      if (by !== 'key' && by !== 'value') throw new JinjaError('FilterArgumentError', 'You can only sort by either "key" or "value"');
      const key = ignoreCase(caseSensitive);
      const pairs = charged([...target.entries]).map(([k, v]) => pyTuple([k, v]));
      return sortedBy(pairs, (pair) => key((pair as PyObject[])[by === 'key' ? 0 : 1]), truthy(reverse), ctx);
    }
    case 'unique': {
      const [caseSensitive, attribute] = p(['case_sensitive', false], ['attribute', null]);
      attributeUnsupported(attribute, name);
      const key = ignoreCase(caseSensitive);
      const seen: PyObject[] = [];
      const out: PyObject[] = [];
      const items = iterate(target);
      ctx.charge(items.length);
      for (const item of items) {
        spend();
        const k = key(item);
        if (!hashable(k)) throw new JinjaError('TypeError', `unhashable type: '${pyTypeName(k)}'`);
        ctx.charge(seen.length);
        if (charged(seen).some((s) => equal(s, k))) continue;
        seen.push(k);
        out.push(item);
      }
      return new OneShot(out);
    }
    case 'min':
    case 'max': {
      const [caseSensitive, attribute] = p(['case_sensitive', false], ['attribute', null]);
      attributeUnsupported(attribute, name);
      const items = iterate(target);
      ctx.charge(items.length);
      return aggregate(items, caseSensitive, name === 'min' ? (order) => order < 0 : (order) => order > 0);
    }
    case 'sum': {
      const [attribute, start] = p(['attribute', null], ['start', 0n]);
      attributeUnsupported(attribute, name);
      const items = iterate(target);
      ctx.charge(items.length);
      return sum(items, start);
    }
    case 'items':
      p();
      if (target === UNDEFINED) return new OneShot([]);
      if (!(target instanceof PyDict)) throw new Unsupported("filter 'items' of a value that is not a dict");
      return new OneShot(charged([...target.entries]).map(([k, v]) => pyTuple([k, v])));
    case 'reverse': {
      p();
      if (typeof target === 'string') return [...target].reverse().join('');
      if (!Array.isArray(target)) throw new Unsupported("filter 'reverse' of a value that is not a str or list");
      return new OneShot([...target].reverse());
    }
    case 'map': {
      // Jinja's `if value:` before it iterates.
      const items = truthy(target) ? iterate(target) : [];
      ctx.charge(items.length);
      if (args.length === 0 || typeof args[0] !== 'string' || kwargs.size > 0) throw new Unsupported("filter 'map' other than by a filter name");
      const [filter, ...rest] = args;
      return new OneShot(charged(items).map((item) => data(ctx.applyFilter(filter as string, item, rest, new Map()))));
    }
    case 'select':
    case 'reject': {
      if (args.length === 0 || typeof args[0] !== 'string' || kwargs.size > 0) throw new Unsupported(`filter '${name}' other than by a test name`);
      const [test, ...rest] = args;
      const items = truthy(target) ? iterate(target) : [];
      ctx.charge(items.length);
      return new OneShot(charged(items).filter((item) => ctx.test(test as string, item, rest) === (name === 'select')));
    }
  }
  if (FILTERS.has(name)) throw new Unsupported(`filter '${name}'`);
  throw new JinjaError('TemplateRuntimeError', `No filter named ${pyReprString(name)} found.`);
}

/** Python's hash() succeeds: not a list or dict, nor a tuple holding one. */
function hashable(value: PyObject, depth = 0): boolean {
  spend();
  if (depth > BUDGETS.valueDepth) throw new LimitExceeded(`a value nests more than ${BUDGETS.valueDepth} levels deep`);
  if (value instanceof PyDict) return false;
  return !Array.isArray(value) || (isPyTuple(value) && charged(value).every((item) => hashable(item, depth + 1)));
}

/** Applies the test `name` (Jinja's `environment.call_test`). */
export function applyTest(name: string, value: Value, args: Value[]): boolean {
  const arity = (n: number) => {
    if (args.length !== n) throw new Unsupported(`test '${name}' with ${args.length} arguments`);
  };
  switch (name) {
    case 'defined':
      arity(0);
      return value !== UNDEFINED;
    case 'undefined':
      arity(0);
      return value === UNDEFINED;
    case 'none':
      arity(0);
      return value === null;
    case 'string':
      arity(0);
      return typeof value === 'string' || value instanceof Markup;
    case 'number':
      arity(0);
      return isNumber(value);
    case 'integer':
      arity(0);
      return typeof value === 'bigint';
    case 'float':
      arity(0);
      return typeof value === 'number';
    case 'boolean':
      arity(0);
      return typeof value === 'boolean';
    case 'true':
      arity(0);
      return value === true;
    case 'false':
      arity(0);
      return value === false;
    case 'mapping':
      arity(0);
      return value instanceof PyDict;
    case 'even':
    case 'odd': {
      arity(0);
      if (!isNumber(value)) throw new Unsupported(`test '${name}' of a value that is not a number`);
      const n = typeof value === 'boolean' ? BigInt(value) : value;
      const rest = typeof n === 'bigint' ? ((n % 2n) + 2n) % 2n : ((n % 2) + 2) % 2;
      return name === 'even' ? rest == 0 : rest == 1;
    }
    case 'divisibleby': {
      arity(1);
      const [by] = args;
      if (typeof value !== 'bigint' || typeof by !== 'bigint') throw new Unsupported("test 'divisibleby' of values that are not ints");
      if (by === 0n) throw new JinjaError('ZeroDivisionError', 'integer modulo by zero');
      return value % by === 0n;
    }
    case 'eq':
    case 'equalto':
    case '==':
      arity(1);
      return equal(data(value), data(args[0]));
    case 'ne':
    case '!=':
      arity(1);
      return !equal(data(value), data(args[0]));
  }
  if (TESTS.has(name)) throw new Unsupported(`test '${name}'`);
  throw new JinjaError('TemplateRuntimeError', `No test named ${pyReprString(name)} found.`);
}
