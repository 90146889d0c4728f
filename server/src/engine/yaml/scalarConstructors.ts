/**
 * PyYAML SafeConstructor's scalar constructors, ported for behaviour. Each
 * takes the scalar's text and returns its Python value, or the exception it
 * raises. PyYAML reports some failures as ConstructorError (a YAML error) and
 * lets others escape as plain Python exceptions (KeyError, ValueError...),
 * which SWE-agent then shows as a crash.
 */
import { pyReprString } from '../python/pyObject';
import { pythonFloat, pythonInt } from '../python/pyNumberText';
import { PyScalarValue } from './pyNode';
import { TAG } from './resolver';
import { charged, spend } from '../work';

export type ConstructOutcome =
  | { ok: true; value: PyScalarValue }
  | { ok: false; yamlError: true; problem: string }
  | { ok: false; yamlError: false; exceptionType: string; message: string };

const crash = (exceptionType: string, message: string): ConstructOutcome => ({ ok: false, yamlError: false, exceptionType, message });
const constructorError = (problem: string): ConstructOutcome => ({ ok: false, yamlError: true, problem });

const BOOL_VALUES: Record<string, boolean> = { yes: true, no: false, true: true, false: false, on: true, off: false };

function constructInt(text: string): ConstructOutcome {
  let value = text.replace(/_/g, '');
  if (value.length === 0) return crash('IndexError', 'string index out of range');
  let sign = 1n;
  if (value[0] === '-') sign = -1n;
  if (value[0] === '+' || value[0] === '-') value = value.slice(1);
  if (value === '0') return { ok: true, value: { type: 'int', value: 0n } };
  // A lone sign leaves nothing for PyYAML's `value[0]`.
  if (value.length === 0) return crash('IndexError', 'string index out of range');
  let result: bigint;
  if (value.startsWith('0b') || value.startsWith('0x') || value[0] === '0') {
    const [digits, base] = value.startsWith('0b') ? [value.slice(2), 2 as const] : value.startsWith('0x') ? [value.slice(2), 16 as const] : [value, 8 as const];
    const parsed = pythonInt(digits, base);
    if (!parsed.ok) return crash('ValueError', parsed.message);
    result = parsed.value;
  } else if (value.includes(':')) {
    // Sexagesimal: each part is an int(), and PyYAML sums them from the last up.
    const digits: bigint[] = [];
    for (const part of value.split(':')) {
      spend();
      const parsed = pythonInt(part, 10);
      if (!parsed.ok) return crash('ValueError', parsed.message);
      digits.push(parsed.value);
    }
    result = sexagesimalValue(digits);
  } else {
    const parsed = pythonInt(value, 10);
    if (!parsed.ok) return crash('ValueError', parsed.message);
    result = parsed.value;
  }
  return { ok: true, value: { type: 'int', value: sign * result } };
}

/**
 * The sum of digits[i] × 60^(n-1-i), combined in pairs of equal width from the
 * last digit up, so that each level multiplies numbers of similar size: summing
 * one digit at a time is quadratic in the number of digits (300,000 parts of
 * `59:59:…` took a minute).
 */
function sexagesimalValue(digits: bigint[]): bigint {
  let level = digits;
  let base = 60n;
  while (level.length > 1) {
    spend();
    const next: bigint[] = [];
    // The first value of an odd level is the leftmost, shorter piece; every right-hand piece has the full width.
    let i = level.length % 2;
    if (i === 1) next.push(level[0]);
    for (; i < level.length; i += 2) {
      spend();
      next.push(level[i] * base + level[i + 1]);
    }
    level = next;
    if (level.length > 1) base *= base;
  }
  return level[0] ?? 0n;
}

function constructFloat(text: string): ConstructOutcome {
  let value = text.replace(/_/g, '').toLowerCase();
  if (value.length === 0) return crash('IndexError', 'string index out of range');
  let sign = 1;
  if (value[0] === '-') sign = -1;
  if (value[0] === '+' || value[0] === '-') value = value.slice(1);
  if (value === '.inf') return { ok: true, value: { type: 'float', value: sign * Infinity } };
  // SafeConstructor.nan_value: the same float object for every `.nan`.
  if (value === '.nan') return { ok: true, value: { type: 'float', value: NaN, sharedNan: true } };
  const invalid = (literal: string) => crash('ValueError', `could not convert string to float: ${pyReprString(literal)}`);
  if (value.includes(':')) {
    const parts = value.split(':');
    const digits: number[] = [];
    for (const part of parts) {
      spend();
      const digit = pythonFloat(part);
      if (digit === null) return invalid(part);
      digits.push(digit);
    }
    // PyYAML sums from the last part up, each times its power of 60.
    let result = 0;
    let base = 1;
    for (const digit of digits.reverse()) {
      spend();
      result += digit * base;
      base *= 60;
    }
    return { ok: true, value: { type: 'float', value: sign * result } };
  }
  const parsed = pythonFloat(value);
  if (parsed === null) return invalid(value);
  return { ok: true, value: { type: 'float', value: sign * parsed } };
}

function constructBool(text: string): ConstructOutcome {
  const key = text.toLowerCase();
  if (!(key in BOOL_VALUES)) return crash('KeyError', pyReprString(key));
  return { ok: true, value: { type: 'bool', value: BOOL_VALUES[key] } };
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** base64.decodebytes: CPython's non-strict a2b_base64. */
function constructBinary(text: string): ConstructOutcome {
  const points = [...text];
  const bad = charged(points).findIndex((ch) => ch.codePointAt(0)! > 0x7f);
  if (bad !== -1) {
    let end = bad + 1;
    while (end < points.length && points[end].codePointAt(0)! > 0x7f) {
      spend();
      end++;
    }
    const code = points[bad].codePointAt(0)!;
    const shown = code <= 0xff ? '\\x' + code.toString(16).padStart(2, '0') : code <= 0xffff ? '\\u' + code.toString(16).padStart(4, '0') : '\\U' + code.toString(16).padStart(8, '0');
    const what = end - bad === 1 ? `character '${shown}' in position ${bad}` : `characters in position ${bad}-${end - 1}`;
    return constructorError(`failed to convert base64 data into ascii: 'ascii' codec can't encode ${what}: ordinal not in range(128)`);
  }
  const bytes: number[] = [];
  let quadPos = 0;
  let leftChar = 0;
  let pads = 0;
  let dataChars = 0;
  let paddingComplete = false;
  for (const ch of text) {
    spend();
    if (ch === '=') {
      if (quadPos >= 2 && quadPos + ++pads >= 4) {
        paddingComplete = true;
        break;
      }
      continue;
    }
    const sextet = BASE64.indexOf(ch);
    if (sextet < 0) continue;
    dataChars++;
    pads = 0;
    switch (quadPos) {
      case 0:
        leftChar = sextet;
        quadPos = 1;
        break;
      case 1:
        bytes.push(((leftChar << 2) | (sextet >> 4)) & 0xff);
        leftChar = sextet & 0x0f;
        quadPos = 2;
        break;
      case 2:
        bytes.push(((leftChar << 4) | (sextet >> 2)) & 0xff);
        leftChar = sextet & 0x03;
        quadPos = 3;
        break;
      default:
        bytes.push(((leftChar << 6) | sextet) & 0xff);
        quadPos = 0;
    }
  }
  if (!paddingComplete && quadPos !== 0) {
    if (quadPos === 1) {
      return constructorError(`failed to decode base64 data: Invalid base64-encoded string: number of data characters (${dataChars}) cannot be 1 more than a multiple of 4`);
    }
    return constructorError('failed to decode base64 data: Incorrect padding');
  }
  return { ok: true, value: { type: 'bytes', value: Uint8Array.from(bytes) } };
}

const TIMESTAMP =
  /^([0-9][0-9][0-9][0-9])-([0-9][0-9]?)-([0-9][0-9]?)(?:(?:[Tt]|[ \t]+)([0-9][0-9]?):([0-9][0-9]):([0-9][0-9])(?:\.([0-9]*))?(?:[ \t]*(Z|([-+])([0-9][0-9]?)(?::([0-9][0-9]))?))?)?$/;

function daysInMonth(year: number, month: number): number {
  return [31, year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
}

function constructTimestamp(text: string): ConstructOutcome {
  // Python's `$` also matches before a final newline.
  const match = TIMESTAMP.exec(text.endsWith('\n') ? text.slice(0, -1) : text);
  if (!match) return crash('AttributeError', "'NoneType' object has no attribute 'groupdict'");
  // For a datetime PyYAML builds the timezone first, so a bad offset is reported before a bad date or time.
  let offsetMinutes: number | null = null;
  if (match[4] && match[9]) {
    offsetMinutes = (Number(match[10]) * 60 + Number(match[11] ?? 0)) * (match[9] === '-' ? -1 : 1);
    if (Math.abs(offsetMinutes) >= 24 * 60) {
      return crash('ValueError', `offset must be a timedelta strictly between -timedelta(hours=24) and timedelta(hours=24), not ${timedeltaRepr(offsetMinutes * 60)}.`);
    }
  } else if (match[8]) {
    offsetMinutes = 0;
  }
  const [year, month, day] = charged([match[1], match[2], match[3]]).map(Number);
  if (year < 1) return crash('ValueError', `year ${year} is out of range`);
  if (month < 1 || month > 12) return crash('ValueError', 'month must be in 1..12');
  if (day < 1 || day > daysInMonth(year, month)) return crash('ValueError', 'day is out of range for month');
  const date = `${match[1]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  if (!match[4]) return { ok: true, value: { type: 'date', iso: date } };
  const [hour, minute, second] = charged([match[4], match[5], match[6]]).map(Number);
  if (hour > 23) return crash('ValueError', 'hour must be in 0..23');
  if (minute > 59) return crash('ValueError', 'minute must be in 0..59');
  if (second > 59) return crash('ValueError', 'second must be in 0..59');
  const fraction = (match[7] ?? '').slice(0, 6).padEnd(6, '0');
  const microseconds = Number(fraction);
  const wall = `${date}T${String(hour).padStart(2, '0')}:${match[5]}:${match[6]}`;
  const iso = wall + (microseconds ? '.' + fraction : '') + (offsetMinutes === null ? '' : formatOffset(offsetMinutes));
  // Aware datetimes compare by instant, naive ones by wall time; the two kinds are never equal.
  const key =
    offsetMinutes === null ? `naive:${wall}.${fraction}` : `aware:${new Date(Date.parse(wall + 'Z') - offsetMinutes * 60000).toISOString().slice(0, 19)}.${fraction}`;
  return { ok: true, value: { type: 'datetime', iso, key } };
}

/** repr() of a timedelta of whole seconds: days (floored) and the seconds left. */
function timedeltaRepr(seconds: number): string {
  const days = Math.floor(seconds / 86400);
  const rest = seconds - days * 86400;
  const parts = charged([days ? `days=${days}` : '', rest ? `seconds=${rest}` : '']).filter(Boolean);
  return `datetime.timedelta(${parts.join(', ') || '0'})`;
}

function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** Constructs a scalar node's value for a resolved tag; `null` means no constructor exists for it. */
export function constructScalar(tag: string, text: string): ConstructOutcome | null {
  switch (tag) {
    case TAG.str:
      return { ok: true, value: { type: 'str', value: text } };
    case TAG.null:
      return { ok: true, value: { type: 'NoneType' } };
    case TAG.bool:
      return constructBool(text);
    case TAG.int:
      return constructInt(text);
    case TAG.float:
      return constructFloat(text);
    case TAG.binary:
      return constructBinary(text);
    case TAG.timestamp:
      return constructTimestamp(text);
  }
  return null;
}
