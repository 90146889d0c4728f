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
   * parser's and scanner's frames for the node being composed, which depend
   * on the collection it is in. Measured with PyYAML 6.0 on Python 3.11,
   * `safe_load` called from a function at a script's top level (so 998
   * frames are left): `[` nests 494 deep with nothing inside and 493 with a
   * scalar inside; `{a: ` 491 deep, `- ` and nested block mappings 491. The
   * count is exact for such uniform nesting with a plain or quoted scalar
   * (or nothing) at the bottom. It can be a level off where flow sequences
   * and mappings alternate (PyYAML's scanner then looks ahead differently),
   * where the deepest node is a block scalar, or where the deepest token is
   * an error (raising it takes frames too): counting those exactly would
   * mean counting every Python call of PyYAML. SWE-agent's own call stack is
   * deeper than a script's, so it fails a few levels earlier anyway.
   */
  pythonFrames: {
    available: 998,
    /** Below a node composed inside a flow sequence, a flow mapping, a block collection. */
    belowNode: { flowSequence: 12, flowMapping: 16, block: 16 },
    /** Below an empty flow collection, counted from its own level. */
    belowEmpty: { flowSequence: 10, flowMapping: 16 },
  },
  maxNodes: 2_000_000,
  /**
   * Bigger documents are not checked: parsing them would hold the server for
   * seconds, and no real bundle comes near (SWE-agent's own are under 50 KB).
   */
  maxDocumentLength: 3 * 1024 * 1024,
  /**
   * Entries `<<` merge keys copy; merges of merges grow geometrically. They
   * are counted before any is built (pyyaml/mergeExpansion.ts), and every
   * entry built is checked again in each mapping it is merged into: 9,000
   * keys merged into 100 tools (900,000 entries, 116 KB) took 5 s of CPU and
   * 380 MB. A real file merges hundreds.
   */
  maxMergedPairs: 100_000,
} as const;
