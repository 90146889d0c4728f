/**
 * Memoized queries over revisioned inputs, in the manner of salsa (the
 * incremental engine of rust-analyzer), small enough to read in one sitting.
 *
 * - An **input** is a value the front end sets (`set`), or one read on first
 *   use (`InputDef.read`, e.g. a file on disk) and read again after
 *   `invalidate`. Setting an input to a value equal to the one it has changes
 *   nothing; otherwise the database moves to a new revision.
 * - A **query** is a pure function of its key and of what it reads through the
 *   database. Its result is kept with the inputs and queries it read; in a
 *   later revision it is reused when none of them changed (each is verified in
 *   turn, and a query whose recomputed value equals its old one counts as
 *   unchanged, so what depends on it is not recomputed either: "backdating",
 *   by the query's own `equals` or else by value, `sameValue`, so a new Map
 *   with the same entries is no change). Keys are
 *   strings: a query is keyed by value, never by object identity. A key may
 *   have a second part (`QueryDef.within`), looked up among the keys with the
 *   same first part: for keys made of a long text and a short part (a chunk's
 *   text and a context), which joined would be copied and hashed again at
 *   every lookup, where the text alone keeps its hash.
 * - **Durability**: inputs that change with every keystroke (editor buffers)
 *   are volatile; the disk, the settings and the folders are durable. A result
 *   that read only durable inputs is reused without looking at them at all
 *   while no durable input changed, so a keystroke never re-verifies the
 *   thousands of listings a workspace index read. An input may say that some
 *   of its values are durable (`InputDef.durabilityOf`: a file no editor has
 *   open has no buffer, and gets one as rarely as the disk changes); a change
 *   to an input counts at the durability its old value had, which is what
 *   the results that read it recorded.
 * - **Memory**: results used since the last `collect` are live, and so are
 *   those the caller pins (the host pins the open documents' reports); of the
 *   others, the `retained` most recently used are kept and the rest dropped
 *   when they reach twice `retained`
 *   (the host collects as each change comes in), except those a kept result
 *   was computed from: its value holds them anyway, and dropping them would
 *   make it recompute (a bundle's model and the checks of its tools go
 *   together). That is the one bound on what the host keeps beyond what the
 *   current state of the workspace needs.
 *
 * Everything is synchronous and single-threaded: a query runs to completion
 * within one call, and no result is ever read from a revision other than the
 * current one.
 */

/** Volatile inputs change with each keystroke; durable ones (disk, settings, folders) rarely. */
import { sameValue } from './sameValue';
import { BUDGETS } from '../budgets';
import { WorkBudgetExhausted, withWorkBudget } from '../work';

type Durability = 'volatile' | 'durable';

const LEVEL: Record<Durability, number> = { volatile: 0, durable: 1 };

/** The durability level of one value of an input. */
const levelOf = <K, V>(def: InputDef<K, V>, value: V): number => LEVEL[def.durabilityOf?.(value) ?? def.durability];

export interface InputDef<K, V> {
  readonly name: string;
  readonly durability: Durability;
  key(key: K): string;
  /** Reads the value when it is not set (a lazily read input, e.g. a file, through `db.environment`). Without it, reading an unset input is a bug. */
  read?(key: K, db: Database): V;
  equals?(a: V, b: V): boolean;
  /** The durability of one value, when it is not the input's own for every value. */
  durabilityOf?(value: V): Durability;
}

export interface QueryDef<K, V> {
  readonly name: string;
  key(key: K): string;
  /** The second part of the key, when it has one. */
  within?(key: K): string;
  /**
   * Computes the value. `previous` is the value this query had for this key
   * in an earlier revision, when it is still held: a hint for doing less work
   * (reusing unchanged parts), never something the result may depend on.
   */
  compute(db: Database, key: K, previous: V | undefined): V;
  /**
   * The value when the computation ran out of its work budget (`work.ts`),
   * or a query it read did and had no value for it. Without it, the query
   * runs out too, for the query that read it.
   */
  exhausted?(db: Database, key: K, error: WorkBudgetExhausted): V;
  /** Whether a recomputed value may stand for the old one (then dependents are not recomputed). Default: equal by value (`sameValue`). */
  equals?(a: V, b: V): boolean;
}

interface Slot {
  readonly table: Table;
  readonly keyText: string;
  /** The key's second part (`QueryDef.within`), or null. */
  readonly innerText: string | null;
  readonly key: unknown;
  value: unknown;
  /** The revision in which the value last changed. */
  changedAt: number;
  /** The revision in which the value was last known to be current. */
  verifiedAt: number;
  /** The lowest durability of what the value was computed from (an input: its own). */
  level: number;
  /** What a query's value was computed from, in the order it read them; null for an input. */
  deps: Slot[] | null;
  /** An input read lazily that must be read again. */
  stale: boolean;
  computing: boolean;
  /** Gone from its table (dropped by `collect`, or an input removed): whoever depended on it must recompute. */
  dropped: boolean;
  /** How many times kept query results list it among what they were computed from. */
  dependents: number;
  /** The `collect` epoch it was last used in. */
  lastUsed: number;
  /** A query result's neighbours in the list of results by recency (`Database.touch`), and whether it is in it. */
  older: Slot | null;
  newer: Slot | null;
  listed: boolean;
}

interface Table {
  readonly def: InputDef<unknown, unknown> | QueryDef<unknown, unknown>;
  readonly input: boolean;
  readonly slots: Map<string, Slot>;
  /** For a query with a two-part key: by the first part, then the second. */
  readonly nested: Map<string, Map<string, Slot>>;
}

export class CycleError extends Error {}

interface Frame {
  deps: Slot[];
  level: number;
  /** The running query's slot as its previous computation left it (`carry`), when it had one. */
  previous: Slot | null;
}

export class Database {
  private currentRevision = 1;
  /** Per durability level: the last revision in which an input of that durability or higher changed. */
  private readonly lastChanged = [1, 1];
  private readonly tables = new Map<object, Table>();
  private readonly stack: Frame[] = [];
  /**
   * Query results, least recently used first: a list threaded through the
   * slots, so that each use moves one to the end in constant time (a Map
   * deleted from and added to at every use spends more on that than on the
   * lookup). What was used since the last `collect` is at the end.
   */
  private oldest: Slot | null = null;
  private newest: Slot | null = null;
  private held = 0;
  /** How many results the last collect that walked them left: what it could not drop (pinned, or read by what is kept). */
  private leftByCollect = 0;
  /** Bumped by `collect`: a slot used in the current epoch is live. */
  private epoch = 0;
  /** How many times each query (by name) was computed, not reused: what a change cost, counted rather than timed (tests, the benchmark). */
  private readonly computed = new Map<string, number>();
  /** How many times a query result was looked up: by `get`, by a verification for each thing a result read, by `changedNow` and the like. */
  private looked = 0;

  /**
   * `retained`: how many results not used since the last `collect` are kept.
   * `environment`: what lazily read inputs read from (the host's file access).
   */
  constructor(
    private readonly retained: number,
    readonly environment: unknown = undefined,
    /** The work budget each computation gets (`work.ts`). */
    private readonly workSteps: number = BUDGETS.workSteps,
  ) {}

  get revision(): number {
    return this.currentRevision;
  }

  /** Sets an input. A value equal to the current one changes nothing. */
  set<K, V>(def: InputDef<K, V>, key: K, value: V): void {
    const table = this.table(def, true);
    const keyText = def.key(key);
    const slot = table.slots.get(keyText);
    if (slot && !slot.stale && this.same(def, slot.value, value)) return;
    // What read the old value recorded its durability: the change counts at that level (a new slot was read by nothing).
    const level = levelOf(def, value);
    const revision = this.bump(slot ? slot.level : level);
    if (slot) {
      slot.value = value;
      slot.changedAt = revision;
      slot.verifiedAt = revision;
      slot.stale = false;
      slot.level = level;
    } else {
      table.slots.set(keyText, this.newSlot(table, keyText, null, key, value, revision, level, null));
    }
  }

  /** Forgets an input's value: a lazily read input is read again when next asked for, an unset one is gone. */
  invalidate<K, V>(def: InputDef<K, V>, key: K): void {
    const table = this.table(def, true);
    const slot = table.slots.get(def.key(key));
    if (!slot || slot.stale) return;
    this.bump(slot.level);
    if (def.read) slot.stale = true;
    else this.drop(slot);
  }

  /** Forgets every value of a lazily read input whose key matches (e.g. every file under a folder). */
  invalidateWhere<K, V>(def: InputDef<K, V>, matches: (key: K) => boolean): void {
    const table = this.table(def, true);
    for (const slot of table.slots.values()) if (!slot.stale && matches(slot.key as K)) this.invalidate(def, slot.key as K);
  }

  /** The keys an input has a value for (set, or read and not invalidated). */
  keysOf<K, V>(def: InputDef<K, V>): K[] {
    return [...this.table(def, true).slots.values()].filter((s) => !s.stale).map((s) => s.key as K);
  }

  /** Reads an input or a query, recording that the query being computed depends on it. */
  get<K, V>(def: InputDef<K, V> | QueryDef<K, V>, key: K): V {
    const slot = 'compute' in def ? this.fresh(def, key) : this.inputSlot(def, key);
    const frame = this.stack[this.stack.length - 1];
    if (frame) {
      frame.deps.push(slot);
      frame.level = Math.min(frame.level, slot.level);
    }
    return slot.value as V;
  }

  /**
   * In a computation that reuses parts of its previous value (`QueryDef.compute`'s
   * `previous`): records as read again the results of `def` the previous
   * computation read whose keys `keep` accepts, each verified as `get` verifies
   * it, without looking each up (one look-up in all, counted as such). True when
   * none of them changed since then, so the parts of the previous value made
   * from them stand; false when one did (or there was no previous computation):
   * then nothing is recorded, and the caller reads what it needs with `get`.
   */
  carry<K, V>(def: QueryDef<K, V>, keep: (key: K) => boolean): boolean {
    this.looked++;
    const frame = this.stack[this.stack.length - 1];
    const previous = frame?.previous;
    if (!previous?.deps) return false;
    const kept: Slot[] = [];
    for (const dep of previous.deps) {
      if (dep.table.def !== def || !keep(dep.key as K)) continue;
      if (dep.dropped) return false;
      if (dep.verifiedAt !== this.currentRevision && !this.verify(dep)) return false;
      if (dep.changedAt > previous.verifiedAt) return false;
      kept.push(dep);
    }
    for (const dep of kept) {
      this.touch(dep);
      frame.deps.push(dep);
      frame.level = Math.min(frame.level, dep.level);
    }
    return true;
  }

  /** Whether a query's result for this key is current already (computed or verified in this revision), found without verifying anything. */
  isCurrent<K, V>(def: QueryDef<K, V>, key: K): boolean {
    return this.heldSlot(def, key)?.verifiedAt === this.currentRevision;
  }

  /** Whether a query has a result for this key, current or from an earlier revision (then most of what it read is likely held too). */
  holds<K, V>(def: QueryDef<K, V>, key: K): boolean {
    return this.heldSlot(def, key) !== undefined;
  }

  /** Whether a query's result for this key was computed in this revision, to a value it did not have before. */
  changedNow<K, V>(def: QueryDef<K, V>, key: K): boolean {
    return this.heldSlot(def, key)?.changedAt === this.currentRevision;
  }

  /**
   * Keeps the results used since the last collect, the `pinned` ones (what
   * the current state needs whether or not the last change asked for it: the
   * reports of the open documents), and of the others the `retained` most
   * recently used, each with what it was computed from; drops the rest once
   * those others are more than twice `retained`. Call
   * it when no query is running (the host does, as each change comes in).
   */
  collect<K, V>(pinned?: { def: QueryDef<K, V>; keys: readonly K[] }): void {
    let live = 0;
    for (let slot = this.newest; slot && slot.lastUsed === this.epoch; slot = slot.older) live++;
    // Until the results not used since are twice the bound, nothing goes: a collect then brings them down to the bound, so its
    // cost (a look-up per pinned result, then the walk) is paid once per `retained` new results, not at every change. What a
    // collect cannot drop stays (the reports of 3,000 open documents and what they read): the next walk waits for `retained`
    // results more than it left, or every change walked them all again (opening N documents at once cost N² steps).
    if (this.held - live <= 2 * this.retained || this.held <= this.leftByCollect + this.retained) {
      this.epoch++;
      return;
    }
    const kept = new Set<Slot>();
    for (const key of pinned?.keys ?? []) {
      this.looked++;
      const slot = this.heldSlot(pinned!.def, key);
      if (slot && slot.lastUsed !== this.epoch) kept.add(slot);
    }
    // Those not used since, but for the `retained` most recent, least recently used first (a result is used after what it read, so it comes later).
    const excess = this.held - live - kept.size - this.retained;
    const old = new Set<Slot>();
    for (let slot = this.oldest; slot && old.size < excess; slot = slot.newer) if (!kept.has(slot)) old.add(slot);
    // Of them, each that no kept result was computed from goes, and then what only it held.
    const unused = (slot: Slot) => old.has(slot) && !slot.dropped && slot.dependents === 0;
    for (const slot of old) {
      const going = [slot];
      while (going.length > 0) {
        const next = going.pop()!;
        if (!unused(next)) continue;
        for (const dep of next.deps ?? []) going.push(dep);
        this.drop(next);
      }
    }
    this.leftByCollect = this.held;
    this.epoch++;
  }

  /** The number of computations of each query so far, by query name (a copy). */
  computeCounts(): Map<string, number> {
    return new Map(this.computed);
  }

  /** How many times a query result was looked up so far: what reusing results costs, counted (tests compare two counts). */
  lookups(): number {
    return this.looked;
  }

  /** Query results held now (for tests and the benchmark). */
  get size(): number {
    return this.held;
  }

  /** A new revision, in which an input of durability level `changed` changed. */
  private bump(changed: number): number {
    const revision = ++this.currentRevision;
    for (let level = 0; level <= changed; level++) this.lastChanged[level] = revision;
    return revision;
  }

  private table(def: InputDef<unknown, unknown> | QueryDef<unknown, unknown> | object, input: boolean): Table {
    let table = this.tables.get(def);
    if (!table) {
      table = { def: def as Table['def'], input, slots: new Map(), nested: new Map() };
      this.tables.set(def, table);
    }
    return table;
  }

  private newSlot(table: Table, keyText: string, innerText: string | null, key: unknown, value: unknown, revision: number, level: number, deps: Slot[] | null): Slot {
    return { table, keyText, innerText, key, value, changedAt: revision, verifiedAt: revision, level, deps, stale: false, computing: false, dropped: false, dependents: 0, lastUsed: this.epoch, older: null, newer: null, listed: false };
  }

  private heldSlot<K, V>(def: QueryDef<K, V>, key: K): Slot | undefined {
    const table = this.tables.get(def);
    return table && this.slotOf(table, def.key(key), def.within?.(key) ?? null);
  }

  private slotOf(table: Table, keyText: string, innerText: string | null): Slot | undefined {
    this.looked++;
    return innerText === null ? table.slots.get(keyText) : table.nested.get(keyText)?.get(innerText);
  }

  private store(slot: Slot): void {
    if (slot.innerText === null) {
      slot.table.slots.set(slot.keyText, slot);
      return;
    }
    let inner = slot.table.nested.get(slot.keyText);
    if (!inner) slot.table.nested.set(slot.keyText, (inner = new Map()));
    inner.set(slot.innerText, slot);
  }

  /** A query's or input's own `equals`, else equality by value (`sameValue`). */
  /** Unmetered (`sameValue` has a budget of its own): whether a comparison runs depends on what is held, so it must not draw from the budget of the query that read this one. */
  private same(def: { equals?(a: never, b: never): boolean }, a: unknown, b: unknown): boolean {
    if (a === b) return true;
    return withWorkBudget(() => (def.equals ? (def.equals as (x: unknown, y: unknown) => boolean)(a, b) : sameValue(a, b)), Infinity);
  }

  private drop(slot: Slot): void {
    const { table, keyText, innerText } = slot;
    if (innerText === null) {
      if (table.slots.get(keyText) === slot) table.slots.delete(keyText);
    } else {
      const inner = table.nested.get(keyText);
      if (inner?.get(innerText) === slot) inner.delete(innerText);
      if (inner?.size === 0) table.nested.delete(keyText);
    }
    slot.dropped = true;
    this.unlist(slot);
    this.setDeps(slot, null);
  }

  /** Replaces what a slot was computed from, keeping each one's count of dependents. */
  /** A query that ran out of its work budget is not kept: the query that read it reads what it read (`frame`, on top of the stack). */
  private inherit(frame: Frame): void {
    const reader = this.stack.at(-2);
    if (!reader) return;
    reader.deps.push(...frame.deps);
    reader.level = Math.min(reader.level, frame.level);
  }

  private setDeps(slot: Slot, deps: Slot[] | null): void {
    for (const dep of slot.deps ?? []) dep.dependents--;
    for (const dep of deps ?? []) dep.dependents++;
    slot.deps = deps;
  }

  private inputSlot<K, V>(def: InputDef<K, V>, key: K): Slot {
    const table = this.table(def, true);
    const keyText = def.key(key);
    let slot = table.slots.get(keyText);
    if (slot && !slot.stale) return slot;
    if (!def.read) throw new Error(`input ${def.name} has no value for ${keyText}`);
    // Unmetered, as `same`: an input is read once, by whichever query reads it first.
    const value = withWorkBudget(() => def.read!(key, this), Infinity);
    if (slot) {
      // Read again after an invalidation: unchanged when equal, so nothing that read it is recomputed.
      if (!this.same(def, slot.value, value)) {
        slot.value = value;
        slot.changedAt = this.currentRevision;
        slot.level = levelOf(def, value);
      }
      slot.stale = false;
      slot.verifiedAt = this.currentRevision;
    } else {
      // First read: nothing computed before this revision can have depended on it.
      slot = this.newSlot(table, keyText, null, key, value, this.currentRevision, levelOf(def, value), null);
      table.slots.set(keyText, slot);
    }
    return slot;
  }

  /** The query's slot, current in this revision: verified, or recomputed. */
  private fresh<K, V>(def: QueryDef<K, V>, key: K): Slot {
    const table = this.table(def, false);
    const keyText = def.key(key);
    const innerText = def.within?.(key) ?? null;
    const slot = this.slotOf(table, keyText, innerText);
    if (slot?.computing) throw new CycleError(`query ${def.name}(${innerText === null ? keyText : `${innerText} within ${keyText}`}) depends on itself`);
    if (slot && (slot.verifiedAt === this.currentRevision || this.verify(slot))) {
      this.touch(slot);
      return slot;
    }
    return this.compute(table, def, key, keyText, innerText, slot);
  }

  /** Whether nothing a slot was computed from changed since it was last verified; marks it verified if so. */
  private verify(slot: Slot): boolean {
    if (this.lastChanged[slot.level] <= slot.verifiedAt) {
      slot.verifiedAt = this.currentRevision;
      return true;
    }
    let level = LEVEL.durable;
    for (const dep of slot.deps!) {
      if (dep.dropped) return false;
      if (dep.deps === null) {
        if (dep.stale) this.inputSlot(dep.table.def as InputDef<unknown, unknown>, dep.key);
      } else if (dep.verifiedAt !== this.currentRevision) {
        this.fresh(dep.table.def as QueryDef<unknown, unknown>, dep.key);
      }
      if (dep.dropped || dep.changedAt > slot.verifiedAt) return false;
      level = Math.min(level, dep.level);
    }
    // An input's durability may have changed with a value that did not reach this one (a file opened, its text the disk's).
    slot.level = level;
    slot.verifiedAt = this.currentRevision;
    return true;
  }

  private compute<K, V>(table: Table, def: QueryDef<K, V>, key: K, keyText: string, innerText: string | null, existing: Slot | undefined): Slot {
    const isNew = !existing;
    const frame: Frame = { deps: [], level: LEVEL.durable, previous: existing ?? null };
    const slot = existing ?? this.newSlot(table, keyText, innerText, key, undefined, this.currentRevision, LEVEL.durable, []);
    // In its table while it runs, so that a query reaching itself is seen as the cycle it is.
    if (isNew) this.store(slot);
    slot.computing = true;
    this.computed.set(def.name, (this.computed.get(def.name) ?? 0) + 1);
    this.stack.push(frame);
    let value: V;
    try {
      value = withWorkBudget(() => def.compute(this, key, isNew ? undefined : (slot.value as V)), this.workSteps);
    } catch (e) {
      if (e instanceof WorkBudgetExhausted && def.exhausted) {
        value = def.exhausted(this, key, e);
      } else {
        if (isNew) this.drop(slot);
        // The query that read this one depends on what this one read before it ran out.
        if (e instanceof WorkBudgetExhausted) this.inherit(frame);
        throw e;
      }
    } finally {
      this.stack.pop();
      slot.computing = false;
    }
    if (isNew || !this.same(def, slot.value, value)) {
      slot.value = value;
      slot.changedAt = this.currentRevision;
    }
    this.setDeps(slot, frame.deps);
    slot.level = frame.level;
    slot.verifiedAt = this.currentRevision;
    this.touch(slot);
    return slot;
  }

  /** Marks a query result used now: live until the next `collect`, and the most recently used. */
  private touch(slot: Slot): void {
    slot.lastUsed = this.epoch;
    if (this.newest === slot) return;
    this.unlist(slot);
    slot.older = this.newest;
    if (this.newest) this.newest.newer = slot;
    else this.oldest = slot;
    this.newest = slot;
    slot.listed = true;
    this.held++;
  }

  private unlist(slot: Slot): void {
    if (!slot.listed) return;
    if (slot.older) slot.older.newer = slot.newer;
    else this.oldest = slot.newer;
    if (slot.newer) slot.newer.older = slot.older;
    else this.newest = slot.older;
    slot.older = slot.newer = null;
    slot.listed = false;
    this.held--;
  }
}
