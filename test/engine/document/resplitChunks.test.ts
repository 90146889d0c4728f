/**
 * `resplitChunks` (a version's chunks from the last version's split, scanning
 * only around the edit) against `splitIntoChunks` of the whole new text:
 * equal after every edit of long seeded chains, each resplit from the one
 * before, on bundles with comments, top-level keys around `tools:`, odd
 * indentation and edits that break and mend the structure.
 */
import { describe, expect, it } from 'vitest';
import { ChunkSpec, resplitChunks, splitIntoChunks } from '../../../server/src/engine/document/chunker';
import { generateBundle } from '../../../scripts/generateBundle';
import { Random, applyEdit, randomEdit, typingEdit } from '../../helpers/random';

const HAND_WRITTEN = [
  '# a bundle\n\ntools:\n  a:\n    signature: a\n    # a comment\n    docstring: "does a"\n  b:\n    signature: b <x>\n    arguments:\n      - name: x\n        type: string\nstate_command: state\n',
  'state_command: s\ntools:\n    deep:\n        signature: deep\n    other:\n        docstring: |\n          text\n\n          more\nextra: 1\n',
  'tools:\n  a: {signature: a}\n  b:\n    signature: b\ntools:\n  c:\n    signature: c\n',
];

function chain(seed: number, base: string, steps: number): void {
  const random = new Random(seed);
  let text = base;
  let specs: readonly ChunkSpec[] | null = splitIntoChunks(text);
  for (let step = 0; step < steps; step++) {
    const edit = random.next() < 0.6 ? typingEdit(random, text) : randomEdit(random, text);
    const next = applyEdit(text, edit);
    const { specs: resplit, carried } = resplitChunks(text, specs, next);
    expect(resplit, `seed ${seed}, step ${step}: ${JSON.stringify(edit)}`).toEqual(splitIntoChunks(next));
    // What it says it carried over has the earlier chunks' texts.
    if (carried && resplit) {
      const textOf = (t: string, spec: ChunkSpec) => t.slice(spec.start, spec.end);
      for (let i = 0; i < carried.head; i++) expect(textOf(next, resplit[i])).toBe(textOf(text, carried.from[i]));
      for (let i = carried.tail; i < resplit.length; i++) expect(textOf(next, resplit[i])).toBe(textOf(text, carried.from[carried.tailFrom + i - carried.tail]));
    }
    text = next;
    specs = resplit;
  }
}

describe('resplitChunks', () => {
  it('equals a whole split after every edit of a generated bundle (40 chains of 400 edits)', () => {
    for (let seed = 1; seed <= 40; seed++) chain(seed, generateBundle(12 + (seed % 9), seed).text, 400);
  });

  it('equals a whole split after every edit of hand-written bundles with comments, top-level keys and deep indents', () => {
    for (const [i, base] of HAND_WRITTEN.entries()) for (let seed = 1; seed <= 30; seed++) chain(1000 * (i + 1) + seed, base, 300);
  });

  it.each([
    // A tool at a lower indent put first: the tools after it are its content now, not chunks (the scan's state differs where they start).
    ['a first tool less indented', 'top: 1\nother: 2\ntools:\n    a:\n      signature: a\n    b:\n      signature: b\n', (t: string) => t.replace('tools:\n', 'tools:\n  z:\n')],
    // The first character of a tool's key line changed: that line is scanned again, not taken from the earlier split.
    ['a key line turned top-level', 'top: 1\ntools:\n  a:\n    signature: a\n  b:\n    signature: b\n  c:\n    signature: c\n', (t: string) => t.replace('  b:', 'x b:')],
  ])('equals a whole split for %s', (_, text, edit) => {
    const next = edit(text);
    expect(resplitChunks(text, splitIntoChunks(text), next).specs).toEqual(splitIntoChunks(next));
  });

  it('scans only around an edit: the chunks before and after it are the earlier ones, moved', () => {
    const text = generateBundle(50, 7).text;
    const specs = splitIntoChunks(text)!;
    const at = text.indexOf('description:', text.length / 2) + 13;
    const next = `${text.slice(0, at)}xyz${text.slice(at)}`;
    const { specs: resplit, carried } = resplitChunks(text, specs, next);
    expect(resplit).toEqual(splitIntoChunks(next));
    const edited = specs.findIndex((spec) => spec.start <= at && at < spec.end);
    // Scanned: the chunk before the edited one (its key line is the scan's start), and the edited one.
    expect(carried).toEqual({ from: specs, head: edited - 1, tail: edited + 1, tailFrom: edited + 1 });
    expect(resplit!.slice(edited + 1).map((spec) => spec.start - 3)).toEqual(specs.slice(edited + 1).map((spec) => spec.start));
  });
});
