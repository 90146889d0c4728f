/**
 * Attributes a template reads (Jinja's `environment.getattr`): dict keys, the
 * methods of str and dict a template calls (`.split()`, `.items()`,
 * `.get()`), namespace attributes and the `loop` variable's. A method the
 * port does not model is `unsupported`; an attribute Python does not have is
 * Undefined, as Jinja makes it.
 */
import { formatString } from '../formatString';
import { pyAttribute } from '../pyAttributes';
import { PyDict, pyTypeName } from '../pyObject';
import { pyCapitalize, pyReplace, pyReplacedLength, pyRsplit, pySplit, pySplitlines, pyStripSides } from '../pyStrMethods';
import { JinjaError, UNDEFINED, Unsupported } from './errors';
import { Callable, checkLength, data, DictView, iterate, LoopContext, Namespace, plain, Value } from './values';
import { charged, spend } from '../../work';

type Method = (self: string, args: Value[], kwargs: Map<string, Value>) => Value;

const optionalText = (v: Value | undefined, what: string): string | null => {
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string') throw new Unsupported(`${what} that is not a str`);
  return v;
};
const intArg = (v: Value | undefined, fallback: number): number => {
  if (v === undefined) return fallback;
  if (typeof v !== 'bigint' && typeof v !== 'boolean') throw new Unsupported('a method argument that is not an int');
  return Number(v);
};

function positional(name: string, args: Value[], kwargs: Map<string, Value>, max: number, min = 0): void {
  if (kwargs.size > 0 || args.length > max || args.length < min) throw new Unsupported(`str.${name} with these arguments`);
}

/** `sep`, `maxsplit` of split and rsplit, by position or keyword. */
function splitArgs(args: Value[], kwargs: Map<string, Value>): [string | null, number] {
  if (args.length > 2 || charged([...kwargs.keys()]).some((k) => k !== 'sep' && k !== 'maxsplit')) throw new Unsupported('str.split with these arguments');
  const sep = optionalText(args[0] ?? kwargs.get('sep'), 'a separator');
  if (sep === '') throw new JinjaError('ValueError', 'empty separator');
  return [sep, intArg(args[1] ?? kwargs.get('maxsplit'), -1)];
}

/** Python's str.title(): a cased letter after an uncased character is upper case, other cased letters lower. */
function pyTitle(text: string): string {
  let out = '';
  let previousCased = false;
  for (const ch of text) {
    spend();
    const cased = /[\p{Lu}\p{Ll}\p{Lt}]/u.test(ch);
    out += cased ? (previousCased ? ch.toLowerCase() : ch.toUpperCase()) : ch;
    previousCased = cased;
  }
  return out;
}

function affixTest(name: 'startswith' | 'endswith'): Method {
  return (self, args, kwargs) => {
    positional(name, args, kwargs, 1, 1);
    const affix = args[0];
    const affixes = typeof affix === 'string' ? [affix] : Array.isArray(affix) && charged(affix).every((a) => typeof a === 'string') ? (affix as string[]) : null;
    if (affixes === null) throw new Unsupported(`str.${name} of a value that is not a str`);
    return charged(affixes).some((a) => (name === 'startswith' ? self.startsWith(a) : self.endsWith(a)));
  };
}

const STR_METHODS: Record<string, Method> = {
  upper: (self, args, kwargs) => (positional('upper', args, kwargs, 0), self.toUpperCase()),
  lower: (self, args, kwargs) => (positional('lower', args, kwargs, 0), self.toLowerCase()),
  title: (self, args, kwargs) => (positional('title', args, kwargs, 0), pyTitle(self)),
  capitalize: (self, args, kwargs) => (positional('capitalize', args, kwargs, 0), pyCapitalize(self)),
  strip: (self, args, kwargs) => (positional('strip', args, kwargs, 1), pyStripSides(self, optionalText(args[0], 'strip characters'), true, true)),
  lstrip: (self, args, kwargs) => (positional('lstrip', args, kwargs, 1), pyStripSides(self, optionalText(args[0], 'strip characters'), true, false)),
  rstrip: (self, args, kwargs) => (positional('rstrip', args, kwargs, 1), pyStripSides(self, optionalText(args[0], 'strip characters'), false, true)),
  split: (self, args, kwargs) => pySplit(self, ...splitArgs(args, kwargs)),
  rsplit: (self, args, kwargs) => pyRsplit(self, ...splitArgs(args, kwargs)),
  splitlines: (self, args, kwargs) => {
    if (args.length > 1 || charged([...kwargs.keys()]).some((k) => k !== 'keepends')) throw new Unsupported('str.splitlines with these arguments');
    return pySplitlines(self, Boolean(plain(args[0] ?? kwargs.get('keepends') ?? false)));
  },
  replace: (self, args, kwargs) => {
    positional('replace', args, kwargs, 3, 2);
    const [old, replacement] = [optionalText(args[0], 'a replaced text'), optionalText(args[1], 'a replacement')];
    if (old === null || replacement === null) throw new Unsupported('str.replace with None');
    const count = intArg(args[2], -1);
    checkLength(pyReplacedLength(self, old, replacement, count));
    return pyReplace(self, old, replacement, count);
  },
  startswith: affixTest('startswith'),
  endswith: affixTest('endswith'),
  join: (self, args, kwargs) => {
    positional('join', args, kwargs, 1, 1);
    const items = iterate(args[0]);
    const bad = charged(items).findIndex((item) => typeof item !== 'string');
    if (bad !== -1) throw new JinjaError('TypeError', `sequence item ${bad}: expected str instance, ${pyTypeName(items[bad])} found`);
    checkLength(charged(items).reduce<number>((n, item) => n + (item as string).length, 0) + self.length * Math.max(0, items.length - 1));
    return items.join(self);
  },
  format: (self, args, kwargs) => {
    const result = formatString(self, new Map(charged([...kwargs]).map(([k, v]) => [k, data(v)])), charged(args).map(data));
    if (!result.ok) throw new Unsupported('str.format that fails');
    if (!result.rendered.complete) throw new Unsupported('str.format past the rendered-text budget');
    return result.text;
  },
  find: (self, args, kwargs) => {
    positional('find', args, kwargs, 1, 1);
    const sub = optionalText(args[0], 'a searched text');
    if (sub === null) throw new Unsupported('str.find of None');
    const at = self.indexOf(sub);
    return BigInt(at === -1 ? -1 : [...self.slice(0, at)].length);
  },
  count: (self, args, kwargs) => {
    positional('count', args, kwargs, 1, 1);
    const sub = optionalText(args[0], 'a counted text');
    if (sub === null) throw new Unsupported('str.count of None');
    return BigInt(sub === '' ? [...self].length + 1 : self.split(sub).length - 1);
  },
};

function dictMethod(self: PyDict, name: string): Callable | null {
  const noArgs = (make: () => Value) => (args: Value[], kwargs: Map<string, Value>) => {
    if (args.length > 0 || kwargs.size > 0) throw new Unsupported(`dict.${name} with arguments`);
    return make();
  };
  switch (name) {
    case 'items':
    case 'keys':
    case 'values':
      return new Callable(null, noArgs(() => new DictView(name, self)));
    case 'get':
      return new Callable(null, (args, kwargs) => {
        if (kwargs.size > 0 || args.length < 1 || args.length > 2) throw new Unsupported('dict.get with these arguments');
        const key = plain(args[0]);
        if (typeof key !== 'string') throw new Unsupported('dict.get of a key that is not a str');
        return self.entries.has(key) ? self.entries.get(key)! : args.length > 1 ? args[1] : null;
      });
  }
  return null;
}

function loopAttribute(loop: LoopContext, name: string): Value {
  const { items, index0 } = loop;
  const length = items.length;
  switch (name) {
    case 'index':
      return BigInt(index0 + 1);
    case 'index0':
      return BigInt(index0);
    case 'revindex':
      return BigInt(length - index0);
    case 'revindex0':
      return BigInt(length - index0 - 1);
    case 'first':
      return index0 === 0;
    case 'last':
      return index0 === length - 1;
    case 'length':
      return BigInt(length);
    case 'depth':
      return 1n;
    case 'depth0':
      return 0n;
    case 'previtem':
      return index0 > 0 ? items[index0 - 1] : UNDEFINED;
    case 'nextitem':
      return index0 + 1 < length ? items[index0 + 1] : UNDEFINED;
    case 'cycle':
      return new Callable(null, (args, kwargs) => {
        if (kwargs.size > 0) throw new Unsupported('loop.cycle with keyword arguments');
        if (args.length === 0) throw new JinjaError('TypeError', 'no items for cycling given');
        return args[index0 % args.length];
      });
  }
  throw new Unsupported(`loop.${name}`);
}

/**
 * `target.name`: Python's getattr, then `target[name]`, then Undefined.
 * Null when the item lookup should decide (a dict's key).
 */
export function attributeOf(target: Value, name: string): Value {
  if (target instanceof LoopContext) return loopAttribute(target, name);
  if (target instanceof Namespace) return target.attrs.has(name) ? target.attrs.get(name)! : UNDEFINED;
  const value = plain(target);
  if (value === UNDEFINED) throw new Unsupported('an attribute of Undefined');
  if (value instanceof PyDict) {
    const method = dictMethod(value, name);
    if (method) return method;
    if (pyAttribute(value, name) !== undefined) throw new Unsupported(`the dict attribute '${name}'`);
    return value.entries.has(name) ? value.entries.get(name)! : UNDEFINED;
  }
  if (typeof value === 'string' && name in STR_METHODS && Object.prototype.hasOwnProperty.call(STR_METHODS, name)) {
    return new Callable(null, (args, kwargs) => STR_METHODS[name](value, args, kwargs));
  }
  if (value === null) return UNDEFINED;
  if (pyAttribute(value, name) !== undefined) throw new Unsupported(`the ${pyTypeName(value)} attribute '${name}'`);
  return UNDEFINED;
}
