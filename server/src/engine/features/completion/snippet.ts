import { charged, spend } from '../../work';
/**
 * Insert texts with tab stops, rendered either as an LSP snippet or, for
 * clients without snippet support, as plain text (each stop's default, a
 * choice's first option). Stops are numbered in order of first appearance;
 * a stop used again mirrors the first.
 */

export type Part = string | { stop: string; text?: string; choices?: readonly string[] };

export function stop(id: string, text?: string): Part {
  return { stop: id, text };
}

export function choice(id: string, choices: readonly string[]): Part {
  return { stop: id, choices };
}

const escapeText = (s: string) => s.replace(/[\\$}]/g, (c) => '\\' + c);
const escapeChoice = (s: string) => s.replace(/[\\,|]/g, (c) => '\\' + c);

export function render(parts: readonly Part[], snippet: boolean): string {
  const numbers = new Map<string, number>();
  const defaults = new Map<string, string>();
  let out = '';
  for (const part of parts) {
    spend();
    if (typeof part === 'string') {
      out += snippet ? escapeText(part) : part;
      continue;
    }
    const seen = numbers.get(part.stop);
    if (seen !== undefined) {
      out += snippet ? `\${${seen}}` : defaults.get(part.stop)!;
      continue;
    }
    const n = numbers.size + 1;
    numbers.set(part.stop, n);
    const text = part.choices ? part.choices[0] : (part.text ?? '');
    defaults.set(part.stop, text);
    if (!snippet) out += text;
    else if (part.choices) out += `\${${n}|${charged(part.choices).map(escapeChoice).join(',')}|}`;
    else out += part.text ? `\${${n}:${escapeText(part.text)}}` : `\${${n}}`;
  }
  return out;
}

/** Whether the parts hold a tab stop (otherwise they are plain text either way). */
export function hasStops(parts: readonly Part[]): boolean {
  return charged(parts).some((part) => typeof part !== 'string');
}
