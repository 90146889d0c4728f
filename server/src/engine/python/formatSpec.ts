/**
 * Python's `format(value, spec)` for the value types SWE-agent's env and
 * tool arguments hold: the format-spec mini-language, with CPython's error
 * messages. Floats are rendered from their exact binary value with
 * round-half-even, as CPython's dtoa does, so the digits match.
 */
import { PyDict, PyObject, pyReprFloat, pyStrInto, pyTypeName } from './pyObject';
import { RenderedText, codePointLength } from './renderedText';
import { decimalDigitValue } from './unicodeDigits';
import { shortPrefix } from '../util/shortPrefix';
import { charged, spend } from '../work';

/** The text is a `RenderedText`: a width of 500,000,000 is measured, not built. */
export type FormatValueResult = { ok: true; text: RenderedText } | { ok: false; errorType: 'ValueError' | 'TypeError' | 'OverflowError'; message: string };

/** A piece of output repeated a number of times (padding, zeros): see renderedText.ts. */
type Piece = readonly [text: string, times: number];

function piecesLength(pieces: readonly Piece[]): number {
  let length = 0;
  for (const [text, times] of pieces) {
    spend();
    length += codePointLength(text) * times;
  }
  return length;
}

interface Spec {
  fill: string;
  align: string;
  alignSpecified: boolean;
  sign: string;
  noNegZero: boolean;
  alternate: boolean;
  width: number;
  grouping: '' | ',' | '_';
  precision: number;
  type: string;
}

class SpecError extends Error {
  constructor(
    readonly errorType: 'ValueError' | 'TypeError' | 'OverflowError',
    message: string,
  ) {
    super(message);
  }
}

const ALIGN = new Set(['<', '>', '=', '^']);
const SIGN = new Set(['+', '-', ' ']);

/** CPython's get_integer: any Unicode decimal digit counts (`Py_UNICODE_TODECIMAL`), as in `{:>٣}`. */
function readInteger(spec: string[], pos: number): { value: number; next: number } {
  let next = pos;
  let value = 0n;
  for (let digit; next < spec.length && (digit = decimalDigitValue(spec[next])) !== -1; ) {
    spend();
    value = value * 10n + BigInt(digit);
    if (value > 2n ** 63n - 1n) throw new SpecError('ValueError', 'Too many decimal digits in format string');
    next++;
  }
  return { value: next === pos ? -1 : Number(value), next };
}

/** CPython's parse_internal_render_format_spec. */
function parseSpec(specText: string, typeName: string, defaultType: string, defaultAlign: string): Spec {
  const spec = [...specText];
  const end = spec.length;
  let pos = 0;
  const result: Spec = {
    fill: ' ',
    align: defaultAlign,
    alignSpecified: false,
    sign: '',
    noNegZero: false,
    alternate: false,
    width: -1,
    grouping: '',
    precision: -1,
    type: defaultType,
  };
  let fillSpecified = false;
  if (end - pos >= 2 && ALIGN.has(spec[pos + 1])) {
    result.align = spec[pos + 1];
    result.fill = spec[pos];
    fillSpecified = true;
    result.alignSpecified = true;
    pos += 2;
  } else if (end - pos >= 1 && ALIGN.has(spec[pos])) {
    result.align = spec[pos];
    result.alignSpecified = true;
    pos++;
  }
  if (end - pos >= 1 && SIGN.has(spec[pos])) result.sign = spec[pos++];
  if (end - pos >= 1 && spec[pos] === 'z') {
    result.noNegZero = true;
    pos++;
  }
  if (end - pos >= 1 && spec[pos] === '#') {
    result.alternate = true;
    pos++;
  }
  if (!fillSpecified && end - pos >= 1 && spec[pos] === '0') {
    result.fill = '0';
    if (!result.alignSpecified && defaultAlign === '>') result.align = '=';
    pos++;
  }
  const width = readInteger(spec, pos);
  result.width = width.value;
  pos = width.next;
  if (end - pos >= 1 && spec[pos] === ',') {
    result.grouping = ',';
    pos++;
  }
  if (end - pos >= 1 && spec[pos] === '_') {
    if (result.grouping !== '') throw new SpecError('ValueError', "Cannot specify both ',' and '_'.");
    result.grouping = '_';
    pos++;
  }
  if (end - pos >= 1 && spec[pos] === ',' && result.grouping === '_') {
    throw new SpecError('ValueError', "Cannot specify both ',' and '_'.");
  }
  if (end - pos >= 1 && spec[pos] === '.') {
    pos++;
    const precision = readInteger(spec, pos);
    if (precision.value === -1) throw new SpecError('ValueError', 'Format specifier missing precision');
    result.precision = precision.value;
    pos = precision.next;
  }
  if (end - pos > 1) {
    // Python prints the whole spec; it may be an env value (`{x:{secret}}`), so only its start is shown.
    throw new SpecError('ValueError', `Invalid format specifier '${shortPrefix(specText)}' for object of type '${typeName}'`);
  }
  if (end - pos === 1) result.type = spec[pos];
  if (result.grouping !== '') {
    const allowed = 'defgEG%F'.includes(result.type) || result.type === '';
    const underscoreRadix = result.grouping === '_' && 'boxX'.includes(result.type) && result.type !== '';
    if (!allowed && !underscoreRadix) {
      throw new SpecError('ValueError', `Cannot specify '${result.grouping}' with '${result.type}'.`);
    }
  }
  return result;
}

function unknownCode(type: string, typeName: string): SpecError {
  const code = type.codePointAt(0)!;
  const shown = code > 32 && code < 128 ? type : `\\x${code.toString(16)}`;
  return new SpecError('ValueError', `Unknown format code '${shown}' for object of type '${typeName}'`);
}

function pad(body: readonly Piece[], spec: Spec, signPrefix = ''): Piece[] {
  const sign: Piece = [signPrefix, 1];
  const length = codePointLength(signPrefix) + piecesLength(body);
  if (spec.width <= length) return [sign, ...body];
  const padding = spec.width - length;
  switch (spec.align) {
    case '<':
      return [sign, ...body, [spec.fill, padding]];
    case '^': {
      const left = Math.floor(padding / 2);
      return [[spec.fill, left], sign, ...body, [spec.fill, padding - left]];
    }
    case '=':
      return [sign, [spec.fill, padding], ...body];
    default:
      return [[spec.fill, padding], sign, ...body];
  }
}

function formatStr(value: string, spec: Spec): Piece[] {
  if (spec.type !== 's') throw unknownCode(spec.type, 'str');
  if (spec.sign !== '') {
    throw new SpecError('ValueError', spec.sign === ' ' ? 'Space not allowed in string format specifier' : 'Sign not allowed in string format specifier');
  }
  if (spec.noNegZero) throw new SpecError('ValueError', 'Negative zero coercion (z) not allowed in string format specifier');
  if (spec.alternate) throw new SpecError('ValueError', 'Alternate form (#) not allowed in string format specifier');
  if (spec.align === '=') throw new SpecError('ValueError', "'=' alignment not allowed in string format specifier");
  return pad([[spec.precision >= 0 ? [...value].slice(0, spec.precision).join('') : value, 1]], spec);
}

/**
 * Groups `digits` from the right. With a `minWidth` (fill '0' and '='
 * alignment) CPython also groups the zero padding: `format(5, '010,')` is
 * `00,000,005`. Whole groups of zero padding past the digits are one
 * repeated piece, so a width of 10^9 costs no more than a width of 10.
 */
function group(digits: string, separator: string, every: number, minWidth = 0): Piece[] {
  const groups: string[] = [];
  let remaining = digits.length;
  let min = minWidth;
  // Zero groups skipped (each `every` zeros and a separator), and how many groups were written before the skip.
  let skipped = 0;
  let writtenBefore = 0;
  const cycle = every + separator.length;
  for (;;) {
    spend();
    if (skipped === 0 && remaining <= 0 && min > 3 * cycle) {
      // Only zero padding is left: skip all but the last few groups, which the loop writes as usual.
      skipped = Math.floor(min / cycle) - 2;
      min -= skipped * cycle;
      writtenBefore = groups.length;
    }
    const size = Math.min(every, Math.max(remaining, min, 1));
    const take = Math.min(remaining, size);
    groups.unshift('0'.repeat(size - take) + digits.slice(remaining - take, remaining));
    remaining -= take;
    min -= size;
    if (remaining <= 0 && min <= 0) break;
    min -= separator.length;
  }
  if (skipped === 0) return [[groups.join(separator), 1]];
  // Groups are written right to left: those written after the skip are the leftmost.
  const left = groups.slice(0, groups.length - writtenBefore).join(separator);
  const right = groups.slice(groups.length - writtenBefore).join(separator);
  return [
    [left, 1],
    [separator + '0'.repeat(every), skipped],
    [separator + right, 1],
  ];
}

/** Lays out sign, prefix, the (grouped) leading digits and the rest of a number. */
function layoutNumber(sign: string, prefix: string, digits: string, rest: readonly Piece[], spec: Spec, every: number): Piece[] {
  let body: Piece[] = [[digits, 1]];
  if (spec.grouping !== '' && digits !== '') {
    const minWidth = spec.fill === '0' && spec.align === '=' ? spec.width - sign.length - prefix.length - piecesLength(rest) : 0;
    body = group(digits, spec.grouping, every, minWidth);
  }
  return pad([...body, ...rest], spec, sign + prefix);
}

function signOf(negative: boolean, spec: Spec): string {
  if (negative) return '-';
  if (spec.sign === '+') return '+';
  if (spec.sign === ' ') return ' ';
  return '';
}

function formatInt(value: bigint, spec: Spec): Piece[] {
  if (spec.precision !== -1) throw new SpecError('ValueError', 'Precision not allowed in integer format specifier');
  if (spec.noNegZero) throw new SpecError('ValueError', 'Negative zero coercion (z) not allowed in integer format specifier');
  const negative = value < 0n;
  const magnitude = negative ? -value : value;
  if (spec.type === 'c') {
    if (spec.sign !== '') throw new SpecError('ValueError', "Sign not allowed with integer format specifier 'c'");
    if (spec.alternate) throw new SpecError('ValueError', "Alternate form (#) not allowed with integer format specifier 'c'");
    if (value < -(2n ** 63n) || value >= 2n ** 63n) throw new SpecError('OverflowError', 'Python int too large to convert to C long');
    if (value < 0n || value > 0x10ffffn) throw new SpecError('OverflowError', '%c arg not in range(0x110000)');
    return pad([[String.fromCodePoint(Number(value)), 1]], spec);
  }
  const radix = { b: 2, o: 8, x: 16, X: 16 }[spec.type] ?? 10;
  let digits = magnitude.toString(radix);
  if (spec.type === 'X') digits = digits.toUpperCase();
  const prefix = spec.alternate && radix !== 10 ? '0' + spec.type : '';
  return layoutNumber(signOf(negative, spec), prefix, digits, [], spec, radix === 10 ? 3 : 4);
}

/** A finite non-negative decimal 0.DIGITS × 10^point; zero is `0` with point 1, as dtoa gives it. */
interface Decimal {
  digits: string;
  point: number;
}

/** The exact decimal value of a finite non-negative double. */
function exactDecimal(value: number): Decimal {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, value);
  const bits = view.getBigUint64(0);
  const biased = Number((bits >> 52n) & 0x7ffn);
  let mantissa = bits & ((1n << 52n) - 1n);
  if (biased !== 0) mantissa |= 1n << 52n;
  if (mantissa === 0n) return { digits: '0', point: 1 };
  const exponent = (biased === 0 ? 1 : biased) - 1075;
  const digits = exponent >= 0 ? (mantissa << BigInt(exponent)).toString() : (mantissa * 5n ** BigInt(-exponent)).toString();
  return trimZeros({ digits, point: digits.length + Math.min(exponent, 0) });
}

function trimZeros(d: Decimal): Decimal {
  const digits = d.digits.replace(/0+$/, '');
  return digits === '' ? { digits: '0', point: 1 } : { digits, point: d.point };
}

/** Keeps the first `keep` digits, rounding half to even on the exact value (CPython's dtoa). */
function roundDigits(d: Decimal, keep: number): Decimal {
  if (d.digits === '0' || keep >= d.digits.length) return d;
  if (keep < 0) return { digits: '0', point: 1 };
  const next = d.digits[keep];
  const lastKept = keep > 0 ? Number(d.digits[keep - 1]) : 0;
  const up = next > '5' || (next === '5' && (d.digits.length > keep + 1 || lastKept % 2 === 1));
  if (!up) return trimZeros({ digits: d.digits.slice(0, keep) || '0', point: d.digits.slice(0, keep) ? d.point : 1 });
  const raised = (BigInt(d.digits.slice(0, keep) || '0') + 1n).toString();
  return trimZeros({ digits: raised, point: d.point + raised.length - keep });
}

/** The shortest round-trip digits, as repr() uses them. */
function shortestDecimal(value: number): Decimal {
  if (value === 0) return { digits: '0', point: 1 };
  const [mantissa, exponent] = value.toExponential().split('e');
  return { digits: mantissa.replace('.', ''), point: Number(exponent) + 1 };
}

/** A number as text: its leading digits (which grouping applies to), then the rest (point, fraction, exponent, `%`). */
interface NumberText {
  digits: string;
  rest: Piece[];
}

/**
 * Writes digits with the decimal point after `point` digits, padded with zeros
 * to at least `minDigits` digits; in exponent form the point follows the first digit.
 * The padding zeros are one piece: a precision of 10^9 is not written out.
 */
function placeDigits(d: Decimal, useExponent: boolean, minDigits: number, addDotZero: boolean, alternate: boolean): NumberText {
  const point = useExponent ? 1 : d.point;
  const end = Math.max(minDigits, d.digits.length, point + (!useExponent && addDotZero ? 1 : 0));
  const digitAt = (i: number) => (i >= 0 && i < d.digits.length ? d.digits[i] : '0');
  let whole = '';
  for (let i = Math.min(0, point - 1); i < point; i++) {
    spend();
    whole += digitAt(i);
  }
  // The fraction: the digits there are (and the zeros between the point and them), then zeros up to `end`.
  let fraction = '';
  const written = Math.min(end, Math.max(point, d.digits.length));
  for (let i = point; i < written; i++) {
    spend();
    fraction += digitAt(i);
  }
  const zeros = end - Math.max(point, written);
  let suffix = '';
  if (useExponent) {
    const exponent = d.point - 1;
    suffix = 'e' + (exponent < 0 ? '-' : '+') + String(Math.abs(exponent)).padStart(2, '0');
  }
  return { digits: whole, rest: [[(fraction !== '' || zeros > 0 || alternate ? '.' : '') + fraction, 1], ['0', zeros], [suffix, 1]] };
}

/** The upper-case form for E, F, G: only the letters change (e, nan, inf), never the repeated zeros. */
function upper(text: NumberText): NumberText {
  return { digits: text.digits, rest: charged(text.rest).map(([piece, times]) => [piece.toUpperCase(), times]) };
}

/** CPython refuses a float precision past INT_MAX before it formats anything. */
const MAX_FLOAT_PRECISION = 2 ** 31 - 1;

function formatFloat(value: number, spec: Spec): Piece[] {
  if (spec.precision > MAX_FLOAT_PRECISION) throw new SpecError('ValueError', 'precision too big');
  if (spec.type === '%') value *= 100;
  let negative = value < 0 || Object.is(value, -0);
  let body: NumberText;
  const type = spec.type;
  if (!Number.isFinite(value)) {
    const word = Number.isNaN(value) ? 'nan' : 'inf';
    negative = value === -Infinity;
    body = { digits: '', rest: [[('EFG'.includes(type) && type !== '' ? word.toUpperCase() : word) + (type === '%' ? '%' : ''), 1]] };
  } else {
    const magnitude = Math.abs(value);
    // No type: repr() without a precision, else 'g' that keeps at least one digit after the point.
    const addDotZero = type === '';
    let precision = spec.precision < 0 ? 6 : spec.precision;
    let d: Decimal;
    if (type === '' && spec.precision < 0) {
      d = shortestDecimal(magnitude);
      body = placeDigits(d, d.point <= -4 || d.point > 16, 0, true, spec.alternate);
    } else if (type === '' || type === 'g' || type === 'G' || type === 'n') {
      if (precision === 0) precision = 1;
      d = roundDigits(exactDecimal(magnitude), precision);
      const useExponent = d.point <= -4 || d.point > (addDotZero ? precision - 1 : precision);
      body = placeDigits(d, useExponent, spec.alternate ? precision : 0, addDotZero, spec.alternate);
    } else if (type === 'e' || type === 'E') {
      d = roundDigits(exactDecimal(magnitude), precision + 1);
      body = placeDigits(d, true, precision + 1, false, spec.alternate);
    } else {
      // 'f', 'F' and '%'
      const exact = exactDecimal(magnitude);
      d = roundDigits(exact, exact.point + precision);
      body = placeDigits(d, false, d.point + precision, false, spec.alternate);
    }
    if (spec.noNegZero && d.digits === '0') negative = false;
    if (type === '%') body.rest.push(['%', 1]);
    if (type === 'E' || type === 'G' || type === 'F') body = upper(body);
  }
  return layoutNumber(signOf(negative, spec), '', body.digits, body.rest, spec, 3);
}

/** `format(value, spec)`. */
export function formatValue(value: PyObject, specText: string): FormatValueResult {
  try {
    const text = new RenderedText();
    const pieces = formatOrThrow(value, specText, text);
    for (const [piece, times] of pieces) {
      spend();
      text.add(piece, times);
    }
    return { ok: true, text };
  } catch (e) {
    if (e instanceof SpecError) return { ok: false, errorType: e.errorType, message: e.message };
    throw e;
  }
}

/** The pieces of `format(value, spec)`; str() of a list or dict goes straight into `out` (it has no spec). */
function formatOrThrow(value: PyObject, specText: string, out: RenderedText): readonly Piece[] {
  const typeName = pyTypeName(value);
  if (typeof value === 'string') return specText === '' ? [[value, 1]] : formatStr(value, parseSpec(specText, 'str', 's', '<'));
  if (typeof value === 'bigint' || typeof value === 'boolean') {
    if (specText === '') return [[typeof value === 'boolean' ? (value ? 'True' : 'False') : value.toString(), 1]];
    const spec = parseSpec(specText, typeName, 'd', '>');
    const asInt = typeof value === 'boolean' ? (value ? 1n : 0n) : value;
    if ('bcdoxXn'.includes(spec.type)) return formatInt(asInt, spec);
    if ('eEfFgG%'.includes(spec.type)) {
      const asFloat = Number(asInt);
      if (!Number.isFinite(asFloat)) throw new SpecError('OverflowError', 'int too large to convert to float');
      return formatFloat(asFloat, spec);
    }
    throw unknownCode(spec.type, typeName);
  }
  if (typeof value === 'number') {
    if (specText === '') return [[pyReprFloat(value), 1]];
    const spec = parseSpec(specText, 'float', '', '>');
    if (spec.type === '' || 'eEfFgGn%'.includes(spec.type)) return formatFloat(value, spec);
    throw unknownCode(spec.type, 'float');
  }
  if (specText !== '') throw new SpecError('TypeError', `unsupported format string passed to ${typeName}.__format__`);
  if (value instanceof PyDict || Array.isArray(value) || value === null) pyStrInto(value, out);
  else return [[String(value), 1]];
  return [];
}
