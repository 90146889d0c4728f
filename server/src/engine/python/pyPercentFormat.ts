/**
 * `text % args` with a tuple of arguments (Jinja's `format` filter): the
 * conversions s, r, d, i, u, o, x, X, e, E, f, F, g, G with flags, width and
 * precision. What it does not model (`%(key)s`, `*` widths, `%c`, `%a`,
 * precision on an integer) comes back as null.
 */
import { formatValue } from './formatSpec';
import { PyObject, pyRepr, pyStr, pyTypeName } from './pyObject';
import { spend } from '../work';

export type PercentResult = { ok: true; text: string } | { ok: false; errorType: string; message: string } | 'too long' | null;

const SPEC = /%([-+ #0]*)(\d*)(?:\.(\d*))?[hlL]?(.?)/y;

/** `maxLength`: the longest text to build; past it the result is 'too long'. */
export function pyPercentFormat(text: string, args: readonly PyObject[], maxLength: number): PercentResult {
  let out = '';
  let next = 0;
  let pos = 0;
  const fail = (errorType: string, message: string) => ({ ok: false as const, errorType, message });
  while (pos < text.length) {
    spend();
    const percent = text.indexOf('%', pos);
    if (percent === -1) {
      out += text.slice(pos);
      break;
    }
    out += text.slice(pos, percent);
    if (out.length > maxLength) return 'too long';
    if (text[percent + 1] === '(' || text[percent + 1] === '*') return null;
    SPEC.lastIndex = percent;
    const match = SPEC.exec(text)!;
    const [whole, flags, width, precision, type] = match;
    pos = percent + whole.length;
    if (/\*/.test(whole)) return null;
    if (type === '') return fail('ValueError', 'incomplete format');
    if (type === '%') {
      out += '%';
      continue;
    }
    if (!'srdiuoxXeEfFgG'.includes(type)) {
      if ('ca'.includes(type)) return null;
      return fail('ValueError', `unsupported format character '${type}' (0x${type.codePointAt(0)!.toString(16)}) at index ${[...text.slice(0, pos - type.length)].length}`);
    }
    if (next >= args.length) return fail('TypeError', 'not enough arguments for format string');
    const arg = args[next++];
    const left = flags.includes('-');
    if (type === 's' || type === 'r') {
      let body = type === 's' ? pyStr(arg) : pyRepr(arg);
      if (precision !== undefined) body = [...body].slice(0, Number(precision || '0')).join('');
      const pad = Math.max(0, Number(width || '0') - [...body].length);
      if (out.length + body.length + pad > maxLength) return 'too long';
      out += left ? body + ' '.repeat(pad) : ' '.repeat(pad) + body;
      continue;
    }
    let value: PyObject = typeof arg === 'boolean' ? (arg ? 1n : 0n) : arg;
    const integer = 'diuoxX'.includes(type);
    if (typeof value !== 'bigint' && typeof value !== 'number') {
      const message = integer ? `%${type} format: ${type === 'd' || type === 'i' || type === 'u' ? 'a real number' : 'an integer'} is required, not ${pyTypeName(arg)}` : `must be real number, not ${pyTypeName(arg)}`;
      return fail('TypeError', message);
    }
    if (integer) {
      if (typeof value === 'number') {
        if (!'diu'.includes(type)) return fail('TypeError', `%${type} format: an integer is required, not float`);
        if (!Number.isFinite(value)) return fail(Number.isNaN(value) ? 'ValueError' : 'OverflowError', Number.isNaN(value) ? 'cannot convert float NaN to integer' : 'cannot convert float infinity to integer');
        value = BigInt(Math.trunc(value));
      }
      if (precision !== undefined) return null;
    }
    const sign = flags.includes('+') ? '+' : flags.includes(' ') ? ' ' : '';
    const spec = `${left ? '<' : ''}${sign}${flags.includes('#') ? '#' : ''}${!left && flags.includes('0') ? '0' : ''}${width}${precision !== undefined ? '.' + (precision || '0') : ''}${'diu'.includes(type) ? 'd' : type}`;
    const formatted = formatValue(value, spec);
    if (!formatted.ok) return null;
    if (!formatted.text.complete || out.length + formatted.text.text.length > maxLength) return 'too long';
    out += formatted.text.text;
  }
  if (next < args.length) return fail('TypeError', 'not all arguments converted during string formatting');
  return { ok: true, text: out };
}
