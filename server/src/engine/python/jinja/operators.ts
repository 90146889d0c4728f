/** Jinja's operators on Python values: arithmetic, comparisons and `in`, with Python's results. */
import { BUDGETS } from '../../budgets';
import { OrderingError, pyCompare, pyEquals, TooDeep } from '../pyCompare';
import { isPyTuple, PyDict, PyObject, pyTuple, pyTypeName } from '../pyObject';
import { pyPercentFormat } from '../pyPercentFormat';
import { JinjaError, LimitExceeded, UNDEFINED, Unsupported } from './errors';
import { OPERATOR_TEXT } from './lexer';
import { DictView, iterate, PyRange, plain, Value } from './values';
import { charged } from '../../work';

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
    throw new Unsupported(`operator ${OPERATOR_TEXT[op]} past a float's range`);
  }
  if (op === 'mod' && typeof left === 'string' && right instanceof PyDict) throw new Unsupported("'%' formatting with a mapping");
  if (op === 'mod' && typeof left === 'string' && right !== UNDEFINED) return percentFormat(left, right);
  if (left === UNDEFINED || right === UNDEFINED) throw new Unsupported(`operator ${OPERATOR_TEXT[op]} on an undefined value`);
  throw operandError(op, left, right);
}

/** `text % args`: printf-style formatting with a tuple, or one value. */
function percentFormat(text: string, args: PyObject): string {
  const result = pyPercentFormat(text, isPyTuple(args) ? (args as PyObject[]) : [args], BUDGETS.jinjaOutputChars);
  if (result === null) throw new Unsupported("this '%' conversion");
  if (result === 'too long') throw new LimitExceeded(`the rendered text passes ${BUDGETS.jinjaOutputChars} characters`);
  if (!result.ok) throw new JinjaError(result.errorType, result.message);
  return result.text;
}

const isSequence = (v: PyObject) => typeof v === 'string' || Array.isArray(v);

/** Python's TypeError for an operator its operands do not have. */
function operandError(op: string, left: PyObject, right: PyObject): JinjaError {
  const [a, b] = [pyTypeName(left), pyTypeName(right)];
  if (op === 'add' && isSequence(left)) return new JinjaError('TypeError', `can only concatenate ${a} (not "${b}") to ${a}`);
  if (op === 'mul' && (isSequence(left) || isSequence(right))) return new JinjaError('TypeError', `can't multiply sequence by non-int of type '${isSequence(left) ? b : a}'`);
  const symbol = op === 'pow' ? '** or pow()' : OPERATOR_TEXT[op];
  return new JinjaError('TypeError', `unsupported operand type(s) for ${symbol}: '${a}' and '${b}'`);
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
    if (op === 'floordiv' || op === 'mod') {
      const floor = x / y - ((x % y !== 0n && (x < 0n) !== (y < 0n)) ? 1n : 0n);
      return op === 'floordiv' ? floor : x - floor * y;
    }
    if (y < 0n) return Number(x) ** Number(y);
    // Python builds any power; a huge one costs time and memory that hostile input must not have.
    if (y > BigInt(BUDGETS.jinjaIntPowerExponent) && x !== 0n && x !== 1n && x !== -1n) throw new LimitExceeded(`an int is raised to a power above ${BUDGETS.jinjaIntPowerExponent.toLocaleString('en-US')}`);
    return x ** y;
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
    else if (Array.isArray(right) || right instanceof DictView || right instanceof PyRange) found = charged(iterate(right)).some((item) => equals(left, item));
    else if (right instanceof PyDict && typeof left === 'string') found = right.entries.has(left);
    else throw containmentError(plain(left), plain(right));
    return op === 'in' ? found : !found;
  }
  const x = plain(left);
  const y = plain(right);
  if (x === UNDEFINED || y === UNDEFINED) throw new Unsupported(`operator ${OPERATOR_TEXT[op]} on an undefined value`);
  let order: number;
  try {
    order = pyCompare(x, y, 0, OPERATOR_TEXT[op]);
  } catch (e) {
    if (e instanceof OrderingError) {
      // NaN orders as nothing, which pyCompare does not model.
      if (e.message === 'NaN') throw new Unsupported('comparing NaN');
      throw new JinjaError('TypeError', e.message);
    }
    if (e instanceof TooDeep) throw new LimitExceeded(`a value nests more than ${BUDGETS.valueDepth} levels deep`);
    throw e;
  }
  switch (op) {
    case 'lt':
      return order < 0;
    case 'lteq':
      return order <= 0;
    case 'gt':
      return order > 0;
    default:
      return order >= 0;
  }
}

/** Python's TypeError for `left in right`. */
function containmentError(left: PyObject | typeof UNDEFINED, right: PyObject | typeof UNDEFINED): Error {
  if (left === UNDEFINED || right === UNDEFINED) return new Unsupported('operator in on an undefined value');
  if (typeof right === 'string') return new JinjaError('TypeError', `'in <string>' requires string as left operand, not ${pyTypeName(left)}`);
  if (right instanceof PyDict) return new Unsupported('operator in on a dict with a key that is not a str');
  return new JinjaError('TypeError', `argument of type '${pyTypeName(right)}' is not iterable`);
}

