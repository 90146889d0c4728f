/** A small seeded PRNG (mulberry32), so property tests and fuzzing are reproducible. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(maxExclusive: number): number {
    return Math.floor(this.next() * maxExclusive);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }
}

/** A random edit of `text`: an insertion, deletion or replacement, drawn from YAML-ish pieces. */
export const EDIT_PIECES = [' ', '\n', ':', '- ', '#', '"', "'", '[', ']', '{', '}', ',', '&a ', '*a', '!!str ', '|', '>', 'x', 'yes', '010', '  ', '\n  ', '<x>', '{x}', '\t', 'tools:', '\n  t:\n    docstring: d\n'];

export interface Edit {
  start: number;
  end: number;
  text: string;
}

export function randomEdit(random: Random, text: string): Edit {
  const start = random.int(text.length + 1);
  const kind = random.next();
  if (kind < 0.45) return { start, end: start, text: random.pick(EDIT_PIECES) };
  const end = Math.min(text.length, start + 1 + random.int(6));
  return { start, end, text: kind < 0.75 ? '' : random.pick(EDIT_PIECES) };
}

export function applyEdit(text: string, edit: Edit): string {
  return text.slice(0, edit.start) + edit.text + text.slice(edit.end);
}

/** An edit that types or deletes a letter inside a word: what a user mostly does, and what keeps the structure. */
export function typingEdit(random: Random, text: string): Edit {
  for (let attempt = 0; attempt < 20; attempt++) {
    const at = 1 + random.int(Math.max(1, text.length - 1));
    if (!/[A-Za-z]/.test(text[at - 1] ?? '') || !/[A-Za-z]/.test(text[at] ?? '')) continue;
    if (random.next() < 0.7) return { start: at, end: at, text: random.pick(['a', 'e', 'x', 'q', 'Z']) };
    return { start: at, end: at + 1, text: '' };
  }
  return randomEdit(random, text);
}
