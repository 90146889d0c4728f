/**
 * Merge keys counted before they are built (issue 22): the count is what the
 * constructor copies, and a text whose merges pass the budget is stopped
 * before anything is copied, at the mapping that takes the count past it.
 */
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../../server/src/engine/yaml/limits';
import { loadYaml } from '../../../server/src/engine/yaml/loadYaml';
import { MapNode, PyNode } from '../../../server/src/engine/yaml/pyNode';
import { Composer } from '../../../server/src/engine/yaml/pyyaml/composer';
import { countMerges } from '../../../server/src/engine/yaml/pyyaml/mergeExpansion';
import { Random } from '../../helpers/random';

const composed = (text: string) => new Composer(text).getSingleNode().root!;

/** What the constructor copied: the pairs of every mapping it built beyond the mapping's own. */
function copiedByConstructor(text: string): number {
  const load = loadYaml(text, { text });
  const seen = new Set<MapNode>();
  let copied = 0;
  const visit = (node: PyNode) => {
    if (node.kind === 'alias') return visit(node.target);
    if (node.kind === 'seq') node.items.forEach(visit);
    if (node.kind !== 'map' || seen.has(node)) return;
    seen.add(node);
    copied += node.pairs.length - node.ownPairs.length;
    for (const pair of node.pairs) {
      visit(pair.key);
      visit(pair.value);
    }
  };
  if (load.root) visit(load.root);
  return copied;
}

/** `count` anchors, each merging the one before `times` times and adding one key of its own. */
const chain = (count: number, times = 1) =>
  `defs:\n  a0: &a0 {k0: 0}\n${Array.from({ length: count - 1 }, (_, i) => `  a${i + 1}: &a${i + 1} {<<: [${Array(times).fill(`*a${i}`).join(', ')}], k${i + 1}: ${i + 1}}\n`).join('')}`;

describe('countMerges', () => {
  it('counts what a chain of merges copies: 0 + 1 + ... + 99 entries', () => {
    expect(countMerges(composed(chain(100)), LIMITS.maxMergedPairs)).toEqual({ copies: 4950, pastBudget: null });
    expect(copiedByConstructor(chain(100))).toBe(4950);
  });

  it('stops at one past the budget, at the first mapping that takes the count there', () => {
    const root = composed(chain(100));
    const count = countMerges(root, 4949);
    expect(count?.copies).toBe(4950);
    // a99, which copies the 99 entries of a98 (4,851 before it).
    expect(count?.pastBudget?.start.line).toBe(100);
    expect(countMerges(root, 4950)?.pastBudget).toBeNull();
  });

  it('counts a chain that doubles at every link without building it (2^60 entries)', () => {
    const count = countMerges(composed(chain(61, 2)), 1_000_000);
    expect(count?.copies).toBe(1_000_001);
    // a18: a17 copies 524,250 entries in all, a18 1,048,536.
    expect(count?.pastBudget?.start.line).toBe(1 + 18);
  });

  it('counts merges whose keys are written as the merge tag, not `<<`, as loading stops them', () => {
    for (const key of ['!!merge <<', '!!merge m', '!<tag:yaml.org,2002:merge> m', '!!%6Derge m']) {
      const text = chain(61, 2).replaceAll('<<', key);
      expect(new Composer(text).getSingleNode().mergeTags, key).toBe(true);
      expect(loadYaml(text, { text }).problems.map((p) => p.kind), key).toEqual(['check-budget']);
    }
    expect(new Composer('a: &a {x: 1}\nb: *a\n').getSingleNode().mergeTags).toBe(false);
  });

  it('gives no count for merges in a cycle (the constructor counts those as it copies)', () => {
    expect(countMerges(composed('a: &a {x: 1, <<: *a}\n'), LIMITS.maxMergedPairs)).toBeNull();
    expect(countMerges(composed('a: &a {x: 1, <<: &b {y: 2, <<: *a}}\n'), LIMITS.maxMergedPairs)).toBeNull();
    // A mapping that holds the one merging it (not through a merge) is no cycle.
    expect(countMerges(composed('a: &a {x: 1, k: {<<: *a}}\n'), LIMITS.maxMergedPairs)).toEqual({ copies: 2, pastBudget: null });
  });

  it('is what the constructor copies, over random graphs of merges', () => {
    const random = new Random(22);
    // The anchors a merge may name: those defined before it.
    const values = (anchors: string[]) => [...anchors.map((a) => `*${a}`), `[${anchors.map((a) => `*${a}`).join(', ')}]`, `[*${anchors[0]}, *${anchors.at(-1)}, *${anchors[0]}]`, '{x: 1}', `[{x: 1}, *${anchors.at(-1)}]`, '[]', '{}'];
    const merge = (anchors: string[]) => `<<: ${random.pick(values(anchors))}`;
    for (let i = 0; i < 500; i++) {
      const text = `b: &b {x: 1, y: 2}\nc: &c {y: 3, ${merge(['b'])}}\nd: &d {z: 4, ${merge(['b', 'c'])}, ${merge(['c'])}}\nm:\n  ${merge(['b', 'c', 'd'])}\n  own: 1\nl: [{${merge(['d'])}}, {${merge(['b', 'd'])}, <<: *d}]\n`;
      expect(loadYaml(text, { text }).problems, text).toEqual([]);
      expect(countMerges(composed(text), LIMITS.maxMergedPairs)?.copies, text).toBe(copiedByConstructor(text));
    }
  });
});
