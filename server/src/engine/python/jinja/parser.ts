/** Jinja's parser over the token stream: the node tree, with Jinja's syntax errors in Jinja's order. */
import { BUDGETS } from '../../budgets';
import { PyObject, pyReprString } from '../pyObject';
import { LimitExceeded, syntaxError, Unsupported } from './errors';
import { describeExpr, describeToken, TokenStream, tokenize } from './lexer';

export type Expr =
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
  /** `x.name`, and `x[key]` with one key and no slice. */
  | { t: 'attr'; target: Expr; name: string }
  | { t: 'item'; target: Expr; key: Expr }
  /** Parsed so that syntax errors match, but never evaluated by the subset. */
  | { t: 'other'; what: string; parts: Expr[] };

export type Node =
  | { t: 'text'; text: string }
  | { t: 'out'; expr: Expr }
  | { t: 'if'; branches: { test: Expr; body: Node[] }[]; otherwise: Node[] }
  | { t: 'for'; target: Expr; iter: Expr; test: Expr | null; recursive: boolean; body: Node[]; otherwise: Node[] };

const STATEMENT_KEYWORDS = new Set(['for', 'if', 'block', 'extends', 'print', 'macro', 'include', 'from', 'import', 'set', 'with', 'autoescape', 'call', 'filter']);
const COMPARE_OPERATORS = new Set(['eq', 'ne', 'lt', 'lteq', 'gt', 'gteq']);

export class Parser {
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

  /** Runs a step of the recursive descent one level deeper, within BUDGETS.jinjaNesting. */
  private nested<T>(parse: () => T): T {
    if (++this.depth > BUDGETS.jinjaNesting) throw new LimitExceeded(`the template nests more than ${BUDGETS.jinjaNesting} levels deep`);
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
      if (attribute.type === 'name') return { t: 'attr', target: node, name: String(attribute.value) };
      return { t: 'other', what: 'attribute access', parts: [node] };
    }
    const parts: Expr[] = [node];
    let count = 0;
    let slice = false;
    while (this.stream.current.type !== 'rbracket') {
      if (count++ > 0) this.stream.expect('comma');
      const subscribed = this.parseSubscribed();
      slice ||= subscribed.slice;
      parts.push(...subscribed.parts);
    }
    this.stream.expect('rbracket');
    if (count === 1 && !slice && parts.length === 2) return { t: 'item', target: node, key: parts[1] };
    return { t: 'other', what: 'subscripts', parts };
  }

  /** One subscript's expressions, and whether it is a slice (has a colon). */
  private parseSubscribed(): { parts: Expr[]; slice: boolean } {
    const parts: Expr[] = [];
    if (this.stream.current.type === 'colon') {
      this.stream.next();
    } else {
      parts.push(this.parseExpression(true));
      if (this.stream.current.type !== 'colon') return { parts, slice: false };
      this.stream.next();
    }
    if (this.stream.current.type !== 'colon' && !['rbracket', 'comma'].includes(this.stream.current.type)) parts.push(this.parseExpression(true));
    if (this.stream.current.type === 'colon') {
      this.stream.next();
      if (!['rbracket', 'comma'].includes(this.stream.current.type)) parts.push(this.parseExpression(true));
    }
    return { parts, slice: true };
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
  if (target.t === 'attr') return 'getattr';
  if (target.t === 'item') return 'getitem';
  return target.t === 'other' && target.what === 'dict literals' ? 'dict' : target.t;
}

