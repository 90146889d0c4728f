/**
 * Python's `Py_UNICODE_TODECIMAL`, which `str.format` uses for field names
 * (`{١}` is positional index 1) and for widths and precisions (`{:>٣}`):
 * every character of category Nd is a digit, not only 0-9. Unicode encodes
 * each script's decimal digits as a contiguous run 0..9 (runs may touch, as
 * the mathematical digits do), so a digit's value is its distance from the
 * start of its run, modulo 10.
 *
 * Node's Unicode data (15.1 in Node 20) is newer than CPython 3.11's (14.0):
 * digits added since (Kawi, Nag Mundari) count here and not there.
 */
const DECIMAL = /^\p{Nd}$/u;

/** The decimal value of a one-code-point string, or -1 when it is no decimal digit. */
export function decimalDigitValue(char: string): number {
  const code = char.codePointAt(0);
  if (code === undefined) return -1;
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  if (code < 0x80 || !DECIMAL.test(char)) return -1;
  let start = code;
  while (DECIMAL.test(String.fromCodePoint(start - 1))) start--;
  return (code - start) % 10;
}

/** Python's `str.isdecimal()`: a non-empty string of decimal digits only. */
export function isDecimalString(text: string): boolean {
  if (text === '') return false;
  for (const char of text) if (decimalDigitValue(char) === -1) return false;
  return true;
}

/** `int(text)` for a string of decimal digits (any script), as a bigint. */
export function decimalValue(text: string): bigint {
  let value = 0n;
  for (const char of text) value = value * 10n + BigInt(decimalDigitValue(char));
  return value;
}
