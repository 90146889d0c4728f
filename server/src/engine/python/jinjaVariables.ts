/**
 * The variables a Jinja2 template reads from its context: each name it looks
 * up that nothing in the template itself binds, with its offset. Bound
 * names follow Jinja's statements: a `for` loop's targets and `loop` inside
 * its body, `{% set %}` from where it stands (inside a block, only there),
 * `with` and `macro` arguments inside their blocks; attributes (`a.b`),
 * filter and test names (`|join`, `is defined`) and keyword arguments are not
 * variables. Whitespace control (`{{-`, `-%}`, `+%}`), comments and `raw`
 * blocks are read as Jinja reads them.
 *
 * Only for a template that compiles (`compileJinja` says so first): the scan
 * is lexical, so a syntax error would make it guess.
 */
import { compileJinja } from './jinja';
import { charged, spend } from '../work';

export interface TemplateVariable {
  name: string;
  /** Offsets of the name in the template. */
  start: number;
  end: number;
}

/** Jinja2's default globals (`DEFAULT_NAMESPACE`), which every template can read. */
const JINJA_GLOBALS: ReadonlySet<string> = new Set(['range', 'dict', 'lipsum', 'cycler', 'joiner', 'namespace']);

const KEYWORDS = new Set(['and', 'or', 'not', 'in', 'is', 'if', 'else', 'true', 'false', 'none', 'True', 'False', 'None']);
const TOKEN = /\s+|'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|[A-Za-z_][A-Za-z0-9_]*|\d[\d_]*(?:\.\d+)?(?:e[+-]?\d+)?|\*\*|\/\/|==|!=|>=|<=|[-+]?[%}]\}|./sy;

interface Token {
  text: string;
  pos: number;
}

/** The variables `template` reads, in order; null when it does not compile (its syntax is another rule's). */
export function templateVariables(template: string): TemplateVariable[] | null {
  const problem = compileJinja(template);
  if (problem && problem.kind !== 'unsupported') return null;
  const reads: TemplateVariable[] = [];
  // Each open block's bound names; the first is the template's own.
  const scopes: Set<string>[] = [new Set()];
  const opened: string[] = [];
  const bound = (name: string) => JINJA_GLOBALS.has(name) || charged(scopes).some((s) => s.has(name));
  const readAll = (tokens: Token[]) => {
    for (const read of namesRead(tokens)) {
      spend();
      if (!bound(read.name)) reads.push(read);
    }
  };
  const open = (tag: string, names: Iterable<string>) => {
    opened.push(tag);
    scopes.push(new Set(names));
  };

  let pos = 0;
  for (;;) {
    spend();
    const begin = nextTagStart(template, pos);
    if (!begin) break;
    if (begin.kind === '#') {
      const end = template.indexOf('#}', begin.inner);
      pos = end === -1 ? template.length : end + 2;
      continue;
    }
    const { tokens, end } = tagTokens(template, begin.inner, begin.kind === '{' ? '}}' : '%}');
    pos = end;
    if (begin.kind === '{') {
      readAll(tokens);
      continue;
    }
    const [tag, ...rest] = tokens;
    const name = tag?.text ?? '';
    if (name === 'raw') {
      const close = /\{%[-+]?\s*endraw\s*[-+]?%\}/g;
      close.lastIndex = pos;
      const found = close.exec(template);
      pos = found ? found.index + found[0].length : template.length;
    } else if (name === 'for') {
      const inAt = charged(rest).findIndex((t) => t.text === 'in');
      const targets = charged(rest.slice(0, inAt)).filter(isName).map((t) => t.text);
      const ifAt = charged(rest).findIndex((t, i) => i > inAt && t.text === 'if');
      readAll(charged(rest.slice(inAt + 1, ifAt === -1 ? undefined : ifAt)).filter((t) => t.text !== 'recursive'));
      open('for', [...targets, 'loop']);
      if (ifAt !== -1) readAll(charged(rest.slice(ifAt + 1)).filter((t) => t.text !== 'recursive'));
    } else if (name === 'set') {
      const assign = charged(rest).findIndex((t) => t.text === '=');
      const targets = assign === -1 ? rest : rest.slice(0, assign);
      if (assign !== -1) readAll(rest.slice(assign + 1));
      // `set ns.attr = ...` reads `ns`; plain targets are bound from here on.
      if (charged(targets).some((t) => t.text === '.')) readAll(targets.slice(0, 1));
      else for (const t of charged(targets).filter(isName)) {
        spend();
        scopes[scopes.length - 1].add(t.text);
      }
      if (assign === -1) open('set', []);
    } else if (name === 'with') {
      const names: string[] = [];
      for (const part of splitTopLevel(rest)) {
        spend();
        const assign = charged(part).findIndex((t) => t.text === '=');
        if (assign === -1) continue;
        readAll(part.slice(assign + 1));
        names.push(...charged(part.slice(0, assign)).filter(isName).map((t) => t.text));
      }
      open('with', names);
    } else if (name === 'macro') {
      // `{% macro name(a, b=default) %}`: the arguments are bound inside; a default is read there, when the macro is called.
      if (rest[0]) scopes[scopes.length - 1].add(rest[0].text);
      const close = rest.length - 1 - charged([...rest].reverse()).findIndex((t) => t.text === ')');
      const params = charged(splitTopLevel(rest.slice(2, close))).filter((part) => part.length > 0);
      open(name, [...charged(params).filter((part) => isName(part[0])).map((part) => part[0].text), 'varargs', 'kwargs', 'caller']);
      for (const part of params) {
        spend();
        if (part[1]?.text === '=') readAll(part.slice(2));
      }
    } else if (name === 'call') {
      const params = charged(rest).filter((t, i) => isName(t) && rest[i + 1]?.text !== '(' && (rest[i + 1]?.text === ',' || rest[i + 1]?.text === ')' || rest[i + 1]?.text === '='));
      open(name, [...charged(params).map((t) => t.text), 'varargs', 'kwargs', 'caller']);
    } else if (name === 'if' || name === 'elif' || name === 'print' || name === 'autoescape') {
      readAll(rest);
    } else if (name === 'filter') {
      readAll(rest.slice(1));
      open('filter', []);
    } else if (name.startsWith('end') && opened.length > 0 && opened[opened.length - 1] === name.slice(3)) {
      opened.pop();
      scopes.pop();
    }
    // `block`, `extends`, `include`, `import`: SWE-agent renders with no loader, so nothing they name is a context variable.
  }
  return reads;
}

function isName(token: Token | undefined): token is Token {
  return token !== undefined && /^[A-Za-z_]/.test(token.text) && !KEYWORDS.has(token.text);
}

/** The next `{{`, `{%` or `{#` at or after `from`, and where its inside begins (after a `-` or `+`). */
function nextTagStart(template: string, from: number): { kind: '{' | '%' | '#'; inner: number } | null {
  const pattern = /\{([{%#])[-+]?/g;
  pattern.lastIndex = from;
  const found = pattern.exec(template);
  return found ? { kind: found[1] as '{' | '%' | '#', inner: found.index + found[0].length } : null;
}

/** The tokens of a tag's inside, up to its closing `}}` or `%}` (with its `-` or `+`). */
function tagTokens(template: string, from: number, close: '}}' | '%}'): { tokens: Token[]; end: number } {
  const tokens: Token[] = [];
  let depth = 0;
  TOKEN.lastIndex = from;
  while (TOKEN.lastIndex < template.length) {
    spend();
    const pos = TOKEN.lastIndex;
    const match = TOKEN.exec(template);
    if (!match) break;
    const text = match[0];
    if (/^\s/.test(text)) continue;
    if (depth === 0 && text.endsWith(close)) {
      // A `-}}` or `+%}` closes the tag; a `-` before it that is an operator cannot stand there.
      return { tokens, end: pos + text.length };
    }
    if (text.endsWith('}}') || text.endsWith('%}')) {
      // `}` of a dict literal followed by another: read them one at a time.
      TOKEN.lastIndex = pos + 1;
      tokens.push({ text: text[0], pos });
      if (text[0] === '}') depth--;
      continue;
    }
    if ('([{'.includes(text)) depth++;
    else if (')]}'.includes(text)) depth--;
    tokens.push({ text, pos });
  }
  return { tokens, end: template.length };
}

/** Splits tokens at the commas outside brackets. */
function splitTopLevel(tokens: Token[]): Token[][] {
  const parts: Token[][] = [[]];
  let depth = 0;
  for (const t of tokens) {
    spend();
    if ('([{'.includes(t.text)) depth++;
    else if (')]}'.includes(t.text)) depth--;
    if (t.text === ',' && depth === 0) parts.push([]);
    else parts[parts.length - 1].push(t);
  }
  return parts;
}

/** The names an expression looks up: not attributes, filter or test names, keyword arguments or keywords. */
function namesRead(tokens: Token[]): TemplateVariable[] {
  const reads: TemplateVariable[] = [];
  charged(tokens).forEach((token, i) => {
    if (!isName(token)) return;
    const before = tokens[i - 1]?.text;
    const twoBefore = tokens[i - 2]?.text;
    if (before === '.' || before === '|' || before === 'is' || (before === 'not' && twoBefore === 'is')) return;
    if (tokens[i + 1]?.text === '=') return;
    reads.push({ name: token.text, start: token.pos, end: token.pos + token.text.length });
  });
  return reads;
}
