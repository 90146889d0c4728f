/** Python's whitespace, as `str.isspace()`, `str.strip()` and `re`'s `\s` know it. */

/** The characters, as the body of a regular-expression class. */
export const PY_WHITESPACE_CLASS = '\\t\\n\\x0b\\x0c\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';

const OUTER = new RegExp(`^[${PY_WHITESPACE_CLASS}]+|[${PY_WHITESPACE_CLASS}]+$`, 'g');
const BLANK = new RegExp(`^[${PY_WHITESPACE_CLASS}]*$`);

/** `text.strip()`. */
export function pyStrip(text: string): string {
  return text.replace(OUTER, '');
}

/** `not text.strip()`. */
export function pyIsBlank(text: string): boolean {
  return BLANK.test(text);
}
