/**
 * PyYAML's MarkedYAMLError and its subclasses: a problem and an optional
 * context, each with its mark, worded exactly as PyYAML words them. Thrown
 * inside the port (as PyYAML raises them) and caught by loadYaml, which
 * never throws.
 */
import { Mark } from './marks';

export type PyYamlErrorClass = 'ReaderError' | 'ScannerError' | 'ParserError' | 'ComposerError';

export class MarkedYamlError extends Error {
  constructor(
    readonly pyClass: PyYamlErrorClass,
    readonly context: string | null,
    readonly contextMark: Mark | null,
    readonly problem: string,
    readonly problemMark: Mark,
  ) {
    super(problem);
  }
}

/** Python's `%r` of one character (a `str` of length 1), as PyYAML's messages print it. */
export { pyReprString as pyReprChar } from '../../python/pyObject';
