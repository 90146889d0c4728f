/**
 * PyYAML's Reader for a `str` stream (what `yaml.safe_load(Path.read_text())`
 * gets): the text as code points with PyYAML's `'\0'` end marker, peeked and
 * consumed by code point, with PyYAML's index, line and column. The printable
 * check runs over the whole text before anything is scanned, as in PyYAML.
 */
import { MarkedYamlError } from './errors';
import { Mark, isReaderLineBreak, pyyamlMark } from './marks';
import { spend } from '../../work';

/** PyYAML's Reader.NON_PRINTABLE (a lone surrogate, which a Python str read from a file cannot hold, counts too). */
const NON_PRINTABLE = /[^\t\n\r\x20-\x7E\x85\xA0-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

export class Reader {
  /** Code points of the text, then 0 for PyYAML's '\0' end marker. */
  protected readonly codes: Int32Array;
  /** UTF-16 offset of each code point (and of the end), or null when the text has no astral characters. */
  private readonly offsets: Int32Array | null;
  protected pointer = 0;
  protected line = 0;
  protected column = 0;

  constructor(protected readonly text: string) {
    const bad = NON_PRINTABLE.exec(text);
    if (bad) {
      const code = bad[0].codePointAt(0)!;
      throw new MarkedYamlError(
        'ReaderError',
        null,
        null,
        `unacceptable character #x${code.toString(16).padStart(4, '0')}: special characters are not allowed`,
        pyyamlMark(text, bad.index),
      );
    }
    const astral = /[\uD800-\uDBFF][\uDC00-\uDFFF]/.test(text);
    if (!astral) {
      this.codes = new Int32Array(text.length + 1);
      for (let i = 0; i < text.length; i++) {
        spend();
        this.codes[i] = text.charCodeAt(i);
      }
      this.offsets = null;
    } else {
      const codes: number[] = [];
      const offsets: number[] = [];
      for (let i = 0; i < text.length; ) {
        spend();
        const code = text.codePointAt(i)!;
        codes.push(code);
        offsets.push(i);
        i += code > 0xffff ? 2 : 1;
      }
      offsets.push(text.length);
      this.codes = new Int32Array(codes.length + 1);
      this.codes.set(codes);
      this.offsets = Int32Array.from(offsets);
    }
  }

  /** The code point `k` places ahead, 0 at (and past) the end. */
  protected peek(k = 0): number {
    const i = this.pointer + k;
    return i < this.codes.length ? this.codes[i] : 0;
  }

  /** The next `length` characters (never the end marker). */
  protected prefix(length: number): string {
    return this.text.slice(this.offsetOf(this.pointer), this.offsetOf(Math.min(this.pointer + length, this.codes.length - 1)));
  }

  protected forward(length = 1): void {
    const codes = this.codes;
    for (; length > 0 && this.pointer < codes.length - 1; length--) {
      spend();
      const code = codes[this.pointer++];
      if (isReaderLineBreak(code, codes[this.pointer])) {
        this.line++;
        this.column = 0;
      } else if (code !== 0xfeff) {
        this.column++;
      }
    }
  }

  protected offsetOf(index: number): number {
    return this.offsets ? this.offsets[index] : index;
  }

  getMark(): Mark {
    return { index: this.pointer, line: this.line, column: this.column, offset: this.offsetOf(this.pointer) };
  }
}
