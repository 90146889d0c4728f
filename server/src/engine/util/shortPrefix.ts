import { BUDGETS } from '../budgets';

/**
 * What a message may show of a value read from a file (an env variable, a
 * setting): at most its first `max` characters, then `…`. A value is never
 * printed whole: it may be a secret from an env file, substituted into a
 * docstring by a repository that wants it printed into a CI log or SARIF.
 */
export function shortPrefix(text: string, max: number = BUDGETS.shownValueChars): string {
  const points = [...text.slice(0, 2 * max + 2)];
  return points.length > max ? points.slice(0, max).join('') + '…' : text;
}
