// Glob patterns for `filePatterns`, as VS Code and picomatch read them: `*`
// (any characters but `/`), `?` (one character but `/`), `**` as a whole
// segment (any number of folders: `a/**/b` matches `a/b` and `a/x/y/b`, a final
// `a/**` matches `a` and everything in it; inside a segment `**` is `*`),
// `[abc]`, `[a-z]`, `[!a]` or `[^a]`, `{a,b}` (nestable) and `\` to escape.
//
// Why not picomatch or minimatch: they compile to a backtracking regular
// expression, and a workspace's own `.swe-bundle.json` is untrusted input, so a
// pattern like `*a*a*a*a*a*a*a*a*b` must not take exponential time. Here a
// pattern compiles to a small automaton that is simulated (Thompson's
// construction): matching takes time linear in the path times the pattern's
// length, whatever the pattern. Malformed patterns (an unclosed `[` or `{`, a
// range like `[z-a]`) are reported with where they break, never thrown.

import { BUDGETS } from '../budgets';
import { charged, spend } from '../work';

/** Patterns longer than this are refused: a settings file has no use for them, and matching time grows with length. */
export const MAX_GLOB_LENGTH = BUDGETS.globChars;

type Step =
  | { kind: 'char'; char: string; next: number }
  | { kind: 'class'; ranges: [number, number][]; negated: boolean; next: number }
  /** Any one character; `slash`: `/` too. */
  | { kind: 'any'; slash: boolean; next: number }
  | { kind: 'split'; next: number[] }
  | { kind: 'match' };

export interface Glob {
  readonly pattern: string;
  /** Whether a `/`-separated path matches the whole pattern. */
  matches(path: string): boolean;
}

export type GlobCompile = { ok: true; glob: Glob } | { ok: false; message: string; offset: number };

class Failure extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

/** A piece of automaton with one way in and the steps whose `next` must be set to leave it. */
interface Fragment {
  start: number;
  /** Where the exits are: a step's `next`, or an index in a split's `next`. */
  exits: { step: number; slot?: number }[];
}

class Compiler {
  readonly steps: Step[] = [];
  private at = 0;

  constructor(private readonly pattern: string) {}

  /** The steps, and the one to start at. */
  compile(): { steps: Step[]; start: number } {
    const body = this.sequence(false);
    if (this.at < this.pattern.length) throw new Failure(`unexpected '${this.pattern[this.at]}'`, this.at);
    const match = this.add({ kind: 'match' });
    this.patch(body, match);
    return { steps: this.steps, start: body.start };
  }

  private add(step: Step): number {
    this.steps.push(step);
    return this.steps.length - 1;
  }

  private patch(fragment: Fragment, target: number): void {
    for (const exit of fragment.exits) {
      spend();
      const step = this.steps[exit.step];
      if (step.kind === 'split') step.next[exit.slot!] = target;
      else if (step.kind !== 'match') step.next = target;
    }
  }

  /** An empty fragment: a split with one exit, so that even nothing has a way in and out. */
  private empty(): Fragment {
    const step = this.add({ kind: 'split', next: [-1] });
    return { start: step, exits: [{ step, slot: 0 }] };
  }

  private concat(a: Fragment, b: Fragment): Fragment {
    this.patch(a, b.start);
    return { start: a.start, exits: b.exits };
  }

  /** A run of pieces up to the end, or (inside braces) up to `,` or `}`. */
  private sequence(inBraces: boolean): Fragment {
    let fragment = this.empty();
    while (this.at < this.pattern.length) {
      spend();
      const ch = this.pattern[this.at];
      if (inBraces && (ch === ',' || ch === '}')) break;
      fragment = this.concat(fragment, this.piece());
    }
    return fragment;
  }

  private single(step: Step): Fragment {
    const index = this.add(step);
    return { start: index, exits: [{ step: index }] };
  }

  /** `x*` over one-character steps: a split that takes the step and comes back, or leaves. */
  private star(slash: boolean): Fragment {
    const split = this.add({ kind: 'split', next: [-1, -1] });
    const any = this.add({ kind: 'any', slash, next: split });
    (this.steps[split] as { next: number[] }).next[0] = any;
    return { start: split, exits: [{ step: split, slot: 1 }] };
  }

  /** Whether a `**` starting at `at` is a whole segment: after the start or a `/`, before a `/` or the end. */
  private globstarAt(at: number): boolean {
    const p = this.pattern;
    if (p[at] !== '*' || p[at + 1] !== '*' || (at > 0 && p[at - 1] !== '/')) return false;
    const after = at + 2;
    return after === p.length || p[after] === '/';
  }

  private piece(): Fragment {
    const p = this.pattern;
    const ch = p[this.at];
    if (ch === '/' && this.globstarAt(this.at + 1) && this.at + 3 === p.length) {
      // A final `/**`: nothing more, or a `/` and anything.
      this.at = p.length;
      const split = this.add({ kind: 'split', next: [-1, -1] });
      const slash = this.single({ kind: 'char', char: '/', next: -1 });
      const rest = this.star(true);
      this.patch(slash, rest.start);
      (this.steps[split] as { next: number[] }).next[0] = slash.start;
      return { start: split, exits: [{ step: split, slot: 1 }, ...rest.exits] };
    }
    if (ch === '*' && this.globstarAt(this.at)) {
      this.at += 2;
      if (this.at === p.length) return this.star(true);
      // `**/`: any number of whole folders, each `[^/]*/`.
      this.at++;
      const split = this.add({ kind: 'split', next: [-1, -1] });
      const folder = this.star(false);
      const slash = this.single({ kind: 'char', char: '/', next: split });
      this.patch(folder, slash.start);
      (this.steps[split] as { next: number[] }).next[0] = folder.start;
      return { start: split, exits: [{ step: split, slot: 1 }] };
    }
    if (ch === '*') {
      while (p[this.at] === '*') {
        spend();
        this.at++;
      }
      return this.star(false);
    }
    if (ch === '?') {
      this.at++;
      return this.single({ kind: 'any', slash: false, next: -1 });
    }
    if (ch === '[') return this.characterClass();
    if (ch === '{') return this.alternatives();
    if (ch === '\\') {
      if (this.at + 1 >= p.length) throw new Failure('a pattern cannot end with a lone \\', this.at);
      const escaped = this.codePointAt(this.at + 1);
      this.at += 1 + escaped.length;
      return this.single({ kind: 'char', char: escaped, next: -1 });
    }
    if (ch === '}') throw new Failure("'}' without '{' (write \\} for the character)", this.at);
    const char = this.codePointAt(this.at);
    this.at += char.length;
    return this.single({ kind: 'char', char, next: -1 });
  }

  private codePointAt(index: number): string {
    return String.fromCodePoint(this.pattern.codePointAt(index)!);
  }

  private characterClass(): Fragment {
    const p = this.pattern;
    const open = this.at;
    this.at++;
    const negated = p[this.at] === '!' || p[this.at] === '^';
    if (negated) this.at++;
    const ranges: [number, number][] = [];
    let first = true;
    for (;;) {
      spend();
      if (this.at >= p.length) throw new Failure("'[' is not closed by ']'", open);
      if (p[this.at] === ']' && !first) break;
      first = false;
      const low = this.classChar(open);
      let high = low;
      if (p[this.at] === '-' && p[this.at + 1] !== ']' && this.at + 1 < p.length) {
        this.at++;
        high = this.classChar(open);
        if (high < low) throw new Failure(`the range ${String.fromCodePoint(low)}-${String.fromCodePoint(high)} is out of order`, open);
      }
      ranges.push([low, high]);
    }
    this.at++;
    return this.single({ kind: 'class', ranges, negated, next: -1 });
  }

  private classChar(open: number): number {
    const p = this.pattern;
    if (p[this.at] === '\\') {
      this.at++;
      if (this.at >= p.length) throw new Failure("'[' is not closed by ']'", open);
    }
    const code = p.codePointAt(this.at)!;
    this.at += code > 0xffff ? 2 : 1;
    return code;
  }

  private alternatives(): Fragment {
    const open = this.at;
    this.at++;
    const options: Fragment[] = [this.sequence(true)];
    while (this.pattern[this.at] === ',') {
      spend();
      this.at++;
      options.push(this.sequence(true));
    }
    if (this.pattern[this.at] !== '}') throw new Failure("'{' is not closed by '}'", open);
    this.at++;
    const split = this.add({ kind: 'split', next: charged(options).map((o) => o.start) });
    return { start: split, exits: charged(options).flatMap((o) => o.exits) };
  }
}

function stepAccepts(step: Step, char: string): boolean {
  switch (step.kind) {
    case 'char':
      return step.char === char;
    case 'any':
      return step.slash || char !== '/';
    case 'class': {
      if (char === '/') return false;
      const code = char.codePointAt(0)!;
      return charged(step.ranges).some(([low, high]) => low <= code && code <= high) !== step.negated;
    }
    default:
      return false;
  }
}

/**
 * Simulates the automaton: the steps it may be at, advanced one character at
 * a time. Each step enters a list at most once per character (`seen` holds the
 * character's index), so a character costs at most the number of steps.
 */
function run(steps: Step[], start: number, path: string): boolean {
  const seen = new Int32Array(steps.length).fill(-1);
  let current: number[] = [];
  let next: number[] = [];
  const stack: number[] = [];
  const enter = (list: number[], index: number, mark: number) => {
    stack.push(index);
    while (stack.length > 0) {
      spend();
      const i = stack.pop()!;
      if (seen[i] === mark) continue;
      seen[i] = mark;
      const step = steps[i];
      if (step.kind === 'split') for (const target of step.next) {
        spend();
        stack.push(target);
      }
      else list.push(i);
    }
  };
  enter(current, start, 0);
  let mark = 0;
  for (const char of path) {
    spend();
    mark++;
    next.length = 0;
    for (const i of current) {
      spend();
      const step = steps[i];
      if (step.kind !== 'match' && step.kind !== 'split' && stepAccepts(step, char)) enter(next, step.next, mark);
    }
    if (next.length === 0) return false;
    [current, next] = [next, current];
  }
  return charged(current).some((i) => steps[i].kind === 'match');
}

export function compileGlob(pattern: string): GlobCompile {
  if (pattern.length === 0) return { ok: false, message: 'an empty pattern matches nothing', offset: 0 };
  if (pattern.length > MAX_GLOB_LENGTH) return { ok: false, message: `the pattern has ${pattern.length} characters, more than the ${MAX_GLOB_LENGTH} allowed`, offset: MAX_GLOB_LENGTH };
  // A leading `./` says "relative to the settings' folder", which every pattern is.
  let body = pattern;
  while (body.startsWith('./')) {
    spend();
    body = body.slice(2);
  }
  try {
    const { steps, start } = new Compiler(body).compile();
    return { ok: true, glob: { pattern, matches: (path) => run(steps, start, path) } };
  } catch (e) {
    if (e instanceof Failure) return { ok: false, message: e.message, offset: e.offset + (pattern.length - body.length) };
    throw e;
  }
}

/**
 * Whether a file matches a `filePatterns` entry: `relative` is its path from
 * the folder that holds the settings, with `/` separators. A pattern without
 * `/` matches the file's name in any folder; one with `/` matches the
 * relative path (a leading `./` is dropped).
 */
export function matchesFilePattern(glob: Glob, relative: string): boolean {
  if (relative === '..' || relative.startsWith('../')) return false;
  if (!glob.pattern.includes('/')) return glob.matches(relative.slice(relative.lastIndexOf('/') + 1));
  return glob.matches(relative);
}
