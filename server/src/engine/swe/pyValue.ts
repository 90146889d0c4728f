/**
 * A PyNode's Python value as a PyObject (for env variables read from an agent
 * config). Like PyYAML's constructor, an anchored list or dict is one object
 * however many aliases use it, and may contain itself; so an alias bomb stays
 * small here, and the conversion is a loop over a work list, not a recursion
 * (aliases can nest a value far deeper than the text nests).
 */
import { PyDict, PyObject, pyStr } from '../python/pyObject';
import { MapNode, PyNode, SeqNode, deref, dictEntries, strValue } from '../yaml/pyNode';
import { spend } from '../work';

function scalarOf(node: Exclude<PyNode, SeqNode | MapNode>): PyObject {
  if (node.kind === 'alias') return null;
  const v = node.value;
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

export function pyObjectOf(node: PyNode): PyObject {
  const made = new Map<PyNode, PyObject[] | PyDict>();
  const toFill: { node: SeqNode; list: PyObject[] }[] = [];
  const dictsToFill: { node: MapNode; dict: PyDict }[] = [];
  const make = (item: PyNode): PyObject => {
    const target = deref(item);
    if (target.kind !== 'seq' && target.kind !== 'map') return scalarOf(target);
    const known = made.get(target);
    if (known) return known;
    if (target.kind === 'seq') {
      const list: PyObject[] = [];
      made.set(target, list);
      toFill.push({ node: target, list });
      return list;
    }
    const dict = new PyDict();
    made.set(target, dict);
    dictsToFill.push({ node: target, dict });
    return dict;
  };
  const root = make(node);
  while (toFill.length > 0 || dictsToFill.length > 0) {
    spend();
    const seq = toFill.pop();
    if (seq) for (const item of seq.node.items) {
      spend();
      seq.list.push(make(item));
    }
    const map = dictsToFill.pop();
    if (map) for (const entry of dictEntries(map.node)) {
      spend();
      map.dict.entries.set(strValue(entry.key) ?? pyStr(make(entry.key)), make(entry.value));
    }
  }
  return root;
}
