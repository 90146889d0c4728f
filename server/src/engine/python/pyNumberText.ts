/**
 * Python 3.11's `int(text, base)` and `float(text)` on a `str`, for
 * PyYAML's int and float constructors: Unicode whitespace around the
 * number, any Unicode decimal digit, a base prefix where the base allows
 * it, single underscores between digits, the 4300-digit limit on
 * conversions in a base that is not a power of two (CVE-2020-10735), and
 * CPython's error texts. Linear in the length of the text.
 */
import { pyReprString } from './pyObject';
import { spend } from '../work';

export type IntParse = { ok: true; value: bigint } | { ok: false; message: string };

/** sys.get_int_max_str_digits() by default. */
const INT_MAX_STR_DIGITS = 4300;

/** str.isspace(): Python's whitespace, which int() and float() strip. */
const SPACE = /[\t\n\x0b\x0c\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/;
const DECIMAL = /\p{Nd}/u;

/**
 * CPython's _PyUnicode_TransformDecimalAndSpaceToASCII: whitespace becomes
 * ' ', a decimal digit its ASCII digit, any other non-ASCII character '?'.
 */
function toAscii(text: string): string {
  if (/^[\x00-\x7f]*$/.test(text)) return text;
  let out = '';
  for (const ch of text) {
    spend();
    const code = ch.codePointAt(0)!;
    if (code < 0x80) out += ch;
    else if (SPACE.test(ch)) out += ' ';
    else if (DECIMAL.test(ch)) out += String(decimalValue(code));
    else out += '?';
  }
  return out;
}

/** A decimal digit's value: Unicode puts each set of ten digits in a run from 0 to 9. */
function decimalValue(code: number): number {
  let start = code;
  while (start > code - 10 && DECIMAL.test(String.fromCodePoint(start - 1))) {
    spend();
    start--;
  }
  return (code - start) % 10;
}

/** Py_ISSPACE, the ASCII whitespace that PyLong_FromString skips. */
function isAsciiSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13);
}

function digitValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 97 && code <= 122) return code - 87;
  if (code >= 65 && code <= 90) return code - 55;
  return 99;
}

const PREFIX: Record<number, string> = { 2: 'b', 8: 'o', 16: 'x' };
const BIGINT_PREFIX: Record<number, string> = { 2: '0b', 8: '0o', 16: '0x', 10: '' };

/** `int(text, base)` for base 2, 8, 10 or 16. */
export function pythonInt(text: string, base: 2 | 8 | 10 | 16): IntParse {
  const invalid: IntParse = { ok: false, message: `invalid literal for int() with base ${base}: ${truncatedRepr(text)}` };
  const s = toAscii(text);
  let i = 0;
  while (i < s.length && isAsciiSpace(s.charCodeAt(i))) {
    spend();
    i++;
  }
  let negative = false;
  if (s[i] === '+' || s[i] === '-') negative = s[i++] === '-';
  if (base !== 10 && s[i] === '0' && s[i + 1]?.toLowerCase() === PREFIX[base]) {
    i += 2;
    // One underscore may follow the prefix.
    if (s[i] === '_') i++;
  }
  if (s[i] === '_') return invalid;
  let digits = '';
  let previous = '';
  for (; i < s.length; i++) {
    spend();
    const ch = s[i];
    if (ch === '_') {
      if (previous === '_') return invalid;
    } else if (digitValue(ch.charCodeAt(0)) < base) {
      digits += ch;
    } else {
      break;
    }
    previous = ch;
  }
  if (previous === '_') return invalid;
  if (base === 10 && digits.length > INT_MAX_STR_DIGITS) {
    return {
      ok: false,
      message: `Exceeds the limit (${INT_MAX_STR_DIGITS} digits) for integer string conversion: value has ${digits.length} digits; use sys.set_int_max_str_digits() to increase the limit`,
    };
  }
  if (digits.length === 0) return invalid;
  while (i < s.length && isAsciiSpace(s.charCodeAt(i))) {
    spend();
    i++;
  }
  if (i < s.length) return invalid;
  const value = BigInt(BIGINT_PREFIX[base] + digits);
  return { ok: true, value: negative ? -value : value };
}

/** `float(text)`, or null where Python raises ValueError. */
export function pythonFloat(text: string): number | null {
  const trimmed = toAscii(text).replace(/^[ \t\n\x0b\x0c\r]+|[ \t\n\x0b\x0c\r]+$/g, '');
  if (/^[+-]?(inf|infinity)$/i.test(trimmed)) return trimmed.startsWith('-') ? -Infinity : Infinity;
  if (/^[+-]?nan$/i.test(trimmed)) return NaN;
  if (!/^[+-]?(\d(_?\d)*(\.(\d(_?\d)*)?)?|\.\d(_?\d)*)([eE][+-]?\d(_?\d)*)?$/.test(trimmed)) return null;
  return Number(trimmed.replace(/_/g, ''));
}

/** `%.200R`: CPython cuts the repr of a bad int() literal at 200 characters. */
function truncatedRepr(text: string): string {
  const repr = pyReprString(text);
  const points = [...repr];
  return points.length > 200 ? points.slice(0, 200).join('') : repr;
}
