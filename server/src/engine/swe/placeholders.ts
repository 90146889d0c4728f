/**
 * The places a signature names an argument, in the four spellings SWE-agent
 * accepts (`<x>`, `[<x>]`, `{x}`, `--x`), with offsets in the signature value.
 * `[<x>]` is one optional placeholder, not also a `<x>`.
 */
import { NameRepeat, findAngleSpellings } from '../python/argumentNamePattern';
import { parseFormatString } from '../python/formatString';
import { charged, spend } from '../work';

export type PlaceholderSpelling = 'angle' | 'optional' | 'brace' | 'flag';

export interface Placeholder {
  name: string;
  spelling: PlaceholderSpelling;
  /** The whole spelling, e.g. `[<x>]`, in value indices. */
  start: number;
  end: number;
  /** Just the name. */
  nameStart: number;
  nameEnd: number;
}

/** The placeholders of a signature; `repeat` is the ARGUMENT_NAME_PATTERN of the SWE-agent judged by (`+` up to v1.1.0: no one-character name). */
export function signaturePlaceholders(signature: string, repeat: NameRepeat): Placeholder[] {
  const found: Placeholder[] = [];
  const angles = findAngleSpellings(signature, repeat);
  for (const a of angles) {
    spend();
    found.push({ name: a.name, spelling: a.optional ? 'optional' : 'angle', start: a.start, end: a.end, nameStart: a.nameStart, nameEnd: a.nameStart + a.name.length });
  }
  const insideAngle = (i: number) => charged(angles).some((a) => a.start <= i && i < a.end);
  // `{x}` fields as str.format reads them (escaped `{{` is not a field); stop at a syntax error.
  for (const item of parseFormatString(signature).items) {
    spend();
    const field = item.field;
    if (!field || field.name.length === 0 || insideAngle(field.start)) continue;
    found.push({ name: field.name, spelling: 'brace', start: field.start, end: field.end, nameStart: field.nameStart, nameEnd: field.nameEnd });
  }
  for (const match of signature.matchAll(/--([A-Za-z0-9_][A-Za-z0-9_-]*)/g)) {
    spend();
    const start = match.index!;
    if (insideAngle(start)) continue;
    found.push({ name: match[1], spelling: 'flag', start, end: start + match[0].length, nameStart: start + 2, nameEnd: start + match[0].length });
  }
  return charged(found).sort((a, b) => a.start - b.start);
}

/** `<name>` mentions in free text (a docstring), for navigation. */
export function angleMentions(text: string): { name: string; start: number; end: number; nameStart: number }[] {
  return charged([...text.matchAll(/<([A-Za-z_][A-Za-z0-9_-]*)>/g)]).map((m) => ({ name: m[1], start: m.index!, end: m.index! + m[0].length, nameStart: m.index! + 1 }));
}
