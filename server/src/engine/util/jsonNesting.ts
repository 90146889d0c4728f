import { spend } from '../work';
/**
 * The deepest nesting of `[`/`{` in a JSON text (outside strings), measured
 * before parsing so that no parser ever recurses that deep; the offset where
 * the limit is passed, or -1.
 */
export function nestingBeyond(text: string, limit: number): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    spend();
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '[' || ch === '{') {
      if (++depth > limit) return i;
    } else if ((ch === ']' || ch === '}') && depth > 0) depth--;
  }
  return -1;
}
