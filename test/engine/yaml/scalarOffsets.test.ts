/**
 * `valueOffsets` maps each character of a scalar's value back to the source,
 * through PyYAML's folding (line breaks, NEL, U+2028 and U+2029), escapes
 * and block scalars: it must reproduce the value, and a character that is
 * copied from the source must map to that very character.
 */
import { describe, expect, it } from 'vitest';
import { loadYaml } from '../../../server/src/engine/yaml/loadYaml';
import { PyNode, ScalarNode } from '../../../server/src/engine/yaml/pyNode';
import { valueOffsets } from '../../../server/src/engine/yaml/scalarOffsets';

function scalars(node: PyNode | null, out: ScalarNode[] = []): ScalarNode[] {
  if (!node || node.kind === 'alias') return out;
  if (node.kind === 'scalar') out.push(node);
  else if (node.kind === 'seq') node.items.forEach((item) => scalars(item, out));
  else node.pairs.forEach((pair) => (scalars(pair.key, out), scalars(pair.value, out)));
  return out;
}

const TEXTS = [
  'a: one\ntwo: x\n',
  'a: one\n  two\n\n  three\n',
  '- one\u2028 two\n',
  'a: one\u2028  two\u2028\u2028  three\n',
  'a: one\x85  two\x85\x85  three\n',
  'a: one\u2029\n  two\n',
  "a: 'it''s\u2028  here\x85 and\n\n there'\n",
  'a: "x\\ty\\u00e9\u2028  z\\\n  w\\\u2028  v"\n',
  'a: "\\U0001F600 <p>"\n',
  'a: |\n  one\n  two <x>\n\n  three\n',
  'a: >-\n  one\n  two\n\n   more\n  end\n',
  'a: |+\n  kept\ttab\n\n\nb: 1\n',
  'a: |2-\n    indented <x>\n  two\n',
  'a: >\n  folded\n    more indented\n  back\n  last',
  'k: [a\u2028b, "c\x85 d"]\n',
];

describe('valueOffsets follows PyYAML', () => {
  it.each(TEXTS.map((text) => [JSON.stringify(text), text] as const))('%s', (_, text) => {
    const load = loadYaml(text, { text });
    expect(load.problems).toEqual([]);
    for (const node of scalars(load.root)) {
      const mapped = valueOffsets(node);
      expect(mapped, JSON.stringify(node.text)).not.toBeNull();
      // A character from a single source character is that character, unless it is a fold or an escape.
      node.text.split('').forEach((ch, i) => {
        const source = text.slice(mapped!.starts[i], mapped!.ends[i]);
        if (source.length === 1 && !/[\s\\'"\x85\u2028\u2029]/.test(source)) expect(source).toBe(ch);
      });
    }
  });
});
