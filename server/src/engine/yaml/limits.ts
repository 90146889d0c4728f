/**
 * Budgets that keep hostile input (alias bombs, deep nesting, huge files)
 * bounded in time and memory. Hitting one is reported as a diagnostic.
 */
export const LIMITS = {
  /**
   * PyYAML's composer recurses per nesting level, so `yaml.safe_load` raises
   * RecursionError when the Python frames it needs exceed what Python's
   * recursion limit (1000) leaves. The composer (pyyaml/composer.ts) counts
   * them as PyYAML spends them: two frames per open collection, plus the
   * parser's and scanner's frames for the innermost node, which are more in
   * the block context than in the flow context. Measured with PyYAML 6.0 on
   * Python 3.11, `safe_load` called from a function at a script's top level
   * (so 998 frames are left): `[` nests 494 deep with nothing inside, 493
   * with a scalar inside; `- ` and nested block mappings 491 deep.
   * SWE-agent's own call stack is deeper, so it fails a little earlier.
   */
  pythonFrames: {
    available: 998,
    /** Frames below a node composed inside a flow collection, and inside a block collection. */
    belowFlowCollection: 12,
    belowBlockCollection: 16,
  },
  maxNodes: 2_000_000,
  /**
   * Bigger documents are not checked: parsing them would hold the server for
   * seconds, and no real bundle comes near (SWE-agent's own are under 50 KB).
   */
  maxDocumentLength: 3 * 1024 * 1024,
  /** Entries materialized by `<<` merge keys; merges of merges grow geometrically. */
  maxMergedPairs: 1_000_000,
} as const;
