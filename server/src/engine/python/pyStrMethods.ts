/** Python's str methods that Jinja templates call (`.split()`, `.strip()`, ...) and Jinja's filters use. Texts are code points, as Python's. */
import { PY_WHITESPACE_CLASS } from './pyWhitespace';
import { charged, spend } from '../work';

const IS_SPACE = new RegExp(`^[${PY_WHITESPACE_CLASS}]$`);
const isSpace = (ch: string) => IS_SPACE.test(ch);

/** str.strip / lstrip / rstrip (chars): Python's whitespace when `chars` is null. */
export function pyStripSides(text: string, chars: string | null, left: boolean, right: boolean): string {
  const strip = chars === null ? isSpace : (ch: string) => chars.includes(ch);
  const points = [...text];
  let start = 0;
  let end = points.length;
  if (left) while (start < end && strip(points[start])) {
    spend();
    start++;
  }
  if (right) while (end > start && strip(points[end - 1])) {
    spend();
    end--;
  }
  return points.slice(start, end).join('');
}

/** str.split(sep, maxsplit); the caller refuses an empty separator (Python's ValueError). */
export function pySplit(text: string, sep: string | null, maxsplit: number): string[] {
  if (sep !== null) {
    const parts = text.split(sep);
    if (maxsplit < 0 || parts.length <= maxsplit + 1) return parts;
    return [...parts.slice(0, maxsplit), parts.slice(maxsplit).join(sep)];
  }
  const points = [...text];
  const out: string[] = [];
  let i = 0;
  for (;;) {
    spend();
    while (i < points.length && isSpace(points[i])) {
      spend();
      i++;
    }
    if (i >= points.length) return out;
    if (maxsplit >= 0 && out.length === maxsplit) {
      out.push(points.slice(i).join(''));
      return out;
    }
    const start = i;
    while (i < points.length && !isSpace(points[i])) {
      spend();
      i++;
    }
    out.push(points.slice(start, i).join(''));
  }
}

/** str.rsplit(sep, maxsplit). */
export function pyRsplit(text: string, sep: string | null, maxsplit: number): string[] {
  const reverse = (s: string) => [...s].reverse().join('');
  return charged(pySplit(reverse(text), sep === null ? null : reverse(sep), maxsplit)).map(reverse).reverse();
}

const LINE_BREAK = /\r\n|[\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]/g;

/** str.splitlines(keepends). */
export function pySplitlines(text: string, keepends: boolean): string[] {
  const lines: string[] = [];
  let start = 0;
  for (const match of text.matchAll(LINE_BREAK)) {
    spend();
    lines.push(text.slice(start, keepends ? match.index! + match[0].length : match.index));
    start = match.index! + match[0].length;
  }
  if (start < text.length) lines.push(text.slice(start));
  return lines;
}

/** str.capitalize(): the first character upper (title) case, the rest lower case. */
export function pyCapitalize(text: string): string {
  const [first = '', ...rest] = [...text];
  return first.toUpperCase() + rest.join('').toLowerCase();
}

/** str.center(width), CPython's split of the padding. */
export function pyCenter(text: string, width: number): string {
  const length = [...text].length;
  const margin = width - length;
  if (margin <= 0) return text;
  const left = Math.floor(margin / 2) + (margin & width & 1);
  return ' '.repeat(left) + text + ' '.repeat(margin - left);
}

/** str.replace(old, new, count); a negative count replaces all. */
export function pyReplace(text: string, old: string, replacement: string, count: number): string {
  if (old === '') {
    const points = [...text];
    const times = count < 0 ? points.length + 1 : Math.min(count, points.length + 1);
    return charged(points).map((point, i) => (i < times ? replacement : '') + point).join('') + (times > points.length ? replacement : '');
  }
  const parts = text.split(old);
  const times = count < 0 ? parts.length - 1 : Math.min(count, parts.length - 1);
  if (times === parts.length - 1) return parts.join(replacement);
  return parts.slice(0, times + 1).join(replacement) + old + parts.slice(times + 1).join(old);
}

/** The length str.replace's result will have, before it is built. */
export function pyReplacedLength(text: string, old: string, replacement: string, count: number): number {
  const occurrences = old === '' ? [...text].length + 1 : text.split(old).length - 1;
  const times = count < 0 ? occurrences : Math.min(count, occurrences);
  return text.length + times * (replacement.length - old.length);
}
