/**
 * Budgets that keep hostile input (alias bombs, deep nesting, huge files)
 * bounded in time and memory. Hitting one is reported as a diagnostic.
 */
export const LIMITS = {
  /** PyYAML's composer recurses per level; Python's default recursion limit stops it near 1000. */
  maxDepth: 900,
  maxNodes: 2_000_000,
  /** Entries materialized by `<<` merge keys; merges of merges grow geometrically. */
  maxMergedPairs: 1_000_000,
} as const;
