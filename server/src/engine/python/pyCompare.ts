/** Python's `==` and `<` over the modelled values (what Jinja's comparisons, `sort`, `min` and `max` use). */
import { BUDGETS } from '../budgets';
import { isPyTuple, PyDict, PyObject, pyTypeName } from './pyObject';
import { charged, spend } from '../work';

/** Raised where Python raises TypeError for an ordering (`'<' not supported between ...`). */
export class OrderingError extends Error {}

/** Raised where a value nests deeper than the port walks. */
export class TooDeep extends Error {}

const numeric = (v: PyObject) => (typeof v === 'boolean' ? (v ? 1n : 0n) : v);

/** Python's `==`. */
export function pyEquals(a: PyObject, b: PyObject, depth = 0): boolean {
  spend();
  if (depth > BUDGETS.valueDepth) throw new TooDeep();
  const x = numeric(a);
  const y = numeric(b);
  if (typeof x === 'bigint' && typeof y === 'bigint') return x === y;
  if (typeof x === 'number' && typeof y === 'number') return x === y;
  if (typeof x === 'bigint' && typeof y === 'number') return Number.isInteger(y) && BigInt(y) === x;
  if (typeof x === 'number' && typeof y === 'bigint') return Number.isInteger(x) && BigInt(x) === y;
  if (Array.isArray(x) && Array.isArray(y)) {
    return isPyTuple(x) === isPyTuple(y) && x.length === y.length && charged(x).every((item, i) => pyEquals(item, y[i], depth + 1));
  }
  if (x instanceof PyDict && y instanceof PyDict) {
    return x.entries.size === y.entries.size && charged([...x.entries]).every(([k, v]) => y.entries.has(k) && pyEquals(v, y.entries.get(k)!, depth + 1));
  }
  return x === y;
}

/** Code point order, as Python compares str. */
export function compareText(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    spend();
    if (x[i] !== y[i]) return x[i].codePointAt(0)! - y[i].codePointAt(0)!;
  }
  return x.length - y.length;
}

/** Python's ordering of `a` and `b` (negative, zero, positive), or OrderingError where Python raises TypeError for `symbol`. */
export function pyCompare(a: PyObject, b: PyObject, depth = 0, symbol = '<'): number {
  spend();
  if (depth > BUDGETS.valueDepth) throw new TooDeep();
  const x = numeric(a);
  const y = numeric(b);
  if ((typeof x === 'bigint' || typeof x === 'number') && (typeof y === 'bigint' || typeof y === 'number')) {
    if (Number.isNaN(x) || Number.isNaN(y)) throw new OrderingError('NaN');
    // Comparing bigint and number is exact in JavaScript, as in Python.
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (typeof x === 'string' && typeof y === 'string') return compareText(x, y);
  if (Array.isArray(x) && Array.isArray(y) && isPyTuple(x) === isPyTuple(y)) {
    for (let i = 0; i < Math.min(x.length, y.length); i++) {
      spend();
      if (!pyEquals(x[i], y[i], depth + 1)) return pyCompare(x[i], y[i], depth + 1, symbol);
    }
    return x.length - y.length;
  }
  throw new OrderingError(`'${symbol}' not supported between instances of '${pyTypeName(a)}' and '${pyTypeName(b)}'`);
}
