/**
 * SWE-agent's ARGUMENT_NAME_PATTERN, `[a-zA-Z_][a-zA-Z0-9_-]*`, and how it is
 * used: `re.match` (a prefix match) to validate names, and `re.sub` to turn
 * `<x>` / `[<x>]` placeholders into `{x}` in `invoke_format`.
 */

/** How much of `name` Python's `re.match(ARGUMENT_NAME_PATTERN, name)` matches; 0 means no match. */
export function argumentNameMatchLength(name: string): number {
  const match = /^[a-zA-Z_][a-zA-Z0-9_-]*/.exec(name);
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
export function findAngleSpellings(signature: string): PlaceholderRewrite[] {
  const pattern = /\[?<([a-zA-Z_][a-zA-Z0-9_-]*)>\]?/g;
  const found: PlaceholderRewrite[] = [];
  for (const match of signature.matchAll(pattern)) {
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

/** The four spellings SWE-agent accepts as "this argument is in the signature" (a substring test). */
export function placeholderSpellings(name: string): string[] {
  return [`<${name}>`, `[<${name}>]`, `{${name}}`, `--${name}`];
}
