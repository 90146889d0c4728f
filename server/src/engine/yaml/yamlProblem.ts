/** A reason PyYAML's `safe_load` fails, located in the text it was parsed from. */
export interface YamlProblem {
  /**
   * The PyYAML exception class (ReaderError, ScannerError, ParserError,
   * ComposerError, ConstructorError), or `Crash` for a plain Python exception
   * escaping a constructor (then `exceptionType` names it).
   */
  pyClass: 'ReaderError' | 'ScannerError' | 'ParserError' | 'ComposerError' | 'ConstructorError' | 'Crash';
  /** PyYAML's "problem" text, or our wording where PyYAML's differs only in form. */
  message: string;
  /** Offsets relative to the parsed text (its origin). */
  start: number;
  end: number;
  /** PyYAML's "context", e.g. "while parsing a block mapping", and where it began. */
  context?: { message: string; start: number };
  exceptionType?: string;
  /** A stable name for the kind of problem; rules map it to a diagnostic code. */
  kind: YamlProblemKind;
}

export type YamlProblemKind =
  | 'non-printable'
  | 'syntax'
  | 'tab'
  | 'multiple-documents'
  | 'undefined-alias'
  | 'duplicate-anchor'
  | 'unknown-tag'
  | 'value-indicator'
  | 'unhashable-key'
  | 'bad-merge'
  | 'bad-value'
  | 'yaml-version'
  | 'resource-limit'
  /** Our own budget, not PyYAML's: the file may load, but we stop checking. */
  | 'check-budget';
