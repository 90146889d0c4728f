/**
 * SWE-agent's history processors (sweagent/agent/history_processors.py) over
 * the history of the first query: the ones that change what the model is
 * sent then (cache marks, `remove_regex`, `image_parsing`, and
 * `closed_window`, which drops a user message with numbered lines but no
 * `[File: ...]` header) and the ones that do not yet (`default`,
 * `last_n_observations`, which never elides the first observation,
 * `tag_tool_call_observations`).
 */
import { PyDict, PyObject } from '../python/pyObject';
import { charged, spend } from '../work';

/** A part of list content: text (maybe with a cache mark) or an image. */
export type PromptPart = { type: 'text'; text: string; cacheControl: boolean } | { type: 'image_url'; url: string };

export interface HistoryItem {
  agent: PyObject;
  role: string;
  content: string | PromptPart[];
  messageType: string;
  isDemo: boolean;
  /** The mark a tool message carries on itself. */
  cacheControl: boolean;
  toolCalls?: PyObject;
  toolCallIds?: PyObject;
}

/** A processor's config, as validated: a mapping with its `type`. */
export type HistoryProcessor = PyObject;

/** A key of a Python dict; undefined for a missing key or a value that is not a dict. */
export const field = (dict: PyObject | undefined, key: string): PyObject | undefined => (dict instanceof PyDict ? dict.entries.get(key) : undefined);
const intField = (dict: PyObject, key: string, fallback: number): number => {
  const value = field(dict, key);
  return typeof value === 'bigint' ? Number(value) : typeof value === 'number' ? value : fallback;
};
const strings = (value: PyObject | undefined, fallback: string[]): string[] => (Array.isArray(value) ? charged(value).filter((v): v is string => typeof v === 'string') : fallback);

function textOf(item: HistoryItem): string {
  if (typeof item.content === 'string') return item.content;
  const first = item.content[0];
  return first && first.type === 'text' ? first.text : '';
}

/** `cache_control`: the last N user/tool messages get a mark, every other loses it. */
function cacheControl(history: HistoryItem[], config: PyObject): HistoryItem[] {
  const lastN = intField(config, 'last_n_messages', 2);
  const offset = intField(config, 'last_n_messages_offset', 0);
  const roles = strings(field(config, 'tagged_roles'), ['user', 'tool']);
  let tagged = 0;
  const out = charged(history).map((item) => ({ ...item, cacheControl: false, content: typeof item.content === 'string' ? item.content : charged(item.content).map((p) => (p.type === 'text' ? { ...p, cacheControl: false } : p)) }));
  for (let i = 0; i < out.length; i++) {
    spend();
    const item = out[out.length - 1 - i];
    if (tagged < lastN && roles.includes(item.role) && i >= offset) {
      const parts: PromptPart[] = typeof item.content === 'string' ? [{ type: 'text', text: item.content, cacheControl: true }] : item.content;
      if (parts[0]?.type === 'text') parts[0] = { ...parts[0], cacheControl: item.role !== 'tool' };
      item.content = parts;
      if (item.role === 'tool') item.cacheControl = true;
      tagged++;
    }
  }
  return out;
}

/** Python's `re.sub(pattern, '', text, flags=re.DOTALL)` for the patterns JavaScript reads alike; null when it does not compile. */
function pySub(pattern: string, text: string): string | null {
  try {
    return text.replace(new RegExp(pattern, 'gsu'), '');
  } catch {
    return null;
  }
}

function removeRegex(history: HistoryItem[], config: PyObject): HistoryItem[] | string {
  const patterns = strings(field(config, 'remove'), ['<diff>.*</diff>']);
  const keepLast = intField(config, 'keep_last', 0);
  const out: HistoryItem[] = [];
  for (let i = 0; i < history.length; i++) {
    spend();
    const item = history[i];
    if (history.length - 1 - i < keepLast) {
      out.push(item);
      continue;
    }
    const edit = (text: string): string | null => charged(patterns).reduce<string | null>((t, p) => (t === null ? null : pySub(p, t)), text);
    if (typeof item.content === 'string') {
      const edited = edit(item.content);
      if (edited === null) return `a \`remove_regex\` pattern the preview cannot run (${patterns.join(', ')})`;
      out.push({ ...item, content: edited });
    } else {
      const parts: PromptPart[] = [];
      for (const p of item.content) {
        spend();
        const edited = p.type === 'text' ? edit(p.text) : null;
        if (p.type === 'text' && edited === null) return `a \`remove_regex\` pattern the preview cannot run (${patterns.join(', ')})`;
        parts.push(p.type === 'text' ? { ...p, text: edited! } : p);
      }
      out.push({ ...item, content: parts });
    }
  }
  return out;
}

const IMAGE = /(!\[([^\]]*)\]\(data:)([^;]+);base64,([^)]+)(\))/g;

/** `image_parsing`: markdown data-URL images of the allowed types become image parts. */
function imageParsing(history: HistoryItem[], config: PyObject): HistoryItem[] {
  const allowed = strings(field(config, 'allowed_mime_types'), ['image/png', 'image/jpeg', 'image/webp']);
  return charged(history).map((item) => {
    if (item.role !== 'user' && item.role !== 'tool') return item;
    const content = textOf(item);
    const parts: PromptPart[] = [];
    const addText = (text: string) => {
      const last = parts[parts.length - 1];
      if (text && last?.type === 'text') parts[parts.length - 1] = { ...last, text: last.text + text };
      else if (text) parts.push({ type: 'text', text, cacheControl: false });
    };
    let lastEnd = 0;
    let images = false;
    for (const match of content.matchAll(IMAGE)) {
      spend();
      const [whole, prefix, , mime, data, suffix] = match;
      addText(content.slice(lastEnd, match.index));
      const type = mime === 'image/jpg' ? 'image/jpeg' : mime;
      if (allowed.includes(type)) {
        addText(prefix);
        parts.push({ type: 'image_url', url: `data:${type};base64,${data}` });
        addText(suffix);
        images = true;
      } else addText(whole);
      lastEnd = match.index + whole.length;
    }
    addText(content.slice(lastEnd));
    return images ? { ...item, content: parts } : { ...item, content: [{ type: 'text', text: content, cacheControl: false }] };
  });
}

const WINDOW_LINE = /^(\d+):.*?(\n|$)/m;
const FILE_HEADER = /\[File:\s+(.*)\s+\(\d+\s+lines total\)\]/;

/** `closed_window` at the first query: only one window per file is left, but a user message with numbered lines and no file header is dropped. */
function closedWindow(history: HistoryItem[]): HistoryItem[] {
  return charged(history).filter((item) => item.role !== 'user' || item.isDemo || typeof item.content !== 'string' || !WINDOW_LINE.test(item.content) || FILE_HEADER.test(item.content));
}

/** The processors in order; a string says which one the preview cannot run. */
export function runHistoryProcessors(history: HistoryItem[], processors: readonly HistoryProcessor[]): HistoryItem[] | string {
  let out: HistoryItem[] = history;
  for (const processor of processors) {
    spend();
    const type = field(processor, 'type');
    if (type === 'cache_control') out = cacheControl(out, processor);
    else if (type === 'remove_regex') {
      const result = removeRegex(out, processor);
      if (typeof result === 'string') return result;
      out = result;
    } else if (type === 'image_parsing') out = imageParsing(out, processor);
    else if (type === 'closed_window') out = closedWindow(out);
    else if (type !== 'default' && type !== 'last_n_observations' && type !== 'tag_tool_call_observations') return `the history processor \`${String(type)}\``;
  }
  return out;
}
