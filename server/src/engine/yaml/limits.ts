/**
 * Budgets that keep hostile input (alias bombs, deep nesting, huge files)
 * bounded in time and memory. Hitting one is reported as a diagnostic.
 */
export const LIMITS = {
  /**
   * PyYAML's composer recurses per nesting level; with Python's default
   * recursion limit, `yaml.safe_load` raises RecursionError beyond 492 levels
   * (measured with PyYAML 6.0.3 on Python 3.11, flow and block alike).
   */
  maxDepth: 492,
  /**
   * Beyond this the `yaml` package's own recursion could overflow the stack;
   * a bracket count before parsing reports it instead. Far above maxDepth, so
   * brackets inside text (which the count does not tell apart) cannot trip it.
   */
  maxBracketDepth: 5000,
  maxNodes: 2_000_000,
  /**
   * Bigger documents are not checked: parsing them would hold the server for
   * seconds, and no real bundle comes near (SWE-agent's own are under 50 KB).
   */
  maxDocumentLength: 3 * 1024 * 1024,
  /** Entries materialized by `<<` merge keys; merges of merges grow geometrically. */
  maxMergedPairs: 1_000_000,
} as const;
