import { WorkBudgetExhausted, charged, spend } from '../work';
/**
 * A list or mapping field given on SWE-agent's command line, read as
 * pydantic-settings' CLI source reads it (`CliSettingsSource._merge_parsed_list`,
 * pydantic-settings 2.14): such a field is an `append` option, so it may be
 * given several times; each value may be wrapped in `[...]` and holds
 * comma-separated items, each a JSON object or array, or a plain value. In a
 * list a plain value is a number, `true`, `false`, `null` or a string; in a
 * mapping it is `key=value` (both strings). The items are joined into one
 * JSON text, which pydantic-settings then decodes with `json.loads`.
 */

export type CollectionKind = 'list' | 'dict';

export type CollectionRead = { ok: true; value: unknown } | { ok: false; message: string };

/** Python's `float(text)`, as a test of whether a plain item is a number. */
function isPythonFloat(text: string): boolean {
  const t = text.trim().replace(/(?<=\d)_(?=\d)/g, '');
  return /^[+-]?(?:\d+\.?\d*(?:e[+-]?\d+)?|\.\d+(?:e[+-]?\d+)?|inf(?:inity)?|nan)$/i.test(t);
}

/** `_consume_object_or_array`: the bracketed item at the start of `item`, and the rest. */
function consumeBracketed(item: string): { taken: string; rest: string } | string {
  const close = item.startsWith('{') ? '}' : ']';
  let depth = 1;
  let inString = false;
  for (let i = 1; i < item.length; i++) {
    spend();
    const c = item[i];
    if (c === '"' && item[i - 1] !== '\\') inString = !inString;
    else if (inString) continue;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (c === close && depth === 0) return { taken: item.slice(0, i + 1), rest: item.slice(i + 1) };
    }
  }
  return `Missing end delimiter "${close}"`;
}

/** `_consume_string_or_number`: the plain item up to an unquoted comma, as JSON text, and the rest. */
function consumePlain(item: string, kind: CollectionKind): { taken: string; rest: string } | string {
  let end = 0;
  let inQuote = false;
  for (; end < item.length; end++) {
    spend();
    if (item[end] === '"' && (end === 0 || item[end - 1] !== '\\')) inQuote = !inQuote;
    if (!inQuote && item[end] === ',') break;
  }
  if (inQuote) return 'Mismatched quotes';
  const text = item.slice(0, end).trim();
  if (kind === 'list') {
    const plain = isPythonFloat(text) || ['true', 'false', 'null'].includes(text) || text.startsWith('"');
    return { taken: plain ? text : `"${text}"`, rest: item.slice(end) };
  }
  const eq = text.indexOf('=');
  if (eq === -1) return 'not enough values to unpack (expected 2, got 1)';
  const [key, value] = [text.slice(0, eq), text.slice(eq + 1)];
  if (key.startsWith('"') && !key.endsWith('"') && !value.startsWith('"') && value.endsWith('"')) return `Dictionary key=val parameter is a quoted string: ${text}`;
  const unquote = (s: string) => s.replace(/^"+|"+$/g, '');
  return { taken: JSON.stringify({ [unquote(key)]: unquote(value) }), rest: item.slice(end) };
}

/** The items of every value given, in order, as JSON texts; a string when pydantic-settings fails. */
function itemsOf(values: readonly string[], kind: CollectionKind): string[] | string {
  const items: string[] = [];
  let lastWasValue = false;
  for (const given of values) {
    spend();
    let value = given.trim();
    if (value.startsWith('[') && value.endsWith(']')) value = value.slice(1, -1).trim();
    while (value) {
      spend();
      value = value.trim();
      if (value.startsWith(',')) {
        if (!lastWasValue) items.push('""');
        value = value.slice(1);
        lastWasValue = false;
        continue;
      }
      const consumed = value.startsWith('{') || value.startsWith('[') ? consumeBracketed(value) : consumePlain(value, kind);
      if (typeof consumed === 'string') return consumed;
      items.push(consumed.taken);
      value = consumed.rest;
      lastWasValue = true;
    }
    if (!lastWasValue) {
      items.push('""');
    }
  }
  return items;
}

/** A number item (quoted or not) is a string in a list whose items stay strings (`list[str]`: pydantic keeps `'1'` a str), else a number. */
function listItem(item: string, numbersAsStrings: boolean): string {
  const escaped = item.replace(/\\/g, '\\\\');
  const unquoted = escaped.startsWith('"') && escaped.endsWith('"') ? escaped.slice(1, -1) : escaped;
  if (!isPythonFloat(unquoted)) return escaped;
  return numbersAsStrings ? `"${unquoted}"` : unquoted;
}

/**
 * The value of a list or mapping option given `values` (in order), or
 * pydantic-settings' error. `numbersAsStrings`: the list's items are strings
 * (its item type keeps `'1'` a str), so a number item is one too.
 */
export function readCollectionOption(values: readonly string[], kind: CollectionKind, numbersAsStrings = false): CollectionRead {
  const items = itemsOf(values, kind);
  if (typeof items === 'string') return { ok: false, message: items };
  try {
    if (kind === 'list') return { ok: true, value: JSON.parse(`[${charged(items).map((i) => listItem(i, numbersAsStrings)).join(',')}]`) };
    const merged: Record<string, unknown> = {};
    for (const item of items) {
      spend();
      const parsed = JSON.parse(item) as unknown;
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return { ok: false, message: `dictionary update sequence element #0 has length 1; 2 is required` };
      Object.assign(merged, parsed);
    }
    return { ok: true, value: merged };
  } catch (e) {
    if (e instanceof WorkBudgetExhausted) throw e;
    return { ok: false, message: (e as Error).message };
  }
}
