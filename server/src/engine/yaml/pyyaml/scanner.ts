/**
 * PyYAML 6's Scanner (lib/yaml/scanner.py), ported for behaviour: the same
 * tokens, the same simple-key rules (one line, at most 1024 characters), the
 * same line breaks (NEL, U+2028 and U+2029 included), tab rules, directive,
 * tag, anchor and escape rules, and the same errors with PyYAML's words and
 * marks. Its own code rather than a YAML 1.2 scanner because PyYAML's verdict
 * is the reference: YAML 1.2 parsers accept and reject different texts.
 *
 * Like PyYAML's, it is pulled by the parser one token at a time, so an error
 * further on is only found if the parser gets that far.
 */
import { MarkedYamlError, pyReprChar } from './errors';
import { Mark } from './marks';
import { Reader } from './reader';
import { ScalarStyleChar, SimpleTokenId, Token, TokenId } from './tokens';
import { decodeUtf8Strict } from './utf8';
import { spend } from '../../work';

const NUL = 0;
const TAB = 9;
const LF = 10;
const CR = 13;
const SPACE = 32;
const NEL = 0x85;
const LS = 0x2028;
const PS = 0x2029;
const BOM = 0xfeff;

/** `'\r\n\x85\u2028\u2029'` */
function isBreak(c: number): boolean {
  return c === LF || c === CR || c === NEL || c === LS || c === PS;
}
/** `'\0\r\n\x85\u2028\u2029'` */
function isBreakZ(c: number): boolean {
  return c === NUL || isBreak(c);
}
/** `'\0 \r\n\x85\u2028\u2029'` */
function isSpaceBreakZ(c: number): boolean {
  return c === SPACE || isBreakZ(c);
}
/** `'\0 \t\r\n\x85\u2028\u2029'` */
function isBlankBreakZ(c: number): boolean {
  return c === TAB || isSpaceBreakZ(c);
}
/** `'0' <= ch <= '9' or 'A' <= ch <= 'Z' or 'a' <= ch <= 'z' or ch in '-_'` */
function isWordChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 45 || c === 95;
}
function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
function isHex(c: number): boolean {
  return isDigit(c) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}
function charOf(c: number): string {
  return String.fromCodePoint(c);
}
function repr(c: number): string {
  return pyReprChar(charOf(c));
}
function isOneOf(c: number, chars: string): boolean {
  return c !== NUL && c < 0x80 && chars.includes(String.fromCharCode(c));
}

/** The characters of a tag URI besides letters and digits. */
const URI_CHARS = "-;/?:@&=+$,_.!~*'()[]%";

const ESCAPE_REPLACEMENTS: Record<string, string> = {
  '0': '\0',
  a: '\x07',
  b: '\x08',
  t: '\x09',
  '\t': '\x09',
  n: '\x0A',
  v: '\x0B',
  f: '\x0C',
  r: '\x0D',
  e: '\x1B',
  ' ': '\x20',
  '"': '"',
  '\\': '\\',
  '/': '/',
  N: '\x85',
  _: '\xA0',
  L: '\u2028',
  P: '\u2029',
};
const ESCAPE_CODES: Record<string, number> = { x: 2, u: 4, U: 8 };

interface SimpleKey {
  tokenNumber: number;
  required: boolean;
  index: number;
  line: number;
  column: number;
  mark: Mark;
}

function scannerError(context: string | null, contextMark: Mark | null, problem: string, problemMark: Mark): MarkedYamlError {
  return new MarkedYamlError('ScannerError', context, contextMark, problem, problemMark);
}

export class Scanner extends Reader {
  private done = false;
  private flowLevel = 0;
  /** Tokens scanned but not yet taken; the queue starts at `head`. */
  private tokens: Token[] = [];
  private head = 0;
  private tokensTaken = 0;
  private indent = -1;
  private indents: number[] = [];
  private allowSimpleKey = true;
  /** Per flow level, in insertion order (a Python dict in PyYAML), which is also token order. */
  private possibleSimpleKeys = new Map<number, SimpleKey>();
  /** Where the stale keys were last looked for. */
  private staleCheckedAt = -1;

  constructor(text: string) {
    super(text);
    const mark = this.getMark();
    this.tokens.push({ id: '<stream start>', start: mark, end: mark });
  }

  // Public methods.

  checkToken(...choices: TokenId[]): boolean {
    const token = this.peekToken();
    return token !== undefined && (choices.length === 0 || choices.includes(token.id));
  }

  peekToken(): Token | undefined {
    while (this.needMoreTokens()) {
      spend();
      this.fetchMoreTokens();
    }
    return this.tokens[this.head];
  }

  getToken(): Token | undefined {
    while (this.needMoreTokens()) {
      spend();
      this.fetchMoreTokens();
    }
    if (this.head >= this.tokens.length) return undefined;
    this.tokensTaken++;
    const token = this.tokens[this.head++];
    if (this.head > 64 && this.head * 2 > this.tokens.length) {
      this.tokens = this.tokens.slice(this.head);
      this.head = 0;
    }
    return token;
  }

  // Private methods.

  private queued(): number {
    return this.tokens.length - this.head;
  }

  private needMoreTokens(): boolean {
    if (this.done) return false;
    if (this.queued() === 0) return true;
    // The current token may be a potential simple key, so we need to look further.
    this.staleSimpleKeys();
    return this.nextPossibleSimpleKey() === this.tokensTaken;
  }

  private fetchMoreTokens(): void {
    this.scanToNextToken();
    this.staleSimpleKeys();
    this.unwindIndent(this.column);
    const ch = this.peek();
    if (ch === NUL) return this.fetchStreamEnd();
    if (ch === 37 /* % */ && this.checkDirective()) return this.fetchDirective();
    if (ch === 45 /* - */ && this.checkDocumentIndicator(45)) return this.fetchDocumentIndicator('<document start>');
    if (ch === 46 /* . */ && this.checkDocumentIndicator(46)) return this.fetchDocumentIndicator('<document end>');
    switch (ch) {
      case 91 /* [ */:
        return this.fetchFlowCollectionStart('[');
      case 123 /* { */:
        return this.fetchFlowCollectionStart('{');
      case 93 /* ] */:
        return this.fetchFlowCollectionEnd(']');
      case 125 /* } */:
        return this.fetchFlowCollectionEnd('}');
      case 44 /* , */:
        return this.fetchFlowEntry();
    }
    if (ch === 45 /* - */ && isBlankBreakZ(this.peek(1))) return this.fetchBlockEntry();
    if (ch === 63 /* ? */ && this.checkKeyOrValue()) return this.fetchKey();
    if (ch === 58 /* : */ && this.checkKeyOrValue()) return this.fetchValue();
    if (ch === 42 /* * */) return this.fetchAnchor('<alias>');
    if (ch === 38 /* & */) return this.fetchAnchor('<anchor>');
    if (ch === 33 /* ! */) return this.fetchTag();
    if (ch === 124 /* | */ && !this.flowLevel) return this.fetchBlockScalar('|');
    if (ch === 62 /* > */ && !this.flowLevel) return this.fetchBlockScalar('>');
    if (ch === 39 /* ' */) return this.fetchFlowScalar("'");
    if (ch === 34 /* " */) return this.fetchFlowScalar('"');
    if (this.checkPlain()) return this.fetchPlain();
    throw scannerError('while scanning for the next token', null, `found character ${repr(ch)} that cannot start any token`, this.getMark());
  }

  // Simple keys treatment.

  /** The lowest token number of a possible simple key: the first one, since keys are added in token order. */
  private nextPossibleSimpleKey(): number | undefined {
    for (const key of this.possibleSimpleKeys.values()) {
      spend();
      return key.tokenNumber;
    }
    return undefined;
  }

  /** Simple keys end at a line break and after 1024 characters. */
  private staleSimpleKeys(): void {
    // Nothing can have gone stale since the last look if the scanner has not moved (a new key is never stale).
    if (this.pointer === this.staleCheckedAt) return;
    this.staleCheckedAt = this.pointer;
    for (const [level, key] of this.possibleSimpleKeys) {
      spend();
      if (key.line !== this.line || this.pointer - key.index > 1024) {
        if (key.required) throw scannerError('while scanning a simple key', key.mark, "could not find expected ':'", this.getMark());
        this.possibleSimpleKeys.delete(level);
      }
    }
  }

  private savePossibleSimpleKey(): void {
    const required = !this.flowLevel && this.indent === this.column;
    if (this.allowSimpleKey) {
      this.removePossibleSimpleKey();
      const tokenNumber = this.tokensTaken + this.queued();
      this.possibleSimpleKeys.set(this.flowLevel, { tokenNumber, required, index: this.pointer, line: this.line, column: this.column, mark: this.getMark() });
    }
  }

  private removePossibleSimpleKey(): void {
    const key = this.possibleSimpleKeys.get(this.flowLevel);
    if (key) {
      if (key.required) throw scannerError('while scanning a simple key', key.mark, "could not find expected ':'", this.getMark());
      this.possibleSimpleKeys.delete(this.flowLevel);
    }
  }

  // Indentation functions.

  private unwindIndent(column: number): void {
    // In the flow context, indentation is ignored.
    if (this.flowLevel) return;
    while (this.indent > column) {
      spend();
      const mark = this.getMark();
      this.indent = this.indents.pop()!;
      this.tokens.push({ id: '<block end>', start: mark, end: mark });
    }
  }

  private addIndent(column: number): boolean {
    if (this.indent < column) {
      this.indents.push(this.indent);
      this.indent = column;
      return true;
    }
    return false;
  }

  // Fetchers.

  private pushSimple(id: SimpleTokenId, length: number): void {
    const start = this.getMark();
    this.forward(length);
    this.tokens.push({ id, start, end: this.getMark() });
  }

  private pushMarker(id: SimpleTokenId): void {
    const mark = this.getMark();
    this.tokens.push({ id, start: mark, end: mark });
  }

  private fetchStreamEnd(): void {
    this.unwindIndent(-1);
    this.removePossibleSimpleKey();
    this.allowSimpleKey = false;
    this.possibleSimpleKeys = new Map();
    this.pushMarker('<stream end>');
    this.done = true;
  }

  private fetchDirective(): void {
    this.unwindIndent(-1);
    this.removePossibleSimpleKey();
    this.allowSimpleKey = false;
    this.tokens.push(this.scanDirective());
  }

  private fetchDocumentIndicator(id: '<document start>' | '<document end>'): void {
    this.unwindIndent(-1);
    // There could not be a block collection after '---'.
    this.removePossibleSimpleKey();
    this.allowSimpleKey = false;
    this.pushSimple(id, 3);
  }

  private fetchFlowCollectionStart(id: '[' | '{'): void {
    this.savePossibleSimpleKey();
    this.flowLevel++;
    this.allowSimpleKey = true;
    this.pushSimple(id, 1);
  }

  private fetchFlowCollectionEnd(id: ']' | '}'): void {
    this.removePossibleSimpleKey();
    this.flowLevel--;
    this.allowSimpleKey = false;
    this.pushSimple(id, 1);
  }

  private fetchFlowEntry(): void {
    this.allowSimpleKey = true;
    this.removePossibleSimpleKey();
    this.pushSimple(',', 1);
  }

  private fetchBlockEntry(): void {
    if (!this.flowLevel) {
      if (!this.allowSimpleKey) throw scannerError(null, null, 'sequence entries are not allowed here', this.getMark());
      if (this.addIndent(this.column)) this.pushMarker('<block sequence start>');
    }
    // A block entry in the flow context is left for the parser to reject.
    this.allowSimpleKey = true;
    this.removePossibleSimpleKey();
    this.pushSimple('-', 1);
  }

  private fetchKey(): void {
    if (!this.flowLevel) {
      if (!this.allowSimpleKey) throw scannerError(null, null, 'mapping keys are not allowed here', this.getMark());
      if (this.addIndent(this.column)) this.pushMarker('<block mapping start>');
    }
    this.allowSimpleKey = !this.flowLevel;
    this.removePossibleSimpleKey();
    this.pushSimple('?', 1);
  }

  private fetchValue(): void {
    const key = this.possibleSimpleKeys.get(this.flowLevel);
    if (key) {
      this.possibleSimpleKeys.delete(this.flowLevel);
      const at = this.head + key.tokenNumber - this.tokensTaken;
      this.tokens.splice(at, 0, { id: '?', start: key.mark, end: key.mark });
      // If this key starts a new block mapping, we need to add BLOCK-MAPPING-START.
      if (!this.flowLevel && this.addIndent(key.column)) {
        this.tokens.splice(at, 0, { id: '<block mapping start>', start: key.mark, end: key.mark });
      }
      // There cannot be two simple keys one after another.
      this.allowSimpleKey = false;
    } else {
      // It must be a part of a complex key.
      if (!this.flowLevel) {
        if (!this.allowSimpleKey) throw scannerError(null, null, 'mapping values are not allowed here', this.getMark());
        if (this.addIndent(this.column)) this.pushMarker('<block mapping start>');
      }
      this.allowSimpleKey = !this.flowLevel;
      this.removePossibleSimpleKey();
    }
    this.pushSimple(':', 1);
  }

  private fetchAnchor(id: '<alias>' | '<anchor>'): void {
    this.savePossibleSimpleKey();
    this.allowSimpleKey = false;
    this.tokens.push(this.scanAnchor(id));
  }

  private fetchTag(): void {
    this.savePossibleSimpleKey();
    this.allowSimpleKey = false;
    this.tokens.push(this.scanTag());
  }

  private fetchBlockScalar(style: '|' | '>'): void {
    // A simple key may follow a block scalar.
    this.allowSimpleKey = true;
    this.removePossibleSimpleKey();
    this.tokens.push(this.scanBlockScalar(style));
  }

  private fetchFlowScalar(style: "'" | '"'): void {
    this.savePossibleSimpleKey();
    this.allowSimpleKey = false;
    this.tokens.push(this.scanFlowScalar(style));
  }

  private fetchPlain(): void {
    this.savePossibleSimpleKey();
    // scanPlain sets it again when the scalar ends at the beginning of a line.
    this.allowSimpleKey = false;
    this.tokens.push(this.scanPlain());
  }

  // Checkers.

  private checkDirective(): boolean {
    return this.column === 0;
  }

  /** `---` or `...` at the start of a line, followed by a blank, a break or the end. */
  private checkDocumentIndicator(ch: number): boolean {
    return this.column === 0 && this.isDocumentIndicatorAhead(ch);
  }

  private isDocumentIndicatorAhead(ch: number): boolean {
    return this.peek() === ch && this.peek(1) === ch && this.peek(2) === ch && isBlankBreakZ(this.peek(3));
  }

  /** A document separator (`---` or `...`) at the current position, however it is indented. */
  private atDocumentSeparator(): boolean {
    return this.isDocumentIndicatorAhead(45) || this.isDocumentIndicatorAhead(46);
  }

  /** `?` and `:` need a blank after them in the block context only. */
  private checkKeyOrValue(): boolean {
    return this.flowLevel > 0 || isBlankBreakZ(this.peek(1));
  }

  private checkPlain(): boolean {
    const ch = this.peek();
    return (
      !(isBlankBreakZ(ch) || isOneOf(ch, '-?:,[]{}#&*!|>\'"%@`')) ||
      (!isBlankBreakZ(this.peek(1)) && (ch === 45 /* - */ || (!this.flowLevel && (ch === 63 /* ? */ || ch === 58) /* : */)))
    );
  }

  // Scanners.

  /** Moves past the spaces at the pointer. */
  private skipSpaces(): void {
    while (this.peek() === SPACE) {
      spend();
      this.forward();
    }
  }

  /** Moves past a comment at the pointer, up to its line break. */
  private skipComment(): void {
    if (this.peek() !== 35 /* # */) return;
    while (!isBreakZ(this.peek())) {
      spend();
      this.forward();
    }
  }

  private scanToNextToken(): void {
    // The byte order mark is stripped only as the first character of the stream.
    if (this.pointer === 0 && this.peek() === BOM) this.forward();
    for (;;) {
      spend();
      this.skipSpaces();
      this.skipComment();
      if (this.scanLineBreak() === '') return;
      if (!this.flowLevel) this.allowSimpleKey = true;
    }
  }

  private scanDirective(): Token {
    const start = this.getMark();
    this.forward();
    const name = this.scanDirectiveName(start);
    let value: [number, number] | [string, string] | null = null;
    let end: Mark;
    if (name === 'YAML') {
      value = this.scanYamlDirectiveValue(start);
      end = this.getMark();
    } else if (name === 'TAG') {
      value = this.scanTagDirectiveValue(start);
      end = this.getMark();
    } else {
      end = this.getMark();
      while (!isBreakZ(this.peek())) {
        spend();
        this.forward();
      }
    }
    this.scanDirectiveIgnoredLine(start);
    return { id: '<directive>', name, value, start, end };
  }

  private directiveError(start: Mark, problem: string): MarkedYamlError {
    return scannerError('while scanning a directive', start, problem, this.getMark());
  }

  private scanDirectiveName(start: Mark): string {
    let length = 0;
    while (isWordChar(this.peek(length))) {
      spend();
      length++;
    }
    if (!length) throw this.directiveError(start, `expected alphabetic or numeric character, but found ${repr(this.peek(length))}`);
    const value = this.prefix(length);
    this.forward(length);
    const ch = this.peek();
    if (!isSpaceBreakZ(ch)) throw this.directiveError(start, `expected alphabetic or numeric character, but found ${repr(ch)}`);
    return value;
  }

  private scanYamlDirectiveValue(start: Mark): [number, number] {
    this.skipSpaces();
    const major = this.scanYamlDirectiveNumber(start);
    if (this.peek() !== 46 /* . */) throw this.directiveError(start, `expected a digit or '.', but found ${repr(this.peek())}`);
    this.forward();
    const minor = this.scanYamlDirectiveNumber(start);
    if (!isSpaceBreakZ(this.peek())) throw this.directiveError(start, `expected a digit or ' ', but found ${repr(this.peek())}`);
    return [major, minor];
  }

  private scanYamlDirectiveNumber(start: Mark): number {
    const ch = this.peek();
    if (!isDigit(ch)) throw this.directiveError(start, `expected a digit, but found ${repr(ch)}`);
    let length = 0;
    while (isDigit(this.peek(length))) {
      spend();
      length++;
    }
    // Python's int() of the digits; only `major != 1` is ever asked, so a Number is exact enough.
    const value = Number(this.prefix(length));
    this.forward(length);
    return value;
  }

  private scanTagDirectiveValue(start: Mark): [string, string] {
    this.skipSpaces();
    const handle = this.scanTagHandle('directive', start);
    if (this.peek() !== SPACE) throw this.directiveError(start, `expected ' ', but found ${repr(this.peek())}`);
    this.skipSpaces();
    const prefix = this.scanTagUri('directive', start);
    if (!isSpaceBreakZ(this.peek())) throw this.directiveError(start, `expected ' ', but found ${repr(this.peek())}`);
    return [handle, prefix];
  }

  private scanDirectiveIgnoredLine(start: Mark): void {
    this.skipSpaces();
    this.skipComment();
    const ch = this.peek();
    if (!isBreakZ(ch)) throw this.directiveError(start, `expected a comment or a line break, but found ${repr(ch)}`);
    this.scanLineBreak();
  }

  private scanAnchor(id: '<alias>' | '<anchor>'): Token {
    // Anchor and alias names are restricted to ASCII letters, digits, '-' and '_'.
    const start = this.getMark();
    const name = id === '<alias>' ? 'alias' : 'anchor';
    this.forward();
    let length = 0;
    while (isWordChar(this.peek(length))) {
      spend();
      length++;
    }
    if (!length) {
      throw scannerError(`while scanning an ${name}`, start, `expected alphabetic or numeric character, but found ${repr(this.peek(length))}`, this.getMark());
    }
    const value = this.prefix(length);
    this.forward(length);
    const ch = this.peek();
    if (!(isBlankBreakZ(ch) || isOneOf(ch, '?:,]}%@`'))) {
      throw scannerError(`while scanning an ${name}`, start, `expected alphabetic or numeric character, but found ${repr(ch)}`, this.getMark());
    }
    return { id, value, start, end: this.getMark() };
  }

  private scanTag(): Token {
    const start = this.getMark();
    let ch = this.peek(1);
    let handle: string | null;
    let suffix: string;
    if (ch === 60 /* < */) {
      handle = null;
      this.forward(2);
      suffix = this.scanTagUri('tag', start);
      if (this.peek() !== 62 /* > */) throw scannerError('while parsing a tag', start, `expected '>', but found ${repr(this.peek())}`, this.getMark());
      this.forward();
    } else if (isBlankBreakZ(ch)) {
      handle = null;
      suffix = '!';
      this.forward();
    } else {
      let length = 1;
      let useHandle = false;
      while (!isSpaceBreakZ(ch)) {
        spend();
        if (ch === 33 /* ! */) {
          useHandle = true;
          break;
        }
        length++;
        ch = this.peek(length);
      }
      if (useHandle) {
        handle = this.scanTagHandle('tag', start);
      } else {
        handle = '!';
        this.forward();
      }
      suffix = this.scanTagUri('tag', start);
    }
    ch = this.peek();
    if (!isSpaceBreakZ(ch)) throw scannerError('while scanning a tag', start, `expected ' ', but found ${repr(ch)}`, this.getMark());
    return { id: '<tag>', handle, suffix, start, end: this.getMark() };
  }

  private scanBlockScalar(style: '|' | '>'): Token {
    const folded = style === '>';
    let chunks = '';
    const start = this.getMark();
    // Scan the header.
    this.forward();
    const [chomping, increment] = this.scanBlockScalarIndicators(start);
    this.scanBlockScalarIgnoredLine(start);
    // Without content lines, the engine's range ends after the header's line.
    let rangeEnd = this.getMark().offset;
    // Determine the indentation level and go to the first non-empty line.
    const minIndent = Math.max(this.indent + 1, 1);
    let breaks: string;
    let end: Mark;
    let indent: number;
    if (increment === null) {
      let maxIndent: number;
      [breaks, maxIndent, end] = this.scanBlockScalarIndentation();
      indent = Math.max(minIndent, maxIndent);
    } else {
      indent = minIndent + increment - 1;
      [breaks, end] = this.scanBlockScalarBreaks(indent);
    }
    let lineBreak = '';
    // Scan the inner part of the block scalar.
    while (this.column === indent && this.peek() !== NUL) {
      spend();
      chunks += breaks;
      const leadingNonSpace = this.peek() !== SPACE && this.peek() !== TAB;
      let length = 0;
      while (!isBreakZ(this.peek(length))) {
        spend();
        length++;
      }
      chunks += this.prefix(length);
      this.forward(length);
      lineBreak = this.scanLineBreak();
      rangeEnd = this.getMark().offset;
      [breaks, end] = this.scanBlockScalarBreaks(indent);
      if (this.column === indent && this.peek() !== NUL) {
        // Folding as the specification says it (PyYAML's choice among the readings).
        if (folded && lineBreak === '\n' && leadingNonSpace && this.peek() !== SPACE && this.peek() !== TAB) {
          if (!breaks) chunks += ' ';
        } else {
          chunks += lineBreak;
        }
      } else {
        break;
      }
    }
    // Chomp the tail.
    if (chomping !== false) chunks += lineBreak;
    if (chomping === true) {
      chunks += breaks;
      rangeEnd = end.offset;
    }
    return { id: '<scalar>', value: chunks, plain: false, style, start, end, rangeEnd };
  }

  private blockScalarError(start: Mark, problem: string): MarkedYamlError {
    return scannerError('while scanning a block scalar', start, problem, this.getMark());
  }

  private scanBlockScalarIndicators(start: Mark): [chomping: boolean | null, increment: number | null] {
    let chomping: boolean | null = null;
    let increment: number | null = null;
    let ch = this.peek();
    if (ch === 43 /* + */ || ch === 45 /* - */) {
      chomping = ch === 43;
      this.forward();
      ch = this.peek();
      if (isDigit(ch)) {
        increment = ch - 48;
        if (increment === 0) throw this.blockScalarError(start, 'expected indentation indicator in the range 1-9, but found 0');
        this.forward();
      }
    } else if (isDigit(ch)) {
      increment = ch - 48;
      if (increment === 0) throw this.blockScalarError(start, 'expected indentation indicator in the range 1-9, but found 0');
      this.forward();
      ch = this.peek();
      if (ch === 43 || ch === 45) {
        chomping = ch === 43;
        this.forward();
      }
    }
    ch = this.peek();
    if (!isSpaceBreakZ(ch)) throw this.blockScalarError(start, `expected chomping or indentation indicators, but found ${repr(ch)}`);
    return [chomping, increment];
  }

  private scanBlockScalarIgnoredLine(start: Mark): void {
    this.skipSpaces();
    this.skipComment();
    const ch = this.peek();
    if (!isBreakZ(ch)) throw this.blockScalarError(start, `expected a comment or a line break, but found ${repr(ch)}`);
    this.scanLineBreak();
  }

  private scanBlockScalarIndentation(): [breaks: string, maxIndent: number, end: Mark] {
    let chunks = '';
    let maxIndent = 0;
    let end = this.getMark();
    for (let ch = this.peek(); ch === SPACE || isBreak(ch); ch = this.peek()) {
      spend();
      if (ch !== SPACE) {
        chunks += this.scanLineBreak();
        end = this.getMark();
      } else {
        this.forward();
        if (this.column > maxIndent) maxIndent = this.column;
      }
    }
    return [chunks, maxIndent, end];
  }

  private scanBlockScalarBreaks(indent: number): [breaks: string, end: Mark] {
    let chunks = '';
    let end = this.getMark();
    while (this.column < indent && this.peek() === SPACE) {
      spend();
      this.forward();
    }
    while (isBreak(this.peek())) {
      spend();
      chunks += this.scanLineBreak();
      end = this.getMark();
      while (this.column < indent && this.peek() === SPACE) {
        spend();
        this.forward();
      }
    }
    return [chunks, end];
  }

  private scanFlowScalar(style: "'" | '"'): Token {
    // Quoted scalars are not held to indentation; only document separators end them early.
    const double = style === '"';
    const start = this.getMark();
    const quote = this.peek();
    this.forward();
    let chunks = this.scanFlowScalarNonSpaces(double, start);
    while (this.peek() !== quote) {
      spend();
      chunks += this.scanFlowScalarSpaces(start);
      chunks += this.scanFlowScalarNonSpaces(double, start);
    }
    this.forward();
    const end = this.getMark();
    return { id: '<scalar>', value: chunks, plain: false, style: style as ScalarStyleChar, start, end, rangeEnd: end.offset };
  }

  private scanFlowScalarNonSpaces(double: boolean, start: Mark): string {
    let chunks = '';
    for (;;) {
      spend();
      let length = 0;
      for (let ch = this.peek(); !(ch === 39 || ch === 34 || ch === 92 || isBlankBreakZ(ch)); ch = this.peek(++length)) {
        spend();
        ;
      }
      if (length) {
        chunks += this.prefix(length);
        this.forward(length);
      }
      const ch = this.peek();
      if (!double && ch === 39 /* ' */ && this.peek(1) === 39) {
        chunks += "'";
        this.forward(2);
      } else if ((double && ch === 39) || (!double && (ch === 34 || ch === 92))) {
        chunks += charOf(ch);
        this.forward();
      } else if (double && ch === 92 /* \ */) {
        this.forward();
        const code = this.peek();
        const escaped = charOf(code);
        if (code !== NUL && escaped in ESCAPE_REPLACEMENTS) {
          chunks += ESCAPE_REPLACEMENTS[escaped];
          this.forward();
        } else if (code !== NUL && escaped in ESCAPE_CODES) {
          const length = ESCAPE_CODES[escaped];
          this.forward();
          for (let k = 0; k < length; k++) {
            spend();
            if (!isHex(this.peek(k))) {
              throw scannerError(
                'while scanning a double-quoted scalar',
                start,
                `expected escape sequence of ${length} hexadecimal numbers, but found ${repr(this.peek(k))}`,
                this.getMark(),
              );
            }
          }
          const value = parseInt(this.prefix(length), 16);
          chunks += pythonChr(value, this.getMark());
          this.forward(length);
        } else if (isBreak(code)) {
          this.scanLineBreak();
          chunks += this.scanFlowScalarBreaks(start);
        } else {
          throw scannerError('while scanning a double-quoted scalar', start, `found unknown escape character ${repr(code)}`, this.getMark());
        }
      } else {
        return chunks;
      }
    }
  }

  private scanFlowScalarSpaces(start: Mark): string {
    let length = 0;
    while (this.peek(length) === SPACE || this.peek(length) === TAB) {
      spend();
      length++;
    }
    const whitespaces = this.prefix(length);
    this.forward(length);
    const ch = this.peek();
    if (ch === NUL) throw scannerError('while scanning a quoted scalar', start, 'found unexpected end of stream', this.getMark());
    if (isBreak(ch)) {
      const lineBreak = this.scanLineBreak();
      const breaks = this.scanFlowScalarBreaks(start);
      if (lineBreak !== '\n') return lineBreak + breaks;
      return breaks ? breaks : ' ';
    }
    return whitespaces;
  }

  private scanFlowScalarBreaks(start: Mark): string {
    let chunks = '';
    for (;;) {
      spend();
      // Instead of checking indentation, we check for document separators.
      if (this.atDocumentSeparator()) throw scannerError('while scanning a quoted scalar', start, 'found unexpected document separator', this.getMark());
      while (this.peek() === SPACE || this.peek() === TAB) {
        spend();
        this.forward();
      }
      if (!isBreak(this.peek())) return chunks;
      chunks += this.scanLineBreak();
    }
  }

  private scanPlain(): Token {
    // Plain scalars in the flow context cannot contain ',' or '?'; indentation rules are loosened there.
    let chunks = '';
    const start = this.getMark();
    // The end mark, kept as numbers until the scalar ends (a long plain scalar has many chunks).
    let endPointer = this.pointer;
    let endLine = this.line;
    let endColumn = this.column;
    const indent = this.indent + 1;
    let spaces: string | null = '';
    for (;;) {
      spend();
      let length = 0;
      if (this.peek() === 35 /* # */) break;
      for (;;) {
        spend();
        const ch = this.peek(length);
        if (isBlankBreakZ(ch)) break;
        if (ch === 58 /* : */) {
          const next = this.peek(length + 1);
          if (isBlankBreakZ(next) || (this.flowLevel && isOneOf(next, ',[]{}'))) break;
        }
        if (this.flowLevel && isOneOf(ch, ',?[]{}')) break;
        length++;
      }
      if (length === 0) break;
      this.allowSimpleKey = false;
      chunks += spaces;
      chunks += this.prefix(length);
      this.forward(length);
      endPointer = this.pointer;
      endLine = this.line;
      endColumn = this.column;
      spaces = this.scanPlainSpaces();
      if (!spaces || this.peek() === 35 || (!this.flowLevel && this.column < indent)) break;
    }
    const end: Mark = { index: endPointer, line: endLine, column: endColumn, offset: this.offsetOf(endPointer) };
    return { id: '<scalar>', value: chunks, plain: true, style: null, start, end, rangeEnd: end.offset };
  }

  /** The folded whitespace after a plain scalar's chunk, or null at a document separator. */
  private scanPlainSpaces(): string | null {
    let length = 0;
    while (this.peek(length) === SPACE) {
      spend();
      length++;
    }
    const whitespaces = this.prefix(length);
    this.forward(length);
    const ch = this.peek();
    if (isBreak(ch)) {
      const lineBreak = this.scanLineBreak();
      this.allowSimpleKey = true;
      if (this.atDocumentSeparator()) return null;
      let breaks = '';
      for (let next = this.peek(); next === SPACE || isBreak(next); next = this.peek()) {
        spend();
        if (next === SPACE) {
          this.forward();
        } else {
          breaks += this.scanLineBreak();
          if (this.atDocumentSeparator()) return null;
        }
      }
      if (lineBreak !== '\n') return lineBreak + breaks;
      return breaks ? breaks : ' ';
    }
    return whitespaces;
  }

  private scanTagHandle(name: string, start: Mark): string {
    // The specification does not allow '_' in tag handles; PyYAML does.
    let ch = this.peek();
    if (ch !== 33 /* ! */) throw scannerError(`while scanning a ${name}`, start, `expected '!', but found ${repr(ch)}`, this.getMark());
    let length = 1;
    ch = this.peek(length);
    if (ch !== SPACE) {
      while (isWordChar(ch)) {
        spend();
        length++;
        ch = this.peek(length);
      }
      if (ch !== 33) {
        this.forward(length);
        throw scannerError(`while scanning a ${name}`, start, `expected '!', but found ${repr(ch)}`, this.getMark());
      }
      length++;
    }
    const value = this.prefix(length);
    this.forward(length);
    return value;
  }

  private scanTagUri(name: string, start: Mark): string {
    // PyYAML does not check that the URI is well-formed.
    let chunks = '';
    let any = false;
    let length = 0;
    let ch = this.peek(length);
    while ((ch < 0x80 && ch !== NUL && isWordChar(ch)) || isOneOf(ch, URI_CHARS)) {
      spend();
      if (ch === 37 /* % */) {
        chunks += this.prefix(length);
        this.forward(length);
        length = 0;
        chunks += this.scanUriEscapes(name, start);
        any = true;
      } else {
        length++;
      }
      ch = this.peek(length);
    }
    if (length) {
      chunks += this.prefix(length);
      this.forward(length);
      any = true;
    }
    if (!any) throw scannerError(`while parsing a ${name}`, start, `expected URI, but found ${repr(ch)}`, this.getMark());
    return chunks;
  }

  private scanUriEscapes(name: string, start: Mark): string {
    const codes: number[] = [];
    const mark = this.getMark();
    while (this.peek() === 37 /* % */) {
      spend();
      this.forward();
      for (let k = 0; k < 2; k++) {
        spend();
        if (!isHex(this.peek(k))) {
          throw scannerError(
            `while scanning a ${name}`,
            start,
            `expected URI escape sequence of 2 hexadecimal numbers, but found ${repr(this.peek(k))}`,
            this.getMark(),
          );
        }
      }
      codes.push(parseInt(this.prefix(2), 16));
      this.forward(2);
    }
    const decoded = decodeUtf8Strict(Uint8Array.from(codes));
    if (!decoded.ok) throw scannerError(`while scanning a ${name}`, start, decoded.message, mark);
    return decoded.text;
  }

  /** Consumes one line break: `\r\n`, `\r`, `\n` and NEL read as `\n`; U+2028 and U+2029 as themselves; '' when there is none. */
  private scanLineBreak(): string {
    const ch = this.peek();
    if (ch === CR || ch === LF || ch === NEL) {
      this.forward(ch === CR && this.peek(1) === LF ? 2 : 1);
      return '\n';
    }
    if (ch === LS || ch === PS) {
      this.forward();
      return charOf(ch);
    }
    return '';
  }
}

/**
 * Python's chr() of an escape's code point: a value past U+10FFFF raises
 * ValueError (OverflowError past a C int) out of the scanner, which
 * safe_load does not catch. Surrogates are valid Python characters;
 * JavaScript keeps them as lone UTF-16 units.
 */
function pythonChr(code: number, mark: Mark): string {
  if (code > 0x7fffffff) throw new PythonCrash('OverflowError', 'Python int too large to convert to C int', mark);
  if (code > 0x10ffff) throw new PythonCrash('ValueError', 'chr() arg not in range(0x110000)', mark);
  return code >= 0xd800 && code <= 0xdfff ? String.fromCharCode(code) : String.fromCodePoint(code);
}

/** A plain Python exception (not a YAMLError) escaping the scanner. */
export class PythonCrash extends Error {
  constructor(
    readonly exceptionType: string,
    readonly pyMessage: string,
    readonly mark: Mark,
  ) {
    super(pyMessage);
  }
}
