import { spend } from '../work';
/**
 * Offsets to LSP positions (0-based line, UTF-16 character) for a text, with
 * `\n`, `\r\n` and `\r` as line breaks, as the LSP specification counts them.
 */
export interface Position {
  line: number;
  character: number;
}

export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(private readonly text: string) {
    if (!text.includes('\r')) {
      // The usual case, and much faster than looking at every character: only `\n` breaks lines.
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
        spend();
        this.starts.push(i + 1);
      }
      return;
    }
    for (let i = 0; i < text.length; i++) {
      spend();
      const ch = text.charCodeAt(i);
      if (ch === 13 /* \r */) {
        if (text.charCodeAt(i + 1) === 10) i++;
        this.starts.push(i + 1);
      } else if (ch === 10 /* \n */) {
        this.starts.push(i + 1);
      }
    }
  }

  positionAt(offset: number): Position {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      spend();
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= clamped) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: clamped - this.starts[lo] };
  }

  offsetAt(position: Position): number {
    if (position.line < 0) return 0;
    if (position.line >= this.starts.length) return this.text.length;
    const start = this.starts[position.line];
    const next = position.line + 1 < this.starts.length ? this.starts[position.line + 1] : this.text.length;
    // A position past the line's end means the end of the line (before its break).
    let end = next;
    if (end > start && this.text.charCodeAt(end - 1) === 10) end--;
    if (end > start && this.text.charCodeAt(end - 1) === 13) end--;
    return Math.max(start, Math.min(start + Math.max(0, position.character), end));
  }

  get lineCount(): number {
    return this.starts.length;
  }
}
