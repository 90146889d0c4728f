/** What Jinja's code generator rejects when a template is compiled: unknown filters and tests. */
import { BUDGETS } from '../../budgets';
import { pushAll } from '../../util/pushAll';
import { pyReprString } from '../pyObject';
import { JinjaError, LimitExceeded } from './errors';
import { CallArgs, Expr, Node } from './parser';
import { charged, spend } from '../../work';

export const FILTERS = new Set(
  'abs attr batch capitalize center count d default dictsort e escape filesizeformat first float forceescape format groupby indent int items join last length list lower map max min pprint random reject rejectattr replace reverse round safe select selectattr slice sort string striptags sum title tojson trim truncate unique upper urlencode urlize wordcount wordwrap xmlattr'.split(
    ' ',
  ),
);
export const TESTS = new Set(
  '!= < <= == > >= boolean callable defined divisibleby eq equalto escaped even false filter float ge greaterthan gt in integer iterable le lessthan lower lt mapping ne none number odd sameas sequence string test true undefined upper'.split(
    ' ',
  ),
);

/**
 * Jinja's code generator rejects unknown filters and tests, except inside
 * `{% if %}` and conditional expressions, where the error waits for the call.
 */
export function checkNames(nodes: Node[], soft: boolean): void {
  spend();
  for (const node of nodes) {
    spend();
    switch (node.t) {
      case 'out':
        checkExpr(node.expr, soft, 0);
        break;
      case 'if':
        for (const branch of node.branches) {
          spend();
          checkExpr(branch.test, true, 0);
          checkNames(branch.body, true);
        }
        checkNames(node.otherwise, true);
        break;
      case 'for':
        if (node.test) checkExpr(node.test, false, 0);
        checkExpr(node.iter, soft, 0);
        checkNames(node.body, false);
        checkNames(node.otherwise, false);
        break;
      case 'set':
        checkExpr(node.value, soft, 0);
        break;
      case 'setBlock':
        checkNames(node.body, soft);
        for (const filter of node.filters) {
          spend();
          checkFilterCall('filter', filter.name, filter.call, soft, 0);
        }
        break;
      case 'macro':
        for (const value of node.defaults) {
          spend();
          checkExpr(value, soft, 0);
        }
        checkNames(node.body, soft);
        break;
    }
  }
}

function callParts(call: CallArgs): Expr[] {
  return [...call.args, ...charged(call.kwargs).map((k) => k.value), ...(call.dynArgs ? [call.dynArgs] : []), ...(call.dynKwargs ? [call.dynKwargs] : [])];
}

function checkFilterCall(kind: 'filter' | 'test', name: string, call: CallArgs, soft: boolean, depth: number): void {
  if (!soft && !(kind === 'filter' ? FILTERS : TESTS).has(name)) throw new JinjaError('TemplateAssertionError', `No ${kind} named ${pyReprString(name)}.`);
  for (const part of callParts(call)) {
    spend();
    checkExpr(part, soft, depth + 1);
  }
}

/** Also bounds the expression's depth, which evaluation then stays within. */
function checkExpr(expr: Expr, soft: boolean, depth: number): void {
  spend();
  if (depth > BUDGETS.jinjaExpressionDepth) throw new LimitExceeded(`an expression is more than ${BUDGETS.jinjaExpressionDepth} operations deep`);
  const children: Expr[] = [];
  switch (expr.t) {
    case 'filter':
    case 'test':
      checkFilterCall(expr.t, expr.name, expr.call, soft, depth);
      children.push(expr.target);
      break;
    case 'call':
      children.push(expr.target, ...callParts(expr.call));
      break;
    case 'list':
    case 'tuple':
    case 'concat':
      pushAll(children, expr.items);
      break;
    case 'dict':
      for (const pair of expr.pairs) {
        spend();
        children.push(pair.key, pair.value);
      }
      break;
    case 'and':
    case 'or':
    case 'math':
      children.push(expr.left, expr.right);
      break;
    case 'compare':
      children.push(expr.first, ...charged(expr.ops).map((o) => o.operand));
      break;
    case 'not':
    case 'neg':
    case 'pos':
      children.push(expr.operand);
      break;
    case 'cond':
      for (const part of [expr.then, expr.test, expr.otherwise]) {
        spend();
        if (part) checkExpr(part, true, depth + 1);
      }
      return;
    case 'other':
      pushAll(children, expr.parts);
      break;
    case 'attr':
      children.push(expr.target);
      break;
    case 'item':
      children.push(expr.target, expr.key);
      break;
    case 'slice':
      for (const part of [expr.target, expr.start, expr.stop, expr.step]) {
        spend();
        if (part) children.push(part);
      }
      break;
  }
  for (const child of children) {
    spend();
    checkExpr(child, soft, depth + 1);
  }
}
