/** How a value's Python type reads in a message: "a boolean", "an integer", "null". */
import { PyNode, pyTypeOf } from '../yaml/pyNode';

const PHRASES: Record<string, string> = {
  NoneType: 'null',
  str: 'a string',
  int: 'an integer',
  float: 'a float',
  bool: 'a boolean',
  list: 'a list',
  tuple: 'a tuple',
  dict: 'a mapping',
  set: 'a set',
  bytes: 'bytes',
  date: 'a date',
  datetime: 'a datetime',
};

export function typePhrase(node: PyNode): string {
  const type = pyTypeOf(node);
  return PHRASES[type] ?? `a ${type}`;
}
