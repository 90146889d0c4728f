/**
 * The values a Jinja rendering handles beyond Python data: Jinja's Undefined,
 * Markup, namespaces, macros and other callables, the `loop` variable,
 * `range()`, dict views and one-shot iterators (what `map` or `unique`
 * return). Each prints as Jinja prints it, or is `unsupported` where Python
 * would print an address; none may go into a list or dict (`plain` refuses).
 */
import { BUDGETS } from '../../budgets';
import { PyDict, PyObject, pyReprInto, pyTuple, pyTypeName } from '../pyObject';
import { RenderedText } from '../renderedText';
import { JinjaError, LimitExceeded, UNDEFINED, Unsupported } from './errors';
import { charged, spend } from '../../work';

/** Text marked safe (`e`, `tojson`, `safe`): prints as its text. */
export class Markup {
  constructor(readonly text: string) {}
}

/** `namespace(...)`: attributes a `{% set ns.x = ... %}` can change. */
export class Namespace {
  constructor(readonly attrs: Map<string, Value>) {}
}

export type Invoke = (args: Value[], kwargs: Map<string, Value>) => Value;

/** A function a template can call: a macro, a global, a bound method. `repr` is null where Python prints an address. */
export class Callable {
  constructor(
    readonly repr: string | null,
    readonly invoke: Invoke,
  ) {}
}

/** `range(start, stop, step)`, built into a list only when iterated. */
export class PyRange {
  constructor(
    readonly start: bigint,
    readonly stop: bigint,
    readonly step: bigint,
  ) {}

  get length(): bigint {
    const { start, stop, step } = this;
    if (step > 0n) return stop > start ? (stop - start + step - 1n) / step : 0n;
    return start > stop ? (start - stop - step - 1n) / -step : 0n;
  }
}

/** `dict.items()`, `.keys()`, `.values()`. */
export class DictView {
  constructor(
    readonly kind: 'items' | 'keys' | 'values',
    readonly dict: PyDict,
  ) {}
}

/** A generator (`map`, `select`, `unique`, `reverse` of a list): iterated once, then empty. */
export class OneShot {
  private used = false;
  constructor(private readonly items: PyObject[]) {}

  take(): PyObject[] {
    if (this.used) return [];
    this.used = true;
    return this.items;
  }
}

/** The `loop` variable of one pass of a for loop. */
export class LoopContext {
  constructor(
    readonly items: PyObject[],
    readonly index0: number,
  ) {}
}

export type Value = PyObject | typeof UNDEFINED | Markup | Namespace | Callable | PyRange | DictView | OneShot | LoopContext;

function isPlain(value: Value): value is PyObject | typeof UNDEFINED {
  return !(value instanceof Markup || value instanceof Namespace || value instanceof Callable || value instanceof PyRange || value instanceof DictView || value instanceof OneShot || value instanceof LoopContext);
}

/** What the port models only as Python data (operators, list items, most filters): anything else is `unsupported`. */
export function plain(value: Value): PyObject | typeof UNDEFINED {
  if (isPlain(value)) return value;
  throw new Unsupported(`a ${describe(value)} used as data`);
}

/** As `plain`, and Undefined is `unsupported` too (inside a list or dict it would print as `Undefined`). */
export function data(value: Value): PyObject {
  const p = plain(value);
  if (p === UNDEFINED) throw new Unsupported('an undefined value inside a value');
  return p;
}

function describe(value: Value): string {
  if (value instanceof Markup) return 'Markup';
  if (value instanceof Namespace) return 'namespace';
  if (value instanceof Callable) return 'function';
  if (value instanceof PyRange) return 'range';
  if (value instanceof DictView) return `dict_${value.kind}`;
  if (value instanceof OneShot) return 'generator';
  if (value instanceof LoopContext) return 'loop';
  return value === UNDEFINED ? 'Undefined' : pyTypeName(value);
}

export function truthy(value: Value): boolean {
  if (value === UNDEFINED || value === null) return false;
  if (typeof value === 'string' || Array.isArray(value)) return value.length > 0;
  if (value instanceof PyDict) return value.entries.size > 0;
  if (typeof value === 'bigint') return value !== 0n;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'boolean') return value;
  if (value instanceof Markup) return value.text.length > 0;
  if (value instanceof PyRange) return value.length > 0n;
  if (value instanceof DictView) return value.dict.entries.size > 0;
  return true;
}

/** Stops the rendering before a text or list of `length` is built. */
export function checkLength(length: number | bigint): void {
  if (length > BUDGETS.jinjaOutputChars) throw new LimitExceeded(`the rendered text passes ${BUDGETS.jinjaOutputChars} characters`);
}

/** Python's repr() of data, within the budget (a repr cut short would not be exact). */
function reprOf(value: PyObject): string {
  const out = pyReprInto(value, new RenderedText());
  if (!out.complete) throw new LimitExceeded(`a value's repr passes ${BUDGETS.renderedTextChars} characters`);
  return out.text;
}

/** str() of a value, as Jinja prints it. */
export function toText(value: Value): string {
  if (value === UNDEFINED) return '';
  if (typeof value === 'string') return value;
  if (value instanceof Markup) return value.text;
  if (value instanceof Namespace) return `<Namespace ${reprOf(new PyDict(new Map(charged([...value.attrs]).map(([k, v]) => [k, data(v)]))))}>`;
  if (value instanceof PyRange) return value.step === 1n ? `range(${value.start}, ${value.stop})` : `range(${value.start}, ${value.stop}, ${value.step})`;
  if (value instanceof DictView) return `dict_${value.kind}(${reprOf(viewItems(value))})`;
  if (value instanceof LoopContext) return `<LoopContext ${value.index0 + 1}/${value.items.length}>`;
  if (value instanceof Callable) {
    if (value.repr === null) throw new Unsupported('printing a function');
    return value.repr;
  }
  if (value instanceof OneShot) throw new Unsupported('printing a generator');
  return reprOf(value);
}

function viewItems(view: DictView): PyObject[] {
  const entries = [...view.dict.entries];
  if (view.kind === 'keys') return charged(entries).map(([k]) => k);
  if (view.kind === 'values') return charged(entries).map(([, v]) => v);
  return charged(entries).map(([k, v]) => pyTuple([k, v]));
}

/** Python's iter(): the items a for loop or a filter walks. */
export function iterate(value: Value): PyObject[] {
  if (value === UNDEFINED) return [];
  if (typeof value === 'string') return [...value];
  if (Array.isArray(value)) return value;
  if (value instanceof PyDict) return [...value.entries.keys()];
  if (value instanceof Markup) return [...value.text];
  if (value instanceof DictView) return viewItems(value);
  if (value instanceof OneShot) return value.take();
  if (value instanceof PyRange) {
    checkLength(value.length);
    const items: PyObject[] = [];
    for (let i = 0n, at = value.start; i < value.length; i++, at += value.step) {
      spend();
      items.push(at);
    }
    return items;
  }
  const name = value instanceof Namespace ? 'Namespace' : value instanceof Callable ? 'function' : value instanceof LoopContext ? 'LoopContext' : pyTypeName(value);
  throw new JinjaError('TypeError', `'${name}' object is not iterable`);
}

/** Python's len(). */
export function lengthOf(value: Value): number {
  if (typeof value === 'string') return [...value].length;
  if (Array.isArray(value)) return value.length;
  if (value instanceof PyDict) return value.entries.size;
  if (value instanceof Markup) return [...value.text].length;
  if (value instanceof DictView) return value.dict.entries.size;
  if (value instanceof PyRange) return Number(value.length);
  if (value === UNDEFINED) return 0;
  throw new JinjaError('TypeError', `object of type '${describe(value)}' has no len()`);
}
