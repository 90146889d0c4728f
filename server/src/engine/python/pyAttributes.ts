/**
 * Attribute lookup for `{VAR.attr}` in format strings. Python resolves it with
 * getattr(); we know the public attributes of the builtin types an env value
 * can have. A method renders as Python prints it, `<built-in method upper of
 * str object at 0x7f…>`, with the address (different in every run) written
 * as `UNKNOWN_ADDRESS`.
 */
import { PyObject, pyTypeName } from './pyObject';

const COMMON = ['__class__', '__doc__', '__eq__', '__format__', '__hash__', '__init__', '__repr__', '__str__', '__sizeof__'];
const NUMBER = ['as_integer_ratio', 'conjugate', '__abs__', '__add__', '__bool__', '__float__', '__int__', '__neg__', '__round__'];

const METHODS: Record<string, readonly string[]> = {
  str: [
    ...COMMON,
    ...'capitalize casefold center count encode endswith expandtabs find format format_map index isalnum isalpha isascii isdecimal isdigit isidentifier islower isnumeric isprintable isspace istitle isupper join ljust lower lstrip maketrans partition removeprefix removesuffix replace rfind rindex rjust rpartition rsplit rstrip split splitlines startswith strip swapcase title translate upper zfill __add__ __contains__ __getitem__ __iter__ __len__ __mod__ __mul__'.split(
      ' ',
    ),
  ],
  int: [...COMMON, ...NUMBER, 'bit_count', 'bit_length', 'from_bytes', 'to_bytes', '__index__'],
  bool: [...COMMON, ...NUMBER, 'bit_count', 'bit_length', 'from_bytes', 'to_bytes', '__index__'],
  float: [...COMMON, ...NUMBER, 'fromhex', 'hex', 'is_integer'],
  list: [...COMMON, 'append', 'clear', 'copy', 'count', 'extend', 'index', 'insert', 'pop', 'remove', 'reverse', 'sort', '__len__', '__iter__'],
  tuple: [...COMMON, 'count', 'index', '__len__', '__iter__'],
  dict: [...COMMON, 'clear', 'copy', 'fromkeys', 'get', 'items', 'keys', 'pop', 'popitem', 'setdefault', 'update', 'values', '__len__', '__iter__'],
  NoneType: [...COMMON, '__bool__'],
};

/**
 * Stands for the object's address in a method's repr, which no run of SWE-agent
 * prints the same: as many digits as CPython prints on 64-bit Linux (12), so
 * the text has Python's length.
 */
export const UNKNOWN_ADDRESS = '0x????????????';

/** Attributes that are slot wrappers: Python prints them as `<method-wrapper '__eq__' of str object at 0x7f…>`. */
const SLOT_WRAPPERS = new Set('__eq__ __hash__ __init__ __repr__ __str__ __add__ __contains__ __getitem__ __iter__ __len__ __mod__ __mul__ __abs__ __bool__ __float__ __int__ __neg__ __index__'.split(' '));
/** Class and static methods: bound to the type, so Python prints `of type object`. */
const TYPE_METHODS = new Set(['from_bytes', 'fromhex', 'fromkeys', 'maketrans']);

/** Returns the attribute's value, or undefined when Python would raise AttributeError. */
export function pyAttribute(value: PyObject, name: string): PyObject | undefined {
  const typeName = pyTypeName(value);
  if (typeof value === 'bigint' || typeof value === 'boolean') {
    const asInt = typeof value === 'boolean' ? (value ? 1n : 0n) : value;
    if (name === 'real' || name === 'numerator') return asInt;
    if (name === 'imag') return 0n;
    if (name === 'denominator') return 1n;
  }
  if (typeof value === 'number') {
    if (name === 'real') return value;
    if (name === 'imag') return 0;
  }
  if (name === '__class__') return `<class '${typeName}'>`;
  if (!METHODS[typeName].includes(name)) return undefined;
  if (SLOT_WRAPPERS.has(name)) return `<method-wrapper '${name}' of ${typeName} object at ${UNKNOWN_ADDRESS}>`;
  return `<built-in method ${name} of ${TYPE_METHODS.has(name) ? 'type' : typeName} object at ${UNKNOWN_ADDRESS}>`;
}
