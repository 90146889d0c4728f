import { spend } from '../work';
/**
 * Python's `Py_UNICODE_TODECIMAL`, which `str.format` uses for field names
 * (`{١}` is positional index 1) and for widths and precisions (`{:>٣}`), and
 * `str.isdecimal()`: the characters with a decimal digit value, not only 0-9.
 * (`str.isdigit()` also takes superscripts such as `²`, which `str.format`
 * reads as a keyword, so it is not what matters here.)
 *
 * The table is CPython 3.11's (Unicode 14.0, SWE-agent's oldest supported
 * Python), written out rather than read from the JavaScript engine's
 * `\p{Nd}`: Node's Unicode data changes with its version (Node 20.20 has
 * Unicode 17, with nine more digit runs), and the answer must not. Each
 * script's digits are one run of ten code points, 0 to 9; the table holds
 * the code point of each run's zero, as `unicodedata.decimal` gives them.
 */
const DIGIT_ZEROS: readonly number[] = [
  0x30, 0x660, 0x6f0, 0x7c0, 0x966, 0x9e6, 0xa66, 0xae6, 0xb66, 0xbe6, 0xc66, 0xce6, 0xd66, 0xde6, 0xe50, 0xed0, 0xf20, 0x1040, 0x1090, 0x17e0, 0x1810,
  0x1946, 0x19d0, 0x1a80, 0x1a90, 0x1b50, 0x1bb0, 0x1c40, 0x1c50, 0xa620, 0xa8d0, 0xa900, 0xa9d0, 0xa9f0, 0xaa50, 0xabf0, 0xff10, 0x104a0, 0x10d30,
  0x11066, 0x110f0, 0x11136, 0x111d0, 0x112f0, 0x11450, 0x114d0, 0x11650, 0x116c0, 0x11730, 0x118e0, 0x11950, 0x11c50, 0x11d50, 0x11da0, 0x16a60,
  0x16ac0, 0x16b50, 0x1d7ce, 0x1d7d8, 0x1d7e2, 0x1d7ec, 0x1d7f6, 0x1e140, 0x1e2f0, 0x1e950, 0x1fbf0,
];

/** The decimal value of a one-code-point string, or -1 when it is no decimal digit. */
export function decimalDigitValue(char: string): number {
  const code = char.codePointAt(0);
  if (code === undefined) return -1;
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  // The last run that starts at or before the code point.
  let low = 0;
  let high = DIGIT_ZEROS.length - 1;
  while (low < high) {
    spend();
    const middle = (low + high + 1) >> 1;
    if (DIGIT_ZEROS[middle] <= code) low = middle;
    else high = middle - 1;
  }
  const value = code - DIGIT_ZEROS[low];
  return value >= 0 && value < 10 ? value : -1;
}

/** Python's `str.isdecimal()`: a non-empty string of decimal digits only. */
export function isDecimalString(text: string): boolean {
  if (text === '') return false;
  for (const char of text) {
    spend();
    if (decimalDigitValue(char) === -1) return false;
  }
  return true;
}

/** `int(text)` for a string of decimal digits (any script), as a bigint. */
export function decimalValue(text: string): bigint {
  let value = 0n;
  for (const char of text) {
    spend();
    value = value * 10n + BigInt(decimalDigitValue(char));
  }
  return value;
}
