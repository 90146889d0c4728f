/**
 * Every budget that keeps hostile input bounded in time and memory, in one
 * place. A budget that is hit becomes a diagnostic (or, for the protocol and
 * the CLI's own output, a logged line): never a crash, a hang, or an empty
 * answer that hides other problems. docs/SECURITY.md lists each one with the
 * test that holds it.
 *
 * The YAML loader's own limits (nesting, node count, document size, merged
 * entries) are in `yaml/limits.ts`, next to the PyYAML port that enforces them.
 */
const VALUES = {
  /**
   * Characters of a rendered text (a format string filled in, a repr) that
   * are actually built. Past it the text is kept as its Python length and
   * the start (`python/renderedText.ts`): `{PAGER:>500000000}` costs nothing,
   * and the check says how long SWE-agent's text would be.
   */
  renderedTextChars: 100_000,
  /**
   * Nesting of a value we convert or print (env variables from settings,
   * JSON or YAML, their repr). Deeper values are refused with a problem; the
   * code that walks them recurses at most this deep.
   */
  valueDepth: 100,
  /** Nesting the Jinja parser follows (parentheses, `not`, statements); Jinja itself hits Python's recursion limit at about 75. */
  jinjaNesting: 64,
  /** Depth of a Jinja expression tree (chains of filters, operators or subscripts build it without nesting). */
  jinjaExpressionDepth: 256,
  /** Steps of one Jinja rendering (each value evaluated, each loop pass). */
  jinjaRenderSteps: 1_000_000,
  /**
   * Characters of a text or items of a list one Jinja rendering builds. A
   * filter (`replace`, `join`) or `~` measures its result before building it.
   */
  jinjaOutputChars: 1_000_000,
  /** The largest exponent of an int `**` a Jinja rendering computes (Python computes any; `2 ** 10**9` would take minutes and gigabytes). */
  jinjaIntPowerExponent: 10_000,
  /** Pairs of objects one comparison of a query's old and new value walks (`analysis/sameValue.ts`); past it the value counts as changed. */
  sameValuePairs: 200_000,
  /** Nesting of a settings file's JSON (`.swe-bundle.json`), measured before it is parsed; deeper files are not read (`settings/validateSettings.ts`). */
  settingsDepth: 1_000,
  /** Characters of a value read from a file (an env value, a setting) a message may show; the rest is cut with `…`. */
  shownValueChars: 16,
  /** Characters of a command-line argument (a setting's `commandLine`) a message names it by; the rest is cut with `…` (`runConfig/commandLine.ts`, `runConfig/checkRunConfig.ts`). */
  shownArgumentChars: 200,
  /** Diagnostics per file: the first ones by position, then one summary (`rules/capDiagnostics.ts`). */
  diagnosticsPerFile: 1_000,
  /** Characters of one diagnostic message (a message quotes the user's text); longer ones are cut with a note. */
  messageChars: 4_000,
  /** Characters of one answer's text (a hover, a tool preview), cut with a note at the edge (`lsp/outputBudget.ts`). */
  requestOutputChars: 256 * 1024,
  /** Items in one answer: outline symbols, folding ranges, code lenses, inlay hints, semantic tokens. */
  itemsPerRequest: 5_000,
  /** Edits of one rename: a name mentioned more often is refused with an error answer that names this budget (`features/rename.ts`). */
  renameEdits: 10_000,
  /** Workspace symbols in one answer. */
  workspaceSymbols: 1_000,
  /**
   * Characters of a signature searched for argument names, over all of one
   * tool's arguments (each searches the whole signature, as SWE-agent's
   * `in` does): past it, the rest are not checked (`swe/checkTool.ts`).
   */
  signatureSearchChars: 50_000_000,
  /** Docstring variables reported per tool (each costs a format pass); past it, `resource-limit` says the rest is not checked (`swe/checkDocstring.ts`). */
  unknownVariablesPerDocstring: 100,
  /** Characters of a docstring formatted in all its passes (one per unknown variable): a 300 KB docstring gets 6 passes, not 100. */
  docstringFormatChars: 2_000_000,
  /** Keys SWE-agent ignores reported per mapping (a tool, an argument, the bundle config); past it, `resource-limit` counts the rest (`swe/unknownKeys.ts`). Merge keys make a small file a mapping of a million keys. */
  unknownKeysPerMapping: 100,
  /** Values an alias may expand to before the file is reported as an alias bomb. */
  aliasExpansion: 100_000,
  /** Entries of a bundle's `bin/` looked at (stat'ed and reported as undeclared); the rest is summarized. Well below the diagnostics per file. */
  binEntries: 500,
  /** Characters of a bundle's install.sh searched for the `bin/` helper scripts it runs (which are then not reported as undeclared). Install scripts are a few lines. */
  installScriptWordsChars: 65_536,
  /** Entries one walk of a workspace folder looks at. */
  walkEntries: 200_000,
  /** Folder depth the walk enters; deeper folders are reported as not searched. */
  walkDepth: 32,
  /** Bytes read of one file (bundle configs, agent configs, settings). */
  readBytes: 16 * 1024 * 1024,
  /** Characters of a JSON or SARIF report the CLI writes, as it produces them; past it, a notice ends a valid document (`cli/format/reportWriter.ts`). */
  reportChars: 64 * 1024 * 1024,
  /** Bytes of one JSON-RPC message body on stdio; a bigger frame is skipped. */
  frameBytes: 256 * 1024 * 1024,
  /** Bytes of one header block on stdio before it counts as garbage. */
  headerBytes: 64 * 1024,
  /**
   * Bytes queued for a client that does not read (stdout): past it, superseded
   * diagnostics and notifications are replaced, and the server stops reading
   * its input until the client has read half of it (`lsp/boundedWriter.ts`).
   */
  outputQueueBytes: 16 * 1024 * 1024,
  /** Characters of one `filePatterns` glob; longer ones are refused (`settings/glob.ts`). */
  globChars: 1_024,
  /** Characters of all `filePatterns` globs together; the patterns past it are ignored with a problem (`settings/validateSettings.ts`). */
  filePatternsChars: 16 * 1024,
  /** Problems reported from one settings source (a `.swe-bundle.json`, the editor's settings), then one that counts the rest (`settings/validateSettings.ts`). */
  settingsProblems: 100,
  /** Characters of a YAML file the workspace index reads to see whether it is an agent config (`analysis/workspace.ts`); longer ones are not taken for one. */
  /**
   * Steps of work one analysis may take: every loop pass, recursive call and
   * item a callback walks, counted by each query the host computes and each
   * request the server answers, apart (`work.ts`). Past it the analysis ends
   * with `resource-limit` (a file) or an error answer (a request).
   */
  workSteps: 50_000_000,
  agentConfigChars: 2 * 1024 * 1024,
  /** Tools one assembly of an agent config takes in from the bundles it lists, each listing counted (at least one), however often a bundle is listed; past it, `resource-limit` and the rest are not checked (`workspace/checkAgentConfig.ts`). */
  assemblyTools: 2_000,
  /** Symbols in an agent config's outline (`features/runConfigFeatures.ts`). */
  runConfigSymbols: 2_000,
  /** Nodes of an agent config validated before giving up: aliases can make a small file a huge tree (`runConfig/validate.ts`). */
  runConfigNodes: 200_000,
};

export const BUDGETS: Readonly<typeof VALUES> = Object.freeze(VALUES);
