/** "Did you mean": the known name nearest to a misspelt one, if any is near enough. */

/** Optimal string alignment distance (Levenshtein plus adjacent transpositions). */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

export function suggestName(word: string, candidates: readonly string[]): string | null {
  if (word.length === 0 || word.length > 64) return null;
  const lower = word.toLowerCase();
  let best: string | null = null;
  let bestScore = Infinity;
  for (const candidate of candidates) {
    const target = candidate.toLowerCase();
    let score: number;
    if (target === lower) score = 0;
    else if (lower.length >= 3 && (target.startsWith(lower) || lower.startsWith(target))) score = 1;
    else {
      const distance = editDistance(lower, target);
      score = distance <= Math.max(1, Math.floor(target.length / 3)) ? distance + 1 : Infinity;
    }
    if (score < bestScore) {
      bestScore = score;
      best = candidate;
    }
  }
  return best;
}
