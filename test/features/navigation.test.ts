/** Definition, references and highlights between an argument's name, its placeholders and its docstring mentions. */
import * as fs from 'fs';
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { argumentTargetAt, valueRange } from '../../server/src/engine/features/navigation';
import { BUNDLE, analysisOfBundle, fileFixture, position } from '../helpers/fixture';
import { parseMarkers, withCursor } from '../helpers/markers';
import { CORPUS_DIR, needsShared } from '../helpers/shared';

/** What each request answers at the cursor `¦` of a fixture. */
function at(spec: string) {
  const { analysis, file, offset } = position(spec);
  return {
    references: (includeDeclaration = true) => analysis.references(file, offset, includeDeclaration),
    highlights: () => analysis.highlights(file, offset),
    definition: () => analysis.definition(file, offset),
  };
}

/** The text at each range, for readable failures. */
const texts = (text: string, ranges: { start: number; end: number }[]) => ranges.map((r) => text.slice(r.start, r.end));

const OPEN = `tools:
  open:
    signature: "open <«path»> [<«line»>] {«path»} --«path» <other>"
    docstring: Opens <«path»> at <«line»>; see <nothing>.
    arguments:
      - name: «path»
        type: string
        description: the file
        required: true
      - name: «line»
        type: integer
        description: where
        required: false
`;

describe('references and highlights', () => {
  const { analysis, file, text, ranges } = fileFixture(OPEN);
  const [sigPath, sigLine, bracePath, flagPath, docPath, docLine, namePath, nameLine] = ranges;

  it('finds every spelling of an argument in the signature, its docstring mentions and its name, from any of them', () => {
    for (const at of [sigPath, bracePath, flagPath, docPath, namePath]) {
      for (const offset of [at.start, at.end]) {
        expect(analysis.references(file, offset, true)).toEqual([sigPath, bracePath, flagPath, docPath, namePath]);
      }
    }
    expect(analysis.references(file, sigLine.start, true)).toEqual([sigLine, docLine, nameLine]);
    expect(texts(text, analysis.references(file, docLine.start, true))).toEqual(['line', 'line', 'line']);
  });

  it('leaves the name out without includeDeclaration', () => {
    expect(analysis.references(file, namePath.start, false)).toEqual([sigPath, bracePath, flagPath, docPath]);
  });

  it('counts the brackets of a placeholder as part of it', () => {
    expect(at(withCursor(OPEN, '¦<«path»>')).references()).toHaveLength(5);
    expect(at(withCursor(OPEN, '¦[<«line»>]')).references()).toEqual([sigLine, docLine, nameLine]);
    expect(at(withCursor(OPEN, '¦{«path»}')).references()).toHaveLength(5);
  });

  it('marks the name as written and the rest as read', () => {
    expect(analysis.highlights(file, sigLine.start)).toEqual([
      { ...sigLine, kind: 'read' },
      { ...docLine, kind: 'read' },
      { ...nameLine, kind: 'write' },
    ]);
  });

  it('finds nothing on text, keys, and placeholders or mentions without an argument', () => {
    for (const needle of ['o¦pen <', 's¦ignature', '<¦other>', '<¦nothing>', 't¦ype: string', 'O¦pens', 't¦ools']) {
      const there = at(withCursor(OPEN, needle));
      expect(there.references()).toEqual([]);
      expect(there.highlights()).toEqual([]);
      expect(there.definition()).toBeNull();
    }
  });
});

describe('go to definition', () => {
  const DEFINED = `tools:
  open:
    signature: "open «<path>» «[<line>]»"
    docstring: d
    arguments:
«      - name: «path»
        type: string
        description: the file
        required: true»
«      - name: «line»
        type: integer
        description: where
        required: false»
`;
  const { analysis, file, ranges } = fileFixture(DEFINED);
  const [sigPath, sigLine, pathItem, pathName, lineItem, lineName] = ranges;
  // The whole item starts where `- ` starts; the name is selected.
  const target = (name: { start: number; end: number }, item: { start: number; end: number }) => ({ file, target: { start: item.start + 6, end: item.end }, selection: name });

  it('goes from a placeholder to the argument name, with the placeholder as origin', () => {
    expect(at(withCursor(DEFINED, '«<p¦ath>»')).definition()).toEqual({ origin: sigPath, targets: [target(pathName, pathItem)] });
    expect(analysis.definition(file, sigLine.start)).toEqual({ origin: sigLine, targets: [target(lineName, lineItem)] });
  });

  it('answers with the name itself on the name', () => {
    expect(analysis.definition(file, lineName.start)).toEqual({ origin: lineName, targets: [target(lineName, lineItem)] });
  });

  it('lists both arguments when a name is duplicated', () => {
    const dup = fileFixture(`tools:\n  t:\n    signature: t «<a>»\n    docstring: d\n    arguments:\n      - name: «a»\n      - name: «a»\n`);
    const [sig, first, second] = dup.ranges;
    expect(dup.analysis.definition(dup.file, sig.start)?.targets.map((t) => t.selection)).toEqual([first, second]);
  });
});

describe('scalar styles', () => {
  it('maps names through escapes in a double-quoted signature, single quotes, and block scalars', () => {
    const { analysis, file, ranges } = fileFixture(`tools:
  t:
    signature: "t \\"<«p»>\\" \\x3c«q»> {«p»!r:>4}"
    docstring: |
      Use <«p»>
        and <«q»>.
    arguments:
      - name: '«p»'
        type: string
        description: d
        required: true
      - {name: "«q»", type: string, description: d, required: true}
`);
    const [sigP, sigQ, braceP, docP, docQ, nameP, nameQ] = ranges;
    expect(analysis.references(file, sigP.start, true)).toEqual([sigP, braceP, docP, nameP]);
    expect(analysis.references(file, nameQ.start, true)).toEqual([sigQ, docQ, nameQ]);
    expect(analysis.definition(file, braceP.start)?.targets[0].selection).toEqual(nameP);
    // the token of a quoted name includes its quotes
    expect(argumentTargetAt(analysis.bundleModel(file)!, nameP.start - 1)?.at).toMatchObject({ kind: 'name', tokenStart: nameP.start - 1, tokenEnd: nameP.end + 1 });
  });

  it('follows PyYAML folding in a folded docstring with blank and more-indented lines', () => {
    const { analysis, file, text, ranges } = fileFixture(`tools:
  t:
    signature: t <«x»>
    docstring: >
      First <«x»>
      line.

      Example:
          t <«x»>

      Last <«x»>.
    arguments:
      - name: «x»
        type: string
        description: d
        required: true
`);
    expect(analysis.references(file, ranges[0].start, true)).toEqual(ranges);
    const model = analysis.bundleModel(file)!;
    const docstring = model.view.tools[0].docstring!;
    expect(docstring.value).toEqual({ type: 'str', value: 'First <x> line.\nExample:\n    t <x>\n\nLast <x>.\n' });
    // every character of the value maps to the source character it came from (line breaks to the break they fold)
    const value = (docstring.value as { value: string }).value;
    for (let i = 0; i < value.length; i++) {
      const r = valueRange(model.placement, docstring, i, i + 1)!;
      const source = text.slice(r.start, r.end);
      expect(value[i] === ' ' && source === '\n' ? ' ' : source).toBe(value[i]);
    }
  });

  it('maps explicit indentation indicators and keep chomping', () => {
    const { analysis, file, ranges } = fileFixture(`tools:\n  t:\n    signature: |2+\n        t <«x»>\n\n    docstring: d\n    arguments:\n      - name: «x»\n`);
    expect(analysis.bundleModel(file)!.view.tools[0].signature!.value).toEqual({ type: 'str', value: '  t <x>\n\n' });
    expect(analysis.references(file, ranges[1].start, true)).toEqual(ranges);
  });
});

describe('broken and half-typed input', () => {
  it('answers for what is there while an argument is being typed', () => {
    const typing = `tools:\n  t:\n    signature: t <path> <«pa»>\n    docstring: d\n    arguments:\n      - name: «pa»`;
    expect(at(withCursor(typing, '<¦path>')).references()).toEqual([]);
    expect(at(`${typing}¦`).references()).toEqual(parseMarkers(typing).ranges);
  });

  it('gives nothing when the YAML does not load', () => {
    const text = `tools:\n  t:\n    signature: "t <path>\n    arguments:\n      - name: path\n`;
    for (const needle of ['<¦path>', 'name: p¦ath']) {
      const there = at(withCursor(text, needle));
      expect(there.references()).toEqual([]);
      expect(there.highlights()).toEqual([]);
      expect(there.definition()).toBeNull();
    }
  });

  it('gives nothing for arguments that are not a list, or names that are not strings', () => {
    const text = `tools:\n  t:\n    signature: t <yes> <a>\n    docstring: d\n    arguments:\n      - name: yes\n      - name: [a]\n`;
    for (const needle of ['<¦yes>', 'name: y¦es', '<¦a>']) expect(at(withCursor(text, needle)).references()).toEqual([]);
  });

  it('works on the normalized text of a CRLF document', () => {
    const { text, ranges } = parseMarkers(OPEN);
    const analysis = analysisOfBundle(text.replace(/\n/g, '\r\n'));
    const file = BUNDLE;
    expect(analysis.source(file)!.normalized).toBe(text);
    expect(analysis.references(file, ranges[0].start, true)).toEqual([ranges[0], ranges[2], ranges[3], ranges[4], ranges[6]]);
  });
});

describe('real bundles', () => {
  it.skipIf(needsShared(path.join(CORPUS_DIR, 'elunac19__SWE-agent/tools/windowed_edit_replace/config.yaml')))('links the windowed edit arguments to their placeholders and docstring mentions', () => {
    const text = fs.readFileSync(path.join(CORPUS_DIR, 'elunac19__SWE-agent/tools/windowed_edit_replace/config.yaml'), 'utf8');
    const analysis = analysisOfBundle(text);
    const file = BUNDLE;
    const range = (needle: string, inside: number, length: number, from = 0) => {
      const start = text.indexOf(needle, from) + inside;
      return { start, end: start + length };
    };
    const secondLine = text.indexOf('If replace-all is True');
    const expected = [
      range('edit <search>', 6, 6),
      range('Replace first occurrence of <search>', 29, 6),
      range('occurrences of <search>', 16, 6, secondLine),
      range('- name: search', 8, 6),
    ];
    expect(texts(text, expected)).toEqual(['search', 'search', 'search', 'search']);
    for (const r of expected) expect(analysis.references(file, r.start, true)).toEqual(expected);
    expect(at(withCursor(text, '<r¦eplace-all>')).highlights().map((h) => [text.slice(h.start, h.end), h.kind, h.start])).toEqual([
      ['replace-all', 'read', text.indexOf('<replace-all>') + 1],
      ['replace-all', 'write', text.indexOf('name: replace-all') + 6],
    ]);
    // insert: `<text>` and `<line>` in its docstring
    expect(at(withCursor(text, 'Insert <t¦ext>')).references(false)).toEqual([range('insert <text>', 8, 4), range('Insert <text>', 8, 4)]);
  });

  it.skipIf(needsShared(path.join(CORPUS_DIR, 'qarteu__BAML_Bench/tools/edit_anthropic/config.yaml')))('links edit_anthropic arguments to their placeholders', () => {
    const text = fs.readFileSync(path.join(CORPUS_DIR, 'qarteu__BAML_Bench/tools/edit_anthropic/config.yaml'), 'utf8');
    const placeholder = text.indexOf('[<view_range>]');
    const onPlaceholder = at(withCursor(text, '¦[<view_range>]'));
    const name = text.indexOf('name: view_range') + 6;
    const expected = [
      { start: placeholder + 2, end: placeholder + 12 },
      { start: name, end: name + 10 },
    ];
    expect(onPlaceholder.references()).toEqual(expected);
    expect(onPlaceholder.definition()).toEqual({
      origin: { start: placeholder, end: placeholder + 14 },
      targets: [{ file: BUNDLE, target: { start: name - 8, end: text.indexOf('{{value|join') + "{{value|join(' ')}}\"".length }, selection: { start: name, end: name + 10 } }],
    });
    // `<response clipped>` in the docstring names no argument
    expect(at(withCursor(text, '<¦response clipped>')).references()).toEqual([]);
  });
});
