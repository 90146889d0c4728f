/** The query database: recomputes exactly what changed, keeps equal results, reads lazily, bounds what it keeps. */
import { describe, expect, it } from 'vitest';
import { CycleError, Database, InputDef, QueryDef } from '../../../server/src/engine/analysis/database';
import { WorkBudgetExhausted, spend } from '../../../server/src/engine/work';

const text: InputDef<string, string> = { name: 'text', durability: 'volatile', key: (k) => k };
const setting: InputDef<string, number> = { name: 'setting', durability: 'durable', key: (k) => k };

/** A query that counts its computations. */
function counted<K, V>(name: string, key: (k: K) => string, compute: QueryDef<K, V>['compute'], equals?: (a: V, b: V) => boolean) {
  const calls: string[] = [];
  const def: QueryDef<K, V> = {
    name,
    key,
    equals,
    compute: (db, k, previous) => {
      calls.push(key(k));
      return compute(db, k, previous);
    },
  };
  return { def, calls };
}

describe('Database', () => {
  it('recomputes a query only when something it read changed', () => {
    const db = new Database(100);
    db.set(text, 'a', 'hello');
    db.set(text, 'b', 'world');
    const length = counted<string, number>('length', (k) => k, (d, k) => d.get(text, k).length);
    expect(db.get(length.def, 'a')).toBe(5);
    expect(db.get(length.def, 'b')).toBe(5);
    db.set(text, 'b', 'there!');
    expect(db.get(length.def, 'a')).toBe(5);
    expect(db.get(length.def, 'b')).toBe(6);
    expect(length.calls).toEqual(['a', 'b', 'b']);
  });

  it('setting an equal value starts no new revision', () => {
    const db = new Database(100);
    db.set(text, 'a', 'x');
    const revision = db.revision;
    db.set(text, 'a', 'x');
    expect(db.revision).toBe(revision);
    db.set(text, 'a', 'y');
    expect(db.revision).toBe(revision + 1);
  });

  it('does not recompute what depends on a result that came out equal (backdating)', () => {
    const db = new Database(100);
    db.set(text, 'a', 'abc');
    const length = counted<string, number>('length', (k) => k, (d, k) => d.get(text, k).length);
    const parity = counted<string, string>('parity', (k) => k, (d, k) => (d.get(length.def, k) % 2 === 0 ? 'even' : 'odd'));
    expect(db.get(parity.def, 'a')).toBe('odd');
    db.set(text, 'a', 'xyz');
    expect(db.get(parity.def, 'a')).toBe('odd');
    expect(length.calls).toEqual(['a', 'a']);
    expect(parity.calls).toEqual(['a']);
  });

  it('backdates by value without an equals of its own: a new object with the same contents keeps the old one, and its dependents', () => {
    const db = new Database(100);
    db.set(text, 'a', 'x, y # one');
    const words = counted<string, { words: string[] }>('words', (k) => k, (d, k) => ({ words: d.get(text, k).split('#')[0].split(',').map((w) => w.trim()) }));
    const count = counted<string, number>('count', (k) => k, (d, k) => d.get(words.def, k).words.length);
    const first = db.get(words.def, 'a');
    expect(db.get(count.def, 'a')).toBe(2);
    db.set(text, 'a', 'x, y # two');
    expect(db.get(count.def, 'a')).toBe(2);
    expect(db.get(words.def, 'a')).toBe(first);
    expect(words.calls).toEqual(['a', 'a']);
    expect(count.calls).toEqual(['a']);
    db.set(text, 'a', 'x, z # two');
    expect(db.get(words.def, 'a')).toEqual({ words: ['x', 'z'] });
    expect(db.get(count.def, 'a')).toBe(2);
    expect(count.calls).toEqual(['a', 'a']);
  });

  it('keys by value: structurally equal keys share one result', () => {
    const db = new Database(100);
    db.set(setting, 'n', 2);
    const scaled = counted<{ path: string; factor: number }, number>('scaled', (k) => `${k.path}\0${k.factor}`, (d, k) => d.get(setting, k.path) * k.factor);
    expect(db.get(scaled.def, { path: 'n', factor: 3 })).toBe(6);
    expect(db.get(scaled.def, { path: 'n', factor: 3 })).toBe(6);
    expect(scaled.calls).toHaveLength(1);
  });

  it('reuses a result that read only durable inputs after a volatile change, and recomputes it after a durable one', () => {
    const db = new Database(100);
    db.set(text, 'doc', 'v1');
    db.set(setting, 'width', 80);
    const wide = counted<string, number>('wide', (k) => k, (d, k) => d.get(setting, k) * 2);
    expect(db.get(wide.def, 'width')).toBe(160);
    db.set(text, 'doc', 'v2');
    expect(db.get(wide.def, 'width')).toBe(160);
    db.set(setting, 'width', 100);
    expect(db.get(wide.def, 'width')).toBe(200);
    expect(wide.calls).toEqual(['width', 'width']);
  });

  it('counts a value an input says is durable as durable: a result that read it is not looked into at a volatile change, and follows it once it turns volatile', () => {
    // As the host's editor buffers: none (null) for a file no editor has open, which is durable; a buffer's text is volatile.
    const buffer: InputDef<string, string | null> = { name: 'buffer', durability: 'volatile', durabilityOf: (t) => (t === null ? 'durable' : 'volatile'), key: (k) => k, read: () => null };
    const disk: InputDef<string, string> = { name: 'disk', durability: 'durable', key: (k) => k };
    const db = new Database(100);
    db.set(disk, 'agent', 'abc');
    db.set(buffer, 'bundle', 'typed');
    const content = counted<string, string>('content', (k) => k, (d, k) => d.get(buffer, k) ?? d.get(disk, k));
    const length = counted<string, number>('length', (k) => k, (d, k) => d.get(content.def, k).length);
    expect(db.get(length.def, 'agent')).toBe(3);
    // Typing in another file's buffer: the agent's length is current without a look at what it read (one look-up, its own).
    db.set(buffer, 'bundle', 'typed more');
    const before = db.lookups();
    expect(db.get(length.def, 'agent')).toBe(3);
    expect(db.lookups() - before).toBe(1);
    // Opened with the disk's text: the content comes out equal, so the length is verified, not recomputed, and now follows the buffer.
    db.set(buffer, 'agent', 'abc');
    expect(db.get(length.def, 'agent')).toBe(3);
    db.set(buffer, 'agent', 'abcd');
    expect(db.get(length.def, 'agent')).toBe(4);
    // Closed again: back to the disk's text.
    db.set(buffer, 'agent', null);
    expect(db.get(length.def, 'agent')).toBe(3);
    expect(content.calls).toEqual(['agent', 'agent', 'agent', 'agent']);
    expect(length.calls).toEqual(['agent', 'agent', 'agent']);
  });

  it('reads a lazy input on first use and again after an invalidation, recomputing dependents only when the value differs', () => {
    const disk = new Map([['f', 'one']]);
    const reads: string[] = [];
    const file: InputDef<string, string | null> = {
      name: 'file',
      durability: 'durable',
      key: (k) => k,
      read: (k) => {
        reads.push(k);
        return disk.get(k) ?? null;
      },
    };
    const db = new Database(100);
    const upper = counted<string, string | null>('upper', (k) => k, (d, k) => d.get(file, k)?.toUpperCase() ?? null);
    expect(db.get(upper.def, 'f')).toBe('ONE');
    expect(db.get(upper.def, 'f')).toBe('ONE');
    db.invalidate(file, 'f');
    expect(db.get(upper.def, 'f')).toBe('ONE');
    disk.set('f', 'two');
    db.invalidate(file, 'f');
    expect(db.get(upper.def, 'f')).toBe('TWO');
    expect(reads).toEqual(['f', 'f', 'f']);
    expect(upper.calls).toEqual(['f', 'f']);
  });

  it('invalidates every key that matches', () => {
    const reads: string[] = [];
    const file: InputDef<string, string> = { name: 'file', durability: 'durable', key: (k) => k, read: (k) => (reads.push(k), k) };
    const db = new Database(100);
    for (const k of ['/a/x', '/a/y', '/b/z']) db.get(file, k);
    db.invalidateWhere(file, (k) => k.startsWith('/a/'));
    for (const k of ['/a/x', '/a/y', '/b/z']) db.get(file, k);
    expect(reads).toEqual(['/a/x', '/a/y', '/b/z', '/a/x', '/a/y']);
  });

  it('gives a query its previous value as a hint', () => {
    const db = new Database(100);
    db.set(text, 'a', 'x');
    const seen: (string | undefined)[] = [];
    const echo: QueryDef<string, string> = { name: 'echo', key: (k) => k, compute: (d, k, previous) => (seen.push(previous), d.get(text, k)) };
    db.get(echo, 'a');
    db.set(text, 'a', 'y');
    db.get(echo, 'a');
    expect(seen).toEqual([undefined, 'x']);
  });

  it('reports a cycle instead of overflowing the stack', () => {
    const db = new Database(100);
    const loop: QueryDef<string, number> = { name: 'loop', key: (k) => k, compute: (d, k) => d.get(loop, k) + 1 };
    expect(() => db.get(loop, 'a')).toThrow(CycleError);
  });

  it('keeps what was used since the last collect and a bounded number of older results', () => {
    const db = new Database(2);
    db.set(setting, 'k', 1);
    const square = counted<number, number>('square', (n) => String(n), (d, n) => n * n * d.get(setting, 'k'));
    for (let n = 0; n < 10; n++) db.get(square.def, n);
    db.collect();
    // All ten were used since the last collect: all live.
    expect(db.size).toBe(10);
    db.get(square.def, 3);
    db.collect();
    // Of the nine not used since, the two most recent stay.
    expect(db.size).toBe(3);
    square.calls.length = 0;
    for (const n of [3, 8, 9, 0]) db.get(square.def, n);
    expect(square.calls).toEqual(['0']);
  });

  it('keeps the pinned results, with what they were computed from, beyond the bound', () => {
    const db = new Database(0);
    db.set(setting, 'k', 1);
    const part = counted<number, number>('part', (n) => String(n), (d, n) => n * d.get(setting, 'k'));
    const total = counted<string, number>('total', (k) => k, (d, k) => d.get(part.def, k.length) + d.get(part.def, 10 * k.length));
    for (const k of ['a', 'bb', 'ccc']) db.get(total.def, k);
    db.collect();
    // Nothing used since, nothing retained: only the pinned totals and their parts stay.
    db.collect({ def: total.def, keys: ['a', 'ccc', 'not computed'] });
    expect(db.size).toBe(6);
    total.calls.length = 0;
    part.calls.length = 0;
    for (const k of ['a', 'bb', 'ccc']) db.get(total.def, k);
    expect([total.calls, part.calls]).toEqual([['bb'], ['2', '20']]);
  });

  it('walks what a collect could not drop again only once `retained` results more are held, not at every change', () => {
    const db = new Database(20);
    db.set(setting, 'k', 1);
    const part = counted<number, number>('part', (n) => String(n), (d, n) => n * d.get(setting, 'k'));
    const total = counted<number, number>('total', (n) => String(n), (d, n) => d.get(part.def, n) + 1);
    // 200 pinned totals, each with its part: 400 results no collect drops.
    const pinned = { def: total.def, keys: Array.from({ length: 200 }, (_, n) => n) };
    for (const n of pinned.keys) db.get(total.def, n);
    let inCollects = 0;
    for (let step = 0; step < 100; step++) {
      db.get(part.def, 1000 + step);
      const before = db.lookups();
      db.collect(pinned);
      inCollects += db.lookups() - before;
    }
    // Each walk looks up the 200 pinned results: ten walks in 100 changes, where every change walked them before (39,600 look-ups).
    expect(inCollects).toBe(10 * 200);
    expect(db.size).toBeLessThanOrEqual(400 + 2 * 20 + 1);
  });

  it('keeps what a kept result was computed from, and drops it with the last result that needed it', () => {
    const db = new Database(1);
    db.set(setting, 'k', 1);
    const part = counted<number, number>('part', (n) => String(n), (d, n) => n * d.get(setting, 'k'));
    // Each total reads five parts of its own.
    const total = counted<string, number>('total', (k) => k, (d, k) => [0, 1, 2, 3, 4].reduce((sum, n) => sum + d.get(part.def, 10 * k.length + n), 0));
    db.get(total.def, 'a');
    db.collect();
    // An epoch that uses nothing: only `total` is among the one retained result, and the parts it was computed from stay with it.
    db.collect();
    expect(db.size).toBe(6);
    db.set(setting, 'k', 2);
    expect(db.get(total.def, 'a')).toBe(120);
    expect(part.calls).toEqual(['10', '11', '12', '13', '14', '10', '11', '12', '13', '14']);
    expect(db.get(total.def, 'bb')).toBe(220);
    db.collect();
    db.collect();
    // The newer total takes the retained place: the older one goes, and with it the parts only it read.
    expect(db.size).toBe(6);
    part.calls.length = 0;
    total.calls.length = 0;
    expect(db.get(total.def, 'bb')).toBe(220);
    expect([total.calls, part.calls]).toEqual([[], []]);
    expect(db.get(total.def, 'a')).toBe(120);
    expect([total.calls, part.calls]).toEqual([['a'], ['10', '11', '12', '13', '14']]);
  });
});

describe('Database and the work budget (work.ts)', () => {
  // `letters` draws a step per letter, and has no value for running out; `summary` reads it, and has one.
  const letters: QueryDef<string, string[]> = {
    name: 'letters',
    key: (k) => k,
    compute: (db, k) => [...db.get(text, k)].map((letter) => (spend(), letter)),
  };
  const summary: QueryDef<string, string> = {
    name: 'summary',
    key: (k) => k,
    compute: (db, k) => `${db.get(letters, k).length} letters`,
    exhausted: (_db, _k, error) => `stopped: ${error.message}`,
  };

  it('gives each computation a budget of its own; the value for running out stands until what the query that ran out read changes', () => {
    const db = new Database(100, undefined, 10);
    db.set(text, 'a', 'abcdefghijklmnop');
    expect(db.get(summary, 'a')).toBe('stopped: it took more than 10 steps of work (the work budget of one analysis)');
    // `summary` did not read the text itself: it depends on it through the query that ran out, which is not kept.
    db.set(text, 'a', 'abc');
    expect(db.get(summary, 'a')).toBe('3 letters');
    db.set(text, 'b', 'abcdefghij');
    expect(db.get(summary, 'b')).toBe('10 letters');
  });

  it('a query without a value for running out runs out for the query that read it, and is computed again when asked', () => {
    const db = new Database(100, undefined, 10);
    db.set(text, 'a', 'abcdefghijklmnop');
    expect(() => db.get(letters, 'a')).toThrow(new WorkBudgetExhausted(10));
    expect(() => db.get(letters, 'a')).toThrow(new WorkBudgetExhausted(10));
    db.set(text, 'a', 'ab');
    expect(db.get(letters, 'a')).toEqual(['a', 'b']);
  });

  it('carries what a computation takes from its previous value: each result verified, not looked up, and read as if asked for again', () => {
    const db = new Database(100);
    const names: InputDef<'names', readonly string[]> = { name: 'names', durability: 'volatile', key: () => 'names' };
    const length = counted<string, number>('length', (k) => k, (d, k) => d.get(text, k).length);
    const carried: boolean[] = [];
    // The length of each name, those the last value had taken from it when they stand.
    const lengths: QueryDef<'all', ReadonlyMap<string, number>> = {
      name: 'lengths',
      key: () => 'all',
      compute: (d, _key, previous) => {
        const list = d.get(names, 'names');
        const kept = previous !== undefined && d.carry(length.def, (name) => list.includes(name));
        carried.push(kept);
        return new Map(list.map((name) => [name, kept && previous.has(name) ? previous.get(name)! : d.get(length.def, name)]));
      },
    };
    for (const [name, value] of [['a', 'ab'], ['b', 'abc'], ['c', 'x']]) db.set(text, name, value);
    db.set(names, 'names', ['a', 'b']);
    expect([...db.get(lengths, 'all')]).toEqual([['a', 2], ['b', 3]]);
    db.set(names, 'names', ['a', 'b', 'c']);
    const before = db.lookups();
    expect([...db.get(lengths, 'all')]).toEqual([['a', 2], ['b', 3], ['c', 1]]);
    // The query's own, the carry, and the new name's: not one for each name it kept.
    expect(db.lookups() - before).toBe(3);
    expect(length.calls).toEqual(['a', 'b', 'c']);
    // What was carried was recorded as read: a change to it reaches the query, which then reads every name again.
    db.set(text, 'a', 'abcd');
    expect([...db.get(lengths, 'all')]).toEqual([['a', 4], ['b', 3], ['c', 1]]);
    expect(length.calls).toEqual(['a', 'b', 'c', 'a']);
    expect(carried).toEqual([false, true, false]);
  });
});
