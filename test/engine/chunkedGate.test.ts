/**
 * The chunked syntax gate (document/bundleModel.ts): a bundle's text is
 * split into chunks, each parsed alone, and the file's verdict composed from
 * them; the whole text is parsed only when a chunk does not stand alone.
 * Here: the composed verdict is the whole parse's where PyYAML's reach crosses
 * chunks (its recursion limit, line breaks the chunker does not see), and
 * what an edit costs the gate, counted through the host (never timed).
 * test/pyyaml/ holds the gate to the real PyYAML.
 */
import { describe, expect, it } from 'vitest';
import { generateBundle } from '../../scripts/generateBundle';
import { analyzeWhole } from '../../server/src/engine/document/bundleModel';
import { sourceTextOf } from '../../server/src/engine/document/sourceText';
import { STANDALONE_OPTIONS } from '../../server/src/engine/swe/checkTool';
import { BUNDLE, analysisOfBundle, workspaceOf } from '../helpers/fixture';
import { costOf } from '../helpers/project';

/** The mode the gate took, and the codes of the chunked analysis and of the whole parse's. */
function bothWays(text: string) {
  const chunked = analysisOfBundle(text).bundleModel(BUNDLE)!;
  const whole = analyzeWhole(sourceTextOf(text), STANDALONE_OPTIONS);
  return { mode: chunked.mode, chunked: chunked.diagnostics.map((d) => [d.code, d.start, d.end]), whole: whole.diagnostics.map((d) => [d.code, d.start, d.end]) };
}

const tool = (name: string) => `  ${name}:\n    signature: ${name}\n    docstring: d\n`;

describe('the chunked gate gives the whole parse’s verdict', () => {
  const nestings: [string, (depth: number) => string][] = [
    ['a flow sequence in a tool', (depth) => `tools:\n  deep: ${'['.repeat(depth)}${']'.repeat(depth)}\n${tool('u')}`],
    ['a flow mapping in a tool', (depth) => `tools:\n  deep: ${'{a: '.repeat(depth)}b${'}'.repeat(depth)}\n${tool('u')}`],
    ['a flow sequence under a top-level key', (depth) => `deep: ${'['.repeat(depth)}${']'.repeat(depth)}\ntools:\n${tool('u')}`],
  ];
  it.each(nestings)('at every depth around the recursion limit: %s', (_name, text) => {
    const modes = new Set<string>();
    for (let depth = 480; depth <= 500; depth++) {
      const { mode, chunked, whole } = bothWays(text(depth));
      modes.add(mode);
      expect({ depth, diagnostics: chunked }).toEqual({ depth, diagnostics: whole });
    }
    // Both sides of the limit are reached: chunked below it, the whole parse (and its RecursionError) past it.
    expect([...modes].sort()).toEqual(['chunked', 'whole']);
    expect(bothWays(text(500)).whole.map(([code]) => code)).toContain('yaml-resource-limit');
  });

  it.each(['\x85', '\u2028', '\u2029'])('with a line break the chunker does not see (%j) before a document end marker', (lineBreak) => {
    for (const text of [`a: 1${lineBreak}...\ntools:\n${tool('u')}`, `tools:\n  t: 1${lineBreak}...\n${tool('u')}`]) {
      const { mode, chunked, whole } = bothWays(text);
      expect(mode).toBe('whole');
      expect(chunked).toEqual(whole);
      expect(whole.map(([code]) => code)).toEqual(['yaml-syntax']);
    }
  });
});

describe('what an edit costs the gate', () => {
  const { text } = generateBundle(200);
  const edited = (from: string, to: string) => {
    expect(text.includes(from)).toBe(true);
    return text.replace(from, to);
  };

  it('typing in one tool’s description parses that chunk only, never the whole file; a file-level construct parses the whole file until it is gone', () => {
    const { host } = workspaceOf(new Map([[BUNDLE, text]]));
    const report = () => host.analysis().report(BUNDLE)!;
    report();
    const type = (next: string) =>
      costOf(host, () => {
        host.applyChange({ opened: [{ file: BUNDLE, text: next }] });
        report();
      });

    let typed = text;
    for (const letter of 'abc') {
      typed = typed.replace('Runs tool_100 on a file', `Runs tool_100 on a file ${letter}`);
      const cost = type(typed);
      expect(cost).toMatchObject({ chunk: 1, 'tool base check': 1 });
      expect(cost['whole load']).toBeUndefined();
    }
    // An anchor can be aliased from another chunk: the whole file is parsed, once per version.
    const anchored = edited(`signature: "tool_100 `, `signature: &a "tool_100 `);
    expect(type(anchored)).toMatchObject({ chunk: 1, 'whole load': 1 });
    // A document marker ends the split: no chunk is parsed.
    const marked = edited('\ntools:\n', '\n---\ntools:\n');
    const cost = type(marked);
    expect(cost['whole load']).toBe(1);
    expect(cost.chunk).toBeUndefined();
    // Back to the text before: every chunk is the one parsed before, and nothing is parsed.
    const back = type(typed);
    expect(back.chunk).toBeUndefined();
    expect(back['whole load']).toBeUndefined();
  });
});
