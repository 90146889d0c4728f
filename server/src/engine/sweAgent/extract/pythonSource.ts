/**
 * One Python module read statically with @lezer/python: its imports, its
 * top-level assignments (type aliases) and its classes (bases, annotated
 * fields, `model_config`, decorated and special methods). Expressions are
 * kept as a small tree of what a pydantic annotation or default can be;
 * anything else is kept as its text. Nothing is executed.
 */
import { parser } from '@lezer/python';
import type { SyntaxNode, Tree } from '@lezer/common';
import { pythonOutline } from './pythonOutline';
import { charged, spend } from '../../work';

/**
 * The Python texts of one extraction, each parsed once (the Lezer parse is
 * most of an extraction's time), as its outline (`pythonOutline.ts`): the
 * models need no function body, and the template variables only those of the
 * functions that `bodiesRead` matches (SWE-agent main's modules: 157,000
 * characters parsed instead of 292,000).
 */
export class PythonParses {
  private readonly outlines = new Map<string, { text: string; tree: Tree }>();

  constructor(private readonly bodiesRead: RegExp) {}

  /** The outline of `source` and its parse; the whole text's when the outline does not parse cleanly (the scan is then not trusted). */
  outline(source: string): { text: string; tree: Tree } {
    let outline = this.outlines.get(source);
    if (!outline) {
      const text = pythonOutline(source, this.bodiesRead);
      const tree = parser.parse(text);
      outline = text !== source && hasError(tree) ? { text: source, tree: parser.parse(source) } : { text, tree };
      this.outlines.set(source, outline);
    }
    return outline;
  }
}

function hasError(tree: Tree): boolean {
  let error = false;
  tree.iterate({
    enter: (node) => {
      if (node.type.isError) error = true;
      return !error;
    },
  });
  return error;
}

export type Expr =
  | { k: 'name'; id: string; text: string }
  | { k: 'attr'; obj: Expr; name: string; text: string }
  | { k: 'sub'; obj: Expr; items: Expr[]; text: string }
  | { k: 'call'; fn: Expr; args: Expr[]; kwargs: Record<string, Expr>; text: string }
  | { k: 'union'; left: Expr; right: Expr; text: string }
  | { k: 'str'; value: string; text: string }
  | { k: 'const'; value: boolean | null | 'Ellipsis'; text: string }
  | { k: 'other'; text: string };

interface ImportedName {
  /** The absolute module (`sweagent.agent.models`). */
  module: string;
  /** The name imported from it; absent for `import a.b as c`. */
  name?: string;
}

interface ClassField {
  name: string;
  annotation: Expr;
  value?: Expr;
  line: number;
}

interface ClassMethod {
  name: string;
  /** The decorator's name (`field_validator`, `model_validator`, `validator`, `root_validator`), or the special method's. */
  kind: string;
  /** The fields a field validator names. */
  fields: string[];
  line: number;
}

export interface ClassInfo {
  name: string;
  bases: Expr[];
  /** Class keywords (`class X(BaseSettings, extra="forbid")`). */
  keywords: Record<string, Expr>;
  fields: ClassField[];
  /** `model_config = ConfigDict(...)` / `SettingsConfigDict(...)`, or `class Config:` as its assignments. */
  config: Record<string, Expr> | null;
  methods: ClassMethod[];
  line: number;
}

export interface ModuleInfo {
  imports: Map<string, ImportedName>;
  assignments: Map<string, Expr>;
  classes: Map<string, ClassInfo>;
}

const VALIDATOR_DECORATORS = new Set(['field_validator', 'model_validator', 'validator', 'root_validator']);
const SPECIAL_METHODS = new Set(['__init__', 'model_post_init']);

/** Reads `whole`, the text of the module `moduleName` (a package's `__init__` is the package's name, `isPackage`), from its outline's parse. Never throws. */
export function readPythonModule(whole: string, moduleName: string, isPackage: boolean, parses: PythonParses): ModuleInfo {
  // Everything below reads the outline: its text is the module's wherever it is read, and its lines are the module's lines.
  const { text: source, tree } = parses.outline(whole);
  const info: ModuleInfo = { imports: new Map(), assignments: new Map(), classes: new Map() };
  const text = (n: SyntaxNode) => source.slice(n.from, n.to);
  const lineOf = (offset: number) => {
    let line = 1;
    for (let i = source.indexOf('\n'); i !== -1 && i < offset; i = source.indexOf('\n', i + 1)) {
      spend();
      line++;
    }
    return line;
  };
  const children = (n: SyntaxNode): SyntaxNode[] => {
    const out: SyntaxNode[] = [];
    for (let c = n.firstChild; c; c = c.nextSibling) {
      spend();
      out.push(c);
    }
    return out;
  };

  const expr = (n: SyntaxNode): Expr => {
    spend();
    const t = text(n);
    switch (n.name) {
      case 'VariableName':
        return { k: 'name', id: t, text: t };
      case 'Boolean':
        return { k: 'const', value: t === 'True', text: t };
      case 'None':
        return { k: 'const', value: null, text: t };
      case 'Ellipsis':
        return { k: 'const', value: 'Ellipsis', text: t };
      case 'String': {
        const value = pythonStringValue(t);
        return value === null ? { k: 'other', text: t } : { k: 'str', value, text: t };
      }
      case 'ContinuedString': {
        const parts = charged(children(n)).map((c) => pythonStringValue(text(c)));
        return charged(parts).every((p) => p !== null) ? { k: 'str', value: parts.join(''), text: t } : { k: 'other', text: t };
      }
      case 'ParenthesizedExpression': {
        const inner = charged(children(n)).filter((c) => c.name !== '(' && c.name !== ')');
        return inner.length === 1 ? expr(inner[0]) : { k: 'other', text: t };
      }
      case 'MemberExpression': {
        const parts = children(n);
        const obj = expr(parts[0]);
        if (parts[1]?.name === '.') return { k: 'attr', obj, name: text(parts[2]), text: t };
        const items = charged(parts.slice(1)).filter((c) => !['[', ']', ','].includes(c.name));
        // `X[a, b]` parses as items; `X[(a, b)]` as one tuple: both mean the same subscript.
        const flat = items.length === 1 && items[0].name === 'TupleExpression' ? charged(children(items[0])).filter((c) => !['(', ')', ','].includes(c.name)) : items;
        return { k: 'sub', obj, items: charged(flat).map(expr), text: t };
      }
      case 'BinaryExpression': {
        const parts = children(n);
        if (parts.length === 3 && text(parts[1]) === '|') return { k: 'union', left: expr(parts[0]), right: expr(parts[2]), text: t };
        return { k: 'other', text: t };
      }
      case 'CallExpression': {
        const parts = children(n);
        const args: Expr[] = [];
        const kwargs: Record<string, Expr> = {};
        const argList = charged(parts).find((c) => c.name === 'ArgList');
        if (argList) {
          const items = charged(children(argList)).filter((c) => !['(', ')', ','].includes(c.name));
          for (let i = 0; i < items.length; i++) {
            spend();
            if (items[i].name === 'VariableName' && items[i + 1]?.name === 'AssignOp') {
              kwargs[text(items[i])] = items[i + 2] ? expr(items[i + 2]) : { k: 'other', text: '' };
              i += 2;
            } else args.push(expr(items[i]));
          }
        }
        return { k: 'call', fn: expr(parts[0]), args, kwargs, text: t };
      }
      default:
        return { k: 'other', text: t };
    }
  };

  const resolveRelative = (dots: number, name: string): string => {
    if (dots === 0) return name;
    const parts = moduleName.split('.');
    const base = parts.slice(0, parts.length - (isPackage ? dots - 1 : dots));
    return [...base, ...(name ? [name] : [])].join('.');
  };

  const readImport = (n: SyntaxNode) => {
    const parts = children(n);
    if (parts[0]?.name === 'from') {
      let i = 1;
      let dots = 0;
      let from = '';
      for (; i < parts.length && parts[i].name !== 'import'; i++) {
        spend();
        if (parts[i].name === '.') dots += from === '' ? 1 : 0, (from += from === '' ? '' : '.');
        else if (parts[i].name === 'Ellipsis') dots += 3;
        else from += text(parts[i]);
      }
      const module = resolveRelative(dots, from);
      const names = charged(parts.slice(i + 1)).filter((c) => c.name === 'VariableName' || c.name === 'as');
      for (let j = 0; j < names.length; j++) {
        spend();
        if (names[j].name !== 'VariableName') continue;
        const name = text(names[j]);
        const local = names[j + 1]?.name === 'as' ? text(names[j + 2]) : name;
        if (names[j + 1]?.name === 'as') j += 2;
        info.imports.set(local, { module, name });
      }
      return;
    }
    // import a.b [as c], d
    let dotted: string[] = [];
    for (let j = 1; j < parts.length; j++) {
      spend();
      const p = parts[j];
      if (p.name === 'VariableName') dotted.push(text(p));
      if (p.name === 'as') {
        info.imports.set(text(parts[j + 1]), { module: dotted.join('.') });
        dotted = [];
        j++;
      } else if (p.name === ',' || j === parts.length - 1) {
        if (dotted.length > 0) info.imports.set(dotted[0], { module: dotted[0] });
        dotted = [];
      }
    }
  };

  const readClass = (n: SyntaxNode): ClassInfo | null => {
    spend();
    const parts = children(n);
    const name = charged(parts).find((c) => c.name === 'VariableName');
    const body = charged(parts).find((c) => c.name === 'Body');
    if (!name || !body) return null;
    const cls: ClassInfo = { name: text(name), bases: [], keywords: {}, fields: [], config: null, methods: [], line: lineOf(n.from) };
    const argList = charged(parts).find((c) => c.name === 'ArgList');
    if (argList) {
      const items = charged(children(argList)).filter((c) => !['(', ')', ','].includes(c.name));
      for (let i = 0; i < items.length; i++) {
        spend();
        if (items[i].name === 'VariableName' && items[i + 1]?.name === 'AssignOp') {
          cls.keywords[text(items[i])] = expr(items[i + 2]);
          i += 2;
        } else cls.bases.push(expr(items[i]));
      }
    }
    for (const statement of children(body)) {
      spend();
      if (statement.name === 'AssignStatement') {
        const s = children(statement);
        const target = s[0];
        if (target?.name !== 'VariableName') continue;
        const typeDef = charged(s).find((c) => c.name === 'TypeDef');
        const assign = charged(s).findIndex((c) => c.name === 'AssignOp');
        const value = assign >= 0 && s[assign + 1] ? expr(s[assign + 1]) : undefined;
        const fieldName = text(target);
        if (fieldName === 'model_config') {
          const given = assign >= 0 ? s[assign + 1] : undefined;
          if (value?.k === 'call') cls.config = value.kwargs;
          else if (given?.name === 'DictionaryExpression') cls.config = dictEntriesOf(given);
          continue;
        }
        if (!typeDef) continue;
        const annotation = charged(children(typeDef)).filter((c) => c.name !== ':')[0];
        if (!annotation) continue;
        cls.fields.push({ name: fieldName, annotation: expr(annotation), ...(value ? { value } : {}), line: lineOf(statement.from) });
      } else if (statement.name === 'DecoratedStatement' || statement.name === 'FunctionDefinition') {
        const decos = statement.name === 'DecoratedStatement' ? charged(children(statement)).filter((c) => c.name === 'Decorator') : [];
        const fn = statement.name === 'FunctionDefinition' ? statement : charged(children(statement)).find((c) => c.name === 'FunctionDefinition');
        if (!fn) continue;
        const fnName = text(charged(children(fn)).find((c) => c.name === 'VariableName')!);
        for (const deco of decos) {
          spend();
          const d = charged(children(deco)).filter((c) => c.name !== 'At');
          const decoName = d[0] ? text(d[0]) : '';
          const bare = decoName.split('.').pop()!;
          if (!VALIDATOR_DECORATORS.has(bare)) continue;
          const argList = charged(d).find((c) => c.name === 'ArgList');
          // The positional strings: the fields a field validator applies to (not `mode="after"`).
          const fields = argList
            ? charged(children(argList))
                .filter((c) => c.name === 'String' && c.prevSibling?.name !== 'AssignOp')
                .map((c) => pythonStringValue(text(c)) ?? '')
            : [];
          cls.methods.push({ name: fnName, kind: bare, fields, line: lineOf(statement.from) });
        }
        if (SPECIAL_METHODS.has(fnName)) cls.methods.push({ name: fnName, kind: fnName, fields: [], line: lineOf(statement.from) });
      } else if (statement.name === 'ClassDefinition') {
        const inner = readClass(statement);
        if (inner?.name === 'Config') cls.config = Object.fromEntries(collectAssignments(statement));
      }
    }
    return cls;
  };

  /** A dict literal with string keys (`{"extra": "forbid"}`), as keyword arguments. */
  const dictEntriesOf = (n: SyntaxNode): Record<string, Expr> => {
    const items = charged(children(n)).filter((c) => !['{', '}', ',', ':'].includes(c.name));
    const out: Record<string, Expr> = {};
    for (let i = 0; i + 1 < items.length; i += 2) {
      spend();
      const key = expr(items[i]);
      if (key.k === 'str') out[key.value] = expr(items[i + 1]);
    }
    return out;
  };

  const collectAssignments = (classNode: SyntaxNode): [string, Expr][] => {
    const body = charged(children(classNode)).find((c) => c.name === 'Body');
    if (!body) return [];
    return charged(children(body)).flatMap((statement) => {
      if (statement.name !== 'AssignStatement') return [];
      const s = children(statement);
      const assign = charged(s).findIndex((c) => c.name === 'AssignOp');
      return s[0]?.name === 'VariableName' && assign >= 0 && s[assign + 1] ? [[text(s[0]), expr(s[assign + 1])] as [string, Expr]] : [];
    });
  };

  for (const statement of children(tree.topNode)) {
    spend();
    if (statement.name === 'ImportStatement') readImport(statement);
    else if (statement.name === 'ClassDefinition' || statement.name === 'DecoratedStatement') {
      const node = statement.name === 'ClassDefinition' ? statement : charged(children(statement)).find((c) => c.name === 'ClassDefinition');
      const cls = node ? readClass(node) : null;
      if (cls) info.classes.set(cls.name, cls);
    } else if (statement.name === 'AssignStatement') {
      const s = children(statement);
      const assign = charged(s).findIndex((c) => c.name === 'AssignOp');
      if (s[0]?.name === 'VariableName' && assign >= 0 && s[assign + 1] && charged(s).filter((c) => c.name === 'AssignOp').length === 1) info.assignments.set(text(s[0]), expr(s[assign + 1]));
    } else if (statement.name === 'TryStatement' || statement.name === 'IfStatement') {
      // `try: from x import Y except ImportError: ...`: the first branch's imports.
      const body = charged(children(statement)).find((c) => c.name === 'Body');
      for (const inner of body ? children(body) : []) {
        spend();
        if (inner.name === 'ImportStatement') readImport(inner);
      }
    }
  }
  return info;
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"', '0': '\0', a: '\x07', b: '\b', f: '\f', v: '\v', '\n': '' };

/** The value of a Python string literal (prefixes r, u; not b or f), or null when it is not a plain str. */
function pythonStringValue(literal: string): string | null {
  const prefix = /^[a-zA-Z]*/.exec(literal)![0].toLowerCase();
  if (prefix.includes('b') || prefix.includes('f')) return null;
  const rest = literal.slice(prefix.length);
  const quote = rest.startsWith('"""') || rest.startsWith("'''") ? rest.slice(0, 3) : rest[0];
  if (!quote || !rest.endsWith(quote) || rest.length < quote.length * 2) return null;
  const body = rest.slice(quote.length, rest.length - quote.length);
  if (prefix.includes('r')) return body;
  return body.replace(/\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|[\s\S])/g, (whole, e: string) => {
    if (e.length > 1) return String.fromCodePoint(parseInt(e.slice(1), 16));
    return ESCAPES[e] ?? whole;
  });
}
