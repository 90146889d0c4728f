/**
 * pydantic v2 lax-mode validation of the field types SWE-agent's models use
 * (`str`, `bool`, `list[str]`, `dict[str, str]`, `dict[str, dict]`, a model),
 * over PyNodes. Each failure keeps the node it is about, so the diagnostic
 * lands on that value, and pydantic's own error type and message.
 */
import { MapNode, PyNode, ScalarNode, deref, dictEntries } from '../yaml/pyNode';
import { pushAll } from '../util/pushAll';
import { pyStrip } from '../python/pyWhitespace';
import { charged, spend } from '../work';

export interface PydanticIssue {
  node: PyNode;
  /** pydantic's error type, e.g. `string_type`. */
  type: string;
  /** pydantic's message, e.g. "Input should be a valid string". */
  message: string;
  /** For dict keys: the issue is about the key, pydantic's `[key]` loc. */
  isKey?: boolean;
}

export type Lax<T> = { ok: true; value: T } | { ok: false; issues: PydanticIssue[] };

const fail = <T>(node: PyNode, type: string, message: string, isKey = false): Lax<T> => ({ ok: false, issues: [{ node, type, message, isKey }] });

function bytesToString(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

function scalarOf(node: PyNode): ScalarNode | null {
  const target = deref(node);
  return target.kind === 'scalar' ? target : null;
}

export function laxStr(node: PyNode): Lax<string> {
  const scalar = scalarOf(node);
  if (scalar?.value.type === 'str') return { ok: true, value: scalar.value.value };
  if (scalar?.value.type === 'bytes') {
    const text = bytesToString(scalar.value.value);
    if (text !== null) return { ok: true, value: text };
    return fail(node, 'string_unicode', 'Input should be a valid string, unable to parse raw data as a unicode string');
  }
  return fail(node, 'string_type', 'Input should be a valid string');
}

/** `str | None`. */
export function laxOptionalStr(node: PyNode): Lax<string | null> {
  const scalar = scalarOf(node);
  if (scalar?.value.type === 'NoneType') return { ok: true, value: null };
  return laxStr(node);
}

const TRUE_STRINGS = new Set(['1', 'on', 't', 'true', 'y', 'yes']);
const FALSE_STRINGS = new Set(['0', 'off', 'f', 'false', 'n', 'no']);

function boolFromString(text: string): boolean | null {
  const lower = text.toLowerCase();
  if (TRUE_STRINGS.has(lower)) return true;
  if (FALSE_STRINGS.has(lower)) return false;
  return null;
}

export function laxBool(node: PyNode): Lax<boolean> {
  const scalar = scalarOf(node);
  const parsing = () => fail<boolean>(node, 'bool_parsing', 'Input should be a valid boolean, unable to interpret input');
  const typeError = () => fail<boolean>(node, 'bool_type', 'Input should be a valid boolean');
  if (!scalar) return typeError();
  const v = scalar.value;
  switch (v.type) {
    case 'bool':
      return { ok: true, value: v.value };
    case 'int':
      if (v.value === 0n || v.value === 1n) return { ok: true, value: v.value === 1n };
      return parsing();
    case 'float':
      if (v.value === 0 || v.value === 1) return { ok: true, value: v.value === 1 };
      return Number.isInteger(v.value) ? parsing() : typeError();
    case 'str': {
      const parsed = boolFromString(v.value);
      return parsed === null ? parsing() : { ok: true, value: parsed };
    }
    case 'bytes': {
      const text = bytesToString(v.value);
      const parsed = text === null ? null : boolFromString(text);
      return parsed === null ? parsing() : { ok: true, value: parsed };
    }
    default:
      return typeError();
  }
}

/** The items pydantic iterates for a `list[...]` field: lists, tuples and sets; not dicts or strings. */
export function laxListItems(node: PyNode): Lax<PyNode[]> {
  const target = deref(node);
  if (target.kind === 'seq') return { ok: true, value: target.items };
  if (target.kind === 'map' && target.python === 'set') return { ok: true, value: charged(dictEntries(target)).map((e) => e.key) };
  return fail(node, 'list_type', 'Input should be a valid list');
}

export function laxStrList(node: PyNode): Lax<string[]> {
  const items = laxListItems(node);
  if (!items.ok) return items;
  const values: string[] = [];
  const issues: PydanticIssue[] = [];
  for (const item of items.value) {
    spend();
    const result = laxStr(item);
    if (result.ok) values.push(result.value);
    else pushAll(issues, result.issues);
  }
  return issues.length ? { ok: false, issues } : { ok: true, value: values };
}

/** A Python dict (not a set): what `dict[...]` fields and `**kwargs` accept. */
export function asDict(node: PyNode): MapNode | null {
  const target = deref(node);
  return target.kind === 'map' && target.python === 'dict' ? target : null;
}

export function laxStrDict(node: PyNode): Lax<Map<string, string>> {
  const map = asDict(node);
  if (!map) return fail(node, 'dict_type', 'Input should be a valid dictionary');
  const values = new Map<string, string>();
  const issues: PydanticIssue[] = [];
  for (const entry of dictEntries(map)) {
    spend();
    const key = laxStr(entry.key);
    const value = laxStr(entry.value);
    if (!key.ok) pushAll(issues, charged(key.issues).map((i) => ({ ...i, isKey: true })));
    if (!value.ok) pushAll(issues, value.issues);
    if (key.ok && value.ok) values.set(key.value, value.value);
  }
  return issues.length ? { ok: false, issues } : { ok: true, value: values };
}

/**
 * pydantic's lax reading of a str as an int: surrounding whitespace stripped,
 * a sign, decimal digits with single underscores between them, and a
 * fraction of zeros only (`5.00`).
 */
const INT_TEXT = /^[+-]?\d(?:_?\d)*(?:\.0+)?$/;

/** `int` in lax mode: ints, bools, integral floats and numeric strings. */
export function laxInt(node: PyNode): Lax<bigint> {
  const scalar = scalarOf(node);
  const typeError = () => fail<bigint>(node, 'int_type', 'Input should be a valid integer');
  if (!scalar) return typeError();
  const v = scalar.value;
  switch (v.type) {
    case 'int':
      return { ok: true, value: v.value };
    case 'bool':
      return { ok: true, value: v.value ? 1n : 0n };
    case 'float':
      if (!Number.isFinite(v.value)) return fail(node, 'finite_number', 'Input should be a finite number');
      if (!Number.isInteger(v.value)) return fail(node, 'int_from_float', 'Input should be a valid integer, got a number with a fractional part');
      return { ok: true, value: BigInt(v.value) };
    case 'str':
    case 'bytes': {
      const text = v.type === 'str' ? v.value : bytesToString(v.value);
      const stripped = text === null ? '' : pyStrip(text);
      if (!INT_TEXT.test(stripped)) return fail(node, 'int_parsing', 'Input should be a valid integer, unable to parse string as an integer');
      return { ok: true, value: BigInt(stripped.replace(/_/g, '').replace(/\.0+$/, '')) };
    }
    default:
      return typeError();
  }
}

/** What pydantic reads as a float from a str: Python's float() syntax over ASCII digits. */
const FLOAT_TEXT = /^[+-]?(?:(?:\d(?:_?\d)*)?\.\d(?:_?\d)*|\d(?:_?\d)*\.?)(?:[eE][+-]?\d(?:_?\d)*)?$|^[+-]?(?:inf|infinity|nan)$/i;

/** `float` in lax mode: numbers, bools and numeric strings (`inf` and `nan` included). */
export function laxFloat(node: PyNode): Lax<number> {
  const scalar = scalarOf(node);
  const typeError = () => fail<number>(node, 'float_type', 'Input should be a valid number');
  if (!scalar) return typeError();
  const v = scalar.value;
  switch (v.type) {
    case 'float':
      return { ok: true, value: v.value };
    case 'int': {
      const value = Number(v.value);
      return Number.isFinite(value) ? { ok: true, value } : typeError();
    }
    case 'bool':
      return { ok: true, value: v.value ? 1 : 0 };
    case 'str':
    case 'bytes': {
      const text = v.type === 'str' ? v.value : bytesToString(v.value);
      const stripped = text === null ? '' : pyStrip(text);
      if (!FLOAT_TEXT.test(stripped)) return fail(node, 'float_parsing', 'Input should be a valid number, unable to parse string as a number');
      const lower = stripped.toLowerCase().replace(/_/g, '');
      const sign = lower.startsWith('-') ? -1 : 1;
      const body = lower.replace(/^[+-]/, '');
      return { ok: true, value: body.startsWith('inf') ? sign * Infinity : body === 'nan' ? NaN : Number(lower) };
    }
    default:
      return typeError();
  }
}

/** `pathlib.Path`: a str (pydantic refuses bytes and everything else). */
export function laxPath(node: PyNode): Lax<string> {
  const scalar = scalarOf(node);
  if (scalar?.value.type === 'str') return { ok: true, value: scalar.value.value };
  return fail(node, 'path_type', "Input is not a valid path for <class 'pathlib.Path'>");
}

/** The items pydantic iterates for a `set[...]` or `tuple[...]` field: lists, tuples and sets. */
export function laxCollectionItems(node: PyNode, kind: 'set' | 'tuple'): Lax<PyNode[]> {
  const items = laxListItems(node);
  if (items.ok) return items;
  return kind === 'set' ? fail(node, 'set_type', 'Input should be a valid set') : fail(node, 'tuple_type', 'Input should be a valid tuple');
}
