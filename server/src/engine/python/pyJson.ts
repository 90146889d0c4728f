/** `json.dumps(value, sort_keys=...)` with Python's defaults (ASCII output, `, ` and `: ` separators, NaN and Infinity). */
import { compareText, TooDeep } from './pyCompare';
import { PyDict, PyObject, pyReprFloat } from './pyObject';
import { charged, spend } from '../work';

const NAMED: Record<string, string> = { '"': '\\"', '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f' };

/** A JSON string literal with ensure_ascii: every UTF-16 unit outside ' '..'~' as \uXXXX. */
function jsonString(text: string): string {
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    spend();
    const ch = text[i];
    const code = text.charCodeAt(i);
    if (ch in NAMED) out += NAMED[ch];
    else if (code < 0x20 || code > 0x7e) out += '\\u' + code.toString(16).padStart(4, '0');
    else out += ch;
  }
  return out + '"';
}

/**
 * The JSON text; `room` bounds its length (`onFull` is called, and must
 * throw, when it passes) and `maxDepth` its nesting (TooDeep past it).
 */
export function pyJsonDumps(value: PyObject, sortKeys: boolean, room: number, onFull: () => never, maxDepth: number): string {
  const parts: string[] = [];
  let length = 0;
  const add = (text: string) => {
    length += text.length;
    if (length > room) onFull();
    parts.push(text);
  };
  const write = (item: PyObject, depth: number): void => {
    spend();
    if (depth > maxDepth) throw new TooDeep();
    if (item === null) add('null');
    else if (typeof item === 'boolean') add(item ? 'true' : 'false');
    else if (typeof item === 'bigint') add(item.toString());
    else if (typeof item === 'number') add(Number.isNaN(item) ? 'NaN' : item === Infinity ? 'Infinity' : item === -Infinity ? '-Infinity' : pyReprFloat(item));
    else if (typeof item === 'string') add(jsonString(item));
    else if (Array.isArray(item)) {
      add('[');
      charged(item).forEach((element, i) => {
        if (i > 0) add(', ');
        write(element, depth + 1);
      });
      add(']');
    } else {
      const entries = [...(item as PyDict).entries];
      if (sortKeys) charged(entries).sort(([a], [b]) => compareText(a, b));
      add('{');
      charged(entries).forEach(([key, element], i) => {
        if (i > 0) add(', ');
        add(jsonString(key) + ': ');
        write(element, depth + 1);
      });
      add('}');
    }
  };
  write(value, 0);
  return parts.join('');
}
