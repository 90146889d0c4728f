/**
 * Structural equality of query values, for backdating (database.ts): a
 * recomputed value that equals the old one by value stands for it, so what
 * depends on it is not recomputed. It errs one way only: "not equal" when in
 * doubt, which costs a recomputation and is never wrong.
 *
 * - Primitives by `Object.is` (NaN equals NaN, 0 is not -0: Python's
 *   `-0.0` prints apart).
 * - Arrays, plain objects and class instances by their own enumerable
 *   properties, with the same prototype; Maps and Sets entry by entry in
 *   order (their keys by identity); typed arrays element by element.
 * - Functions, and objects whose state is not in their properties (Date,
 *   RegExp, WeakMap, Promise, ...), by identity only.
 * - A property named `origin` by identity: a tree's origin (yaml/pyNode.ts)
 *   tells trees apart by its identity, and a placement finds it by it.
 * - Shared and cyclic structure (a recursive YAML alias) is compared once
 *   per pair; the comparison stops, as "not equal", past `BUDGETS.sameValuePairs` pairs, so
 *   it never costs more than a bounded walk.
 */
import { BUDGETS } from '../budgets';

const IDENTITY_PROPERTIES: ReadonlySet<string> = new Set(['origin']);

/** Prototypes whose objects are compared by their properties (or entries). */
function structural(value: object): boolean {
  if (Array.isArray(value) || value instanceof Map || value instanceof Set || ArrayBuffer.isView(value)) return !(value instanceof DataView);
  if (value instanceof Date || value instanceof RegExp || value instanceof WeakMap || value instanceof WeakSet || value instanceof Promise || value instanceof Error || value instanceof ArrayBuffer) return false;
  return typeof value !== 'function';
}

/** The objects one object was compared with, when more than one (a class of its own, so that no compared value is taken for it). */
class Partners {
  readonly all: Set<object>;
  constructor(first: object, second: object) {
    this.all = new Set([first, second]);
  }
}

export function sameValue(a: unknown, b: unknown): boolean {
  let steps = 0;
  /** Pairs under comparison or found equal: met again, they count as equal (a cycle assumes what it is proving, which holds for a finite difference found elsewhere). */
  const seen = new Map<object, object | Partners>();
  /** Records the pair; false when it was recorded already. One partner is kept as itself, more in a `Partners` (most objects meet one). */
  const firstMeeting = (x: object, y: object): boolean => {
    const partners = seen.get(x);
    if (partners === undefined) seen.set(x, y);
    else if (partners === y || (partners instanceof Partners && partners.all.has(y))) return false;
    else if (partners instanceof Partners) partners.all.add(y);
    else seen.set(x, new Partners(partners, y));
    return true;
  };

  const same = (x: unknown, y: unknown): boolean => {
    if (Object.is(x, y)) return true;
    if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
    if (Object.getPrototypeOf(x) !== Object.getPrototypeOf(y) || !structural(x)) return false;
    if (!firstMeeting(x, y)) return true;
    if (++steps > BUDGETS.sameValuePairs) return false;
    if (Array.isArray(x)) return sameItems(x, y as unknown[]);
    if (ArrayBuffer.isView(x)) return sameItems(x as unknown as ArrayLike<unknown>, y as unknown as ArrayLike<unknown>);
    if (x instanceof Map) return sameEntries(x, y as Map<unknown, unknown>);
    if (x instanceof Set) return sameItems([...x], [...(y as Set<unknown>)]);
    return sameProperties(x as Record<string, unknown>, y as Record<string, unknown>);
  };

  const sameItems = (x: ArrayLike<unknown>, y: ArrayLike<unknown>): boolean => {
    if (x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) if (!same(x[i], y[i])) return false;
    return true;
  };

  const sameEntries = (x: Map<unknown, unknown>, y: Map<unknown, unknown>): boolean => {
    if (x.size !== y.size) return false;
    const other = y.entries();
    for (const [key, value] of x) {
      const [otherKey, otherValue] = other.next().value as [unknown, unknown];
      if (!Object.is(key, otherKey) || !same(value, otherValue)) return false;
    }
    return true;
  };

  const sameProperties = (x: Record<string, unknown>, y: Record<string, unknown>): boolean => {
    const keys = Object.keys(x);
    if (keys.length !== Object.keys(y).length) return false;
    for (const key of keys) {
      if (!Object.prototype.hasOwnProperty.call(y, key)) return false;
      if (IDENTITY_PROPERTIES.has(key) ? x[key] !== y[key] : !same(x[key], y[key])) return false;
    }
    return true;
  };

  return same(a, b);
}
