/**
 * A Jinja2 subset, enough to render SWE-agent `argument_format` templates
 * (`--x {{value}}`, `{{value|join(' ')}}`, `{% if value %}...{% endif %}`)
 * with Jinja2's defaults: undefined names render empty, one trailing newline
 * is dropped. Anything outside the subset yields `unsupported`, never a guess.
 */
import { PyDict, PyObject, pyReprString, pyStr, pyTypeName } from './pyObject';

export type JinjaResult =
  | { kind: 'ok'; text: string }
  | { kind: 'error'; errorType: string; message: string }
  | { kind: 'unsupported'; reason: string };

class JinjaError extends Error {
  constructor(
    readonly errorType: string,
    message: string,
  ) {
    super(message);
  }
}

class Unsupported extends Error {}

/** Jinja's Undefined: renders as '' and is falsy. */
const UNDEFINED = Symbol('undefined');
type Value = PyObject | typeof UNDEFINED;

type Expr =
  | { t: 'lit'; v: Value }
  | { t: 'name'; name: string }
  | { t: 'list'; items: Expr[] }
  | { t: 'filter'; target: Expr; name: string; args: Expr[] }
  | { t: 'test'; target: Expr; name: string; negate: boolean }
  | { t: 'bin'; op: string; left: Expr; right: Expr }
  | { t: 'not'; operand: Expr }
  | { t: 'neg'; operand: Expr }
  | { t: 'cond'; test: Expr; then: Expr; otherwise: Expr | null }
  | { t: 'attr'; target: Expr; name: string }
  | { t: 'item'; target: Expr; index: Expr };

type Node =
  | { t: 'text'; text: string }
  | { t: 'out'; expr: Expr }
  | { t: 'if'; branches: { test: Expr; body: Node[] }[]; otherwise: Node[] }
  | { t: 'for'; target: string; iter: Expr; body: Node[]; otherwise: Node[] };

interface Tag {
  kind: 'text' | 'var' | 'stmt';
  text: string;
}

const END_OF_PRINT = "unexpected end of template, expected 'end of print statement'.";

/** Splits the template into text, `{{ }}` and `{% %}` parts, applying `-` whitespace control. */
function lex(template: string): Tag[] {
  const tags: Tag[] = [];
  let pos = 0;
  let stripNextLeading = false;
  const pushText = (text: string) => {
    if (stripNextLeading) text = text.replace(/^\s+/, '');
    stripNextLeading = false;
    if (text) tags.push({ kind: 'text', text });
  };
  while (pos < template.length) {
    const open = template.slice(pos).search(/\{[{%#]/);
    if (open === -1) {
      pushText(template.slice(pos));
      break;
    }
    const start = pos + open;
    const kind = template[start + 1];
    const closer = kind === '{' ? '}}' : kind === '%' ? '%}' : '#}';
    let bodyStart = start + 2;
    let text = template.slice(pos, start);
    if (template[bodyStart] === '-') {
      text = text.replace(/\s+$/, '');
      bodyStart++;
    } else if (template[bodyStart] === '+') {
      bodyStart++;
    }
    pushText(text);
    const close = findCloser(template, bodyStart, closer);
    if (close === -1) {
      if (kind === '#') throw new JinjaError('TemplateSyntaxError', 'Missing end of comment tag');
      if (kind === '{') throw new JinjaError('TemplateSyntaxError', END_OF_PRINT);
      throw new JinjaError('TemplateSyntaxError', "unexpected end of template, expected 'end of statement block'.");
    }
    let bodyEnd = close;
    if (template[close - 1] === '-' && close - 1 >= bodyStart) {
      bodyEnd--;
      stripNextLeading = true;
    } else if (template[close - 1] === '+' && close - 1 >= bodyStart) {
      bodyEnd--;
    }
    if (kind !== '#') tags.push({ kind: kind === '{' ? 'var' : 'stmt', text: template.slice(bodyStart, bodyEnd) });
    pos = close + 2;
  }
  return tags;
}

/** Finds the closing delimiter, skipping string literals inside the tag. */
function findCloser(template: string, from: number, closer: string): number {
  let quote = '';
  for (let i = from; i < template.length; i++) {
    const ch = template[i];
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") {
      quote = ch;
    } else if (template.startsWith(closer, i)) {
      return i;
    }
  }
  return -1;
}

const TOKEN = /\s*(?:(\d+\.\d+|\d+)|("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')|([A-Za-z_][A-Za-z0-9_]*)|(==|!=|<=|>=|\/\/|\*\*|[-+*/%~|.,()[\]<>:=]))/y;

class ExprParser {
  private tokens: string[] = [];
  private pos = 0;

  constructor(
    source: string,
    private readonly endMessage: string,
  ) {
    TOKEN.lastIndex = 0;
    let index = 0;
    while (index < source.length) {
      if (/^\s*$/.test(source.slice(index))) break;
      TOKEN.lastIndex = index;
      const match = TOKEN.exec(source);
      if (!match) throw new JinjaError('TemplateSyntaxError', `unexpected char ${pyReprString(source.slice(index).trim()[0])}`);
      this.tokens.push(match[1] ?? match[2] ?? match[3] ?? match[4]);
      index = TOKEN.lastIndex;
    }
  }

  peek(): string | undefined {
    return this.tokens[this.pos];
  }

  next(): string {
    const token = this.tokens[this.pos++];
    if (token === undefined) throw new JinjaError('TemplateSyntaxError', this.endMessage);
    return token;
  }

  accept(token: string): boolean {
    if (this.peek() === token) {
      this.pos++;
      return true;
    }
    return false;
  }

  expect(token: string): void {
    const got = this.next();
    if (got !== token) throw new JinjaError('TemplateSyntaxError', `expected token '${token}', got '${got}'`);
  }

  atEnd(): boolean {
    return this.pos >= this.tokens.length;
  }

  expression(): Expr {
    const value = this.or();
    if (this.accept('if')) {
      const test = this.or();
      const otherwise = this.accept('else') ? this.expression() : null;
      return { t: 'cond', test, then: value, otherwise };
    }
    return value;
  }

  private or(): Expr {
    let left = this.and();
    while (this.accept('or')) left = { t: 'bin', op: 'or', left, right: this.and() };
    return left;
  }

  private and(): Expr {
    let left = this.not();
    while (this.accept('and')) left = { t: 'bin', op: 'and', left, right: this.not() };
    return left;
  }

  private not(): Expr {
    if (this.accept('not')) return { t: 'not', operand: this.not() };
    return this.compare();
  }

  private compare(): Expr {
    let left = this.concat();
    for (;;) {
      const op = this.peek();
      if (op && ['==', '!=', '<', '>', '<=', '>=', 'in'].includes(op)) {
        this.pos++;
        left = { t: 'bin', op, left, right: this.concat() };
      } else if (op === 'not' && this.tokens[this.pos + 1] === 'in') {
        this.pos += 2;
        left = { t: 'not', operand: { t: 'bin', op: 'in', left, right: this.concat() } };
      } else {
        return left;
      }
    }
  }

  private concat(): Expr {
    let left = this.additive();
    while (this.accept('~')) left = { t: 'bin', op: '~', left, right: this.additive() };
    return left;
  }

  private additive(): Expr {
    let left = this.unary();
    for (let op = this.peek(); op === '+' || op === '-'; op = this.peek()) {
      this.pos++;
      left = { t: 'bin', op, left, right: this.unary() };
    }
    return left;
  }

  private unary(): Expr {
    if (this.accept('-')) return { t: 'neg', operand: this.unary() };
    if (this.accept('+')) return this.unary();
    return this.postfix(this.primary());
  }

  private postfix(target: Expr): Expr {
    for (;;) {
      if (this.accept('.')) {
        target = { t: 'attr', target, name: this.next() };
      } else if (this.accept('[')) {
        const index = this.expression();
        this.expect(']');
        target = { t: 'item', target, index };
      } else if (this.accept('|')) {
        const name = this.next();
        const args: Expr[] = [];
        if (this.accept('(')) {
          if (!this.accept(')')) {
            do {
              if (/^[A-Za-z_]\w*$/.test(this.peek() ?? '') && this.tokens[this.pos + 1] === '=') throw new Unsupported('keyword filter arguments');
              args.push(this.expression());
            } while (this.accept(','));
            this.expect(')');
          }
        }
        target = { t: 'filter', target, name, args };
      } else if (this.accept('is')) {
        const negate = this.accept('not');
        target = { t: 'test', target, name: this.next(), negate };
      } else if (this.peek() === '(') {
        throw new Unsupported('calls');
      } else {
        return target;
      }
    }
  }

  private primary(): Expr {
    const token = this.next();
    if (/^\d/.test(token)) return { t: 'lit', v: token.includes('.') ? Number(token) : BigInt(token) };
    if (token[0] === '"' || token[0] === "'") return { t: 'lit', v: unescape(token.slice(1, -1)) };
    if (token === '(') {
      const inner = this.expression();
      this.expect(')');
      return inner;
    }
    if (token === '[') {
      const items: Expr[] = [];
      if (!this.accept(']')) {
        do items.push(this.expression());
        while (this.accept(','));
        this.expect(']');
      }
      return { t: 'list', items };
    }
    if (/^[A-Za-z_]/.test(token)) {
      if (token === 'true' || token === 'True') return { t: 'lit', v: true };
      if (token === 'false' || token === 'False') return { t: 'lit', v: false };
      if (token === 'none' || token === 'None') return { t: 'lit', v: null };
      return { t: 'name', name: token };
    }
    throw new JinjaError('TemplateSyntaxError', `unexpected '${token}'`);
  }
}

function unescape(text: string): string {
  return text.replace(/\\(.)/g, (_, ch: string) => ({ n: '\n', t: '\t', r: '\r' })[ch] ?? ch);
}

function parseTemplate(template: string): Node[] {
  const tags = lex(template);
  let index = 0;
  const block = (closers: string[]): { body: Node[]; closer: string; rest: string } => {
    const body: Node[] = [];
    while (index < tags.length) {
      const tag = tags[index++];
      if (tag.kind === 'text') {
        body.push({ t: 'text', text: tag.text });
        continue;
      }
      if (tag.kind === 'var') {
        const parser = new ExprParser(tag.text, END_OF_PRINT);
        const expr = parser.expression();
        if (!parser.atEnd()) throw new JinjaError('TemplateSyntaxError', `expected token 'end of print statement', got '${parser.peek()}'`);
        body.push({ t: 'out', expr });
        continue;
      }
      const statement = tag.text.trim();
      const word = /^[A-Za-z_]\w*/.exec(statement)?.[0] ?? '';
      const rest = statement.slice(word.length);
      if (closers.includes(word)) return { body, closer: word, rest };
      if (word === 'if') body.push(parseIf(rest));
      else if (word === 'for') body.push(parseFor(rest));
      else if (['set', 'macro', 'call', 'filter', 'raw', 'with', 'block', 'include', 'import', 'from', 'extends'].includes(word)) {
        throw new Unsupported(`{% ${word} %}`);
      } else throw new JinjaError('TemplateSyntaxError', `Encountered unknown tag '${word}'.`);
    }
    if (closers.length > 0) {
      throw new JinjaError('TemplateSyntaxError', `Unexpected end of template. Jinja was looking for the following tags: ${closers.map((c) => `'${c}'`).join(' or ')}.`);
    }
    return { body, closer: '', rest: '' };
  };
  const condition = (source: string): Expr => {
    const parser = new ExprParser(source, "unexpected end of template, expected 'end of statement block'.");
    const expr = parser.expression();
    if (!parser.atEnd()) throw new JinjaError('TemplateSyntaxError', `expected token 'end of statement block', got '${parser.peek()}'`);
    return expr;
  };
  const parseIf = (firstTest: string): Node => {
    const branches: { test: Expr; body: Node[] }[] = [];
    let test = condition(firstTest);
    for (;;) {
      const part = block(['elif', 'else', 'endif']);
      branches.push({ test, body: part.body });
      if (part.closer === 'elif') {
        test = condition(part.rest);
        continue;
      }
      const otherwise = part.closer === 'else' ? block(['endif']).body : [];
      return { t: 'if', branches, otherwise };
    }
  };
  const parseFor = (header: string): Node => {
    const match = /^\s*([A-Za-z_]\w*)\s+in\s+([\s\S]+)$/.exec(header);
    if (!match) throw new Unsupported('for loop target');
    const iter = condition(match[2]);
    const part = block(['else', 'endfor']);
    const otherwise = part.closer === 'else' ? block(['endfor']).body : [];
    return { t: 'for', target: match[1], iter, body: part.body, otherwise };
  };
  return block([]).body;
}

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

function applyFilter(name: string, target: Value, args: Value[]): Value {
  const arg = (i: number, fallback: Value): Value => (i < args.length ? args[i] : fallback);
  switch (name) {
    case 'join':
      return iterate(target).map((item) => pyStr(item)).join(toText(arg(0, '')));
    case 'default':
    case 'd':
      return target === UNDEFINED || (args.length > 1 && truthy(args[1]) && !truthy(target)) ? arg(0, '') : target;
    case 'upper':
      return toText(target).toUpperCase();
    case 'lower':
      return toText(target).toLowerCase();
    case 'trim':
      return toText(target).trim();
    case 'string':
      return toText(target);
    case 'replace':
      return toText(target).split(toText(arg(0, ''))).join(toText(arg(1, '')));
    case 'length':
    case 'count':
      return BigInt(iterate(target).length);
    case 'first':
      return iterate(target)[0] ?? UNDEFINED;
    case 'last': {
      const items = iterate(target);
      return items[items.length - 1] ?? UNDEFINED;
    }
    case 'list':
      return iterate(target);
    case 'int': {
      const parsed = /^\s*[-+]?\d+\s*$/.test(toText(target)) ? BigInt(toText(target).trim()) : null;
      return typeof target === 'bigint' ? target : parsed ?? 0n;
    }
    case 'quote':
    case 'tojson':
    case 'escape':
    case 'e':
    case 'format':
    case 'wordwrap':
    case 'indent':
    case 'map':
    case 'select':
    case 'reject':
    case 'sort':
    case 'unique':
    case 'safe':
    case 'title':
    case 'capitalize':
    case 'center':
    case 'round':
    case 'abs':
    case 'float':
    case 'sum':
    case 'batch':
    case 'slice':
    case 'urlencode':
    case 'xmlattr':
    case 'striptags':
    case 'truncate':
    case 'wordcount':
    case 'attr':
    case 'dictsort':
    case 'groupby':
    case 'filesizeformat':
    case 'forceescape':
    case 'items':
    case 'max':
    case 'min':
    case 'pprint':
    case 'random':
    case 'reverse':
    case 'selectattr':
    case 'rejectattr':
    case 'urlize':
    case 'bool':
      throw new Unsupported(`filter '${name}'`);
  }
  throw new JinjaError('TemplateAssertionError', `No filter named '${name}'.`);
}

function evaluate(expr: Expr, scope: Map<string, PyObject>): Value {
  switch (expr.t) {
    case 'lit':
      return expr.v;
    case 'name':
      return scope.has(expr.name) ? scope.get(expr.name)! : UNDEFINED;
    case 'list':
      return expr.items.map((item) => {
        const value = evaluate(item, scope);
        return value === UNDEFINED ? null : value;
      });
    case 'filter':
      return applyFilter(expr.name, evaluate(expr.target, scope), expr.args.map((a) => evaluate(a, scope)));
    case 'test': {
      const value = evaluate(expr.target, scope);
      let result: boolean;
      if (expr.name === 'defined') result = value !== UNDEFINED;
      else if (expr.name === 'undefined') result = value === UNDEFINED;
      else if (expr.name === 'none') result = value === null;
      else if (expr.name === 'string') result = typeof value === 'string';
      else throw new Unsupported(`test '${expr.name}'`);
      return expr.negate ? !result : result;
    }
    case 'not':
      return !truthy(evaluate(expr.operand, scope));
    case 'neg': {
      const value = evaluate(expr.operand, scope);
      if (typeof value === 'bigint') return -value;
      if (typeof value === 'number') return -value;
      throw new Unsupported('unary minus on non-numbers');
    }
    case 'cond':
      if (truthy(evaluate(expr.test, scope))) return evaluate(expr.then, scope);
      return expr.otherwise ? evaluate(expr.otherwise, scope) : UNDEFINED;
    case 'bin': {
      const left = evaluate(expr.left, scope);
      if (expr.op === 'and') return truthy(left) ? evaluate(expr.right, scope) : left;
      if (expr.op === 'or') return truthy(left) ? left : evaluate(expr.right, scope);
      const right = evaluate(expr.right, scope);
      if (expr.op === '~') return toText(left) + toText(right);
      if (expr.op === '==' || expr.op === '!=') {
        const same = left === right || (typeof left === 'string' && left === right);
        return expr.op === '==' ? same : !same;
      }
      if (expr.op === 'in' && typeof right === 'string' && typeof left === 'string') return right.includes(left);
      if (expr.op === '+' && typeof left === 'string' && typeof right === 'string') return left + right;
      if (expr.op === '+' && typeof left === 'bigint' && typeof right === 'bigint') return left + right;
      throw new Unsupported(`operator ${expr.op}`);
    }
    case 'attr':
    case 'item':
      throw new Unsupported('attribute access');
  }
}

function render(nodes: Node[], scope: Map<string, PyObject>): string {
  let out = '';
  for (const node of nodes) {
    if (node.t === 'text') out += node.text;
    else if (node.t === 'out') out += toText(evaluate(node.expr, scope));
    else if (node.t === 'if') {
      const branch = node.branches.find((b) => truthy(evaluate(b.test, scope)));
      out += render(branch ? branch.body : node.otherwise, scope);
    } else {
      const items = iterate(evaluate(node.iter, scope));
      if (items.length === 0) out += render(node.otherwise, scope);
      for (const item of items) out += render(node.body, new Map(scope).set(node.target, item));
    }
  }
  return out;
}

/** `Template(template).render(**variables)`. */
export function renderJinja(template: string, variables: ReadonlyMap<string, PyObject>): JinjaResult {
  try {
    const nodes = parseTemplate(template);
    let text = render(nodes, new Map(variables));
    // Jinja2's default keep_trailing_newline=False drops one trailing newline of the template.
    if (template.endsWith('\n') && text.endsWith('\n')) text = text.slice(0, -1);
    return { kind: 'ok', text };
  } catch (e) {
    if (e instanceof JinjaError) return { kind: 'error', errorType: e.errorType, message: e.message };
    if (e instanceof Unsupported) return { kind: 'unsupported', reason: e.message };
    throw e;
  }
}

/** Only the syntax check, for diagnostics that do not need a value. */
export function checkJinjaSyntax(template: string): { errorType: string; message: string } | null {
  const result = renderJinja(template, new Map());
  return result.kind === 'error' && result.errorType === 'TemplateSyntaxError' ? { errorType: result.errorType, message: result.message } : null;
}
