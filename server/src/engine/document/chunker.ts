import { charged, spend } from '../work';
/**
 * Splits a bundle config into chunks that parse independently: one per
 * top-level key, and one per tool under a block `tools:` mapping. A line scan
 * finds the boundaries (a key line at column 0, or at the tools' indent);
 * anything unusual (directives, document markers, tabs or odd characters in
 * indentation, keys that are not plain, less-indented lines) gives up and the
 * caller parses the whole text. The caller also checks each chunk's parse
 * (see bundleModel.ts), so a chunk that does not stand alone never counts.
 */

export type ChunkRole = 'top' | 'tools-header' | 'tool';

export interface ChunkSpec {
  role: ChunkRole;
  start: number;
  end: number;
  /** Where the chunk's plain key is written (its key line, up to the `:`). */
  keyStart: number;
  keyEnd: number;
}

/** A plain mapping key followed by `:` and a space, a comment or the line end. */
const KEY_LINE = /^[A-Za-z0-9_][A-Za-z0-9_.\-/]*(?: [A-Za-z0-9_.\-/]+)*:(?:[ ]|$)/;
const TOOLS_HEADER = /^tools:[ ]*(?:#.*)?$/;

/** The scan's state at a line start: inside a block `tools:` mapping or not, and the tools' indent once known (-1 before). */
interface ScanState {
  inToolsBody: boolean;
  toolIndent: number;
}

/**
 * Scans `text` from the line start `from` in `state`, adding chunks to
 * `chunks` (the last one's end is set when the next opens); null when the
 * text must be parsed whole. `resume(lineStart, state)` may end the scan at a
 * line start: it returns the chunks from there on (the rest of an earlier
 * scan), or null to go on.
 */
function scan(text: string, from: number, state: ScanState, chunks: ChunkSpec[], resume?: (lineStart: number, state: ScanState) => ChunkSpec[] | null): ChunkSpec[] | null {
  let { inToolsBody, toolIndent } = state;
  let lineStart = from;
  const open = (role: ChunkRole, start: number, keyStart: number, keyLine: string) => {
    if (chunks.length > 0) chunks[chunks.length - 1].end = start;
    chunks.push({ role, start, end: text.length, keyStart, keyEnd: keyStart + keyLine.indexOf(':') });
  };
  // Runs on every edit: only key lines are sliced and matched; other lines are looked at by character.
  while (lineStart < text.length) {
    spend();
    const rest = resume?.(lineStart, { inToolsBody, toolIndent });
    if (rest) {
      if (chunks.length > 0) chunks[chunks.length - 1].end = lineStart;
      return chunks.concat(rest);
    }
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = text.length;
    let contentStart = lineStart;
    while (contentStart < lineEnd && text.charCodeAt(contentStart) === 32 /* space */) {
      spend();
      contentStart++;
    }
    const indent = contentStart - lineStart;
    const first = contentStart < lineEnd ? text.charCodeAt(contentStart) : -1;
    if (first === 9 /* tab */) return null;
    const blankOrComment = first === -1 || first === 35; /* # */
    if (!blankOrComment) {
      if (indent === 0) {
        const bodyStart = lineStart === 0 && first === 0xfeff ? 1 : lineStart;
        const body = text.slice(bodyStart, lineEnd);
        if (!KEY_LINE.test(body)) return null;
        inToolsBody = TOOLS_HEADER.test(body);
        toolIndent = -1;
        // The first chunk also holds any comments before the first key.
        open(inToolsBody ? 'tools-header' : 'top', chunks.length === 0 ? 0 : lineStart, bodyStart, body);
      } else if (chunks.length === 0) {
        return null;
      } else if (inToolsBody) {
        if (toolIndent === -1) toolIndent = indent;
        if (indent < toolIndent) return null;
        if (indent === toolIndent) {
          const body = text.slice(contentStart, lineEnd);
          if (!KEY_LINE.test(body)) return null;
          open('tool', lineStart, contentStart, body);
        }
      }
    }
    lineStart = lineEnd + 1;
  }
  return chunks.length > 0 ? chunks : null;
}

/** The chunks of `text`, or null when it must be parsed whole. */
export function splitIntoChunks(text: string): ChunkSpec[] | null {
  return scan(text, 0, { inToolsBody: false, toolIndent: -1 }, []);
}

/** The scan's state at the start of chunk `k` of a split (k ≥ 1): what the chunk before it leaves. */
function stateBefore(specs: readonly ChunkSpec[], k: number): ScanState {
  const before = specs[k - 1];
  return before.role === 'tool' ? { inToolsBody: true, toolIndent: before.keyStart - before.start } : { inToolsBody: before.role === 'tools-header', toolIndent: -1 };
}

/** Characters compared at a time when looking for where two texts differ: a string comparison per block, then one by one. */
const COMPARE_BLOCK = 4096;

/** The length of the common start of two texts. */
function commonPrefix(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let at = 0;
  while (at + COMPARE_BLOCK <= n && a.slice(at, at + COMPARE_BLOCK) === b.slice(at, at + COMPARE_BLOCK)) {
    spend();
    at += COMPARE_BLOCK;
  }
  while (at < n && a.charCodeAt(at) === b.charCodeAt(at)) {
    spend();
    at++;
  }
  return at;
}

/** The length of the common end of two texts, at most `max`. */
function commonSuffix(a: string, b: string, max: number): number {
  let at = 0;
  while (at + COMPARE_BLOCK <= max && a.slice(a.length - at - COMPARE_BLOCK, a.length - at) === b.slice(b.length - at - COMPARE_BLOCK, b.length - at)) {
    spend();
    at += COMPARE_BLOCK;
  }
  while (at < max && a.charCodeAt(a.length - 1 - at) === b.charCodeAt(b.length - 1 - at)) {
    spend();
    at++;
  }
  return at;
}

/**
 * Which chunks of a new split are an earlier split's (`from`), with the same
 * text: the first `head` ones in place, and those from `tail` on, moved,
 * from the earlier one's `tailFrom` on.
 */
export interface CarriedChunks {
  from: readonly ChunkSpec[];
  head: number;
  tail: number;
  tailFrom: number;
}

/**
 * The chunks of `text` (exactly `splitIntoChunks(text)`), from the split of
 * an earlier version of it: the lines an edit left alone keep their chunks,
 * and only the chunks from the one before the change to where the scan meets
 * the earlier split again (same place, same state) are scanned. A keystroke
 * in a 50,000-line bundle scanned every line (9 ms); now a few. `carried`
 * says which chunks are the earlier ones (none when the text was split whole).
 */
export function resplitChunks(previousText: string, previous: readonly ChunkSpec[] | null, text: string): { specs: ChunkSpec[] | null; carried?: CarriedChunks } {
  if (!previous || previous.length < 2) return { specs: splitIntoChunks(text) };
  const prefix = commonPrefix(previousText, text);
  if (prefix === text.length && prefix === previousText.length) {
    return { specs: charged(previous).map((spec) => ({ ...spec })), carried: { from: previous, head: previous.length, tail: previous.length, tailFrom: previous.length } };
  }
  const suffix = commonSuffix(previousText, text, Math.min(previousText.length, text.length) - prefix);
  const delta = text.length - previousText.length;
  // The last chunk starting at or before the change, and the one before it, whose key line the change cannot reach.
  let changed = 0;
  while (changed + 1 < previous.length && previous[changed + 1].start <= prefix) {
    spend();
    changed++;
  }
  const from = changed - 1;
  if (from < 1) return { specs: splitIntoChunks(text) };
  const unchangedFrom = text.length - suffix;
  const startIndex = new Map(charged(previous).map((spec, k) => [spec.start, k]));
  const chunks = charged(previous.slice(0, from)).map((spec) => ({ ...spec }));
  let tailFrom = previous.length;
  const specs = scan(text, previous[from].start, stateBefore(previous, from), chunks, (lineStart, state) => {
    if (lineStart < unchangedFrom) return null;
    const k = startIndex.get(lineStart - delta);
    if (k === undefined || k <= from) return null;
    const old = stateBefore(previous, k);
    if (old.inToolsBody !== state.inToolsBody || old.toolIndent !== state.toolIndent) return null;
    tailFrom = k;
    return charged(previous.slice(k)).map((spec) => ({ ...spec, start: spec.start + delta, end: spec.end + delta, keyStart: spec.keyStart + delta, keyEnd: spec.keyEnd + delta }));
  });
  return specs ? { specs, carried: { from: previous, head: from, tail: specs.length - (previous.length - tailFrom), tailFrom } } : { specs };
}
