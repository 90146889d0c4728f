/**
 * Text Python builds (a format string filled in, a repr), without building
 * more of it than a budget. Pieces are added with a repeat count, so
 * `{PAGER:>500000000}` is one piece of 499,999,997 spaces: its length is
 * exact (code points, as Python's `len`), and only the first
 * `BUDGETS.renderedTextChars` characters are ever materialized.
 */
import { BUDGETS } from '../budgets';
import { spend } from '../work';

/** Code points of `text` (Python's len), without allocating. */
export function codePointLength(text: string): number {
  let surrogatePairs = 0;
  for (let i = 0; i < text.length; i++) {
    spend();
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        surrogatePairs++;
        i++;
      }
    }
  }
  return text.length - surrogatePairs;
}

/** The first `max` UTF-16 units of `text`, not splitting a surrogate pair. */
function cutAt(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

export class RenderedText {
  /** The materialized start of the text: all of it while `complete`. */
  private built = '';
  /** Python's len() of the whole text (a lower bound when `!exact`). */
  length = 0;
  /** False once a piece was left out of `built`. */
  complete = true;
  /** False when a part was not even measured (a repr stopped at the budget): `length` is then a lower bound. */
  exact = true;

  constructor(readonly budget: number = BUDGETS.renderedTextChars) {}

  /** Appends `text` repeated `times` times. */
  add(text: string, times = 1): this {
    if (times <= 0 || text === '') return this;
    this.length += codePointLength(text) * times;
    const room = this.budget - this.built.length;
    if (room <= 0) {
      this.complete = false;
      return this;
    }
    const fits = Math.floor(room / text.length);
    if (times <= fits) this.built += times === 1 ? text : text.repeat(times);
    else {
      this.built += cutAt(text.repeat(Math.min(times, fits + 1)), room);
      this.complete = false;
    }
    return this;
  }

  addText(other: RenderedText): this {
    const room = this.budget - this.built.length;
    if (other.built.length > room || !other.complete) this.complete = false;
    this.built += cutAt(other.built, Math.max(0, room));
    this.length += other.length;
    if (!other.exact) this.exact = false;
    return this;
  }

  /** Marks that the rest was not measured (rendering stopped at the budget). */
  stop(): void {
    this.complete = false;
    this.exact = false;
  }

  /** Whether adding more can still change the materialized text. */
  get full(): boolean {
    return this.built.length >= this.budget;
  }

  /** The text, cut at the budget when it is longer. */
  get text(): string {
    return this.built;
  }
}

/** A rendered length for messages: `500,000,003 characters`, or `more than 100,000 characters` when not measured. */
export function describeLength(text: RenderedText): string {
  return `${text.exact ? '' : 'more than '}${text.length.toLocaleString('en-US')} characters`;
}
