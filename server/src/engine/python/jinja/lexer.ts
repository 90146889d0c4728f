/** Jinja's lexer and token stream: the tokens up to the first lexing failure, raised when the parser reaches it. */
import { pyReprString } from '../pyObject';
import { PY_WHITESPACE_CLASS } from '../pyWhitespace';
import { Unsupported, syntaxError } from './errors';
import { WorkBudgetExhausted, charged, spend } from '../../work';

export interface Token {
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
export const OPERATOR_TEXT: Record<string, string> = Object.fromEntries(charged(Object.entries(OPERATORS)).map(([text, type]) => [type, text]));
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

export function describeToken(token: Token): string {
  return token.type === 'name' ? String(token.value) : describeType(token.type);
}

/** Describes a token expression: `name:endif` or a token type. */
export function describeExpr(expr: string): string {
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
const RAW_BEGIN = new RegExp(`[${WS}]*raw[${WS}]*(?:-%\\}[${WS}]*|%\\})`, 'y');
/** A raw block's text and its `{% endraw %}` (Jinja's TOKEN_RAW_BEGIN rule). */
const RAW_END = new RegExp(`\\{%([-+]?)[${WS}]*endraw[${WS}]*(?:\\+%\\}|-%\\}[${WS}]*|%\\})`, 'g');
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

export function tokenize(template: string): Lexed {
  const lines = template.split(/\r\n|\r|\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  const source = lines.join('\n');
  const tokens: Token[] = [];
  const end = source.length;
  const fail = (failure: Error): Lexed => ({ tokens, failure, end });
  let pos = 0;
  while (pos < source.length) {
    spend();
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
    const rawBegin = kind === '%' ? matchAt(RAW_BEGIN, source, pos) : null;
    if (rawBegin !== null) {
      pos += rawBegin.length;
      RAW_END.lastIndex = pos;
      const close = RAW_END.exec(source);
      if (!close) return pos < source.length ? fail(syntaxError('Missing end of raw directive', pos)) : { tokens, failure: null, end };
      let raw = source.slice(pos, close.index);
      if (close[1] === '-') raw = raw.replace(TRAILING_WS, '');
      if (raw) tokens.push({ type: 'data', value: raw, pos });
      pos = close.index + close[0].length;
      continue;
    }
    const isBlock = kind === '%';
    tokens.push({ type: isBlock ? 'block_begin' : 'variable_begin', value: '', pos: start });
    const balance: string[] = [];
    for (;;) {
      spend();
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
          if (e instanceof WorkBudgetExhausted) throw e;
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
    spend();
    const code = ch.codePointAt(0)!;
    if (code < 0x80) text += ch;
    else if (code <= 0xff) text += '\\x' + code.toString(16).padStart(2, '0');
    else if (code <= 0xffff) text += '\\u' + code.toString(16).padStart(4, '0');
    else text += '\\U' + code.toString(16).padStart(8, '0');
  }
  const simple: Record<string, string> = { '\n': '', '\\': '\\', "'": "'", '"': '"', a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };
  let out = '';
  for (let i = 0; i < text.length; i++) {
    spend();
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

export class TokenStream {
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

