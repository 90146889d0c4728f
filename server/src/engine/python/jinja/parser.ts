/** Jinja's parser over the token stream: the node tree, with Jinja's syntax errors in Jinja's order. */
import { BUDGETS } from '../../budgets';
import { PyObject, pyReprString } from '../pyObject';
import { LimitExceeded, syntaxError, Unsupported } from './errors';
import { describeExpr, describeToken, TokenStream, tokenize } from './lexer';
import { charged, spend } from '../../work';

/** A call's arguments: positional, keyword, and `*args` / `**kwargs`. */
export interface CallArgs {
  args: Expr[];
  kwargs: { name: string; value: Expr }[];
  dynArgs: Expr | null;
  dynKwargs: Expr | null;
}

/** One filter of a chain: `|name(args)`. */
export interface FilterCall {
  name: string;
  call: CallArgs;
}

export type Expr =
  | { t: 'lit'; v: PyObject }
  | { t: 'name'; name: string }
  | { t: 'list'; items: Expr[] }
  | { t: 'tuple'; items: Expr[] }
  | { t: 'dict'; pairs: { key: Expr; value: Expr }[] }
  | ({ t: 'filter'; target: Expr } & FilterCall)
  | { t: 'test'; target: Expr; name: string; call: CallArgs }
  | { t: 'call'; target: Expr; call: CallArgs }
  /** `x[start:stop:step]`, each part optional. */
  | { t: 'slice'; target: Expr; start: Expr | null; stop: Expr | null; step: Expr | null }
  /** `ns.attr` as the target of `{% set %}`. */
  | { t: 'nsref'; name: string; attr: string }
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
  | { t: 'for'; target: Expr; iter: Expr; test: Expr | null; recursive: boolean; body: Node[]; otherwise: Node[] }
  | { t: 'set'; target: Expr; value: Expr }
  /** `{% set x | filters %}body{% endset %}`. */
  | { t: 'setBlock'; target: Expr; filters: FilterCall[]; body: Node[] }
  | { t: 'macro'; name: string; params: string[]; defaults: Expr[]; body: Node[] };

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
    const expected = new Set(charged(stack.flat()).map(describeExpr));
    const looking = stack.length > 0 ? charged(stack[stack.length - 1]).map((e) => `'${describeExpr(e)}'`).join(' or ') : null;
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
        spend();
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
          if (endTokens && charged(endTokens).some((e) => this.stream.test(e))) return body;
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
    const parse = ({ if: this.parseIf, for: this.parseFor, set: this.parseSet, macro: this.parseMacro, print: this.parsePrint } as Record<string, (() => Node) | undefined>)[name];
    if (!parse) throw new Unsupported(`{% ${name} %}`);
    this.tagStack.push(name);
    try {
      return parse.call(this);
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
      spend();
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
    const target = this.parseAssignTarget(['name:in'], false);
    this.stream.expect('name:in');
    const iter = this.parseTuple({ withCondexpr: false, extraEndRules: ['name:recursive'] });
    const test = this.stream.skipIf('name:if') ? this.parseExpression(true) : null;
    const recursive = this.stream.skipIf('name:recursive');
    const body = this.parseStatements(['name:endfor', 'name:else']);
    const otherwise = this.stream.next().value === 'endfor' ? [] : this.parseStatements(['name:endfor'], true);
    return { t: 'for', target, iter, test, recursive, body, otherwise };
  }

  /** Jinja's `parse_assign_target` (not `name_only`): a name or tuple of names, or `ns.attr` where `withNamespace`. */
  private parseAssignTarget(extraEndRules: string[] | undefined, withNamespace: boolean): Expr {
    if (withNamespace && this.stream.look().type === 'dot') {
      const name = String(this.stream.expect('name').value);
      this.stream.next();
      return { t: 'nsref', name, attr: String(this.stream.expect('name').value) };
    }
    const target = this.parseTuple({ simplified: true, extraEndRules });
    const problem = assignProblem(target);
    if (problem) throw syntaxError(`can't assign to '${problem}'`, this.stream.current.pos);
    return target;
  }

  private parseSet(): Node {
    this.stream.next();
    const target = this.parseAssignTarget(undefined, true);
    if (this.stream.skipIf('assign')) return { t: 'set', target, value: this.parseTuple({}) };
    const filters = this.parseFilterCalls();
    return { t: 'setBlock', target, filters, body: this.parseStatements(['name:endset'], true) };
  }

  private parseMacro(): Node {
    this.stream.next();
    const name = String(this.stream.expect('name').value);
    const params: string[] = [];
    const defaults: Expr[] = [];
    this.stream.expect('lparen');
    while (this.stream.current.type !== 'rparen') {
      spend();
      if (params.length > 0) this.stream.expect('comma');
      const param = String(this.stream.expect('name').value);
      if (this.stream.skipIf('assign')) defaults.push(this.parseExpression(true));
      else if (defaults.length > 0) throw syntaxError('non-default argument follows default argument', this.stream.current.pos);
      params.push(param);
    }
    this.stream.expect('rparen');
    return { t: 'macro', name, params, defaults, body: this.parseStatements(['name:endmacro'], true) };
  }

  private parsePrint(): Node {
    this.stream.next();
    const items: Expr[] = [];
    while (this.stream.current.type !== 'block_end') {
      spend();
      if (items.length > 0) this.stream.expect('comma');
      items.push(this.parseExpression(true));
    }
    // Jinja's Output node prints each expression in turn.
    return { t: 'out', expr: { t: 'concat', items } };
  }

  private parseTuple(options: { simplified?: boolean; withCondexpr?: boolean; extraEndRules?: string[]; explicitParentheses?: boolean }): Expr {
    const parse = () => (options.simplified ? this.parsePrimary() : this.parseExpression(options.withCondexpr ?? true));
    const items: Expr[] = [];
    let isTuple = false;
    for (;;) {
      spend();
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
    return { t: 'tuple', items };
  }

  private isTupleEnd(extraEndRules?: string[]): boolean {
    if (['variable_end', 'block_end', 'rparen'].includes(this.stream.current.type)) return true;
    return charged((extraEndRules ?? [])).some((e) => this.stream.test(e));
  }

  private parseExpression(withCondexpr: boolean): Expr {
    return this.nested(() => this.parseCondExpression(withCondexpr));
  }

  private parseCondExpression(withCondexpr: boolean): Expr {
    if (!withCondexpr) return this.parseOr();
    let expr = this.parseOr();
    while (this.stream.skipIf('name:if')) {
      spend();
      const test = this.parseOr();
      const otherwise = this.stream.skipIf('name:else') ? this.parseExpression(true) : null;
      expr = { t: 'cond', test, then: expr, otherwise };
    }
    return expr;
  }

  private parseOr(): Expr {
    let left = this.parseAnd();
    while (this.stream.skipIf('name:or')) {
      spend();
      left = { t: 'or', left, right: this.parseAnd() };
    }
    return left;
  }

  private parseAnd(): Expr {
    let left = this.parseNot();
    while (this.stream.skipIf('name:and')) {
      spend();
      left = { t: 'and', left, right: this.parseNot() };
    }
    return left;
  }

  private parseNot(): Expr {
    spend();
    if (this.stream.skipIf('name:not')) return { t: 'not', operand: this.nested(() => this.parseNot()) };
    return this.parseCompare();
  }

  private parseCompare(): Expr {
    const first = this.parseMath1();
    const ops: { op: string; operand: Expr }[] = [];
    for (;;) {
      spend();
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
      spend();
      const op = this.stream.next().type;
      left = { t: 'math', op, left, right: this.parseConcat() };
    }
    return left;
  }

  private parseConcat(): Expr {
    const items = [this.parseMath2()];
    while (this.stream.skipIf('tilde')) {
      spend();
      items.push(this.parseMath2());
    }
    return items.length === 1 ? items[0] : { t: 'concat', items };
  }

  private parseMath2(): Expr {
    let left = this.parsePow();
    while (['mul', 'div', 'floordiv', 'mod'].includes(this.stream.current.type)) {
      spend();
      const op = this.stream.next().type;
      left = { t: 'math', op, left, right: this.parsePow() };
    }
    return left;
  }

  private parsePow(): Expr {
    let left = this.parseUnary(true);
    while (this.stream.skipIf('pow')) {
      spend();
      left = { t: 'math', op: 'pow', left, right: this.parseUnary(true) };
    }
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
      while (this.stream.current.type === 'string') {
        spend();
        text += String(this.stream.next().value);
      }
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
        spend();
        if (items.length > 0) this.stream.expect('comma');
        if (this.stream.current.type === 'rbracket') break;
        items.push(this.parseExpression(true));
      }
      this.stream.expect('rbracket');
      return { t: 'list', items };
    }
    if (token.type === 'lbrace') {
      this.stream.next();
      const pairs: { key: Expr; value: Expr }[] = [];
      while (this.stream.current.type !== 'rbrace') {
        spend();
        if (pairs.length > 0) this.stream.expect('comma');
        if (this.stream.current.type === 'rbrace') break;
        const key = this.parseExpression(true);
        this.stream.expect('colon');
        pairs.push({ key, value: this.parseExpression(true) });
      }
      this.stream.expect('rbrace');
      return { t: 'dict', pairs };
    }
    throw syntaxError(`unexpected '${describeToken(token)}'`, this.stream.current.pos);
  }

  private parsePostfix(node: Expr): Expr {
    for (;;) {
      spend();
      const type = this.stream.current.type;
      if (type === 'dot' || type === 'lbracket') node = this.parseSubscript(node);
      else if (type === 'lparen') node = { t: 'call', target: node, call: this.parseCallArgs() };
      else return node;
    }
  }

  private parseFilterExpr(node: Expr): Expr {
    for (;;) {
      spend();
      const type = this.stream.current.type;
      if (type === 'pipe') node = this.parseFilter(node);
      else if (this.stream.test('name:is')) node = this.parseTest(node);
      else if (type === 'lparen') node = { t: 'call', target: node, call: this.parseCallArgs() };
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
    const subscripts: Expr[] = [];
    while (this.stream.current.type !== 'rbracket') {
      spend();
      if (subscripts.length > 0) this.stream.expect('comma');
      subscripts.push(this.parseSubscribed());
    }
    this.stream.expect('rbracket');
    if (subscripts.length === 1) {
      const only = subscripts[0];
      return only.t === 'slice' ? { ...only, target: node } : { t: 'item', target: node, key: only };
    }
    // `x[a, b]` subscripts with a tuple, which no modelled value takes.
    return { t: 'other', what: 'subscripts with a tuple', parts: [node, ...subscripts] };
  }

  /** One subscript: an expression, or a slice (with a placeholder target the caller fills in). */
  private parseSubscribed(): Expr {
    let start: Expr | null = null;
    if (this.stream.current.type === 'colon') {
      this.stream.next();
    } else {
      start = this.parseExpression(true);
      if (this.stream.current.type !== 'colon') return start;
      this.stream.next();
    }
    let stop: Expr | null = null;
    let step: Expr | null = null;
    if (this.stream.current.type !== 'colon' && !['rbracket', 'comma'].includes(this.stream.current.type)) stop = this.parseExpression(true);
    if (this.stream.current.type === 'colon') {
      this.stream.next();
      if (!['rbracket', 'comma'].includes(this.stream.current.type)) step = this.parseExpression(true);
    }
    return { t: 'slice', target: { t: 'lit', v: null }, start, stop, step };
  }

  private parseCallArgs(): CallArgs {
    this.stream.expect('lparen');
    const call: CallArgs = { args: [], kwargs: [], dynArgs: null, dynKwargs: null };
    let requireComma = false;
    const ensure = (ok: boolean) => {
      if (!ok) throw syntaxError('invalid syntax for function call expression', this.stream.current.pos);
    };
    while (this.stream.current.type !== 'rparen') {
      spend();
      if (requireComma) {
        this.stream.expect('comma');
        if (this.stream.current.type === 'rparen') break;
      }
      if (this.stream.current.type === 'mul') {
        ensure(!call.dynArgs && !call.dynKwargs);
        this.stream.next();
        call.dynArgs = this.parseExpression(true);
      } else if (this.stream.current.type === 'pow') {
        ensure(!call.dynKwargs);
        this.stream.next();
        call.dynKwargs = this.parseExpression(true);
      } else if (this.stream.current.type === 'name' && this.stream.look().type === 'assign') {
        ensure(!call.dynKwargs);
        const name = String(this.stream.next().value);
        this.stream.next();
        call.kwargs.push({ name, value: this.parseExpression(true) });
      } else {
        ensure(!call.dynArgs && !call.dynKwargs && call.kwargs.length === 0);
        call.args.push(this.parseExpression(true));
      }
      requireComma = true;
    }
    this.stream.expect('rparen');
    return call;
  }

  private dottedName(): string {
    let name = String(this.stream.expect('name').value);
    while (this.stream.current.type === 'dot') {
      spend();
      this.stream.next();
      name += '.' + String(this.stream.expect('name').value);
    }
    return name;
  }

  private parseFilter(node: Expr): Expr {
    for (const filter of this.parseFilterCalls()) {
      spend();
      node = { t: 'filter', target: node, ...filter };
    }
    return node;
  }

  private parseFilterCalls(): FilterCall[] {
    const filters: FilterCall[] = [];
    while (this.stream.current.type === 'pipe') {
      spend();
      this.stream.next();
      const name = this.dottedName();
      filters.push({ name, call: this.stream.test('lparen') ? this.parseCallArgs() : { args: [], kwargs: [], dynArgs: null, dynKwargs: null } });
    }
    return filters;
  }

  private parseTest(node: Expr): Expr {
    this.stream.next();
    const negated = this.stream.skipIf('name:not');
    const name = this.dottedName();
    let call: CallArgs = { args: [], kwargs: [], dynArgs: null, dynKwargs: null };
    const current = this.stream.current;
    if (current.type === 'lparen') {
      call = this.parseCallArgs();
    } else if (
      ['name', 'string', 'integer', 'float', 'lparen', 'lbracket', 'lbrace'].includes(current.type) &&
      !charged(['name:else', 'name:or', 'name:and']).some((e) => this.stream.test(e))
    ) {
      if (this.stream.test('name:is')) throw syntaxError('You cannot chain multiple tests with is', this.stream.current.pos);
      call.args.push(this.parsePostfix(this.parsePrimary()));
    }
    const test: Expr = { t: 'test', target: node, name, call };
    return negated ? { t: 'not', operand: test } : test;
  }
}

/** Why a for-loop target cannot be assigned to (Jinja's `can_assign`), or null. */
function assignProblem(target: Expr): string | null {
  spend();
  if (target.t === 'name') return null;
  if (target.t === 'tuple') return charged(target.items).every((p) => assignProblem(p) === null) ? null : 'tuple';
  if (target.t === 'lit') return 'const';
  if (target.t === 'list') return 'list';
  if (target.t === 'attr') return 'getattr';
  if (target.t === 'item') return 'getitem';
  return target.t;
}

