/** Equality by value for backdating: equal when every part is, and "not equal" whenever in doubt. */
import { describe, expect, it } from 'vitest';
import { sameValue } from '../../../server/src/engine/analysis/sameValue';
import { PyDict } from '../../../server/src/engine/python/pyObject';

describe('sameValue', () => {
  it('compares primitives as Object.is does', () => {
    expect(sameValue(NaN, NaN)).toBe(true);
    expect(sameValue(0, -0)).toBe(false);
    expect(sameValue(1n, 1n)).toBe(true);
    expect(sameValue('a', 'b')).toBe(false);
    expect(sameValue(null, undefined)).toBe(false);
  });

  it('compares arrays, plain objects, Maps, Sets and typed arrays by their contents', () => {
    expect(sameValue({ a: [1, { b: 'x' }], c: null }, { a: [1, { b: 'x' }], c: null })).toBe(true);
    expect(sameValue({ a: [1, { b: 'x' }] }, { a: [1, { b: 'y' }] })).toBe(false);
    expect(sameValue({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameValue({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
    expect(sameValue(new Map([['k', [1]]]), new Map([['k', [1]]]))).toBe(true);
    expect(sameValue(new Map([['k', [1]]]), new Map([['k', [2]]]))).toBe(false);
    // Iteration order is part of a Map's value: whoever lists it sees the difference.
    expect(sameValue(new Map([['a', 1], ['b', 2]]), new Map([['b', 2], ['a', 1]]))).toBe(false);
    expect(sameValue(new Set(['x', 'y']), new Set(['x', 'y']))).toBe(true);
    expect(sameValue(new Set(['x']), new Set(['y']))).toBe(false);
    expect(sameValue(new Uint8Array([1, 2]), new Uint8Array([1, 2]))).toBe(true);
    expect(sameValue(new Uint8Array([1, 2]), new Uint8Array([1, 3]))).toBe(false);
    expect(sameValue(new PyDict(new Map([['a', 1n]])), new PyDict(new Map([['a', 1n]])))).toBe(true);
  });

  it('tells apart objects of different classes, and an array from an object with the same keys', () => {
    class A {
      constructor(readonly x: number) {}
    }
    class B {
      constructor(readonly x: number) {}
    }
    expect(sameValue(new A(1), new A(1))).toBe(true);
    expect(sameValue(new A(1), new B(1))).toBe(false);
    expect(sameValue(['a'], { 0: 'a' })).toBe(false);
  });

  it('compares functions and objects with hidden state by identity only', () => {
    const f = () => 1;
    expect(sameValue({ f }, { f })).toBe(true);
    expect(sameValue({ f }, { f: () => 1 })).toBe(false);
    expect(sameValue(/a/g, /a/g)).toBe(false);
    expect(sameValue(new Date(0), new Date(0))).toBe(false);
  });

  it('compares an origin by identity: two trees of equal texts are two trees', () => {
    const origin = { text: 'a: 1' };
    expect(sameValue({ origin, start: 0 }, { origin, start: 0 })).toBe(true);
    expect(sameValue({ origin, start: 0 }, { origin: { text: 'a: 1' }, start: 0 })).toBe(false);
  });

  it('ends on cyclic values (a recursive YAML alias), equal or not', () => {
    const cycle = (tail: number) => {
      const list: unknown[] = [tail];
      list.push(list);
      return list;
    };
    expect(sameValue(cycle(1), cycle(1))).toBe(true);
    expect(sameValue(cycle(1), cycle(2))).toBe(false);
  });

  it('answers "not equal" past its budget rather than walking on', () => {
    const long = (n: number) => Array.from({ length: n }, (_, i) => ({ i }));
    expect(sameValue(long(1000), long(1000))).toBe(true);
    expect(sameValue(long(300_000), long(300_000))).toBe(false);
  });
});
