/**
 * A small model of the Python values that reach `str.format`, Jinja and
 * pydantic in SWE-agent: env variables, tool-call arguments, YAML scalars.
 *
 * Python int is `bigint`, Python float is `number`, `null` is None.
 */
export type PyObject = string | bigint | number | boolean | null | PyObject[] | PyDict;

export class PyDict {
  constructor(readonly entries: Map<string, PyObject> = new Map()) {}
}

export function pyTypeName(value: PyObject): string {
  if (value === null) return 'NoneType';
  switch (typeof value) {
    case 'string':
      return 'str';
    case 'bigint':
      return 'int';
    case 'number':
      return 'float';
    case 'boolean':
      return 'bool';
  }
  return Array.isArray(value) ? 'list' : 'dict';
}

/** Python's repr() of a str: single quotes unless the text has ' and no ". */
export function pyReprString(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === quote || ch === '\\') out += '\\' + ch;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += '\\x' + code.toString(16).padStart(2, '0');
    else if (!isPrintable(code)) out += escapeNonPrintable(code);
    else out += ch;
  }
  return out + quote;
}

function escapeNonPrintable(code: number): string {
  if (code <= 0xff) return '\\x' + code.toString(16).padStart(2, '0');
  if (code <= 0xffff) return '\\u' + code.toString(16).padStart(4, '0');
  return '\\U' + code.toString(16).padStart(8, '0');
}

/**
 * str.isprintable(): false for the categories Cc, Cf, Cs, Co, Cn, Zl, Zp and
 * Zs except the space. Node's Unicode data is newer than CPython 3.11's (14.0),
 * so characters assigned since then count as printable here.
 */
const NON_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

function isPrintable(code: number): boolean {
  return code === 0x20 || !NON_PRINTABLE.test(String.fromCodePoint(code));
}

/** Python's repr() of a float: the shortest round-trip digits, scientific below 1e-4 and from 1e16. */
export function pyReprFloat(value: number): string {
  if (Number.isNaN(value)) return 'nan';
  if (value === Infinity) return 'inf';
  if (value === -Infinity) return '-inf';
  const [mantissa, exponentText] = value.toExponential().split('e');
  const exponent = Number(exponentText);
  const negative = mantissa.startsWith('-') || Object.is(value, -0);
  const digits = mantissa.replace(/^-/, '').replace('.', '');
  let body: string;
  if (exponent < -4 || exponent >= 16) {
    const fraction = digits.slice(1);
    body = digits[0] + (fraction ? '.' + fraction : '') + 'e' + (exponent < 0 ? '-' : '+') + String(Math.abs(exponent)).padStart(2, '0');
  } else if (exponent < 0) {
    body = '0.' + '0'.repeat(-exponent - 1) + digits;
  } else {
    const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, '0');
    const fraction = digits.slice(exponent + 1);
    body = whole + '.' + (fraction || '0');
  }
  return (negative ? '-' : '') + body;
}

export function pyRepr(value: PyObject): string {
  if (value === null) return 'None';
  switch (typeof value) {
    case 'string':
      return pyReprString(value);
    case 'bigint':
      return value.toString();
    case 'number':
      return pyReprFloat(value);
    case 'boolean':
      return value ? 'True' : 'False';
  }
  if (Array.isArray(value)) return '[' + value.map(pyRepr).join(', ') + ']';
  return '{' + [...value.entries].map(([k, v]) => `${pyReprString(k)}: ${pyRepr(v)}`).join(', ') + '}';
}

/** Python's str(). */
export function pyStr(value: PyObject): string {
  return typeof value === 'string' ? value : pyRepr(value);
}

/** Python's repr() of a set of strings, in a stable (sorted) order. */
export function pyReprStringSet(items: Iterable<string>): string {
  const sorted = [...items].sort();
  return sorted.length === 0 ? 'set()' : '{' + sorted.map(pyReprString).join(', ') + '}';
}

/** Converts parsed JSON (env.json, settings) into Python values: integral numbers become int. */
export function pyObjectFromJson(value: unknown): PyObject {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value) : value;
  if (Array.isArray(value)) return value.map(pyObjectFromJson);
  if (typeof value === 'object') {
    const entries = new Map<string, PyObject>();
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) entries.set(k, pyObjectFromJson(v));
    return new PyDict(entries);
  }
  return String(value);
}
