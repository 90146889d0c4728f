/** Rendering a parsed template over Python values, as Jinja2's defaults do. */
import { BUDGETS } from '../../budgets';
import { PyDict, PyObject, pyReprString, pyStr, pyTypeName } from '../pyObject';
import { PY_WHITESPACE_CLASS } from '../pyWhitespace';
import { FILTERS, TESTS } from './check';
import { JinjaError, LimitExceeded, LOOP, UNDEFINED, Unsupported, Value } from './errors';
import { OPERATOR_TEXT } from './lexer';
import { Expr, Node } from './parser';

type Scope = Map<string, Value | typeof LOOP>;

/** Jinja's default globals, which the subset does not model. */
const GLOBALS = new Set(['range', 'dict', 'lipsum', 'cycler', 'joiner', 'namespace', 'self']);

function truthy(value: Value): boolean {
  if (value === UNDEFINED || value === null) return false;
  if (typeof value === 'string' || Array.isArray(value)) return value.length > 0;
  if (value instanceof PyDict) return value.entries.size > 0;
  if (typeof value === 'bigint') return value !== 0n;
  if (typeof value === 'number') return value !== 0;
  return value;
}

function toText(value: Value): string {
  return value === UNDEFINED ? '' : pyStr(value);
}

function iterate(value: Value): PyObject[] {
  if (value === UNDEFINED) return [];
  if (typeof value === 'string') return [...value];
  if (Array.isArray(value)) return value;
  if (value instanceof PyDict) return [...value.entries.keys()];
  throw new JinjaError('TypeError', `'${pyTypeName(value)}' object is not iterable`);
}

/** Python's `==` over the modelled values; Undefined equals only Undefined. */
function pyEquals(a: Value, b: Value): boolean {
  if (a === UNDEFINED || b === UNDEFINED) return a === b;
  const numeric = (v: PyObject) => (typeof v === 'boolean' ? (v ? 1n : 0n) : v);
  const x = numeric(a);
  const y = numeric(b);
  if (typeof x === 'bigint' && typeof y === 'bigint') return x === y;
  if (typeof x === 'number' && typeof y === 'number') return x === y;
  if (typeof x === 'bigint' && typeof y === 'number') return Number.isInteger(y) && BigInt(y) === x;
  if (typeof x === 'number' && typeof y === 'bigint') return Number.isInteger(x) && BigInt(x) === y;
  if (Array.isArray(x) && Array.isArray(y)) return x.length === y.length && x.every((item, i) => pyEquals(item, y[i]));
  if (x instanceof PyDict && y instanceof PyDict) {
    return x.entries.size === y.entries.size && [...x.entries].every(([k, v]) => y.entries.has(k) && pyEquals(v, y.entries.get(k)!));
  }
  return x === y;
}

/** str.strip(chars) with Python's whitespace when `chars` is null. */
function pyStrip(text: string, chars: string | null): string {
  const strip = chars === null ? (ch: string) => new RegExp(`^[${PY_WHITESPACE_CLASS}]$`).test(ch) : (ch: string) => chars.includes(ch);
  const points = [...text];
  let start = 0;
  let end = points.length;
  while (start < end && strip(points[start])) start++;
  while (end > start && strip(points[end - 1])) end--;
  return points.slice(start, end).join('');
}

/** Stops the rendering before a text of `length` characters is built (the sum is known before the text is). */
function checkLength(length: number): void {
  if (length > BUDGETS.jinjaOutputChars) throw new LimitExceeded(`the rendered text passes ${BUDGETS.jinjaOutputChars} characters`);
}

/** `parts.join(separator)`, measured before it is built. */
function joinWithin(parts: string[], separator: string): string {
  checkLength(parts.reduce((sum, part) => sum + part.length, 0) + separator.length * Math.max(0, parts.length - 1));
  return parts.join(separator);
}

/** str.replace(old, new, count); a negative count replaces all. Its length is measured before it is built. */
function pyReplace(text: string, old: string, replacement: string, count: number): string {
  if (old === '') {
    const points = [...text];
    const times = count < 0 ? points.length + 1 : Math.min(count, points.length + 1);
    checkLength(text.length + times * replacement.length);
    return points.map((point, i) => (i < times ? replacement : '') + point).join('') + (times > points.length ? replacement : '');
  }
  const parts = text.split(old);
  const times = count < 0 ? parts.length - 1 : Math.min(count, parts.length - 1);
  checkLength(text.length + times * (replacement.length - old.length));
  if (times === parts.length - 1) return parts.join(replacement);
  return parts.slice(0, times + 1).join(replacement) + old + parts.slice(times + 1).join(old);
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
  const text = pyStrip(value, null);
  if (/[^\x00-\x7f]/.test(text)) throw new Unsupported('int of non-ASCII text');
  if (/^[+-]?\d(?:_?\d)*$/.test(text)) return BigInt(text.replace(/_/g, ''));
  const digits = String.raw`\d(?:_?\d)*`;
  if (new RegExp(`^[+-]?(?:(?:${digits})?\\.${digits}|${digits}\\.?)(?:[eE][+-]?${digits})?$`).test(text)) {
    const float = Number(text.replace(/_/g, ''));
    return Number.isFinite(float) ? BigInt(Math.trunc(float)) : fallback;
  }
  return fallback;
}

function applyFilter(name: string, target: Value, args: Value[]): Value {
  const arity = (max: number, min = 0) => {
    if (args.length < min || args.length > max) throw new Unsupported(`filter '${name}' with ${args.length} arguments`);
  };
  const arg = (i: number, fallback: Value): Value => (i < args.length ? args[i] : fallback);
  switch (name) {
    case 'join':
      arity(1);
      return joinWithin(
        iterate(target).map((item) => pyStr(item)),
        toText(arg(0, '')),
      );
    case 'default':
    case 'd':
      arity(2);
      return target === UNDEFINED || (truthy(arg(1, false)) && !truthy(target)) ? arg(0, '') : target;
    case 'upper':
      arity(0);
      return toText(target).toUpperCase();
    case 'lower':
      arity(0);
      return toText(target).toLowerCase();
    case 'string':
      arity(0);
      return toText(target);
    case 'trim': {
      arity(1);
      const chars = arg(0, null);
      if (chars !== null && typeof chars !== 'string') throw new Unsupported("filter 'trim' with non-str characters");
      return pyStrip(toText(target), chars);
    }
    case 'replace': {
      arity(3, 2);
      const count = arg(2, null);
      if (count !== null && typeof count !== 'bigint') throw new Unsupported("filter 'replace' with a non-int count");
      return pyReplace(toText(target), toText(args[0]), toText(args[1]), count === null ? -1 : Number(count));
    }
    case 'length':
    case 'count':
      arity(0);
      if (target !== UNDEFINED && typeof target !== 'string' && !Array.isArray(target) && !(target instanceof PyDict)) {
        throw new JinjaError('TypeError', `object of type '${pyTypeName(target)}' has no len()`);
      }
      return BigInt(iterate(target).length);
    case 'first':
      arity(0);
      return iterate(target)[0] ?? UNDEFINED;
    case 'last': {
      arity(0);
      if (target !== UNDEFINED && typeof target !== 'string' && !Array.isArray(target) && !(target instanceof PyDict)) {
        throw new JinjaError('TypeError', `'${pyTypeName(target)}' object is not reversible`);
      }
      const items = iterate(target);
      return items.length > 0 ? items[items.length - 1] : UNDEFINED;
    }
    case 'list':
      arity(0);
      return iterate(target);
    case 'int': {
      arity(2);
      const base = arg(1, 10n);
      if (base !== 10n) throw new Unsupported("filter 'int' with a base");
      return toInt(target, arg(0, 0n));
    }
  }
  if (FILTERS.has(name)) throw new Unsupported(`filter '${name}'`);
  throw new JinjaError('TemplateRuntimeError', `No filter named ${pyReprString(name)} found.`);
}

function applyTest(name: string, value: Value): boolean {
  switch (name) {
    case 'defined':
      return value !== UNDEFINED;
    case 'undefined':
      return value === UNDEFINED;
    case 'none':
      return value === null;
    case 'string':
      return typeof value === 'string';
  }
  if (TESTS.has(name)) throw new Unsupported(`test '${name}'`);
  throw new JinjaError('TemplateRuntimeError', `No test named ${pyReprString(name)} found.`);
}

function asNumber(value: Value): bigint | number | null {
  if (typeof value === 'boolean') return value ? 1n : 0n;
  return typeof value === 'bigint' || typeof value === 'number' ? value : null;
}

function arithmetic(op: string, left: Value, right: Value): Value {
  if (op === 'add' && typeof left === 'string' && typeof right === 'string') return left + right;
  if (op === 'add' && Array.isArray(left) && Array.isArray(right)) return [...left, ...right];
  const x = asNumber(left);
  const y = asNumber(right);
  if ((op === 'add' || op === 'sub') && x !== null && y !== null) {
    if (typeof x === 'bigint' && typeof y === 'bigint') return op === 'add' ? x + y : x - y;
    const [a, b] = [Number(x), Number(y)];
    if (Number.isFinite(a) && Number.isFinite(b)) return op === 'add' ? a + b : a - b;
  }
  if (op === 'mul' && typeof y === 'bigint' && (typeof left === 'string' || Array.isArray(left))) return repeat(left, y);
  if (op === 'mul' && typeof x === 'bigint' && (typeof right === 'string' || Array.isArray(right))) return repeat(right, x);
  if (x !== null && y !== null && ['mul', 'div', 'floordiv', 'mod', 'pow'].includes(op)) {
    const result = numberOperation(op, x, y);
    if (result !== null) return result;
  }
  throw new Unsupported(`operator ${OPERATOR_TEXT[op] ?? op}`);
}

/** `text * n`, `list * n`, within the output budget. */
function repeat(value: string | PyObject[], times: bigint): string | PyObject[] {
  const n = times > 0n ? Number(times) : 0;
  if (value.length * n > BUDGETS.jinjaOutputChars) throw new LimitExceeded(`the rendered text passes ${BUDGETS.jinjaOutputChars} characters`);
  return typeof value === 'string' ? value.repeat(n) : Array.from({ length: n }, () => value).flat();
}

/** Python's `*`, `/`, `//`, `%`, `**` on ints (exact) and floats; null where the port would not be exact (a float past its range). */
function numberOperation(op: string, x: bigint | number, y: bigint | number): PyObject | null {
  // Python 3.11's words.
  const ints = typeof x === 'bigint' && typeof y === 'bigint';
  if ((y === 0n || y === 0) && op !== 'mul' && op !== 'pow') {
    const words = ints ? { div: 'division by zero', floordiv: 'integer division or modulo by zero', mod: 'integer division or modulo by zero' } : { div: 'float division by zero', floordiv: 'float floor division by zero', mod: 'float modulo' };
    throw new JinjaError('ZeroDivisionError', words[op as 'div' | 'floordiv' | 'mod']);
  }
  if (op === 'pow' && (x === 0n || x === 0) && y < 0) throw new JinjaError('ZeroDivisionError', '0.0 cannot be raised to a negative power');
  if (typeof x === 'bigint' && typeof y === 'bigint') {
    if (op === 'mul') return x * y;
    if (op === 'div') return Number(x) / Number(y);
    const floor = x / y - ((x % y !== 0n && (x < 0n) !== (y < 0n)) ? 1n : 0n);
    if (op === 'floordiv') return floor;
    if (op === 'mod') return x - floor * y;
    if (y >= 0n && y <= 10_000n) return x ** y;
    return y < 0n ? Number(x) ** Number(y) : null;
  }
  const [a, b] = [Number(x), Number(y)];
  const result = op === 'mul' ? a * b : op === 'div' ? a / b : op === 'floordiv' ? Math.floor(a / b) : op === 'mod' ? a - Math.floor(a / b) * b : a ** b;
  return Number.isFinite(result) ? result : null;
}

/** Dict methods an attribute would name (a bound method, which the port does not model). */
const DICT_METHODS = new Set(['clear', 'copy', 'fromkeys', 'get', 'items', 'keys', 'pop', 'popitem', 'setdefault', 'update', 'values']);

/**
 * Jinja's `getattr` and `getitem` on the default environment: a dict's key
 * either way (an attribute that is a dict method aside), a list's or a
 * string's index; what is missing is Undefined, and anything of an
 * Undefined is an UndefinedError.
 */
function lookup(target: Value, key: Value, expr: Extract<Expr, { t: 'attr' | 'item' }>): Value {
  if (target === UNDEFINED) {
    const name = expr.target.t === 'name' ? `'${expr.target.name}' is undefined` : 'the value is undefined';
    throw new JinjaError('UndefinedError', name);
  }
  if (key === UNDEFINED) throw new Unsupported('an undefined key');
  if (target instanceof PyDict) {
    if (expr.t === 'attr' && typeof key === 'string' && DICT_METHODS.has(key)) throw new Unsupported('dict methods');
    return typeof key === 'string' && target.entries.has(key) ? target.entries.get(key)! : UNDEFINED;
  }
  if ((typeof target === 'string' || Array.isArray(target)) && typeof key === 'bigint') {
    const items = typeof target === 'string' ? [...target] : target;
    const index = key < 0n ? BigInt(items.length) + key : key;
    return index >= 0n && index < BigInt(items.length) ? items[Number(index)] : UNDEFINED;
  }
  if (expr.t === 'attr' && target !== null) throw new Unsupported(`attributes of a ${pyTypeName(target)}`);
  return UNDEFINED;
}

function compare(op: string, left: Value, right: Value): boolean {
  if (op === 'eq') return pyEquals(left, right);
  if (op === 'ne') return !pyEquals(left, right);
  if (op === 'in' || op === 'notin') {
    let found: boolean;
    if (right === UNDEFINED) found = false;
    else if (typeof right === 'string' && typeof left === 'string') found = right.includes(left);
    else if (Array.isArray(right)) found = right.some((item) => pyEquals(left, item));
    else if (right instanceof PyDict && typeof left === 'string') found = right.entries.has(left);
    else throw new Unsupported(`operator ${op}`);
    return op === 'in' ? found : !found;
  }
  const x = asNumber(left);
  const y = asNumber(right);
  if (x === null || y === null || (typeof x === 'number' && Number.isNaN(x)) || (typeof y === 'number' && Number.isNaN(y))) {
    throw new Unsupported(`operator ${OPERATOR_TEXT[op]} on non-numbers`);
  }
  // Comparing bigint and number is exact in JavaScript, as in Python.
  switch (op) {
    case 'lt':
      return x < y;
    case 'lteq':
      return x <= y;
    case 'gt':
      return x > y;
    default:
      return x >= y;
  }
}

/** One rendering of a parsed template: it counts its own steps against the budget. */
export class Renderer {
  private steps = 0;

  /** A value too big to build, or one step too many, ends the rendering. */
  private capped<T extends Value>(value: T): T {
    if (++this.steps > BUDGETS.jinjaRenderSteps) throw new LimitExceeded(`rendering takes more than ${BUDGETS.jinjaRenderSteps} steps`);
    if (typeof value === 'string' || Array.isArray(value)) checkLength(value.length);
    return value;
  }

  private evaluate(expr: Expr, scope: Scope): Value {
    return this.capped(this.evaluateUncapped(expr, scope));
  }

  private evaluateUncapped(expr: Expr, scope: Scope): Value {
    switch (expr.t) {
      case 'lit':
        return expr.v;
      case 'name': {
        if (!scope.has(expr.name)) {
          if (GLOBALS.has(expr.name)) throw new Unsupported(`the global '${expr.name}'`);
          return UNDEFINED;
        }
        const value = scope.get(expr.name)!;
        if (value === LOOP) throw new Unsupported('the loop variable');
        return value;
      }
      case 'list':
        return expr.items.map((item) => {
          const value = this.evaluate(item, scope);
          if (value === UNDEFINED) throw new Unsupported('Undefined inside a list');
          return value;
        });
      case 'filter': {
        const target = this.evaluate(expr.target, scope);
        const args = expr.args.map((a) => this.evaluate(a, scope));
        if (expr.extra.length > 0) throw new Unsupported('keyword arguments');
        return applyFilter(expr.name, target, args);
      }
      case 'test': {
        const value = this.evaluate(expr.target, scope);
        if (expr.args.length > 0 || expr.extra.length > 0) throw new Unsupported('test arguments');
        return applyTest(expr.name, value);
      }
      case 'not':
        return !truthy(this.evaluate(expr.operand, scope));
      case 'neg':
      case 'pos': {
        const value = asNumber(this.evaluate(expr.operand, scope));
        if (value === null) throw new Unsupported('unary operators on non-numbers');
        if (expr.t === 'pos') return value;
        return typeof value === 'bigint' ? -value : -value;
      }
      case 'cond':
        if (truthy(this.evaluate(expr.test, scope))) return this.evaluate(expr.then, scope);
        return expr.otherwise ? this.evaluate(expr.otherwise, scope) : UNDEFINED;
      case 'and': {
        const left = this.evaluate(expr.left, scope);
        return truthy(left) ? this.evaluate(expr.right, scope) : left;
      }
      case 'or': {
        const left = this.evaluate(expr.left, scope);
        return truthy(left) ? left : this.evaluate(expr.right, scope);
      }
      case 'concat':
        return joinWithin(
          expr.items.map((item) => toText(this.evaluate(item, scope))),
          '',
        );
      case 'math':
        return arithmetic(expr.op, this.evaluate(expr.left, scope), this.evaluate(expr.right, scope));
      case 'attr':
      case 'item': {
        const target = this.evaluate(expr.target, scope);
        return lookup(target, expr.t === 'attr' ? expr.name : this.evaluate(expr.key, scope), expr);
      }
      case 'compare': {
        let left = this.evaluate(expr.first, scope);
        for (const { op, operand } of expr.ops) {
          const right = this.evaluate(operand, scope);
          if (!compare(op, left, right)) return false;
          left = right;
        }
        return true;
      }
      case 'other':
        throw new Unsupported(expr.what);
    }
  }

  render(nodes: Node[], scope: Scope): string {
    let out = '';
    for (const node of nodes) {
      this.capped(out);
      if (node.t === 'text') out += node.text;
      else if (node.t === 'out') out += toText(this.evaluate(node.expr, scope));
      else if (node.t === 'if') {
        const branch = node.branches.find((b) => truthy(this.evaluate(b.test, scope)));
        out += this.render(branch ? branch.body : node.otherwise, scope);
      } else {
        if (node.target.t !== 'name') throw new Unsupported('for loop targets other than a name');
        if (node.recursive) throw new Unsupported('recursive for loops');
        const name = node.target.name;
        const inner = (item: PyObject) => new Map(scope).set('loop', LOOP).set(name, item);
        let items = iterate(this.evaluate(node.iter, scope));
        if (node.test) items = items.filter((item) => truthy(this.evaluate(node.test!, new Map(scope).set(name, item))));
        if (items.length === 0) out += this.render(node.otherwise, scope);
        for (const item of items) out = this.capped(out + this.render(node.body, inner(item)));
      }
    }
    return this.capped(out);
  }
}
