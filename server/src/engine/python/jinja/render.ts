/** Rendering a parsed template over Python values, as Jinja2's defaults do (no autoescape, undefined names render empty). */
import { BUDGETS } from '../../budgets';
import { isPyTuple, PyDict, PyObject, pyTuple, pyTypeName } from '../pyObject';
import { JinjaError, LimitExceeded, UNDEFINED, Unsupported } from './errors';
import { applyFilter, applyTest, FilterContext } from './filters';
import { attributeOf } from './methods';
import { arithmetic, asNumber, compare } from './operators';
import { CallArgs, Expr, FilterCall, Node } from './parser';
import { Callable, checkLength, data, iterate, LoopContext, Namespace, plain, PyRange, toText, truthy, Value } from './values';
import { charged, spend } from '../../work';

type Scope = Map<string, Value>;

function intArgument(value: Value, what: string): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'boolean') return value ? 1n : 0n;
  throw new Unsupported(`${what} that is not an int`);
}

/** `range(stop)`, `range(start, stop[, step])`. */
function range(args: Value[], kwargs: Map<string, Value>): Value {
  if (kwargs.size > 0 || args.length < 1 || args.length > 3) throw new Unsupported('range() with these arguments');
  const ints = charged(args).map((a) => intArgument(a, 'a range() argument'));
  const [start, stop, step] = ints.length === 1 ? [0n, ints[0], 1n] : [ints[0], ints[1], ints[2] ?? 1n];
  if (step === 0n) throw new JinjaError('ValueError', 'range() arg 3 must not be zero');
  return new PyRange(start, stop, step);
}

/** Jinja's default globals (`DEFAULT_NAMESPACE`). */
const GLOBALS: Record<string, Callable | null> = {
  range: new Callable("<class 'range'>", range),
  namespace: new Callable("<class 'jinja2.utils.Namespace'>", (args, kwargs) => {
    if (args.length > 0) throw new Unsupported('namespace() with positional arguments');
    return new Namespace(new Map(kwargs));
  }),
  dict: new Callable("<class 'dict'>", (args, kwargs) => {
    if (args.length > 0) throw new Unsupported('dict() with positional arguments');
    return new PyDict(new Map(charged([...kwargs]).map(([k, v]) => [k, data(v)])));
  }),
  lipsum: null,
  cycler: null,
  joiner: null,
};

/** Python's slice of a str, list or tuple (PySlice_AdjustIndices). */
function slice(target: Value, start: Value, stop: Value, step: Value): Value {
  const value = plain(target);
  if (typeof value !== 'string' && !Array.isArray(value)) throw new Unsupported(`a slice of a ${value === UNDEFINED ? 'Undefined' : pyTypeName(value)}`);
  const items: PyObject[] = typeof value === 'string' ? [...value] : value;
  const n = BigInt(items.length);
  const by = step === null ? 1n : intArgument(step, 'a slice step');
  if (by === 0n) throw new JinjaError('ValueError', 'slice step cannot be zero');
  const clamp = (bound: Value, fallback: bigint): bigint => {
    if (bound === null) return fallback;
    let i = intArgument(bound, 'a slice bound');
    if (i < 0n) i += n;
    if (i < 0n) return by < 0n ? -1n : 0n;
    if (i >= n) return by < 0n ? n - 1n : n;
    return i;
  };
  const from = clamp(start, by < 0n ? n - 1n : 0n);
  const to = clamp(stop, by < 0n ? -1n : n);
  const out: PyObject[] = [];
  for (let i = from; by > 0n ? i < to : i > to; i += by) {
    spend();
    out.push(items[Number(i)]);
  }
  if (typeof value === 'string') return out.join('');
  return isPyTuple(value) ? pyTuple(out) : out;
}

/** Python's unpacking of `value` into `count` targets. */
function unpack(value: Value, count: number): PyObject[] {
  const p = plain(value);
  if (p !== UNDEFINED && typeof p !== 'string' && !Array.isArray(p) && !(p instanceof PyDict)) throw new JinjaError('TypeError', `cannot unpack non-iterable ${pyTypeName(p)} object`);
  const items = iterate(value);
  if (items.length < count) throw new JinjaError('ValueError', `not enough values to unpack (expected ${count}, got ${items.length})`);
  if (items.length > count) throw new JinjaError('ValueError', `too many values to unpack (expected ${count})`);
  return items;
}

/** One rendering of a parsed template: it counts its own steps against the budget. */
export class Renderer {
  private steps = 0;
  private calls = 0;
  private readonly filterContext: FilterContext = {
    charge: (steps) => this.charge(steps),
    applyFilter: (name, target, args, kwargs) => applyFilter(name, target, args, kwargs, this.filterContext),
    test: (name, target, args) => applyTest(name, target, args),
  };

  private charge(steps: number): void {
    this.steps += steps;
    if (this.steps > BUDGETS.jinjaRenderSteps) throw new LimitExceeded(`rendering takes more than ${BUDGETS.jinjaRenderSteps} steps`);
  }

  /** A value too big to build, or one step too many, ends the rendering. */
  private capped<T extends Value>(value: T): T {
    this.charge(1);
    if (typeof value === 'string' || Array.isArray(value)) checkLength(value.length);
    return value;
  }

  private evaluate(expr: Expr, scope: Scope): Value {
    return this.capped(this.evaluateUncapped(expr, scope));
  }

  private arguments(call: CallArgs, scope: Scope): { args: Value[]; kwargs: Map<string, Value> } {
    if (call.dynArgs || call.dynKwargs) throw new Unsupported('*args and **kwargs in a call');
    const kwargs = new Map<string, Value>();
    for (const { name, value } of call.kwargs) {
      spend();
      if (kwargs.has(name)) throw new Unsupported('a keyword argument given twice');
      kwargs.set(name, this.evaluate(value, scope));
    }
    return { args: charged(call.args).map((a) => this.evaluate(a, scope)), kwargs };
  }

  private filtered(filter: FilterCall, target: Value, scope: Scope): Value {
    const { args, kwargs } = this.arguments(filter.call, scope);
    return applyFilter(filter.name, target, args, kwargs, this.filterContext);
  }

  private evaluateUncapped(expr: Expr, scope: Scope): Value {
    switch (expr.t) {
      case 'lit':
        return expr.v;
      case 'name': {
        if (scope.has(expr.name)) return scope.get(expr.name)!;
        if (expr.name in GLOBALS) {
          const global = GLOBALS[expr.name];
          if (!global) throw new Unsupported(`the global '${expr.name}'`);
          return global;
        }
        if (expr.name === 'self') throw new Unsupported("the global 'self'");
        return UNDEFINED;
      }
      case 'list':
        return charged(expr.items).map((item) => data(this.evaluate(item, scope)));
      case 'tuple':
        return pyTuple(charged(expr.items).map((item) => data(this.evaluate(item, scope))));
      case 'dict': {
        const entries = new Map<string, PyObject>();
        for (const { key, value } of expr.pairs) {
          spend();
          const k = this.evaluate(key, scope);
          if (typeof k !== 'string') throw new Unsupported('dict keys that are not str');
          entries.set(k, data(this.evaluate(value, scope)));
        }
        return new PyDict(entries);
      }
      case 'filter':
        return this.filtered(expr, this.evaluate(expr.target, scope), scope);
      case 'test': {
        const value = this.evaluate(expr.target, scope);
        const { args, kwargs } = this.arguments(expr.call, scope);
        if (kwargs.size > 0) throw new Unsupported('keyword arguments to a test');
        return applyTest(expr.name, value, args);
      }
      case 'call': {
        const target = this.evaluate(expr.target, scope);
        const { args, kwargs } = this.arguments(expr.call, scope);
        if (target instanceof Callable) return target.invoke(args, kwargs);
        const p = plain(target);
        if (p === UNDEFINED) throw new Unsupported('calling an undefined value');
        throw new JinjaError('TypeError', `'${pyTypeName(p)}' object is not callable`);
      }
      case 'not':
        return !truthy(this.evaluate(expr.operand, scope));
      case 'neg':
      case 'pos': {
        const operand = plain(this.evaluate(expr.operand, scope));
        const value = asNumber(operand);
        if (operand === UNDEFINED) throw new Unsupported('a unary operator on an undefined value');
        if (value === null) throw new JinjaError('TypeError', `bad operand type for unary ${expr.t === 'neg' ? '-' : '+'}: '${pyTypeName(operand)}'`);
        if (expr.t === 'pos') return value;
        return typeof value === 'bigint' ? -value : -value;
      }
      case 'cond':
        if (truthy(this.evaluate(expr.test, scope))) return this.evaluate(expr.then, scope);
        return expr.otherwise ? this.evaluate(expr.otherwise, scope) : UNDEFINED;
      case 'and': {
        const left = this.evaluate(expr.left, scope);
        return truthy(left) ? this.evaluate(expr.right, scope) : left;
      }
      case 'or': {
        const left = this.evaluate(expr.left, scope);
        return truthy(left) ? left : this.evaluate(expr.right, scope);
      }
      case 'concat': {
        const parts = charged(expr.items).map((item) => toText(this.evaluate(item, scope)));
        checkLength(charged(parts).reduce((n, part) => n + part.length, 0));
        return parts.join('');
      }
      case 'math':
        return arithmetic(expr.op, this.evaluate(expr.left, scope), this.evaluate(expr.right, scope));
      case 'attr':
      case 'item':
        return this.lookup(expr, scope);
      case 'slice': {
        const part = (e: Expr | null) => (e ? this.evaluate(e, scope) : null);
        return slice(this.evaluate(expr.target, scope), part(expr.start), part(expr.stop), part(expr.step));
      }
      case 'compare': {
        let left = this.evaluate(expr.first, scope);
        for (const { op, operand } of expr.ops) {
          spend();
          const right = this.evaluate(operand, scope);
          if (!compare(op, left, right)) return false;
          left = right;
        }
        return true;
      }
      case 'nsref':
      case 'other':
        throw new Unsupported(expr.t === 'other' ? expr.what : 'a namespace reference');
    }
  }

  /**
   * Jinja's `getattr` and `getitem` on the default environment: a dict's key
   * either way (`x.name` tries the attribute first, `x[key]` the item), a
   * list's or a string's index; what is missing is Undefined, and anything
   * of an undefined name is an UndefinedError.
   */
  private lookup(expr: Extract<Expr, { t: 'attr' | 'item' }>, scope: Scope): Value {
    const target = this.evaluate(expr.target, scope);
    if (target === UNDEFINED) {
      if (expr.target.t === 'name' && !scope.has(expr.target.name)) throw new JinjaError('UndefinedError', `'${expr.target.name}' is undefined`);
      throw new Unsupported('an attribute of an undefined value');
    }
    if (expr.t === 'attr') return attributeOf(target, expr.name);
    const key = plain(this.evaluate(expr.key, scope));
    if (key === UNDEFINED) throw new Unsupported('an undefined key');
    const value = plain(target);
    if (value instanceof PyDict) {
      if (typeof key === 'string' && value.entries.has(key)) return value.entries.get(key)!;
    } else if ((typeof value === 'string' || Array.isArray(value)) && (typeof key === 'bigint' || typeof key === 'boolean')) {
      const items = typeof value === 'string' ? [...value] : value;
      const k = typeof key === 'boolean' ? BigInt(key) : key;
      const index = k < 0n ? BigInt(items.length) + k : k;
      return index >= 0n && index < BigInt(items.length) ? items[Number(index)] : UNDEFINED;
    }
    // A missing item falls back to the attribute of that name.
    return typeof key === 'string' ? attributeOf(target, key) : UNDEFINED;
  }

  /** Binds `target` (a name, a tuple of targets, `ns.attr`) to `value`. */
  private assign(target: Expr, value: Value, scope: Scope, depth = 0): void {
    spend();
    if (depth > BUDGETS.jinjaNesting) throw new LimitExceeded(`an assignment nests more than ${BUDGETS.jinjaNesting} levels deep`);
    if (target.t === 'name') scope.set(target.name, value);
    else if (target.t === 'tuple') {
      const items = unpack(value, target.items.length);
      charged(target.items).forEach((item, i) => this.assign(item, items[i], scope, depth + 1));
    } else if (target.t === 'nsref') {
      const ns = scope.get(target.name);
      if (!(ns instanceof Namespace)) throw new JinjaError('TemplateRuntimeError', 'cannot assign attribute on non-namespace object');
      ns.attrs.set(target.attr, value);
    } else throw new Unsupported(`assigning to a ${target.t}`);
  }

  private macro(node: Extract<Node, { t: 'macro' }>, defining: Scope): Callable {
    return new Callable(`<Macro '${node.name}'>`, (args, kwargs) => {
      if (args.length > node.params.length) throw new Unsupported('a macro called with more arguments than it names');
      for (const key of kwargs.keys()) {
        spend();
        if (!node.params.includes(key)) throw new Unsupported('a macro called with a keyword argument it does not name');
      }
      if (++this.calls > BUDGETS.jinjaNesting) throw new LimitExceeded(`macros call each other more than ${BUDGETS.jinjaNesting} deep`);
      try {
        const scope: Scope = new Map(defining);
        const firstDefault = node.params.length - node.defaults.length;
        charged(node.params).forEach((param, i) => {
          if (i < args.length) {
            // Jinja's words depend on whether the body reads `kwargs`, which the port does not follow.
            if (kwargs.has(param)) throw new Unsupported('a macro argument given by position and by keyword');
            scope.set(param, args[i]);
          } else if (kwargs.has(param)) scope.set(param, kwargs.get(param)!);
          else if (i >= firstDefault) scope.set(param, this.evaluate(node.defaults[i - firstDefault], scope));
          else scope.set(param, UNDEFINED);
        });
        scope.set('varargs', pyTuple([]));
        scope.set('kwargs', new PyDict());
        return this.render(node.body, scope);
      } finally {
        this.calls--;
      }
    });
  }

  private renderFor(node: Extract<Node, { t: 'for' }>, scope: Scope): string {
    if (node.recursive) throw new Unsupported('recursive for loops');
    const bind = (item: PyObject) => {
      const inner: Scope = new Map(scope);
      this.assign(node.target, item, inner);
      return inner;
    };
    let items = iterate(this.evaluate(node.iter, scope));
    if (node.test) items = charged(items).filter((item) => truthy(this.evaluate(node.test!, bind(item))));
    if (items.length === 0) return this.render(node.otherwise, scope);
    let out = '';
    charged(items).forEach((item, index0) => {
      const inner = bind(item);
      inner.set('loop', new LoopContext(items, index0));
      out = this.capped(out + this.render(node.body, inner));
    });
    return out;
  }

  /** Renders `nodes`; `{% set %}` binds in `scope` (a loop's body and a macro's have their own). */
  render(nodes: Node[], scope: Scope): string {
    spend();
    let out = '';
    for (const node of nodes) {
      spend();
      this.capped(out);
      switch (node.t) {
        case 'text':
          out += node.text;
          break;
        case 'out':
          out += toText(this.evaluate(node.expr, scope));
          break;
        case 'if': {
          const branch = charged(node.branches).find((b) => truthy(this.evaluate(b.test, scope)));
          out += this.render(branch ? branch.body : node.otherwise, scope);
          break;
        }
        case 'for':
          out += this.renderFor(node, scope);
          break;
        case 'set':
          this.assign(node.target, this.evaluate(node.value, scope), scope);
          break;
        case 'setBlock': {
          let value: Value = this.render(node.body, new Map(scope));
          for (const filter of node.filters) {
            spend();
            value = this.filtered(filter, value, scope);
          }
          this.assign(node.target, value, scope);
          break;
        }
        case 'macro':
          scope.set(node.name, this.macro(node, scope));
          break;
      }
    }
    return this.capped(out);
  }
}
