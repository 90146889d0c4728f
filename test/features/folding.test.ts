/** Folding ranges: exact starts and ends (the end is the last line with content). */
import * as fs from 'fs';
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { FoldingRegion } from '../../server/src/engine/features/folding';
import { BUNDLE, analysisOfBundle, fileFixture } from '../helpers/fixture';
import { positionOf } from '../helpers/markers';
import { CORPUS_DIR, needsShared } from '../helpers/shared';

/** The folding ranges of a bundle text (markers kept as they are), as the analysis gives them. */
const foldingOf = (text: string, limit?: number) => analysisOfBundle(text).folding(BUNDLE, limit);
const offsets = (regions: FoldingRegion[]) => regions.map(({ start, end }) => ({ start, end }));

describe('folding ranges', () => {
  it('folds tools, each tool, arguments, each argument and block docstrings, ending on the last line with content', () => {
    const { analysis, file, ranges } = fileFixture(`«tools:
  «open:
    signature: "open <path> [<line>]"
    «docstring: |
      Opens a file.

      More text.»


    «arguments:
      «- name: path
        type: string»

      «- name: line
        type: integer
        required: false»»»
  # about b
  «b:
    signature: b»»
state_command: s
`);
    expect(offsets(analysis.folding(file))).toEqual(ranges);
    expect(analysis.folding(file).map((r) => r.depth)).toEqual([0, 1, 2, 2, 3, 3, 1]);
  });

  it('folds multi-line flow collections, keeps one range per start line (the outermost), and skips one-line entries', () => {
    const { analysis, file, ranges } = fileFixture(`«tools:
  «t:
    «arguments: [{name: a,
        type: string}]»
    «signature: >-
      t
      <a>»
    docstring: "one line"
    «items:
      «- - x
        - y»»»»
`);
    // `arguments` and its only item start on the same line: the entry wins. `- - x` is the outer item.
    expect(offsets(analysis.folding(file))).toEqual(ranges);
  });

  it('folds an aliased mapping where it is written, not where it is used', () => {
    const { analysis, file, ranges } = fileFixture(`«tools:
  «a: &base
    signature: a
    docstring: d»
  b: *base»
`);
    expect(analysis.bundleModel(file)!.mode).toBe('whole');
    expect(offsets(analysis.folding(file))).toEqual(ranges);
  });

  it('keeps the outermost ranges when there are more than the limit, in document order', () => {
    const tools = Array.from({ length: 3 }, (_, i) => `  t${i}:\n    arguments:\n      - name: a\n        type: string\n`).join('');
    const text = `tools:\n${tools}`;
    const lineOf = (region: FoldingRegion) => [positionOf(text, region.start).line, positionOf(text, region.end).line];
    expect(foldingOf(text).map(lineOf)).toEqual([
      [0, 12],
      [1, 4],
      [2, 4],
      [3, 4],
      [5, 8],
      [6, 8],
      [7, 8],
      [9, 12],
      [10, 12],
      [11, 12],
    ]);
    expect(foldingOf(text, 4).map(lineOf)).toEqual([
      [0, 12],
      [1, 4],
      [5, 8],
      [9, 12],
    ]);
    expect(foldingOf(text, 0)).toEqual([]);
  });

  it('gives nothing for text that does not load, and what it can for a half-typed tool', () => {
    expect(foldingOf('tools:\n  a: [\n    b\n')).toEqual([]);
    const { analysis, file, ranges } = fileFixture('«tools:\n  «open:\n    signature:\n    «arguments:\n      -»»»\n');
    expect(offsets(analysis.folding(file))).toEqual(ranges);
  });

  it.skipIf(needsShared(path.join(CORPUS_DIR, 'qarteu__BAML_Bench/tools/edit_anthropic/config.yaml')))('folds every tool and argument of a real bundle', () => {
    const text = fs.readFileSync(path.join(CORPUS_DIR, 'qarteu__BAML_Bench/tools/edit_anthropic/config.yaml'), 'utf8');
    const lines = text.split('\n');
    const lineOf = (prefix: string, from = 0) => lines.findIndex((line, i) => i >= from && line.startsWith(prefix));
    const regions = foldingOf(text).map((r) => [positionOf(text, r.start).line, positionOf(text, r.end).line]);
    const argumentStarts = lines.flatMap((line, i) => (line.startsWith('      - name: ') ? [i] : []));
    const stateLine = lineOf('state_command:');
    expect(argumentStarts).toHaveLength(7);
    expect(regions).toEqual([
      [0, stateLine - 1],
      [1, stateLine - 1],
      [lineOf('    baml_entrypoint:'), lineOf('    }')],
      [lineOf('    signature:'), lineOf('    signature:') + 1],
      [lineOf('    docstring:'), lineOf('    arguments:') - 1],
      [lineOf('    arguments:'), stateLine - 1],
      ...argumentStarts.map((start, i) => [start, (argumentStarts[i + 1] ?? stateLine) - 1]),
      [lineOf('        items:'), lineOf('        items:') + 1],
    ]);
  });
});
