/**
 * Jinja2 3.1 as SWE-agent uses it, for two jobs:
 * - rendering a bundle's `argument_format` (`--x {{value}}`,
 *   `{{value|join(' ')}}`, `{% if value %}...{% endif %}`) with Jinja2's
 *   defaults: undefined names render empty, newlines are normalized to `\n`
 *   and one trailing newline is dropped;
 * - checking the syntax of an agent's templates (`agent.templates.*`), which
 *   SWE-agent compiles only when a step renders them: the error, Jinja's
 *   words, and the offset of the token it is raised at.
 * - rendering an agent's templates for the prompt preview, which must
 *   equal what SWE-agent sends character for character.
 * All need Jinja's whole expression grammar (a template may use any of it),
 * so the lexer, token stream and parser follow Jinja's, and syntax errors
 * (and which one comes first) match. The renderer models `if`, `for` (with
 * `loop`), `set` (plain, block, tuple and namespace targets), `macro`,
 * `print`, `raw`; literals, slices, calls of str and dict methods and of
 * `range`, `namespace` and `dict`; the common builtin filters and tests.
 * The other statements (`with`, `call`, `filter`, `include`, ...) and what
 * the renderer does not model (a value whose repr has an address, most
 * Python TypeErrors' words) yield `unsupported`, never a guess.
 *
 * Hostile input: nesting (parentheses, `not`, statements) and expression
 * depth (5,000 chained `|join`, `+ value` or `[0]`) are counted, rendering
 * counts its steps and caps its output; past a budget the result is
 * `limit`, never a stack overflow.
 *
 * The stages: `lexer.ts` (tokens), `parser.ts` (the tree), `check.ts` (what
 * Jinja's code generator rejects), `render.ts` (one `Renderer` per rendering,
 * which counts its own steps).
 */
import { PyObject } from '../pyObject';
import { checkNames } from './check';
import { JinjaError, JinjaResult, LimitExceeded, Unsupported } from './errors';
import { Node, Parser } from './parser';
import { Renderer } from './render';
import { charged } from '../../work';

export type { JinjaResult } from './errors';

/** `Template(template).render(**variables)`. */
export function renderJinja(template: string, variables: ReadonlyMap<string, PyObject>): JinjaResult {
  return run(template, (nodes) => new Renderer().render(nodes, new Map(variables)));
}

function run(template: string, then: (nodes: Node[]) => string): JinjaResult {
  try {
    const nodes = new Parser(template).parse();
    checkNames(nodes, false);
    return { kind: 'ok', text: then(nodes) };
  } catch (e) {
    if (e instanceof JinjaError) return { kind: 'error', errorType: e.errorType, message: e.message, offset: e.offset };
    if (e instanceof Unsupported) return { kind: 'unsupported', reason: e.message };
    if (e instanceof LimitExceeded) return { kind: 'limit', reason: e.message };
    throw e;
  }
}

/**
 * What `Template(template)` raises, without rendering: a TemplateSyntaxError,
 * or a TemplateAssertionError (an unknown filter or test, which is one).
 * Null when it compiles, or when the check stopped (`limit`, `unsupported`).
 */
export function compileJinja(template: string): Extract<JinjaResult, { kind: 'error' | 'limit' | 'unsupported' }> | null {
  const result = run(template, () => '');
  return result.kind === 'ok' ? null : result;
}

/** SWE-agent's heuristic for `{var}` written where Jinja needs `{{var}}` (`_warn_probably_wrong_jinja_syntax`). */
export function probablySingleBraces(template: string): boolean {
  return template.includes('{') && !charged(['{%', '{ %', '{{']).some((s) => template.includes(s));
}
