/** A PyNode's Python value as a PyObject (for env variables read from an agent config). */
import { PyDict, PyObject } from '../python/pyObject';
import { PyNode, deref, dictEntries, strValue } from '../yaml/pyNode';

export function pyObjectOf(node: PyNode, depth = 0): PyObject {
  const target = deref(node);
  if (depth > 50) return null;
  if (target.kind === 'seq') return target.items.map((item) => pyObjectOf(item, depth + 1));
  if (target.kind === 'map') {
    const entries = new Map<string, PyObject>();
    for (const entry of dictEntries(target)) entries.set(strValue(entry.key) ?? String(pyObjectOf(entry.key, depth + 1)), pyObjectOf(entry.value, depth + 1));
    return new PyDict(entries);
  }
  const v = target.value;
  switch (v.type) {
    case 'str':
      return v.value;
    case 'int':
      return v.value;
    case 'float':
      return v.value;
    case 'bool':
      return v.value;
    case 'NoneType':
      return null;
    case 'bytes':
      return new TextDecoder().decode(v.value);
    default:
      return v.iso;
  }
}
