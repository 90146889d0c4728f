/**
 * The checks behind test/docs/architecture.test.ts, on sources held in
 * memory (a path under server/src → its text), so that the test can also run
 * them on a mutated copy and see them fail. Imports are read with the
 * TypeScript compiler's parser, not a regular expression: static, side-effect,
 * type-only, re-exports, dynamic `import()`, `import('…').T` types and
 * `require`.
 */
import * as fs from 'fs';
import * as path from 'path';
import ts from 'typescript';
import { REPO_ROOT } from '../helpers/shared';

export const SRC = path.join(REPO_ROOT, 'server', 'src');

/** A source tree: each `.ts` file's path under server/src ('engine/yaml/loadYaml.ts') and its text. */
export type Sources = Map<string, string>;

export function readSources(dir = SRC): Sources {
  const sources: Sources = new Map();
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts')) sources.set(path.relative(dir, full).split(path.sep).join('/'), fs.readFileSync(full, 'utf8'));
    }
  };
  walk(dir);
  return sources;
}

export type ImportKind = 'static' | 'side-effect' | 'type' | 're-export' | 'dynamic' | 'require';

export interface Import {
  from: string;
  /** A path under server/src for a relative import (resolved to its `.ts` file when there is one), else the module's name. */
  to: string;
  kind: ImportKind;
}

/** Parsed files by path and text: the tests of the checks change one file of a copy, and the others are parsed once. */
const PARSED = new Map<string, ts.SourceFile>();

/** Each per-file finding, kept by path and text like the parse. */
function memo<T>(find: (file: string, text: string) => T): (file: string, text: string) => T {
  const found = new Map<string, T>();
  return (file, text) => {
    const key = `${file}\0${text}`;
    if (!found.has(key)) found.set(key, find(file, text));
    return found.get(key)!;
  };
}

function parse(file: string, text: string): ts.SourceFile {
  const key = `${file}\0${text}`;
  let parsed = PARSED.get(key);
  if (!parsed) PARSED.set(key, (parsed = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)));
  return parsed;
}

function resolve(from: string, spec: string, sources: Sources): string {
  if (!spec.startsWith('.')) return spec;
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  return [`${target}.ts`, `${target}/index.ts`, target].find((candidate) => sources.has(candidate)) ?? target;
}

/** Every import of one file, of every kind. */
export function importsOf(file: string, sources: Sources): Import[] {
  return specifiersOf(file, sources.get(file)!).map(({ spec, kind }) => ({ from: file, to: resolve(file, spec, sources), kind }));
}

const specifiersOf = memo((file: string, text: string): { spec: string; kind: ImportKind }[] => {
  const found: { spec: string; kind: ImportKind }[] = [];
  const add = (spec: ts.Expression | undefined, kind: ImportKind) => {
    if (spec && ts.isStringLiteralLike(spec)) found.push({ spec: spec.text, kind });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const typeOnly = clause && (clause.isTypeOnly || (!clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      add(node.moduleSpecifier, !clause ? 'side-effect' : typeOnly ? 'type' : 'static');
    } else if (ts.isExportDeclaration(node)) {
      add(node.moduleSpecifier, node.isTypeOnly ? 'type' : 're-export');
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node.moduleReference.expression, 'require');
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal as ts.Expression, 'type');
    } else if (ts.isCallExpression(node)) {
      if (node.expression.kind === ts.SyntaxKind.ImportKeyword) add(node.arguments[0], 'dynamic');
      else if (ts.isIdentifier(node.expression) && node.expression.text === 'require') add(node.arguments[0], 'require');
    }
    ts.forEachChild(node, visit);
  };
  visit(parse(file, text));
  return found;
});

export function importGraph(sources: Sources): Import[] {
  return [...sources.keys()].flatMap((file) => importsOf(file, sources));
}

const show = (edge: Import) => `${edge.from} → ${edge.to} (${edge.kind})`;

/** Whether a path under server/src falls under a map entry: a folder (`engine/yaml/`) or a file (`engine/budgets.ts`). */
const within = (file: string, entry: string) => (entry.endsWith('/') ? file.startsWith(entry) : file === entry);

/**
 * The layer order, from the bottom up: each layer a list of folders and
 * files under server/src. A module may import its own layer and the layers
 * below it; every module must be in a layer (the most specific entry wins).
 */
export function layerViolations(graph: readonly Import[], sources: Sources, layers: readonly (readonly string[])[]): string[] {
  const layerOf = (file: string): number | undefined => {
    let best: { layer: number; length: number } | undefined;
    layers.forEach((entries, layer) => {
      for (const entry of entries) if (within(file, entry) && (!best || entry.length > best.length)) best = { layer, length: entry.length };
    });
    return best?.layer;
  };
  const unplaced = [...sources.keys()].filter((file) => layerOf(file) === undefined).map((file) => `${file} is in no layer`);
  const upward = graph.filter((edge) => {
    if (!sources.has(edge.to)) return false;
    const from = layerOf(edge.from);
    const to = layerOf(edge.to);
    return from !== undefined && to !== undefined && to > from;
  });
  return [...unplaced, ...upward.map(show)];
}

/** The imports from `files` (a predicate on paths under server/src) of modules that match `modules`. */
export function importsMatching(graph: readonly Import[], files: (file: string) => boolean, modules: RegExp): string[] {
  return graph.filter((edge) => files(edge.from) && modules.test(edge.to)).map(show);
}

/** A value that lives in a module and could be changed by a function: a collection or a literal object or array. */
function mutableContainer(init: ts.Expression | undefined): 'collection' | 'weak' | null {
  while (init && (ts.isAsExpression(init) || ts.isSatisfiesExpression(init) || ts.isParenthesizedExpression(init))) init = init.expression;
  if (!init) return null;
  if (ts.isNewExpression(init) && ts.isIdentifier(init.expression)) {
    if (/^Weak(Map|Set|Ref)$/.test(init.expression.text)) return 'weak';
    if (/^(Map|Set|Array)$/.test(init.expression.text)) return 'collection';
  }
  return ts.isArrayLiteralExpression(init) || ts.isObjectLiteralExpression(init) ? 'collection' : null;
}

const MUTATORS = new Set(['set', 'add', 'delete', 'clear', 'push', 'pop', 'shift', 'unshift', 'splice', 'sort', 'reverse', 'fill', 'copyWithin']);

/** The identifier an expression such as `X.a[b].c` starts from. */
function rootName(node: ts.Expression): string | undefined {
  while (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node) || ts.isNonNullExpression(node) || ts.isParenthesizedExpression(node)) node = node.expression;
  return ts.isIdentifier(node) ? node.text : undefined;
}

const isAssignment = (kind: ts.SyntaxKind) => kind >= ts.SyntaxKind.FirstAssignment && kind <= ts.SyntaxKind.LastAssignment;

/** The names of module-level values that a function changes: an element set, a method that mutates, `++`, `delete`, `Object.assign`. */
function writtenInFunctions(file: ts.SourceFile, names: ReadonlySet<string>): Set<string> {
  const written = new Set<string>();
  const target = (node: ts.Expression) => {
    if (!ts.isPropertyAccessExpression(node) && !ts.isElementAccessExpression(node)) return;
    const name = rootName(node);
    if (name && names.has(name)) written.add(name);
  };
  const visit = (node: ts.Node, inFunction: boolean) => {
    if (inFunction) {
      if (ts.isCallExpression(node)) {
        const callee = node.expression;
        if (ts.isPropertyAccessExpression(callee) && MUTATORS.has(callee.name.text)) {
          const name = rootName(callee.expression);
          if (name && names.has(name)) written.add(name);
        }
        if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && callee.expression.text === 'Object' && callee.name.text === 'assign' && node.arguments[0]) {
          const name = rootName(node.arguments[0]);
          if (name && names.has(name)) written.add(name);
        }
      } else if (ts.isBinaryExpression(node) && isAssignment(node.operatorToken.kind)) target(node.left);
      else if ((ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) && (node.operator === ts.SyntaxKind.PlusPlusToken || node.operator === ts.SyntaxKind.MinusMinusToken)) target(node.operand);
      else if (ts.isDeleteExpression(node)) target(node.expression);
    }
    ts.forEachChild(node, (child) => visit(child, inFunction || ts.isFunctionLike(node)));
  };
  visit(file, false);
  return written;
}

/**
 * Mutable module-level state in a file: a module-level `let` or `var`, a
 * `WeakMap`/`WeakSet`/`WeakRef`, a static class field that is not readonly,
 * and a module-level collection or literal that a function writes.
 */
export const moduleState = memo((file: string, text: string): string[] => {
  const source = parse(file, text);
  const found: string[] = [];
  const containers = new Set<string>();
  for (const statement of source.statements) {
    if (ts.isVariableStatement(statement)) {
      const flags = statement.declarationList.flags;
      for (const declaration of statement.declarationList.declarations) {
        const name = declaration.name.getText(source);
        if (!(flags & ts.NodeFlags.Const)) found.push(`${file}: ${flags & ts.NodeFlags.Let ? 'let' : 'var'} ${name}`);
        const container = mutableContainer(declaration.initializer);
        if (container === 'weak') found.push(`${file}: ${name} (a weak collection)`);
        else if (container && ts.isIdentifier(declaration.name)) containers.add(name);
      }
    }
    if (ts.isClassDeclaration(statement)) {
      for (const member of statement.members) {
        const modifiers = ts.canHaveModifiers(member) ? (ts.getModifiers(member) ?? []) : [];
        const has = (kind: ts.SyntaxKind) => modifiers.some((m) => m.kind === kind);
        if (ts.isPropertyDeclaration(member) && has(ts.SyntaxKind.StaticKeyword) && !has(ts.SyntaxKind.ReadonlyKeyword)) found.push(`${file}: static ${member.name.getText(source)}`);
      }
    }
  }
  for (const name of writtenInFunctions(source, containers)) found.push(`${file}: ${name} (a module-level value a function writes)`);
  if (/\bnew Weak(Map|Set|Ref)\b/.test(text) && !found.some((f) => f.includes('weak collection'))) found.push(`${file}: a weak collection`);
  return found;
});

/** Timers, the process, and the clock: what a file of the engine, a pure function of its inputs, must not reach. */
export const timersAndClocks = memo((file: string, text: string): string[] => {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node) && /^(setTimeout|setInterval|setImmediate|queueMicrotask|clearTimeout|clearInterval|clearImmediate|process|performance)$/.test(node.text)) {
      // A name declared or read as a property of something else (`options.process`) is not the global.
      const parent = node.parent;
      const isOwnProperty = (ts.isPropertyAccessExpression(parent) && parent.name === node) || (ts.isPropertyAssignment(parent) && parent.name === node) || ((ts.isPropertySignature(parent) || ts.isPropertyDeclaration(parent) || ts.isMethodDeclaration(parent) || ts.isParameter(parent)) && parent.name === node);
      if (!isOwnProperty) found.push(`${file}: ${node.text}`);
    }
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'Date' && node.name.text === 'now') found.push(`${file}: Date.now`);
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'Date' && (node.arguments?.length ?? 0) === 0) found.push(`${file}: new Date()`);
    ts.forEachChild(node, visit);
  };
  visit(parse(file, text));
  return found;
});

/**
 * The layer order as docs/ARCHITECTURE.md states it: the numbered list under
 * the heading "The layer order", each item's backticked paths under
 * server/src, from the bottom up.
 */
export function layersInDoc(doc: string): string[][] {
  const section = /^#+ The layer order\n([\s\S]*?)(?=\n#)/m.exec(doc);
  if (!section) return [];
  return [...section[1].matchAll(/^\d+\. (.*)$/gm)].map((item) => [...item[1].split(/:\s/)[0].matchAll(/`([^`]+)`/g)].map((m) => m[1]));
}

/** Every folder of a source tree, as a path under server/src with a trailing slash. */
export function foldersOf(sources: Sources): string[] {
  const folders = new Set<string>();
  for (const file of sources.keys()) {
    const parts = file.split('/').slice(0, -1);
    for (let i = 1; i <= parts.length; i++) folders.add(parts.slice(0, i).join('/') + '/');
  }
  return [...folders].sort();
}
