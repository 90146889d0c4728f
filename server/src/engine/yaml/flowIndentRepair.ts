/**
 * PyYAML ignores indentation inside quoted scalars and flow collections; the
 * `yaml` package (YAML 1.2) requires continuation lines to be indented past
 * the parent block and otherwise ends the scalar or collection early.
 *
 * When that happens, this pads the offending continuation lines with spaces
 * (which neither parser's folding keeps) so that `yaml` sees the structure
 * PyYAML sees, and maps offsets in the padded text back to the original.
 */
import { CST } from 'yaml';

export interface PaddedText {
  text: string;
  /** Maps an offset in `text` back to the original text. */
  toOriginal(offset: number): number;
}

/** The offset of the quote that closes the quoted scalar opening at `start`, as PyYAML scans it; -1 if none. */
export function closingQuote(text: string, start: number): number {
  const quote = text[start];
  for (let i = start + 1; i < text.length; i++) {
    const ch = text[i];
    if (quote === '"' && ch === '\\') i++;
    else if (ch === quote) {
      if (quote === "'" && text[i + 1] === "'") i++;
      else return i;
    }
  }
  return -1;
}

/** The offset of the bracket closing the flow collection opening at `start`; -1 if none. */
function closingBracket(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    const previous = i > start ? text[i - 1] : '';
    if ((ch === '"' || ch === "'") && /[\s[{,:]/.test(previous)) {
      const end = closingQuote(text, i);
      if (end === -1) return -1;
      i = end;
    } else if (ch === '#' && /\s/.test(previous)) {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (ch === '[' || ch === '{') {
      depth++;
    } else if (ch === ']' || ch === '}') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

interface Region {
  start: number;
  end: number;
}

/** Quoted scalars and flow collections that PyYAML closes later than `yaml` did. */
function cutShortRegions(text: string, tokens: readonly CST.Token[]): Region[] {
  const regions: Region[] = [];
  const visit = (token: CST.Token | null | undefined): void => {
    if (!token) return;
    switch (token.type) {
      case 'document':
        visit(token.value);
        return;
      case 'block-map':
      case 'block-seq':
        for (const item of token.items) {
          visit(item.key);
          visit(item.value);
        }
        return;
      case 'flow-collection': {
        const end = closingBracket(text, token.offset);
        const yamlEnd = token.end.find((t) => t.type === 'flow-seq-end' || t.type === 'flow-map-end');
        if (end !== -1 && (!yamlEnd || yamlEnd.offset !== end)) {
          regions.push({ start: token.offset, end });
          return;
        }
        for (const item of token.items) {
          visit(item.key);
          visit(item.value);
        }
        return;
      }
      case 'single-quoted-scalar':
      case 'double-quoted-scalar': {
        const end = closingQuote(text, token.offset);
        if (end !== -1 && end !== token.offset + token.source.length - 1) regions.push({ start: token.offset, end });
      }
    }
  };
  tokens.forEach(visit);
  return regions;
}

/**
 * Returns the padded text, or null when there is nothing to repair (or the
 * repair would hide a document marker, which PyYAML rejects inside quotes).
 */
export function padFlowContinuations(text: string, tokens: readonly CST.Token[]): PaddedText | null {
  const regions = cutShortRegions(text, tokens);
  if (regions.length === 0) return null;
  const insertions: { at: number; count: number }[] = [];
  for (const region of regions) {
    const firstLineStart = text.lastIndexOf('\n', region.start - 1) + 1;
    const required = /^ */.exec(text.slice(firstLineStart))![0].length + 1;
    for (let nl = text.indexOf('\n', region.start); nl !== -1 && nl < region.end; nl = text.indexOf('\n', nl + 1)) {
      const lineStart = nl + 1;
      const rest = text.slice(lineStart, lineStart + 4);
      if (/^(---|\.\.\.)(\s|$)/.test(rest)) return null;
      const spaces = /^ */.exec(text.slice(lineStart, lineStart + required))![0].length;
      if (spaces < required) insertions.push({ at: lineStart, count: required - spaces });
    }
  }
  if (insertions.length === 0) return null;
  insertions.sort((a, b) => a.at - b.at);
  let padded = '';
  let previous = 0;
  // paddedStarts[i]: where insertion i begins in the padded text.
  const paddedStarts: number[] = [];
  let shift = 0;
  for (const insertion of insertions) {
    padded += text.slice(previous, insertion.at);
    paddedStarts.push(insertion.at + shift);
    padded += ' '.repeat(insertion.count);
    shift += insertion.count;
    previous = insertion.at;
  }
  padded += text.slice(previous);
  return {
    text: padded,
    toOriginal(offset: number): number {
      let removed = 0;
      for (let i = 0; i < insertions.length && paddedStarts[i] <= offset; i++) {
        const inside = offset - paddedStarts[i];
        if (inside < insertions[i].count) return insertions[i].at;
        removed += insertions[i].count;
      }
      return offset - removed;
    },
  };
}
