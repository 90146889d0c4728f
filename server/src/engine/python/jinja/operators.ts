/** Jinja's operators on Python values: arithmetic, comparisons and `in`, with Python's results. */
import { BUDGETS } from '../../budgets';
import { pyEquals, TooDeep } from '../pyCompare';
import { isPyTuple, PyDict, PyObject, pyTuple } from '../pyObject';
import { JinjaError, LimitExceeded, UNDEFINED, Unsupported } from './errors';
import { OPERATOR_TEXT } from './lexer';
import { DictView, iterate, PyRange, plain, Value } from './values';

/** Python's `==`; Undefined equals only Undefined. */
function equals(a: Value, b: Value): boolean {
  const x = plain(a);
  const y = plain(b);
  if (x === UNDEFINED || y === UNDEFINED) return x === y;
  try {
    return pyEquals(x, y);
  } catch (e) {
    if (e instanceof TooDeep) throw new LimitExceeded(`a value nests more than ${BUDGETS.valueDepth} levels deep`);
    throw e;
  }
}

export function asNumber(value: Value): bigint | number | null {
  if (typeof value === 'boolean') return value ? 1n : 0n;
  return typeof value === 'bigint' || typeof value === 'number' ? value : null;
}

export function arithmetic(op: string, leftValue: Value, rightValue: Value): Value {
  const left = plain(leftValue);
  const right = plain(rightValue);
  if (op === 'add' && typeof left === 'string' && typeof right === 'string') return left + right;
  if (op === 'add' && Array.isArray(left) && Array.isArray(right) && isPyTuple(left) === isPyTuple(right)) {
    const joined = [...left, ...right];
    return isPyTuple(left) ? pyTuple(joined) : joined;
  }
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
  if (typeof value === 'string') return value.repeat(n);
  const repeated = Array.from({ length: n }, () => value).flat();
  return isPyTuple(value) ? pyTuple(repeated) : repeated;
}

/** Python's `*`, `/`, `//`, `%`, `**` on ints (exact) and floats; null where the port would not be exact (a float past its range). */
function numberOperation(op: string, x: bigint | number, y: bigint | number): PyObject | null {
  // Python 3.11's words.
  const ints = typeof x === 'bigint' && typeof y === 'bigint';
  if ((y === 0n || y === 0) && op !== 'mul' && op !== 'pow') {
    const words = ints ? { div: 'division by zero', floordiv: 'integer division or modulo by zero', mod: 'integer modulo by zero' } : { div: 'float division by zero', floordiv: 'float floor division by zero', mod: 'float modulo' };
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

export function compare(op: string, left: Value, right: Value): boolean {
  if (op === 'eq') return equals(left, right);
  if (op === 'ne') return !equals(left, right);
  if (op === 'in' || op === 'notin') {
    let found: boolean;
    if (right === UNDEFINED) found = false;
    else if (typeof right === 'string' && typeof left === 'string') found = right.includes(left);
    else if (Array.isArray(right) || right instanceof DictView || right instanceof PyRange) found = iterate(right).some((item) => equals(left, item));
    else if (right instanceof PyDict && typeof left === 'string') found = right.entries.has(left);
    else throw new Unsupported(`operator ${op}`);
    return op === 'in' ? found : !found;
  }
  const x = asNumber(plain(left));
  const y = asNumber(plain(right));
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

