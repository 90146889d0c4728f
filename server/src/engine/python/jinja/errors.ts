/** What every stage of the Jinja port raises or passes on: results, errors, and Jinja's Undefined. */

export type JinjaResult =
  | { kind: 'ok'; text: string }
  /** `offset`: where in the template the error is raised (the token), or -1 when Jinja names no place (a runtime error). */
  | { kind: 'error'; errorType: string; message: string; offset: number }
  | { kind: 'unsupported'; reason: string }
  /** A budget ran out: nesting, expression depth, rendering steps or output size. */
  | { kind: 'limit'; reason: string };

export class JinjaError extends Error {
  constructor(
    readonly errorType: string,
    message: string,
    readonly offset = -1,
  ) {
    super(message);
  }
}

export class Unsupported extends Error {}

export class LimitExceeded extends Error {}

export const syntaxError = (message: string, offset: number) => new JinjaError('TemplateSyntaxError', message, offset);

/** Jinja's Undefined: renders as '' and is falsy. */
export const UNDEFINED = Symbol('undefined');

