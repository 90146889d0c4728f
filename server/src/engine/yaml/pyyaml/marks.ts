import { spend } from '../../work';
/**
 * Positions as PyYAML's Reader counts them, next to the offsets the engine
 * uses. PyYAML indexes a Python `str`, so `index` counts code points, and it
 * starts a new line at `\n`, a lone `\r`, NEL (U+0085), LINE SEPARATOR
 * (U+2028) and PARAGRAPH SEPARATOR (U+2029); a BOM anywhere takes no column.
 * The engine's offsets are UTF-16 code units in the same text, and an editor
 * breaks lines at `\n` and `\r` only, so the two line counts can differ.
 */

export interface Mark {
  /** Code points before the position (PyYAML's `Mark.index`). */
  index: number;
  /** 0-based, as PyYAML stores it (its messages print line + 1). */
  line: number;
  column: number;
  /** UTF-16 offset of the position in the text. */
  offset: number;
}

/** True for the characters after which PyYAML's Reader starts a new line (`\r` only when no `\n` follows). */
export function isReaderLineBreak(code: number, next: number): boolean {
  return code === 0x0a || code === 0x85 || code === 0x2028 || code === 0x2029 || (code === 0x0d && next !== 0x0a);
}

/** PyYAML's mark for a UTF-16 `offset` of `text`, counted as its Reader counts (for tests and the fuzzer). */
export function pyyamlMark(text: string, offset: number): Mark {
  let index = 0;
  let line = 0;
  let column = 0;
  let i = 0;
  while (i < offset && i < text.length) {
    spend();
    const code = text.codePointAt(i)!;
    const width = code > 0xffff ? 2 : 1;
    if (isReaderLineBreak(code, text.charCodeAt(i + width))) {
      line++;
      column = 0;
    } else if (code !== 0xfeff) {
      column++;
    }
    index++;
    i += width;
  }
  return { index, line, column, offset };
}
