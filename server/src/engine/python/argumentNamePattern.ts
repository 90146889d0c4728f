import { spend } from '../work';
/**
 * SWE-agent's ARGUMENT_NAME_PATTERN, `[a-zA-Z_][a-zA-Z0-9_-]*` at main and
 * `[a-zA-Z_][a-zA-Z0-9_-]+` up to 1.1.0, and how it is used: `re.match` (a
 * prefix match) to validate names, and `re.sub` to turn `<x>` / `[<x>]`
 * placeholders into `{x}` in `invoke_format`.
 */

/** The pattern's repetition after the first character: `*` (main) or `+` (up to 1.1.0, two characters at least). */
export type NameRepeat = '+' | '*';

const NAME_PREFIX: Record<NameRepeat, RegExp> = { '*': /^[a-zA-Z_][a-zA-Z0-9_-]*/, '+': /^[a-zA-Z_][a-zA-Z0-9_-]+/ };
const ANGLE: Record<NameRepeat, RegExp> = { '*': /\[?<([a-zA-Z_][a-zA-Z0-9_-]*)>\]?/g, '+': /\[?<([a-zA-Z_][a-zA-Z0-9_-]+)>\]?/g };

/** Whether the whole of `name` is an argument name: what SWE-agent substitutes in a `<name>` placeholder. */
export function isArgumentName(name: string, repeat: NameRepeat): boolean {
  return name.length > 0 && argumentNameMatchLength(name, repeat) === name.length;
}

/** What an argument name is, in our words: "a letter or `_` first, then …". */
export function argumentNameRule(repeat: NameRepeat): string {
  return `a letter or \`_\` first, then ${repeat === '+' ? 'at least one more letter, digit' : 'only letters, digits'}, \`_\` or \`-\``;
}

/** How much of `name` Python's `re.match(ARGUMENT_NAME_PATTERN, name)` matches; 0 means no match. */
export function argumentNameMatchLength(name: string, repeat: NameRepeat = '*'): number {
  const match = NAME_PREFIX[repeat].exec(name);
  return match ? match[0].length : 0;
}

export interface PlaceholderRewrite {
  /** Offsets in the signature of the whole `<x>` / `[<x>]` spelling. */
  start: number;
  end: number;
  name: string;
  /** Offset of the name inside the signature. */
  nameStart: number;
  optional: boolean;
}

/** The matches of `re.sub(r"\[?<(NAME)>\]?", r"{\1}", signature)`, left to right. */
export function findAngleSpellings(signature: string, repeat: NameRepeat = '*'): PlaceholderRewrite[] {
  const found: PlaceholderRewrite[] = [];
  for (const match of signature.matchAll(ANGLE[repeat])) {
    spend();
    const start = match.index!;
    const text = match[0];
    found.push({
      start,
      end: start + text.length,
      name: match[1],
      nameStart: start + text.indexOf('<') + 1,
      optional: text.startsWith('[') && text.endsWith(']'),
    });
  }
  return found;
}

/** `re.sub(r"\[?<(NAME)>\]?", r"{\1}", signature)`. */
export function rewriteAngleSpellings(signature: string): string {
  return signature.replace(/\[?<([a-zA-Z_][a-zA-Z0-9_-]*)>\]?/g, '{$1}');
}

/** The spellings SWE-agent accepts as "this argument is in the signature" (a substring test): four at main, `--name` not before. */
export function placeholderSpellings(name: string, withDashDash = true): string[] {
  const spellings = [`<${name}>`, `[<${name}>]`, `{${name}}`];
  return withDashDash ? [...spellings, `--${name}`] : spellings;
}
