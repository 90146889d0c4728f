/**
 * Where the engine walks its input, read from the TypeScript AST, and
 * whether each place draws from the one work budget (server/src/engine/work.ts):
 * - every loop statement (`for`, `for…of`, `for…in`, `while`, `do`) starts
 *   its body with `spend(…)`;
 * - every callback of an array's (or a Map's, a Set's) iteration method
 *   (`map`, `forEach`, `filter`, `reduce`, `some`, `find`, `sort`, …) walks a
 *   receiver passed through `charged(…)`, or a chain charged at its head
 *   (`charged(xs).filter(f).map(g)`: each link walks at most the items the
 *   head has, except after `flatMap`, which can make more);
 * - every function that calls itself by name starts its body with `spend(…)`.
 * What this cannot see: recursion through another function (the parsers keep
 * their own depth counters for it), and natives that walk a string
 * (`split`, `indexOf`, a regular expression), which are linear.
 */
import ts from 'typescript';

export type WorkSiteKind = 'loop' | 'callback' | 'recursion';

export interface WorkSite {
  kind: WorkSiteKind;
  /** The loop's or the function's body, or the iteration method's receiver. */
  node: ts.Node;
  drawn: boolean;
  line: number;
}

export const ITERATION_METHODS = new Set(['map', 'forEach', 'filter', 'flatMap', 'reduce', 'reduceRight', 'some', 'every', 'find', 'findIndex', 'findLast', 'findLastIndex', 'sort', 'toSorted']);

const isCallTo = (node: ts.Node, name: string): node is ts.CallExpression => ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === name;

/** A receiver a callback may walk: passed through `charged(…)`, or the result of an iteration method (but `flatMap`) on such a receiver. */
export function isChargedReceiver(node: ts.Node): boolean {
  if (isCallTo(node, 'charged')) return true;
  if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return false;
  const method = node.expression.name.text;
  return ITERATION_METHODS.has(method) && method !== 'flatMap' && isChargedReceiver(node.expression.expression);
}

/** A body that starts by drawing from the budget. */
function startsWithSpend(body: ts.Node): boolean {
  if (!ts.isBlock(body)) return false;
  const first = body.statements[0];
  return first !== undefined && ts.isExpressionStatement(first) && isCallTo(first.expression, 'spend');
}

/** The name a function calls itself by (`f(…)` for a declaration or a `const f = …`, `this.f(…)` for a method), or null. */
function selfName(node: ts.Node): { name: string; viaThis: boolean } | null {
  if ((ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node)) && node.name) return { name: node.name.text, viaThis: false };
  if (ts.isMethodDeclaration(node) && ts.isIdentifier(node.name)) return { name: node.name.text, viaThis: true };
  if ((ts.isArrowFunction(node) || ts.isFunctionExpression(node)) && ts.isVariableDeclaration(node.parent) && ts.isIdentifier(node.parent.name)) return { name: node.parent.name.text, viaThis: false };
  return null;
}

function callsItself(body: ts.Node, self: { name: string; viaThis: boolean }): boolean {
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (!self.viaThis && ts.isIdentifier(callee) && callee.text === self.name) found = true;
      if (self.viaThis && ts.isPropertyAccessExpression(callee) && callee.expression.kind === ts.SyntaxKind.ThisKeyword && callee.name.text === self.name) found = true;
    }
    ts.forEachChild(node, visit);
  };
  visit(body);
  return found;
}

/** Every place in a source file that walks input, and whether it draws from the work budget. */
export function workSites(source: ts.SourceFile): WorkSite[] {
  const sites: WorkSite[] = [];
  const add = (kind: WorkSiteKind, node: ts.Node, drawn: boolean) => sites.push({ kind, node, drawn, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1 });
  const visit = (node: ts.Node): void => {
    if (ts.isForStatement(node) || ts.isForOfStatement(node) || ts.isForInStatement(node) || ts.isWhileStatement(node) || ts.isDoStatement(node)) add('loop', node.statement, startsWithSpend(node.statement));
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && ITERATION_METHODS.has(node.expression.name.text) && node.arguments.length > 0) {
      add('callback', node.expression.expression, isChargedReceiver(node.expression.expression));
    }
    if ((ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node) || ts.isMethodDeclaration(node)) && node.body) {
      const self = selfName(node);
      if (self && callsItself(node.body, self)) add('recursion', node.body, startsWithSpend(node.body));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return sites;
}

/** The places of an engine source that walk input without drawing from the work budget, one line each. */
export function undrawnWork(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  return workSites(source)
    .filter((site) => !site.drawn)
    .map((site) => `${file}:${site.line}: a ${site.kind} that does not draw from the work budget`);
}

/** Calls a `catch` that rethrows nothing may guard: natives that throw on their input and draw nothing from the budget. */
const NATIVE_CALLS = new Set(['JSON.parse', 'decode', 'replace']);

/**
 * The `catch` clauses of an engine source that could swallow the work budget
 * running out: a clause that throws nothing, around a try block that calls
 * anything but the natives above. (One that throws rethrows what it does not
 * know, as every such clause of the engine does.)
 */
export function swallowingCatches(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const has = (node: ts.Node, test: (n: ts.Node) => boolean): boolean => test(node) || (ts.forEachChild(node, (child) => has(child, test) || undefined) ?? false);
  const visit = (node: ts.Node): void => {
    if (ts.isTryStatement(node) && node.catchClause && !has(node.catchClause.block, ts.isThrowStatement)) {
      const calls: string[] = [];
      const collect = (n: ts.Node): void => {
        if (ts.isCallExpression(n)) {
          const callee = n.expression;
          calls.push(ts.isPropertyAccessExpression(callee) ? (callee.expression.getText(source) === 'JSON' ? `JSON.${callee.name.text}` : callee.name.text) : callee.getText(source));
        }
        ts.forEachChild(n, collect);
      };
      collect(node.tryBlock);
      if (calls.some((call) => !NATIVE_CALLS.has(call))) found.push(`${file}:${source.getLineAndCharacterOfPosition(node.catchClause.getStart(source)).line + 1}: a catch that may swallow the work budget running out`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
