/** Inlay hints: the argument's type right after each signature placeholder. */
import * as fs from 'fs';
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { inlayHints } from '../../server/src/engine/features/inlayHints';
import { BUNDLE, analysisOfBundle } from '../helpers/fixture';
import { CORPUS_DIR, needsShared } from '../helpers/shared';

const hintsOf = (text: string) => analysisOfBundle(text).inlayHints(BUNDLE);

/** `¦` marks where each hint goes; labels in document order. */
function expectHints(marked: string, labels: string[], tooltips?: (string | undefined)[]): void {
  const parts = marked.split('¦');
  const text = parts.join('');
  const offsets = parts.slice(0, -1).map((_, i) => parts.slice(0, i + 1).join('').length);
  expect(offsets).toHaveLength(labels.length);
  const expected = offsets.map((offset, i) => (tooltips?.[i] ? { offset, label: labels[i], tooltip: tooltips[i] } : { offset, label: labels[i] }));
  expect(hintsOf(text).map((h) => (tooltips ? h : { offset: h.offset, label: h.label }))).toEqual(expected);
}

const ARG = (name: string, type: string, required: string) => `      - name: ${name}\n        type: ${type}\n        description: about ${name}\n        required: ${required}\n`;

describe('inlay hints', () => {
  it('shows the type after each placeholder spelling, with ? for an optional argument', () => {
    expectHints(
      `tools:\n  t:\n    signature: "t <path>¦ [<n>]¦ {path}¦ --flag¦ --other <nope>"\n    docstring: d\n    arguments:\n${ARG('path', 'string', 'true')}${ARG('n', 'integer', 'false')}${ARG('flag', 'boolean', 'no')}`,
      [': string', ': integer?', ': string', ': boolean?'],
      ['about path', 'about n', 'about path', 'about flag'],
    );
  });

  it('places hints through escapes, quotes, an escaped line break and block scalars', () => {
    const args = `    arguments:\n${ARG('a', 'string', 'true')}${ARG('b', 'array', 'false')}`;
    expectHints(`tools:\n  t:\n    signature: "t \\"<a>¦\\" <\\\n      b>¦"\n    docstring: d\n${args}`, [': string', ': array?']);
    expectHints(`tools:\n  t:\n    signature: 't ''<a>¦'' [<b>]¦'\n    docstring: d\n${args}`, [': string', ': array?']);
    expectHints(`tools:\n  t:\n    signature: >-\n      t <a>¦\n      [<b>]¦\n    docstring: d\n${args}`, [': string', ': array?']);
    expectHints(`tools:\n  t:\n    signature: |\n      t <a>¦ [<b>]¦\n    docstring: d\n${args}`, [': string', ': array?']);
  });

  it('shows what it can of a half-typed tool: no type, no hint; an unreadable required, no ?', () => {
    expectHints(`tools:\n  t:\n    signature: "t <a> <b>¦ <c>¦ <d"\n    arguments:\n      - name: a\n      - name: b\n        type: string\n        required: maybe\n      - name: c\n        type: integer\n        required: false\n`, [
      ': string',
      ': integer?',
    ]);
    expect(hintsOf('tools:\n  t: [\n    signature: "<a>"\n')).toEqual([]);
  });

  it('hints a signature once, where it is written, when tools share it through an alias or a merge key', () => {
    expectHints(`tools:\n  a: &base\n    signature: "a <x>¦"\n    docstring: d\n    arguments:\n${ARG('x', 'string', 'true')}  b: *base\n  c:\n    <<: *base\n    docstring: "<x>"\n`, [': string']);
  });

  it('keeps hints in a range (ends included), and at most the limit', () => {
    const text = `tools:\n  t:\n    signature: t <a> <b> <c>\n    docstring: d\n    arguments:\n${ARG('a', 'string', 'true')}${ARG('b', 'string', 'true')}${ARG('c', 'string', 'true')}`;
    const end = (p: string) => text.indexOf(p) + p.length;
    const analysis = analysisOfBundle(text);
    expect(analysis.inlayHints(BUNDLE, { start: end('<b>'), end: end('<c>') }).map((h) => h.offset)).toEqual([end('<b>'), end('<c>')]);
    expect(analysis.inlayHints(BUNDLE, { start: end('<a>') + 1, end: end('<c>') - 1 }).map((h) => h.offset)).toEqual([end('<b>')]);
    // The limit is the feature's own: the facade always asks for the default.
    expect(inlayHints(analysis.bundleModel(BUNDLE)!, undefined, 1).map((h) => h.offset)).toEqual([end('<a>')]);
  });

  it.skipIf(needsShared(path.join(CORPUS_DIR, 'qarteu__BAML_Bench/tools/edit_anthropic/config.yaml')))('hints every placeholder of a real bundle', () => {
    const text = fs.readFileSync(path.join(CORPUS_DIR, 'qarteu__BAML_Bench/tools/edit_anthropic/config.yaml'), 'utf8');
    const signature = text.indexOf('str_replace_editor <command>');
    const at = (spelling: string) => text.indexOf(spelling, signature) + spelling.length;
    expect(hintsOf(text).map((h) => ({ offset: h.offset, label: h.label }))).toEqual([
      { offset: at('<command>'), label: ': string' },
      { offset: at('<path>'), label: ': string' },
      { offset: at('[<file_text>]'), label: ': string?' },
      { offset: at('[<view_range>]'), label: ': array?' },
      { offset: at('[<old_str>]'), label: ': string?' },
      { offset: at('[<new_str>]'), label: ': string?' },
      { offset: at('[<insert_line>]'), label: ': integer?' },
    ]);
  });
});
