/**
 * How pydantic names a dict key in an error location (`tools.<key>.[key]`):
 * a str as itself, an int (and bool) as an int, anything else as Python's str().
 * The verdicts name tools this way, so our diagnostics do too.
 */
import { pyReprFloat } from '../python/pyObject';
import { PyNode, deref } from '../yaml/pyNode';
import { charged } from '../work';

export function pyLocItem(node: PyNode): string | number {
  const target = deref(node);
  if (target.kind !== 'scalar') return target.kind === 'seq' ? '[...]' : '{...}';
  const v = target.value;
  switch (v.type) {
    case 'str':
      return v.value;
    case 'bool':
      return v.value ? 1 : 0;
    case 'int':
      return v.value >= BigInt(Number.MIN_SAFE_INTEGER) && v.value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v.value) : v.value.toString();
    case 'float':
      return pyReprFloat(v.value);
    case 'NoneType':
      return 'None';
    case 'bytes':
      return "b'" + charged([...v.value]).map((b) => (b >= 0x20 && b < 0x7f && b !== 0x27 && b !== 0x5c ? String.fromCharCode(b) : '\\x' + b.toString(16).padStart(2, '0'))).join('') + "'";
    case 'date':
      return v.iso;
    case 'datetime':
      return v.iso.replace('T', ' ');
  }
}

/** How a key reads in a message: the string itself, or a Python-ish rendering. */
export function describeKey(node: PyNode): string {
  const item = pyLocItem(node);
  const target = deref(node);
  if (target.kind === 'scalar' && target.value.type === 'bool') return target.value.value ? 'True' : 'False';
  return String(item);
}
