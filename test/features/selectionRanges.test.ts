/** Selection ranges: the exact chain around a cursor, innermost first, each strictly inside the next. */
import * as fs from 'fs';
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { position } from '../helpers/fixture';
import { withCursor } from '../helpers/markers';
import { CORPUS_DIR, needsShared } from '../helpers/shared';

/** The selection chain at the cursor is the marked ranges, innermost first (the markers nest around the cursor). */
function expectChain(marked: string): void {
  const { analysis, file, offset, ranges } = position(marked);
  const chain = [...ranges].sort((a, b) => b.start - a.start || a.end - b.end);
  const result = analysis.selectionRanges(file, offset)!;
  expect(result).toEqual(chain);
  for (let i = 1; i < result.length; i++) {
    expect(result[i].start <= result[i - 1].start && result[i - 1].end <= result[i].end).toBe(true);
    expect(result[i].end - result[i].start).toBeGreaterThan(result[i - 1].end - result[i - 1].start);
  }
}

const ARGS = `    arguments:
      - name: path
        type: string`;

describe('selection ranges', () => {
  it('goes from a placeholder name to its spelling, the signature, its entry, the tool, tools and the document', () => {
    expectChain(`«««tools:
  «open:
    ««signature: «"«open «[<«li¦ne»>]» x»"»»
    docstring: d
${ARGS}»»»
state_command: s»
»`);
  });

  it('maps through escapes in a double-quoted signature', () => {
    expectChain(`««tools:
  «open:
    ««signature: «"«run \\"«<«pa¦th»>»\\" now»"»»
${ARGS}»»»
»`);
  });

  it('selects a flag and a brace field by name first', () => {
    expectChain(`««tools:
  «t:
    ««signature: «'«t «--«pa¦th»» {path}»'»»
${ARGS}»»»
»`);
    expectChain(`««tools:
  «t:
    ««signature: «'«t --path «{«pa¦th»}»»'»»
${ARGS}»»»
»`);
  });

  it('selects inside a folded or literal block scalar, then its body, then the scalar with its header', () => {
    expectChain(`««tools:
  «t:
    ««signature: «>-
      «t
      «<«pa¦th»>»»»»
${ARGS}»»»
»`);
    expectChain(`««tools:
  «t:
    ««docstring: «|
      «Reads <path>.
      Pages with «{«PA¦GER»}».»»»
    signature: t
${ARGS}»»»
»`);
  });

  it('goes from a word of an argument field through the argument to the arguments list', () => {
    expectChain(`««tools:
  «t:
    «signature: t <path>
    «arguments:
      ««- «name: path
        «type: «str¦ing»»
        description: "where"»»
      - name: other
        type: string»»»»»
»`);
  });

  it('selects a word inside quotes before the quoted content', () => {
    expectChain(`««tools:
  «t:
    ««docstring: «"«Opens «fi¦le» now»"»»
    signature: t»»»
»`);
  });

  it('selects a key, then its entry', () => {
    expectChain(`««tools:
  «t:
    «««sig¦nature»: t»
    docstring: d»»»
»`);
  });

  it('gives the entry, not a scalar, for a cursor between key and value or in indentation', () => {
    expectChain(`««tools:
  «t:
    ««signature:¦ t»
    docstring: d»»»
»`);
    expectChain(`««tools:
  «t:
  ¦  signature: t
    docstring: d»»
»`);
  });

  it('handles a document that does not load: the word, the line, the document', () => {
    expectChain(`«tools:
  a: [
    «b «cc¦c»»
»`);
  });

  it.skipIf(needsShared(path.join(CORPUS_DIR, 'qarteu__BAML_Bench/tools/edit_anthropic/config.yaml')))('works on a real bundle', () => {
    const text = fs.readFileSync(path.join(CORPUS_DIR, 'qarteu__BAML_Bench/tools/edit_anthropic/config.yaml'), 'utf8');
    const { analysis, file, offset } = position(withCursor(text, '[<vi¦ew_range>]'));
    const slices = analysis.selectionRanges(file, offset)!.map((r) => text.slice(r.start, r.end));
    const signatureLine = text.slice(text.indexOf('str_replace_editor <command>'), text.indexOf('\n', text.indexOf('str_replace_editor <command>')));
    const toolEnd = text.indexOf('\nstate_command:');
    expect(slices).toEqual([
      'view_range',
      '[<view_range>]',
      signatureLine,
      `|\n      ${signatureLine}`,
      `signature: |\n      ${signatureLine}`,
      text.slice(text.indexOf('baml_entrypoint'), toolEnd),
      text.slice(text.indexOf('str_replace_editor:'), toolEnd),
      text.slice(0, toolEnd),
      text.trimEnd(),
      text,
    ]);
  });
});
