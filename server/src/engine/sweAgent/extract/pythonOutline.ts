import { spend } from '../../work';
/**
 * A Python module's outline: its text with the body of every function
 * written over several lines cut down to `...` (but those a reader looks
 * into, by a word they contain), its newlines kept, so that
 * what the extraction reads (imports, assignments, classes, their fields and
 * decorators) keeps its text and its line. The Lezer parse of a fork's
 * modules is most of the time reading its models takes, and most of the text
 * is method bodies the extraction never looks at.
 *
 * Why a scan of our own beside @lezer/python: finding where a body ends needs
 * only where each logical line begins and how far it is indented, which a
 * pass over strings, comments, brackets and backslash continuations gives in
 * linear time; Lezer offers no way to skip a range it has not parsed. The
 * scan is not trusted alone: `PythonParses.outline` parses the whole text
 * when the outline's parse has an error anywhere.
 */

/** A logical line: where its first character is, how far it is indented, whether it opens a function with its body below. */
interface LogicalLine {
  start: number;
  /** The offset of the newline that ends it (the text's length for the last). */
  end: number;
  indent: number;
  opensFunctionBody: boolean;
}

/** Whether a `def` or `async def` statement starts at `start`. */
function isFunctionHeader(source: string, start: number): boolean {
  let at = start;
  if (source.startsWith('async', at) && (source[at + 5] === ' ' || source[at + 5] === '\t')) {
    at += 5;
    while (source[at] === ' ' || source[at] === '\t') {
      spend();
      at++;
    }
  }
  return source.startsWith('def', at) && ' \t\\'.includes(source[at + 3] ?? 'x');
}

/** The column of the first character of the line that starts at `lineStart`, with tabs to the next multiple of 8 as Python counts them. */
function indentAt(source: string, lineStart: number): { column: number; first: number } {
  let column = 0;
  let i = lineStart;
  for (; i < source.length; i++) {
    spend();
    const c = source[i];
    if (c === ' ') column++;
    else if (c === '\t') column = (Math.floor(column / 8) + 1) * 8;
    else if (c === '\f') column = 0;
    else break;
  }
  return { column, first: i };
}

/** The logical lines of `source` (blank and comment-only lines are none). */
function logicalLines(source: string): LogicalLine[] {
  const lines: LogicalLine[] = [];
  let depth = 0;
  /** The logical line being read: where it starts (-1: between lines) and its indent. */
  let start = -1;
  let indent = 0;
  /** The last character of code on the logical line so far (outside strings and comments). */
  let lastCode = '';
  let i = 0;
  const endLine = (at: number) => {
    if (start !== -1) {
      lines.push({ start, end: at, indent, opensFunctionBody: lastCode === ':' && isFunctionHeader(source, start) });
    }
    start = -1;
    depth = 0;
    lastCode = '';
  };
  while (i < source.length) {
    spend();
    if (start === -1) {
      const { column, first } = indentAt(source, i);
      i = first;
      const c = source[i];
      if (c === undefined) break;
      if (c === '\n' || c === '\r') {
        i++;
        continue;
      }
      if (c === '#') {
        const nl = source.indexOf('\n', i);
        i = nl === -1 ? source.length : nl + 1;
        continue;
      }
      start = i;
      indent = column;
    }
    const c = source[i];
    if (c === '\n') {
      if (depth === 0) endLine(i);
      i++;
    } else if (c === '#') {
      const nl = source.indexOf('\n', i);
      i = nl === -1 ? source.length : nl;
    } else if (c === '\\' && (source[i + 1] === '\n' || (source[i + 1] === '\r' && source[i + 2] === '\n'))) {
      i += source[i + 1] === '\n' ? 2 : 3;
    } else if (c === '"' || c === "'") {
      i = stringEnd(source, i);
      lastCode = c;
    } else {
      if (c === '(' || c === '[' || c === '{') depth++;
      else if ((c === ')' || c === ']' || c === '}') && depth > 0) depth--;
      if (c !== ' ' && c !== '\t' && c !== '\r' && c !== '\f') lastCode = c;
      i++;
    }
  }
  endLine(source.length);
  return lines;
}

/** Where the string literal whose quote is at `quoteAt` ends (just past its closing quote; a one-line string also ends at its line's end). */
function stringEnd(source: string, quoteAt: number): number {
  const quote = source[quoteAt];
  const triple = source[quoteAt + 1] === quote && source[quoteAt + 2] === quote;
  let i = quoteAt + (triple ? 3 : 1);
  while (i < source.length) {
    spend();
    const c = source[i];
    // A backslash keeps the next character in the string, raw strings included (`r"\""` is one string).
    if (c === '\\') i += 2;
    else if (c === quote && (!triple || (source[i + 1] === quote && source[i + 2] === quote))) return i + (triple ? 3 : 1);
    else if (c === '\n' && !triple) return i;
    else i++;
  }
  return source.length;
}

/** `source` with every multi-line function body cut to `...` (its newlines kept) but those of functions whose text matches `kept`; `source` itself when none is cut. */
export function pythonOutline(source: string, kept: RegExp): string {
  const lines = logicalLines(source);
  const parts: string[] = [];
  let copied = 0;
  for (let n = 0; n < lines.length; n++) {
    spend();
    const header = lines[n];
    if (!header.opensFunctionBody) continue;
    let last = n;
    while (last + 1 < lines.length && lines[last + 1].indent > header.indent) {
      spend();
      last++;
    }
    if (last === n) continue;
    const from = lines[n + 1].start;
    const to = lines[last].end;
    // A kept function's nested functions are looked at in turn.
    if (kept.test(source.slice(header.start, to))) continue;
    let newlines = 0;
    for (let i = source.indexOf('\n', from); i !== -1 && i < to; i = source.indexOf('\n', i + 1)) {
      spend();
      newlines++;
    }
    parts.push(source.slice(copied, from), '...', '\n'.repeat(newlines));
    copied = to;
    n = last;
  }
  if (copied === 0) return source;
  parts.push(source.slice(copied));
  return parts.join('');
}
