/**
 * Jinja2 3.1 as SWE-agent uses it, for two jobs:
 * - rendering a bundle's `argument_format` (`--x {{value}}`,
 *   `{{value|join(' ')}}`, `{% if value %}...{% endif %}`) with Jinja2's
 *   defaults: undefined names render empty, newlines are normalized to `\n`
 *   and one trailing newline is dropped;
 * - checking the syntax of an agent's templates (`agent.templates.*`), which
 *   SWE-agent compiles only when a step renders them: the error, Jinja's
 *   words, and the offset of the token it is raised at.
 * Both need Jinja's whole expression grammar (a template may use any of it),
 * so the lexer, token stream and parser follow Jinja's, and syntax errors
 * (and which one comes first) match. Statements other than `if` and `for`,
 * and what the renderer does not model (calls, attributes, most filters),
 * yield `unsupported`, never a guess.
 *
 * Hostile input: nesting (parentheses, `not`, statements) and expression
 * depth (5,000 chained `|join`, `+ value` or `[0]`) are counted, rendering
 * counts its steps and caps its output; past a budget the result is
 * `limit`, never a stack overflow.
 */
import { PyDict, PyObject, pyReprString, pyStr, pyTypeName } from './pyObject';
import { pushAll } from '../util/pushAll';
import { PY_WHITESPACE_CLASS } from './pyWhitespace';
import { BUDGETS } from '../budgets';

export type JinjaResult =
  | { kind: 'ok'; text: string }
  /** `offset`: where in the template the error is raised (the token), or -1 when Jinja names no place (a runtime error). */
  | { kind: 'error'; errorType: string; message: string; offset: number }
  | { kind: 'unsupported'; reason: string }
  /** A budget ran out: nesting, expression depth, rendering steps or output size. */
  | { kind: 'limit'; reason: string };

const MAX_NESTING = BUDGETS.jinjaNesting;
const MAX_EXPRESSION_DEPTH = BUDGETS.jinjaExpressionDepth;
const MAX_RENDER_STEPS = BUDGETS.jinjaRenderSteps;
const MAX_OUTPUT_LENGTH = BUDGETS.jinjaOutputChars;

class JinjaError extends Error {
  constructor(
    readonly errorType: string,
    message: string,
    readonly offset = -1,
  ) {
    super(message);
  }
}

class Unsupported extends Error {}

class LimitExceeded extends Error {}

const syntaxError = (message: string, offset: number) => new JinjaError('TemplateSyntaxError', message, offset);

/** Jinja's Undefined: renders as '' and is falsy. */
const UNDEFINED = Symbol('undefined');
/** The `loop` variable of a for loop, which the subset does not model. */
const LOOP = Symbol('loop');
type Value = PyObject | typeof UNDEFINED;

// ---------------------------------------------------------------- lexer

interface Token {
  type: string;
  value: string | bigint | number;
  /** Offset of the token in the template. */
  pos: number;
}

const OPERATORS: Record<string, string> = {
  '+': 'add',
  '-': 'sub',
  '/': 'div',
  '//': 'floordiv',
  '*': 'mul',
  '%': 'mod',
  '**': 'pow',
  '~': 'tilde',
  '[': 'lbracket',
  ']': 'rbracket',
  '(': 'lparen',
  ')': 'rparen',
  '{': 'lbrace',
  '}': 'rbrace',
  '==': 'eq',
  '!=': 'ne',
  '>': 'gt',
  '>=': 'gteq',
  '<': 'lt',
  '<=': 'lteq',
  '=': 'assign',
  '.': 'dot',
  ':': 'colon',
  '|': 'pipe',
  ',': 'comma',
  ';': 'semicolon',
};
const OPERATOR_TEXT: Record<string, string> = Object.fromEntries(Object.entries(OPERATORS).map(([text, type]) => [type, text]));
const TYPE_DESCRIPTIONS: Record<string, string> = {
  block_begin: 'begin of statement block',
  block_end: 'end of statement block',
  variable_begin: 'begin of print statement',
  variable_end: 'end of print statement',
  data: 'template data / text',
  eof: 'end of template',
};

function describeType(type: string): string {
  return OPERATOR_TEXT[type] ?? TYPE_DESCRIPTIONS[type] ?? type;
}

function describeToken(token: Token): string {
  return token.type === 'name' ? String(token.value) : describeType(token.type);
}

/** Describes a token expression: `name:endif` or a token type. */
function describeExpr(expr: string): string {
  const colon = expr.indexOf(':');
  if (colon !== -1 && expr.slice(0, colon) === 'name') return expr.slice(colon + 1);
  return describeType(colon === -1 ? expr : expr.slice(0, colon));
}

/** Python's `\s` and str.isspace(). */
const WS = PY_WHITESPACE_CLASS;
const TRAILING_WS = new RegExp(`[${WS}]+$`);
const WHITESPACE = new RegExp(`[${WS}]+`, 'y');
const VARIABLE_END = new RegExp(`-\\}\\}[${WS}]*|\\}\\}`, 'y');
const BLOCK_END = new RegExp(`\\+%\\}|-%\\}[${WS}]*|%\\}`, 'y');
const COMMENT_END = new RegExp(`\\+#\\}|-#\\}[${WS}]*|#\\}`, 'g');
const RAW_BEGIN = new RegExp(`[${WS}]*raw[${WS}]*(?:-%\\}|%\\})`, 'y');
const FLOAT = /(?<!\.)(?:\d+_)*\d+(?:(?:\.(?:\d+_)*\d+)?e[+-]?(?:\d+_)*\d+|\.(?:\d+_)*\d+)/iy;
const INTEGER = /0b(?:_?[01])+|0o(?:_?[0-7])+|0x(?:_?[\da-f])+|[1-9](?:_?\d)*|0(?:_?0)*/iy;
const NAME = /[A-Za-z_][A-Za-z0-9_]*/y;
const STRING = /'[^'\\]*(?:\\.[^'\\]*)*'|"[^"\\]*(?:\\.[^"\\]*)*"/sy;
const OPERATOR = /\/\/|\*\*|==|!=|>=|<=|[-+/*%~[\](){}>=<.:|,;]/y;

function matchAt(pattern: RegExp, source: string, pos: number): string | null {
  pattern.lastIndex = pos;
  const match = pattern.exec(source);
  return match ? match[0] : null;
}

/** The tokens up to the first lexing failure, which Jinja raises only when the parser reaches it. */
interface Lexed {
  tokens: Token[];
  failure: Error | null;
  /** Where the template ends (the offset of its end-of-template token). */
  end: number;
}

function tokenize(template: string): Lexed {
  const lines = template.split(/\r\n|\r|\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  const source = lines.join('\n');
  const tokens: Token[] = [];
  const end = source.length;
  const fail = (failure: Error): Lexed => ({ tokens, failure, end });
  let pos = 0;
  while (pos < source.length) {
    const open = source.slice(pos).search(/\{[{%#]/);
    if (open === -1) {
      tokens.push({ type: 'data', value: source.slice(pos), pos });
      break;
    }
    const start = pos + open;
    const kind = source[start + 1];
    const modifier = source[start + 2] === '-' || source[start + 2] === '+' ? source[start + 2] : '';
    let text = source.slice(pos, start);
    if (modifier === '-') text = text.replace(TRAILING_WS, '');
    if (text) tokens.push({ type: 'data', value: text, pos });
    pos = start + 2 + modifier.length;
    if (kind === '#') {
      COMMENT_END.lastIndex = pos;
      const close = COMMENT_END.exec(source);
      // An unclosed comment fails only when text follows it.
      if (!close) return pos < source.length ? fail(syntaxError('Missing end of comment tag', start)) : { tokens, failure: null, end };
      pos = close.index + close[0].length;
      continue;
    }
    if (kind === '%' && matchAt(RAW_BEGIN, source, pos) !== null) return fail(new Unsupported('{% raw %}'));
    const isBlock = kind === '%';
    tokens.push({ type: isBlock ? 'block_begin' : 'variable_begin', value: '', pos: start });
    const balance: string[] = [];
    for (;;) {
      // Jinja ends a tag only where brackets are balanced.
      const close = balance.length === 0 ? matchAt(isBlock ? BLOCK_END : VARIABLE_END, source, pos) : null;
      if (close !== null) {
        tokens.push({ type: isBlock ? 'block_end' : 'variable_end', value: '', pos });
        pos += close.length;
        break;
      }
      if (pos >= source.length) return { tokens, failure: null, end };
      let m: string | null;
      if ((m = matchAt(WHITESPACE, source, pos)) !== null) {
        pos += m.length;
        continue;
      }
      const word = matchAt(FLOAT, source, pos) ?? matchAt(INTEGER, source, pos) ?? matchAt(NAME, source, pos);
      if (word !== null && /[^\x00-\x7f]/.test(source[pos + word.length] ?? '') && matchAt(WHITESPACE, source, pos + word.length) === null) {
        // Python's names and digits go on into non-ASCII letters and digits; the subset does not model them.
        return fail(new Unsupported('non-ASCII characters in a tag'));
      }
      if ((m = matchAt(FLOAT, source, pos)) !== null) {
        tokens.push({ type: 'float', value: Number(m.replace(/_/g, '')), pos });
      } else if ((m = matchAt(INTEGER, source, pos)) !== null) {
        tokens.push({ type: 'integer', value: BigInt(m.replace(/_/g, '')), pos });
      } else if ((m = matchAt(NAME, source, pos)) !== null) {
        tokens.push({ type: 'name', value: m, pos });
      } else if ((m = matchAt(STRING, source, pos)) !== null) {
        try {
          tokens.push({ type: 'string', value: unescapeString(m.slice(1, -1), pos), pos });
        } catch (e) {
          return fail(e as Error);
        }
      } else if ((m = matchAt(OPERATOR, source, pos)) !== null) {
        if (m === '{' || m === '(' || m === '[') balance.push({ '{': '}', '(': ')', '[': ']' }[m]);
        else if (m === '}' || m === ')' || m === ']') {
          const expected = balance.pop();
          if (expected === undefined) return fail(syntaxError(`unexpected '${m}'`, pos));
          if (expected !== m) return fail(syntaxError(`unexpected '${m}', expected '${expected}'`, pos));
        }
        tokens.push({ type: OPERATORS[m], value: m, pos });
      } else if (source.charCodeAt(pos) > 0x7f) {
        // Jinja allows Unicode identifiers; the subset does not model them.
        return fail(new Unsupported('non-ASCII characters in a tag'));
      } else {
        return fail(syntaxError(`unexpected char ${pyReprString(source[pos])} at ${[...source.slice(0, pos)].length}`, pos));
      }
      pos += m.length;
    }
  }
  return { tokens, failure: null, end };
}

/** A string literal's body: Python's `.encode('ascii', 'backslashreplace').decode('unicode-escape')`. */
function unescapeString(body: string, at: number): string {
  let text = '';
  for (const ch of body) {
    const code = ch.codePointAt(0)!;
    if (code < 0x80) text += ch;
    else if (code <= 0xff) text += '\\x' + code.toString(16).padStart(2, '0');
    else if (code <= 0xffff) text += '\\u' + code.toString(16).padStart(4, '0');
    else text += '\\U' + code.toString(16).padStart(8, '0');
  }
  const simple: Record<string, string> = { '\n': '', '\\': '\\', "'": "'", '"': '"', a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };
  let out = '';
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '\\') {
      out += text[i];
      continue;
    }
    const ch = text[++i];
    if (ch in simple) {
      out += simple[ch];
    } else if (/[0-7]/.test(ch)) {
      const digits = /^[0-7]{1,3}/.exec(text.slice(i))![0];
      out += String.fromCodePoint(parseInt(digits, 8));
      i += digits.length - 1;
    } else if (ch === 'x' || ch === 'u' || ch === 'U') {
      const width = { x: 2, u: 4, U: 8 }[ch];
      const hex = text.slice(i + 1, i + 1 + width);
      if (!new RegExp(`^[0-9a-fA-F]{${width}}$`).test(hex)) throw syntaxError(`truncated \\${ch}${'X'.repeat(width)} escape`, at);
      const code = parseInt(hex, 16);
      if (code > 0x10ffff) throw syntaxError('illegal Unicode character', at);
      out += String.fromCodePoint(code);
      i += width;
    } else if (ch === 'N') {
      throw new Unsupported('\\N{...} escapes');
    } else {
      out += '\\' + ch;
    }
  }
  return out;
}

class TokenStream {
  private index = -1;
  current: Token = { type: 'initial', value: '', pos: 0 };

  constructor(private readonly lexed: Lexed) {
    this.next();
  }

  private at(index: number): Token {
    if (index < this.lexed.tokens.length) return this.lexed.tokens[index];
    if (this.lexed.failure) throw this.lexed.failure;
    return { type: 'eof', value: '', pos: this.lexed.end };
  }

  next(): Token {
    const previous = this.current;
    if (this.current.type !== 'eof') this.current = this.at(++this.index);
    return previous;
  }

  look(): Token {
    return this.current.type === 'eof' ? this.current : this.at(this.index + 1);
  }

  test(expr: string, token: Token = this.current): boolean {
    const colon = expr.indexOf(':');
    if (colon === -1) return token.type === expr;
    return token.type === expr.slice(0, colon) && token.value === expr.slice(colon + 1);
  }

  skipIf(expr: string): boolean {
    if (!this.test(expr)) return false;
    this.next();
    return true;
  }

  expect(expr: string): Token {
    if (!this.test(expr)) {
      if (this.current.type === 'eof') throw syntaxError(`unexpected end of template, expected '${describeExpr(expr)}'.`, this.current.pos);
      throw syntaxError(`expected token '${describeExpr(expr)}', got '${describeToken(this.current)}'`, this.current.pos);
    }
    return this.next();
  }
}

// ---------------------------------------------------------------- parser

type Expr =
  | { t: 'lit'; v: PyObject }
  | { t: 'name'; name: string }
  | { t: 'list'; items: Expr[] }
  | { t: 'filter'; target: Expr; name: string; args: Expr[]; extra: Expr[] }
  | { t: 'test'; target: Expr; name: string; args: Expr[]; extra: Expr[] }
  | { t: 'and' | 'or'; left: Expr; right: Expr }
  | { t: 'math'; op: string; left: Expr; right: Expr }
  | { t: 'concat'; items: Expr[] }
  | { t: 'compare'; first: Expr; ops: { op: string; operand: Expr }[] }
  | { t: 'not' | 'neg' | 'pos'; operand: Expr }
  | { t: 'cond'; test: Expr; then: Expr; otherwise: Expr | null }
  /** Parsed so that syntax errors match, but never evaluated by the subset. */
  | { t: 'other'; what: string; parts: Expr[] };

type Node =
  | { t: 'text'; text: string }
  | { t: 'out'; expr: Expr }
  | { t: 'if'; branches: { test: Expr; body: Node[] }[]; otherwise: Node[] }
  | { t: 'for'; target: Expr; iter: Expr; test: Expr | null; recursive: boolean; body: Node[]; otherwise: Node[] };

const STATEMENT_KEYWORDS = new Set(['for', 'if', 'block', 'extends', 'print', 'macro', 'include', 'from', 'import', 'set', 'with', 'autoescape', 'call', 'filter']);
const COMPARE_OPERATORS = new Set(['eq', 'ne', 'lt', 'lteq', 'gt', 'gteq']);

class Parser {
  private readonly stream: TokenStream;
  private readonly endTokenStack: string[][] = [];
  private readonly tagStack: string[] = [];
  private depth = 0;

  constructor(template: string) {
    this.stream = new TokenStream(tokenize(template));
  }

  parse(): Node[] {
    return this.subparse(null);
  }

  private failUnknownTag(name: string | null, stack: string[][]): never {
    const expected = new Set(stack.flat().map(describeExpr));
    const looking = stack.length > 0 ? stack[stack.length - 1].map((e) => `'${describeExpr(e)}'`).join(' or ') : null;
    const message = [name === null ? 'Unexpected end of template.' : `Encountered unknown tag ${pyReprString(name)}.`];
    if (looking) {
      if (name !== null && expected.has(name)) {
        message.push(`You probably made a nesting mistake. Jinja is expecting this tag, but currently looking for ${looking}.`);
      } else {
        message.push(`Jinja was looking for the following tags: ${looking}.`);
      }
    }
    if (this.tagStack.length > 0) message.push(`The innermost block that needs to be closed is ${pyReprString(this.tagStack[this.tagStack.length - 1])}.`);
    throw syntaxError(message.join(' '), this.stream.current.pos);
  }

  private subparse(endTokens: string[] | null): Node[] {
    const body: Node[] = [];
    if (endTokens) this.endTokenStack.push(endTokens);
    try {
      while (this.stream.current.type !== 'eof') {
        const token = this.stream.current;
        if (token.type === 'data') {
          body.push({ t: 'text', text: String(token.value) });
          this.stream.next();
        } else if (token.type === 'variable_begin') {
          this.stream.next();
          body.push({ t: 'out', expr: this.parseTuple({ withCondexpr: true }) });
          this.stream.expect('variable_end');
        } else {
          this.stream.next();
          if (endTokens && endTokens.some((e) => this.stream.test(e))) return body;
          body.push(this.parseStatement());
          this.stream.expect('block_end');
        }
      }
      return body;
    } finally {
      if (endTokens) this.endTokenStack.pop();
    }
  }

  /** Runs a step of the recursive descent one level deeper, within MAX_NESTING. */
  private nested<T>(parse: () => T): T {
    if (++this.depth > MAX_NESTING) throw new LimitExceeded(`the template nests more than ${MAX_NESTING} levels deep`);
    try {
      return parse();
    } finally {
      this.depth--;
    }
  }

  private parseStatement(): Node {
    return this.nested(() => this.parseStatementTag());
  }

  private parseStatementTag(): Node {
    const token = this.stream.current;
    if (token.type !== 'name') throw syntaxError('tag name expected', this.stream.current.pos);
    const name = String(token.value);
    if (!STATEMENT_KEYWORDS.has(name)) this.failUnknownTag(name, this.endTokenStack);
    if (name !== 'if' && name !== 'for') throw new Unsupported(`{% ${name} %}`);
    this.tagStack.push(name);
    try {
      return name === 'if' ? this.parseIf() : this.parseFor();
    } finally {
      this.tagStack.pop();
    }
  }

  private parseStatements(endTokens: string[], dropNeedle = false): Node[] {
    this.stream.skipIf('colon');
    this.stream.expect('block_end');
    const body = this.subparse(endTokens);
    if (this.stream.current.type === 'eof') this.failUnknownTag(null, [...this.endTokenStack, endTokens]);
    if (dropNeedle) this.stream.next();
    return body;
  }

  private parseIf(): Node {
    this.stream.expect('name:if');
    const branches: { test: Expr; body: Node[] }[] = [];
    let otherwise: Node[] = [];
    for (;;) {
      const test = this.parseTuple({ withCondexpr: false });
      branches.push({ test, body: this.parseStatements(['name:elif', 'name:else', 'name:endif']) });
      const token = this.stream.next();
      if (this.stream.test('name:elif', token)) continue;
      if (this.stream.test('name:else', token)) otherwise = this.parseStatements(['name:endif'], true);
      return { t: 'if', branches, otherwise };
    }
  }

  private parseFor(): Node {
    this.stream.expect('name:for');
    const target = this.parseTuple({ simplified: true, extraEndRules: ['name:in'] });
    const problem = assignProblem(target);
    if (problem) throw syntaxError(`can't assign to '${problem}'`, this.stream.current.pos);
    this.stream.expect('name:in');
    const iter = this.parseTuple({ withCondexpr: false, extraEndRules: ['name:recursive'] });
    const test = this.stream.skipIf('name:if') ? this.parseExpression(true) : null;
    const recursive = this.stream.skipIf('name:recursive');
    const body = this.parseStatements(['name:endfor', 'name:else']);
    const otherwise = this.stream.next().value === 'endfor' ? [] : this.parseStatements(['name:endfor'], true);
    return { t: 'for', target, iter, test, recursive, body, otherwise };
  }

  private parseTuple(options: { simplified?: boolean; withCondexpr?: boolean; extraEndRules?: string[]; explicitParentheses?: boolean }): Expr {
    const parse = () => (options.simplified ? this.parsePrimary() : this.parseExpression(options.withCondexpr ?? true));
    const items: Expr[] = [];
    let isTuple = false;
    for (;;) {
      if (items.length > 0) this.stream.expect('comma');
      if (this.isTupleEnd(options.extraEndRules)) break;
      items.push(parse());
      if (this.stream.current.type !== 'comma') break;
      isTuple = true;
    }
    if (!isTuple) {
      if (items.length > 0) return items[0];
      if (!options.explicitParentheses) throw syntaxError(`Expected an expression, got '${describeToken(this.stream.current)}'`, this.stream.current.pos);
    }
    return { t: 'other', what: 'tuple', parts: items };
  }

  private isTupleEnd(extraEndRules?: string[]): boolean {
    if (['variable_end', 'block_end', 'rparen'].includes(this.stream.current.type)) return true;
    return (extraEndRules ?? []).some((e) => this.stream.test(e));
  }

  private parseExpression(withCondexpr: boolean): Expr {
    return this.nested(() => this.parseCondExpression(withCondexpr));
  }

  private parseCondExpression(withCondexpr: boolean): Expr {
    if (!withCondexpr) return this.parseOr();
    let expr = this.parseOr();
    while (this.stream.skipIf('name:if')) {
      const test = this.parseOr();
      const otherwise = this.stream.skipIf('name:else') ? this.parseExpression(true) : null;
      expr = { t: 'cond', test, then: expr, otherwise };
    }
    return expr;
  }

  private parseOr(): Expr {
    let left = this.parseAnd();
    while (this.stream.skipIf('name:or')) left = { t: 'or', left, right: this.parseAnd() };
    return left;
  }

  private parseAnd(): Expr {
    let left = this.parseNot();
    while (this.stream.skipIf('name:and')) left = { t: 'and', left, right: this.parseNot() };
    return left;
  }

  private parseNot(): Expr {
    if (this.stream.skipIf('name:not')) return { t: 'not', operand: this.nested(() => this.parseNot()) };
    return this.parseCompare();
  }

  private parseCompare(): Expr {
    const first = this.parseMath1();
    const ops: { op: string; operand: Expr }[] = [];
    for (;;) {
      const type = this.stream.current.type;
      if (COMPARE_OPERATORS.has(type)) {
        this.stream.next();
        ops.push({ op: type, operand: this.parseMath1() });
      } else if (this.stream.skipIf('name:in')) {
        ops.push({ op: 'in', operand: this.parseMath1() });
      } else if (this.stream.test('name:not') && this.stream.test('name:in', this.stream.look())) {
        this.stream.next();
        this.stream.next();
        ops.push({ op: 'notin', operand: this.parseMath1() });
      } else {
        break;
      }
    }
    return ops.length === 0 ? first : { t: 'compare', first, ops };
  }

  private parseMath1(): Expr {
    let left = this.parseConcat();
    while (this.stream.current.type === 'add' || this.stream.current.type === 'sub') {
      const op = this.stream.next().type;
      left = { t: 'math', op, left, right: this.parseConcat() };
    }
    return left;
  }

  private parseConcat(): Expr {
    const items = [this.parseMath2()];
    while (this.stream.skipIf('tilde')) items.push(this.parseMath2());
    return items.length === 1 ? items[0] : { t: 'concat', items };
  }

  private parseMath2(): Expr {
    let left = this.parsePow();
    while (['mul', 'div', 'floordiv', 'mod'].includes(this.stream.current.type)) {
      const op = this.stream.next().type;
      left = { t: 'math', op, left, right: this.parsePow() };
    }
    return left;
  }

  private parsePow(): Expr {
    let left = this.parseUnary(true);
    while (this.stream.skipIf('pow')) left = { t: 'math', op: 'pow', left, right: this.parseUnary(true) };
    return left;
  }

  private parseUnary(withFilter: boolean): Expr {
    return this.nested(() => this.parseUnaryExpr(withFilter));
  }

  private parseUnaryExpr(withFilter: boolean): Expr {
    let node: Expr;
    if (this.stream.skipIf('sub')) node = { t: 'neg', operand: this.parseUnary(false) };
    else if (this.stream.skipIf('add')) node = { t: 'pos', operand: this.parseUnary(false) };
    else node = this.parsePrimary();
    node = this.parsePostfix(node);
    return withFilter ? this.parseFilterExpr(node) : node;
  }

  private parsePrimary(): Expr {
    const token = this.stream.current;
    if (token.type === 'name') {
      this.stream.next();
      const name = String(token.value);
      if (name === 'true' || name === 'True') return { t: 'lit', v: true };
      if (name === 'false' || name === 'False') return { t: 'lit', v: false };
      if (name === 'none' || name === 'None') return { t: 'lit', v: null };
      return { t: 'name', name };
    }
    if (token.type === 'string') {
      this.stream.next();
      let text = String(token.value);
      while (this.stream.current.type === 'string') text += String(this.stream.next().value);
      return { t: 'lit', v: text };
    }
    if (token.type === 'integer' || token.type === 'float') {
      this.stream.next();
      return { t: 'lit', v: token.value as bigint | number };
    }
    if (token.type === 'lparen') {
      this.stream.next();
      const inner = this.parseTuple({ explicitParentheses: true });
      this.stream.expect('rparen');
      return inner;
    }
    if (token.type === 'lbracket') {
      this.stream.next();
      const items: Expr[] = [];
      while (this.stream.current.type !== 'rbracket') {
        if (items.length > 0) this.stream.expect('comma');
        if (this.stream.current.type === 'rbracket') break;
        items.push(this.parseExpression(true));
      }
      this.stream.expect('rbracket');
      return { t: 'list', items };
    }
    if (token.type === 'lbrace') {
      this.stream.next();
      const parts: Expr[] = [];
      while (this.stream.current.type !== 'rbrace') {
        if (parts.length > 0) this.stream.expect('comma');
        if (this.stream.current.type === 'rbrace') break;
        parts.push(this.parseExpression(true));
        this.stream.expect('colon');
        parts.push(this.parseExpression(true));
      }
      this.stream.expect('rbrace');
      return { t: 'other', what: 'dict literals', parts };
    }
    throw syntaxError(`unexpected '${describeToken(token)}'`, this.stream.current.pos);
  }

  private parsePostfix(node: Expr): Expr {
    for (;;) {
      const type = this.stream.current.type;
      if (type === 'dot' || type === 'lbracket') node = this.parseSubscript(node);
      else if (type === 'lparen') node = { t: 'other', what: 'calls', parts: [node, ...this.parseCallArgs()] };
      else return node;
    }
  }

  private parseFilterExpr(node: Expr): Expr {
    for (;;) {
      const type = this.stream.current.type;
      if (type === 'pipe') node = this.parseFilter(node);
      else if (this.stream.test('name:is')) node = this.parseTest(node);
      else if (type === 'lparen') node = { t: 'other', what: 'calls', parts: [node, ...this.parseCallArgs()] };
      else return node;
    }
  }

  private parseSubscript(node: Expr): Expr {
    const token = this.stream.next();
    if (token.type === 'dot') {
      const attribute = this.stream.next();
      if (attribute.type !== 'name' && attribute.type !== 'integer') throw syntaxError('expected name or number', this.stream.current.pos);
      return { t: 'other', what: 'attribute access', parts: [node] };
    }
    const parts: Expr[] = [node];
    let count = 0;
    while (this.stream.current.type !== 'rbracket') {
      if (count++ > 0) this.stream.expect('comma');
      parts.push(...this.parseSubscribed());
    }
    this.stream.expect('rbracket');
    return { t: 'other', what: 'subscripts', parts };
  }

  private parseSubscribed(): Expr[] {
    const parts: Expr[] = [];
    if (this.stream.current.type === 'colon') {
      this.stream.next();
    } else {
      parts.push(this.parseExpression(true));
      if (this.stream.current.type !== 'colon') return parts;
      this.stream.next();
    }
    if (this.stream.current.type !== 'colon' && !['rbracket', 'comma'].includes(this.stream.current.type)) parts.push(this.parseExpression(true));
    if (this.stream.current.type === 'colon') {
      this.stream.next();
      if (!['rbracket', 'comma'].includes(this.stream.current.type)) parts.push(this.parseExpression(true));
    }
    return parts;
  }

  /** Call arguments; keyword and `*`/`**` arguments come back marked by a `keyword` wrapper. */
  private parseCallArgs(): Expr[] {
    this.stream.expect('lparen');
    const args: Expr[] = [];
    let dynArgs = false;
    let dynKwargs = false;
    let kwargs = false;
    let requireComma = false;
    const ensure = (ok: boolean) => {
      if (!ok) throw syntaxError('invalid syntax for function call expression', this.stream.current.pos);
    };
    while (this.stream.current.type !== 'rparen') {
      if (requireComma) {
        this.stream.expect('comma');
        if (this.stream.current.type === 'rparen') break;
      }
      if (this.stream.current.type === 'mul') {
        ensure(!dynArgs && !dynKwargs);
        this.stream.next();
        dynArgs = true;
        args.push({ t: 'other', what: 'keyword arguments', parts: [this.parseExpression(true)] });
      } else if (this.stream.current.type === 'pow') {
        ensure(!dynKwargs);
        this.stream.next();
        dynKwargs = true;
        args.push({ t: 'other', what: 'keyword arguments', parts: [this.parseExpression(true)] });
      } else if (this.stream.current.type === 'name' && this.stream.look().type === 'assign') {
        ensure(!dynKwargs);
        this.stream.next();
        this.stream.next();
        kwargs = true;
        args.push({ t: 'other', what: 'keyword arguments', parts: [this.parseExpression(true)] });
      } else {
        ensure(!dynArgs && !dynKwargs && !kwargs);
        args.push(this.parseExpression(true));
      }
      requireComma = true;
    }
    this.stream.expect('rparen');
    return args;
  }

  private dottedName(): string {
    let name = String(this.stream.expect('name').value);
    while (this.stream.current.type === 'dot') {
      this.stream.next();
      name += '.' + String(this.stream.expect('name').value);
    }
    return name;
  }

  private parseFilter(node: Expr): Expr {
    while (this.stream.current.type === 'pipe') {
      this.stream.next();
      const name = this.dottedName();
      const all = this.stream.test('lparen') ? this.parseCallArgs() : [];
      const args = all.filter((a) => !(a.t === 'other' && a.what === 'keyword arguments'));
      node = { t: 'filter', target: node, name, args, extra: all.filter((a) => !args.includes(a)) };
    }
    return node;
  }

  private parseTest(node: Expr): Expr {
    this.stream.next();
    const negated = this.stream.skipIf('name:not');
    const name = this.dottedName();
    let all: Expr[] = [];
    const current = this.stream.current;
    if (current.type === 'lparen') {
      all = this.parseCallArgs();
    } else if (
      ['name', 'string', 'integer', 'float', 'lparen', 'lbracket', 'lbrace'].includes(current.type) &&
      !['name:else', 'name:or', 'name:and'].some((e) => this.stream.test(e))
    ) {
      if (this.stream.test('name:is')) throw syntaxError('You cannot chain multiple tests with is', this.stream.current.pos);
      all = [this.parsePostfix(this.parsePrimary())];
    }
    const args = all.filter((a) => !(a.t === 'other' && a.what === 'keyword arguments'));
    const test: Expr = { t: 'test', target: node, name, args, extra: all.filter((a) => !args.includes(a)) };
    return negated ? { t: 'not', operand: test } : test;
  }
}

/** Why a for-loop target cannot be assigned to (Jinja's `can_assign`), or null. */
function assignProblem(target: Expr): string | null {
  if (target.t === 'name') return null;
  if (target.t === 'other' && target.what === 'tuple') return target.parts.every((p) => assignProblem(p) === null) ? null : 'tuple';
  if (target.t === 'lit') return 'const';
  if (target.t === 'list') return 'list';
  return target.t === 'other' && target.what === 'dict literals' ? 'dict' : target.t;
}

// ------------------------------------------------ compile-time checks

const FILTERS = new Set(
  'abs attr batch capitalize center count d default dictsort e escape filesizeformat first float forceescape format groupby indent int items join last length list lower map max min pprint random reject rejectattr replace reverse round safe select selectattr slice sort string striptags sum title tojson trim truncate unique upper urlencode urlize wordcount wordwrap xmlattr'.split(
    ' ',
  ),
);
const TESTS = new Set(
  '!= < <= == > >= boolean callable defined divisibleby eq equalto escaped even false filter float ge greaterthan gt in integer iterable le lessthan lower lt mapping ne none number odd sameas sequence string test true undefined upper'.split(
    ' ',
  ),
);

/**
 * Jinja's code generator rejects unknown filters and tests, except inside
 * `{% if %}` and conditional expressions, where the error waits for the call.
 */
function checkNames(nodes: Node[], soft: boolean): void {
  for (const node of nodes) {
    if (node.t === 'out') checkExpr(node.expr, soft, 0);
    else if (node.t === 'if') {
      for (const branch of node.branches) {
        checkExpr(branch.test, true, 0);
        checkNames(branch.body, true);
      }
      checkNames(node.otherwise, true);
    } else if (node.t === 'for') {
      if (node.test) checkExpr(node.test, false, 0);
      checkExpr(node.iter, soft, 0);
      checkNames(node.body, false);
      checkNames(node.otherwise, false);
    }
  }
}

/** Also bounds the expression's depth, which evaluation then stays within. */
function checkExpr(expr: Expr, soft: boolean, depth: number): void {
  if (depth > MAX_EXPRESSION_DEPTH) throw new LimitExceeded(`an expression is more than ${MAX_EXPRESSION_DEPTH} operations deep`);
  const children: Expr[] = [];
  switch (expr.t) {
    case 'filter':
    case 'test':
      if (!soft && !(expr.t === 'filter' ? FILTERS : TESTS).has(expr.name)) {
        throw new JinjaError('TemplateAssertionError', `No ${expr.t} named ${pyReprString(expr.name)}.`);
      }
      children.push(expr.target, ...expr.args, ...expr.extra);
      break;
    case 'list':
      pushAll(children, expr.items);
      break;
    case 'and':
    case 'or':
    case 'math':
      children.push(expr.left, expr.right);
      break;
    case 'concat':
      pushAll(children, expr.items);
      break;
    case 'compare':
      children.push(expr.first, ...expr.ops.map((o) => o.operand));
      break;
    case 'not':
    case 'neg':
    case 'pos':
      children.push(expr.operand);
      break;
    case 'cond':
      for (const part of [expr.then, expr.test, expr.otherwise]) if (part) checkExpr(part, true, depth + 1);
      return;
    case 'other':
      pushAll(children, expr.parts);
      break;
  }
  for (const child of children) checkExpr(child, soft, depth + 1);
}

// ---------------------------------------------------------- evaluation

type Scope = Map<string, Value | typeof LOOP>;

/** Jinja's default globals, which the subset does not model. */
const GLOBALS = new Set(['range', 'dict', 'lipsum', 'cycler', 'joiner', 'namespace', 'self']);

function truthy(value: Value): boolean {
  if (value === UNDEFINED || value === null) return false;
  if (typeof value === 'string' || Array.isArray(value)) return value.length > 0;
  if (value instanceof PyDict) return value.entries.size > 0;
  if (typeof value === 'bigint') return value !== 0n;
  if (typeof value === 'number') return value !== 0;
  return value;
}

function toText(value: Value): string {
  return value === UNDEFINED ? '' : pyStr(value);
}

function iterate(value: Value): PyObject[] {
  if (value === UNDEFINED) return [];
  if (typeof value === 'string') return [...value];
  if (Array.isArray(value)) return value;
  if (value instanceof PyDict) return [...value.entries.keys()];
  throw new JinjaError('TypeError', `'${pyTypeName(value)}' object is not iterable`);
}

/** Python's `==` over the modelled values; Undefined equals only Undefined. */
function pyEquals(a: Value, b: Value): boolean {
  if (a === UNDEFINED || b === UNDEFINED) return a === b;
  const numeric = (v: PyObject) => (typeof v === 'boolean' ? (v ? 1n : 0n) : v);
  const x = numeric(a);
  const y = numeric(b);
  if (typeof x === 'bigint' && typeof y === 'bigint') return x === y;
  if (typeof x === 'number' && typeof y === 'number') return x === y;
  if (typeof x === 'bigint' && typeof y === 'number') return Number.isInteger(y) && BigInt(y) === x;
  if (typeof x === 'number' && typeof y === 'bigint') return Number.isInteger(x) && BigInt(x) === y;
  if (Array.isArray(x) && Array.isArray(y)) return x.length === y.length && x.every((item, i) => pyEquals(item, y[i]));
  if (x instanceof PyDict && y instanceof PyDict) {
    return x.entries.size === y.entries.size && [...x.entries].every(([k, v]) => y.entries.has(k) && pyEquals(v, y.entries.get(k)!));
  }
  return x === y;
}

/** str.strip(chars) with Python's whitespace when `chars` is null. */
function pyStrip(text: string, chars: string | null): string {
  const strip = chars === null ? (ch: string) => new RegExp(`^[${WS}]$`).test(ch) : (ch: string) => chars.includes(ch);
  const points = [...text];
  let start = 0;
  let end = points.length;
  while (start < end && strip(points[start])) start++;
  while (end > start && strip(points[end - 1])) end--;
  return points.slice(start, end).join('');
}

/** Stops the rendering before a text of `length` characters is built (the sum is known before the text is). */
function checkLength(length: number): void {
  if (length > MAX_OUTPUT_LENGTH) throw new LimitExceeded(`the rendered text passes ${MAX_OUTPUT_LENGTH} characters`);
}

/** `parts.join(separator)`, measured before it is built. */
function joinWithin(parts: string[], separator: string): string {
  checkLength(parts.reduce((sum, part) => sum + part.length, 0) + separator.length * Math.max(0, parts.length - 1));
  return parts.join(separator);
}

/** str.replace(old, new, count); a negative count replaces all. Its length is measured before it is built. */
function pyReplace(text: string, old: string, replacement: string, count: number): string {
  if (old === '') {
    const points = [...text];
    const times = count < 0 ? points.length + 1 : Math.min(count, points.length + 1);
    checkLength(text.length + times * replacement.length);
    return points.map((point, i) => (i < times ? replacement : '') + point).join('') + (times > points.length ? replacement : '');
  }
  const parts = text.split(old);
  const times = count < 0 ? parts.length - 1 : Math.min(count, parts.length - 1);
  checkLength(text.length + times * (replacement.length - old.length));
  if (times === parts.length - 1) return parts.join(replacement);
  return parts.slice(0, times + 1).join(replacement) + old + parts.slice(times + 1).join(old);
}

/** Jinja's `int` filter: int(value, 10), else int(float(value)), else the default. */
function toInt(value: Value, fallback: Value): Value {
  if (value === UNDEFINED) throw new Unsupported('int of an undefined value');
  if (typeof value === 'bigint') return value;
  if (typeof value === 'boolean') return value ? 1n : 0n;
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return fallback;
    if (!Number.isFinite(value)) throw new JinjaError('OverflowError', 'cannot convert float infinity to integer');
    return BigInt(Math.trunc(value));
  }
  if (typeof value !== 'string') return fallback;
  const text = pyStrip(value, null);
  if (/[^\x00-\x7f]/.test(text)) throw new Unsupported('int of non-ASCII text');
  if (/^[+-]?\d(?:_?\d)*$/.test(text)) return BigInt(text.replace(/_/g, ''));
  const digits = String.raw`\d(?:_?\d)*`;
  if (new RegExp(`^[+-]?(?:(?:${digits})?\\.${digits}|${digits}\\.?)(?:[eE][+-]?${digits})?$`).test(text)) {
    const float = Number(text.replace(/_/g, ''));
    return Number.isFinite(float) ? BigInt(Math.trunc(float)) : fallback;
  }
  return fallback;
}

function applyFilter(name: string, target: Value, args: Value[]): Value {
  const arity = (max: number, min = 0) => {
    if (args.length < min || args.length > max) throw new Unsupported(`filter '${name}' with ${args.length} arguments`);
  };
  const arg = (i: number, fallback: Value): Value => (i < args.length ? args[i] : fallback);
  switch (name) {
    case 'join':
      arity(1);
      return joinWithin(
        iterate(target).map((item) => pyStr(item)),
        toText(arg(0, '')),
      );
    case 'default':
    case 'd':
      arity(2);
      return target === UNDEFINED || (truthy(arg(1, false)) && !truthy(target)) ? arg(0, '') : target;
    case 'upper':
      arity(0);
      return toText(target).toUpperCase();
    case 'lower':
      arity(0);
      return toText(target).toLowerCase();
    case 'string':
      arity(0);
      return toText(target);
    case 'trim': {
      arity(1);
      const chars = arg(0, null);
      if (chars !== null && typeof chars !== 'string') throw new Unsupported("filter 'trim' with non-str characters");
      return pyStrip(toText(target), chars);
    }
    case 'replace': {
      arity(3, 2);
      const count = arg(2, null);
      if (count !== null && typeof count !== 'bigint') throw new Unsupported("filter 'replace' with a non-int count");
      return pyReplace(toText(target), toText(args[0]), toText(args[1]), count === null ? -1 : Number(count));
    }
    case 'length':
    case 'count':
      arity(0);
      if (target !== UNDEFINED && typeof target !== 'string' && !Array.isArray(target) && !(target instanceof PyDict)) {
        throw new JinjaError('TypeError', `object of type '${pyTypeName(target)}' has no len()`);
      }
      return BigInt(iterate(target).length);
    case 'first':
      arity(0);
      return iterate(target)[0] ?? UNDEFINED;
    case 'last': {
      arity(0);
      if (target !== UNDEFINED && typeof target !== 'string' && !Array.isArray(target) && !(target instanceof PyDict)) {
        throw new JinjaError('TypeError', `'${pyTypeName(target)}' object is not reversible`);
      }
      const items = iterate(target);
      return items.length > 0 ? items[items.length - 1] : UNDEFINED;
    }
    case 'list':
      arity(0);
      return iterate(target);
    case 'int': {
      arity(2);
      const base = arg(1, 10n);
      if (base !== 10n) throw new Unsupported("filter 'int' with a base");
      return toInt(target, arg(0, 0n));
    }
  }
  if (FILTERS.has(name)) throw new Unsupported(`filter '${name}'`);
  throw new JinjaError('TemplateRuntimeError', `No filter named ${pyReprString(name)} found.`);
}

function applyTest(name: string, value: Value): boolean {
  switch (name) {
    case 'defined':
      return value !== UNDEFINED;
    case 'undefined':
      return value === UNDEFINED;
    case 'none':
      return value === null;
    case 'string':
      return typeof value === 'string';
  }
  if (TESTS.has(name)) throw new Unsupported(`test '${name}'`);
  throw new JinjaError('TemplateRuntimeError', `No test named ${pyReprString(name)} found.`);
}

function asNumber(value: Value): bigint | number | null {
  if (typeof value === 'boolean') return value ? 1n : 0n;
  return typeof value === 'bigint' || typeof value === 'number' ? value : null;
}

function arithmetic(op: string, left: Value, right: Value): Value {
  if (op === 'add' && typeof left === 'string' && typeof right === 'string') return left + right;
  if (op === 'add' && Array.isArray(left) && Array.isArray(right)) return [...left, ...right];
  const x = asNumber(left);
  const y = asNumber(right);
  if ((op === 'add' || op === 'sub') && x !== null && y !== null) {
    if (typeof x === 'bigint' && typeof y === 'bigint') return op === 'add' ? x + y : x - y;
    const [a, b] = [Number(x), Number(y)];
    if (Number.isFinite(a) && Number.isFinite(b)) return op === 'add' ? a + b : a - b;
  }
  throw new Unsupported(`operator ${OPERATOR_TEXT[op] ?? op}`);
}

function compare(op: string, left: Value, right: Value): boolean {
  if (op === 'eq') return pyEquals(left, right);
  if (op === 'ne') return !pyEquals(left, right);
  if (op === 'in' || op === 'notin') {
    let found: boolean;
    if (right === UNDEFINED) found = false;
    else if (typeof right === 'string' && typeof left === 'string') found = right.includes(left);
    else if (Array.isArray(right)) found = right.some((item) => pyEquals(left, item));
    else if (right instanceof PyDict && typeof left === 'string') found = right.entries.has(left);
    else throw new Unsupported(`operator ${op}`);
    return op === 'in' ? found : !found;
  }
  const x = asNumber(left);
  const y = asNumber(right);
  if (x === null || y === null || (typeof x === 'number' && Number.isNaN(x)) || (typeof y === 'number' && Number.isNaN(y))) {
    throw new Unsupported(`operator ${OPERATOR_TEXT[op]} on non-numbers`);
  }
  // Comparing bigint and number is exact in JavaScript, as in Python.
  switch (op) {
    case 'lt':
      return x < y;
    case 'lteq':
      return x <= y;
    case 'gt':
      return x > y;
    default:
      return x >= y;
  }
}

/**
 * The budget of the rendering in progress (renderJinja is synchronous and
 * never re-entered, so one counter serves).
 */
let renderSteps = 0;

/** A value too big to build, or one step too many, ends the rendering. */
function capped<T extends Value>(value: T): T {
  if (++renderSteps > MAX_RENDER_STEPS) throw new LimitExceeded(`rendering takes more than ${MAX_RENDER_STEPS} steps`);
  if (typeof value === 'string' || Array.isArray(value)) checkLength(value.length);
  return value;
}

function evaluate(expr: Expr, scope: Scope): Value {
  return capped(evaluateUncapped(expr, scope));
}

function evaluateUncapped(expr: Expr, scope: Scope): Value {
  switch (expr.t) {
    case 'lit':
      return expr.v;
    case 'name': {
      if (!scope.has(expr.name)) {
        if (GLOBALS.has(expr.name)) throw new Unsupported(`the global '${expr.name}'`);
        return UNDEFINED;
      }
      const value = scope.get(expr.name)!;
      if (value === LOOP) throw new Unsupported('the loop variable');
      return value;
    }
    case 'list':
      return expr.items.map((item) => {
        const value = evaluate(item, scope);
        if (value === UNDEFINED) throw new Unsupported('Undefined inside a list');
        return value;
      });
    case 'filter': {
      const target = evaluate(expr.target, scope);
      const args = expr.args.map((a) => evaluate(a, scope));
      if (expr.extra.length > 0) throw new Unsupported('keyword arguments');
      return applyFilter(expr.name, target, args);
    }
    case 'test': {
      const value = evaluate(expr.target, scope);
      if (expr.args.length > 0 || expr.extra.length > 0) throw new Unsupported('test arguments');
      return applyTest(expr.name, value);
    }
    case 'not':
      return !truthy(evaluate(expr.operand, scope));
    case 'neg':
    case 'pos': {
      const value = asNumber(evaluate(expr.operand, scope));
      if (value === null) throw new Unsupported('unary operators on non-numbers');
      if (expr.t === 'pos') return value;
      return typeof value === 'bigint' ? -value : -value;
    }
    case 'cond':
      if (truthy(evaluate(expr.test, scope))) return evaluate(expr.then, scope);
      return expr.otherwise ? evaluate(expr.otherwise, scope) : UNDEFINED;
    case 'and': {
      const left = evaluate(expr.left, scope);
      return truthy(left) ? evaluate(expr.right, scope) : left;
    }
    case 'or': {
      const left = evaluate(expr.left, scope);
      return truthy(left) ? left : evaluate(expr.right, scope);
    }
    case 'concat':
      return joinWithin(
        expr.items.map((item) => toText(evaluate(item, scope))),
        '',
      );
    case 'math':
      return arithmetic(expr.op, evaluate(expr.left, scope), evaluate(expr.right, scope));
    case 'compare': {
      let left = evaluate(expr.first, scope);
      for (const { op, operand } of expr.ops) {
        const right = evaluate(operand, scope);
        if (!compare(op, left, right)) return false;
        left = right;
      }
      return true;
    }
    case 'other':
      throw new Unsupported(expr.what);
  }
}

function render(nodes: Node[], scope: Scope): string {
  let out = '';
  for (const node of nodes) {
    capped(out);
    if (node.t === 'text') out += node.text;
    else if (node.t === 'out') out += toText(evaluate(node.expr, scope));
    else if (node.t === 'if') {
      const branch = node.branches.find((b) => truthy(evaluate(b.test, scope)));
      out += render(branch ? branch.body : node.otherwise, scope);
    } else {
      if (node.target.t !== 'name') throw new Unsupported('for loop targets other than a name');
      if (node.recursive) throw new Unsupported('recursive for loops');
      const name = node.target.name;
      const inner = (item: PyObject) => new Map(scope).set('loop', LOOP).set(name, item);
      let items = iterate(evaluate(node.iter, scope));
      if (node.test) items = items.filter((item) => truthy(evaluate(node.test!, new Map(scope).set(name, item))));
      if (items.length === 0) out += render(node.otherwise, scope);
      for (const item of items) out = capped(out + render(node.body, inner(item)));
    }
  }
  return capped(out);
}

/** `Template(template).render(**variables)`. */
export function renderJinja(template: string, variables: ReadonlyMap<string, PyObject>): JinjaResult {
  return run(template, (nodes) => render(nodes, new Map(variables)));
}

function run(template: string, then: (nodes: Node[]) => string): JinjaResult {
  try {
    const nodes = new Parser(template).parse();
    checkNames(nodes, false);
    renderSteps = 0;
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
  return template.includes('{') && !['{%', '{ %', '{{'].some((s) => template.includes(s));
}
