/**
 * The shortest text that still shows a disagreement: removes chunks of
 * shrinking size (delta debugging) while the disagreement stays the same.
 * Candidates are judged a batch at a time (`stillFails` answers for a
 * batch), so PyYAML is asked in few round trips; `budget` bounds the
 * characters asked about (PyYAML's pure-Python scanner reads about a
 * million a second).
 */
const BATCH = 32;

export async function shrink(text: string, stillFails: (candidates: string[]) => Promise<boolean[]>, budget = 5_000_000): Promise<string> {
  let current = text;
  let asked = 0;
  for (let size = Math.max(1, current.length >> 1); size >= 1 && asked < budget; size = size === 1 ? 0 : size >> 1) {
    for (let at = 0; at < current.length && asked < budget; ) {
      const starts: number[] = [];
      for (let start = at; start < current.length && starts.length < BATCH; start += size) starts.push(start);
      const candidates = starts.map((start) => current.slice(0, start) + current.slice(start + size));
      asked += candidates.reduce((sum, candidate) => sum + candidate.length, 0);
      const verdicts = await stillFails(candidates);
      const first = verdicts.indexOf(true);
      if (first === -1) {
        at = starts[starts.length - 1] + size;
      } else {
        current = candidates[first];
        at = starts[first];
      }
    }
  }
  return current;
}
