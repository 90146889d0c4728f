/** Semantic tokens: exact source ranges, types and modifiers, through quoting, escapes and block scalars. */
import * as fs from 'fs';
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { EngineConfig } from '../../server/src/engine/config';
import { SemanticToken, semanticTokens } from '../../server/src/engine/features/semanticTokens';
import { BUNDLE, analysisOfBundle, fileFixture } from '../helpers/fixture';
import { CORPUS_DIR, needsShared } from '../helpers/shared';

type Kind = Pick<SemanticToken, 'type' | 'modifiers'>;
const P: Kind = { type: 'parameter', modifiers: ['declaration'] };
const P_UNDEFINED: Kind = { type: 'parameter', modifiers: ['declaration', 'undefined'] };
const MENTION: Kind = { type: 'parameter', modifiers: [] };
const MENTION_UNDEFINED: Kind = { type: 'parameter', modifiers: ['undefined'] };
const VAR: Kind = { type: 'variable', modifiers: ['readonly'] };
const VAR_UNDEFINED: Kind = { type: 'variable', modifiers: ['readonly', 'undefined'] };

/** The tokens of a marked document: each «…» is one token, of the kinds given in document order (the env: the settings' `envVariables`, else unknown). */
function expectTokens(marked: string, kinds: Kind[], settings: EngineConfig = {}): void {
  const { analysis, file, ranges } = fileFixture(marked, settings);
  expect(ranges).toHaveLength(kinds.length);
  expect(analysis.semanticTokens(file)).toEqual(ranges.map((range, i) => ({ ...range, ...kinds[i] })));
}

const ARGS = (...names: string[]) => `    arguments:\n${names.map((name) => `      - name: ${name}\n        type: string\n        description: d\n        required: true\n`).join('')}`;

describe('semantic tokens', () => {
  it('marks the four placeholder spellings of a signature, undefined ones apart, and skips a literal flag', () => {
    expectTokens(`tools:\n  t:\n    signature: "t «<a>» «[<b>]» «{c}» «--d» --verbose «<nope>»"\n    docstring: x\n${ARGS('a', 'b', 'c', 'd')}`, [P, P, P, P, P_UNDEFINED]);
  });

  it('maps placeholders through escapes, single quotes and an escaped line break (split, never spanning lines)', () => {
    expectTokens(`tools:\n  t:\n    signature: "t \\"«<a>»\\" «\\x3cb>» «<c»\\\n      «d>»"\n    docstring: x\n${ARGS('a', 'b', 'cd')}`, [P, P, P, P]);
    expectTokens(`tools:\n  t:\n    signature: 't ''«<a>»'' «[<b>]»'\n    docstring: x\n${ARGS('a', 'b')}`, [P, P]);
  });

  it('maps placeholders in folded and literal block signatures', () => {
    expectTokens(`tools:\n  t:\n    signature: >-\n      t «<a>»\n      «[<b>]»\n    docstring: x\n${ARGS('a', 'b')}`, [P, P]);
    expectTokens(`tools:\n  t:\n    signature: |\n        t «<a>» «[<b>]»\n    docstring: x\n${ARGS('a', 'b')}`, [P, P]);
  });

  it('marks docstring mentions and env fields, undefined ones apart, and not escaped braces or literal ones', () => {
    expectTokens(
      `tools:\n  t:\n    signature: "t «<a>»"\n    docstring: |\n      Reads «<a>», not «<b>».\n      Uses «{PAGER}» and «{WINDOW}», not {{x}} or {"k": 1}.\n${ARGS('a')}`,
      [P, MENTION, MENTION_UNDEFINED, VAR, VAR_UNDEFINED],
    );
    expectTokens(`tools:\n  t:\n    signature: t\n    docstring: "«{PAGER}» «{WINDOW}»"\n`, [VAR_UNDEFINED, VAR], { envVariables: { WINDOW: '100' } });
  });

  it('gives partial tokens for half-typed input, and none for text that does not load', () => {
    expectTokens(`tools:\n  t:\n    signature: "t «<a>» [<b"\n    arguments:\n      - name: a\n`, [P]);
    expectTokens(`tools:\n  t:\n    docstring: "see «<a>» and {oops"\n    signature: t «<a>»\n`, [MENTION_UNDEFINED, P_UNDEFINED]);
    expect(analysisOfBundle('tools:\n  t: [\n    signature: "<a>"\n').semanticTokens(BUNDLE)).toEqual([]);
  });

  it('marks a signature once, where it is written, when tools share it through an alias or a merge key', () => {
    expectTokens(`tools:\n  a: &base\n    signature: "a «<x>»"\n    docstring: d\n    arguments:\n      - name: x\n  b: *base\n  c:\n    <<: *base\n    docstring: "«<x>»"\n`, [P, MENTION]);
  });

  it('keeps tokens in a range, and at most the limit', () => {
    const { analysis, file, ranges } = fileFixture(`tools:\n  t:\n    signature: "t «<a>» «<b>» «<c>»"\n    docstring: x\n${ARGS('a', 'b', 'c')}`);
    expect(analysis.semanticTokens(file, { start: ranges[1].start + 1, end: ranges[2].start + 1 })).toEqual([
      { ...ranges[1], ...P },
      { ...ranges[2], ...P },
    ]);
    // The limit is the feature's own: the facade always asks for the default.
    expect(semanticTokens(analysis.bundleModel(file)!, analysis.env(file), undefined, 2)).toEqual([
      { ...ranges[0], ...P },
      { ...ranges[1], ...P },
    ]);
  });

  it.skipIf(needsShared(path.join(CORPUS_DIR, 'qarteu__BAML_Bench/tools/edit_anthropic/config.yaml')))('marks every placeholder of a real bundle, and its docstring mentions', () => {
    const text = fs.readFileSync(path.join(CORPUS_DIR, 'qarteu__BAML_Bench/tools/edit_anthropic/config.yaml'), 'utf8');
    const signature = text.indexOf('str_replace_editor <command>');
    const spellings = ['<command>', '<path>', '[<file_text>]', '[<view_range>]', '[<old_str>]', '[<new_str>]', '[<insert_line>]'];
    expect(analysisOfBundle(text).semanticTokens(BUNDLE)).toEqual(
      spellings.map((spelling) => {
        const start = text.indexOf(spelling, signature);
        return { start, end: start + spelling.length, ...P };
      }),
    );
  });
});
