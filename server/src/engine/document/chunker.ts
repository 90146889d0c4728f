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

/** The chunks of `text`, or null when it must be parsed whole. */
export function splitIntoChunks(text: string): ChunkSpec[] | null {
  const chunks: ChunkSpec[] = [];
  let inToolsBody = false;
  let toolIndent = -1;
  let lineStart = 0;
  const open = (role: ChunkRole, start: number, keyStart: number, keyLine: string) => {
    if (chunks.length > 0) chunks[chunks.length - 1].end = start;
    chunks.push({ role, start, end: text.length, keyStart, keyEnd: keyStart + keyLine.indexOf(':') });
  };
  // Runs on every edit: only key lines are sliced and matched; other lines are looked at by character.
  while (lineStart < text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = text.length;
    let contentStart = lineStart;
    while (contentStart < lineEnd && text.charCodeAt(contentStart) === 32 /* space */) contentStart++;
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
