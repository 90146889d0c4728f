/**
 * Python's `format(value, spec)` for the value types SWE-agent's env and
 * tool arguments hold: the format-spec mini-language, with CPython's error
 * messages. Rendering of floats is close to CPython, not bit-exact.
 */
import { PyDict, PyObject, pyReprFloat, pyStr, pyTypeName } from './pyObject';

export type FormatValueResult = { ok: true; text: string } | { ok: false; errorType: 'ValueError' | 'TypeError'; message: string };

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
    readonly errorType: 'ValueError' | 'TypeError',
    message: string,
  ) {
    super(message);
  }
}

const ALIGN = new Set(['<', '>', '=', '^']);
const SIGN = new Set(['+', '-', ' ']);

function readInteger(spec: string[], pos: number): { value: number; next: number } {
  let next = pos;
  let value = 0n;
  while (next < spec.length && spec[next] >= '0' && spec[next] <= '9') {
    value = value * 10n + BigInt(spec[next].charCodeAt(0) - 48);
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
    throw new SpecError('ValueError', `Invalid format specifier '${specText}' for object of type '${typeName}'`);
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

function pad(body: string, spec: Spec, signPrefix = ''): string {
  const length = [...signPrefix].length + [...body].length;
  if (spec.width <= length) return signPrefix + body;
  const padding = spec.width - length;
  switch (spec.align) {
    case '<':
      return signPrefix + body + spec.fill.repeat(padding);
    case '^': {
      const left = Math.floor(padding / 2);
      return spec.fill.repeat(left) + signPrefix + body + spec.fill.repeat(padding - left);
    }
    case '=':
      return signPrefix + spec.fill.repeat(padding) + body;
    default:
      return spec.fill.repeat(padding) + signPrefix + body;
  }
}

function formatStr(value: string, spec: Spec): string {
  if (spec.type !== 's') throw unknownCode(spec.type, 'str');
  if (spec.sign !== '') {
    throw new SpecError('ValueError', spec.sign === ' ' ? 'Space not allowed in string format specifier' : 'Sign not allowed in string format specifier');
  }
  if (spec.noNegZero) throw new SpecError('ValueError', 'Negative zero coercion (z) not allowed in string format specifier');
  if (spec.alternate) throw new SpecError('ValueError', 'Alternate form (#) not allowed in string format specifier');
  if (spec.align === '=') throw new SpecError('ValueError', "'=' alignment not allowed in string format specifier");
  const chars = [...value];
  return pad(spec.precision >= 0 ? chars.slice(0, spec.precision).join('') : value, spec);
}

function group(digits: string, separator: string, every: number): string {
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % every === 0) out += separator;
    out += digits[i];
  }
  return out;
}

function signOf(negative: boolean, spec: Spec): string {
  if (negative) return '-';
  if (spec.sign === '+') return '+';
  if (spec.sign === ' ') return ' ';
  return '';
}

function formatInt(value: bigint, spec: Spec): string {
  if (spec.precision !== -1) throw new SpecError('ValueError', 'Precision not allowed in integer format specifier');
  if (spec.noNegZero) throw new SpecError('ValueError', 'Negative zero coercion (z) not allowed in integer format specifier');
  const negative = value < 0n;
  const magnitude = negative ? -value : value;
  if (spec.type === 'c') {
    if (spec.sign !== '') throw new SpecError('ValueError', "Sign not allowed with integer format specifier 'c'");
    if (spec.alternate) throw new SpecError('ValueError', "Alternate form (#) not allowed with integer format specifier 'c'");
    if (value < 0n || value > 0x10ffffn) throw new SpecError('ValueError', '%c arg not in range(0x110000)');
    return pad(String.fromCodePoint(Number(value)), spec);
  }
  const radix = { b: 2, o: 8, x: 16, X: 16 }[spec.type] ?? 10;
  let digits = magnitude.toString(radix);
  if (spec.type === 'X') digits = digits.toUpperCase();
  if (spec.grouping !== '') digits = group(digits, spec.grouping, radix === 10 ? 3 : 4);
  const prefix = spec.alternate && radix !== 10 ? '0' + spec.type : '';
  return pad(digits, spec, signOf(negative, spec) + prefix);
}

function formatFloat(value: number, spec: Spec): string {
  const negative = value < 0 || Object.is(value, -0);
  let magnitude = Math.abs(value);
  if (spec.noNegZero && magnitude === 0) magnitude = 0;
  let body: string;
  const precision = spec.precision;
  if (!Number.isFinite(magnitude)) {
    body = Number.isNaN(magnitude) ? 'nan' : 'inf';
    if ('EFG'.includes(spec.type) && spec.type !== '') body = body.toUpperCase();
    if (spec.type === '%') body += '%';
  } else {
    switch (spec.type) {
      case 'e':
      case 'E':
        body = pythonExponent(magnitude.toExponential(precision < 0 ? 6 : precision));
        break;
      case 'f':
      case 'F':
        body = magnitude.toFixed(precision < 0 ? 6 : precision);
        break;
      case '%':
        body = (magnitude * 100).toFixed(precision < 0 ? 6 : precision) + '%';
        break;
      case 'g':
      case 'G':
      case 'n':
        body = generalFormat(magnitude, precision < 0 ? 6 : Math.max(precision, 1), spec.alternate);
        break;
      default:
        body = precision < 0 ? pyReprFloat(magnitude) : generalFormat(magnitude, Math.max(precision, 1), true);
    }
    if (spec.type === 'E' || spec.type === 'G') body = body.toUpperCase();
  }
  if (spec.grouping !== '') {
    const [whole, rest] = splitNumber(body);
    body = group(whole, spec.grouping, 3) + rest;
  }
  return pad(body, spec, signOf(negative && !(spec.noNegZero && Number(body.replace(/[^0-9.]/g, '')) === 0), spec));
}

function splitNumber(body: string): [string, string] {
  const match = /^([0-9]+)(.*)$/.exec(body);
  return match ? [match[1], match[2]] : ['', body];
}

function pythonExponent(text: string): string {
  return text.replace(/e([+-])(\d)$/, 'e$10$2');
}

function generalFormat(value: number, precision: number, keepPoint: boolean): string {
  if (value === 0) return keepPoint ? '0.0' : '0';
  const exponent = Math.floor(Math.log10(value));
  if (exponent < -4 || exponent >= precision) {
    let text = value.toExponential(precision - 1);
    if (!keepPoint) text = text.replace(/\.?0+e/, 'e');
    return pythonExponent(text);
  }
  let text = value.toFixed(Math.max(0, precision - 1 - exponent));
  if (!keepPoint && text.includes('.')) text = text.replace(/\.?0+$/, '');
  else if (keepPoint && !text.includes('.')) text += '.0';
  return text;
}

/** `format(value, spec)`. */
export function formatValue(value: PyObject, specText: string): FormatValueResult {
  try {
    return { ok: true, text: formatOrThrow(value, specText) };
  } catch (e) {
    if (e instanceof SpecError) return { ok: false, errorType: e.errorType, message: e.message };
    throw e;
  }
}

function formatOrThrow(value: PyObject, specText: string): string {
  const typeName = pyTypeName(value);
  if (typeof value === 'string') return specText === '' ? value : formatStr(value, parseSpec(specText, 'str', 's', '<'));
  if (typeof value === 'bigint' || typeof value === 'boolean') {
    if (specText === '') return pyStr(value);
    const spec = parseSpec(specText, typeName, 'd', '>');
    const asInt = typeof value === 'boolean' ? (value ? 1n : 0n) : value;
    if ('bcdoxXn'.includes(spec.type)) return formatInt(asInt, spec);
    if ('eEfFgG%'.includes(spec.type)) return formatFloat(Number(asInt), spec);
    throw unknownCode(spec.type, typeName);
  }
  if (typeof value === 'number') {
    if (specText === '') return pyReprFloat(value);
    const spec = parseSpec(specText, 'float', '', '>');
    if (spec.type === '' || 'eEfFgGn%'.includes(spec.type)) return formatFloat(value, spec);
    throw unknownCode(spec.type, 'float');
  }
  if (specText !== '') throw new SpecError('TypeError', `unsupported format string passed to ${typeName}.__format__`);
  return value instanceof PyDict || Array.isArray(value) || value === null ? pyStr(value) : String(value);
}
