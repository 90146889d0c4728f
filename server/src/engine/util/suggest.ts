import { spend } from '../work';
/** "Did you mean": the known name nearest to a misspelt one, if any is near enough. */

/**
 * Optimal string alignment distance (Levenshtein plus adjacent transpositions),
 * over three rolling rows: it runs once per unknown key, and a generated file
 * can have hundreds of thousands of them.
 */
function editDistance(a: string, b: string): number {
  const cols = b.length + 1;
  let twoBack = new Uint32Array(cols);
  let previous = new Uint32Array(cols);
  let current = new Uint32Array(cols);
  for (let j = 0; j < cols; j++) {
    spend();
    previous[j] = j;
  }
  for (let i = 1; i <= a.length; i++) {
    spend();
    current[0] = i;
    for (let j = 1; j < cols; j++) {
      spend();
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, twoBack[j - 2] + 1);
      current[j] = value;
    }
    [twoBack, previous, current] = [previous, current, twoBack];
  }
  return previous[b.length];
}

export function suggestName(word: string, candidates: readonly string[]): string | null {
  if (word.length === 0 || word.length > 64) return null;
  const lower = word.toLowerCase();
  let best: string | null = null;
  let bestScore = Infinity;
  for (const candidate of candidates) {
    spend();
    const target = candidate.toLowerCase();
    let score: number;
    if (target === lower) score = 0;
    else if (lower.length >= 3 && (target.startsWith(lower) || lower.startsWith(target))) score = 1;
    else {
      // A quarter of the name: a typo or two, not a different word of the same shape (`install_command` is not `state_command`).
      const near = Math.max(1, Math.floor(target.length / 4));
      // The distance is at least the difference in length: most unknown keys are not near any candidate.
      const distance = Math.abs(lower.length - target.length) > near ? Infinity : editDistance(lower, target);
      score = distance <= near ? distance + 1 : Infinity;
    }
    if (score < bestScore) {
      bestScore = score;
      best = candidate;
    }
  }
  return best;
}
