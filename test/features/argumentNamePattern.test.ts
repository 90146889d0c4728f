/**
 * The editor features read a signature's placeholders as the chosen SWE-agent
 * does: up to v1.1.0 its ARGUMENT_NAME_PATTERN needs two characters, so `<a>`
 * is no placeholder there (main takes one).
 */
import { describe, expect, it } from 'vitest';
import { EngineConfig } from '../../server/src/engine/config';
import { BUNDLE, analysisOfBundle, position } from '../helpers/fixture';
import { withCursor } from '../helpers/markers';

const TOOL = `tools:
  open:
    signature: "open <a> <bb>"
    docstring: Opens a file.
    arguments:
      - name: a
        type: string
        description: First.
        required: true
      - name: bb
        type: integer
        description: Second.
        required: true
`;
const ON_1_1_0: EngineConfig = { sweAgent: '1.1.0' };
const at = (needle: string, shift = 0) => TOOL.indexOf(needle) + shift;

describe('one-character placeholders follow the chosen SWE-agent', () => {
  it('go to definition from `<a>` on main only', () => {
    const definitionAt = (settings: EngineConfig) => {
      const { analysis, file, offset } = position(withCursor(TOOL, '<¦a>'), settings);
      return analysis.definition(file, offset);
    };
    expect(definitionAt({})).toEqual({
      origin: { start: at('<a>'), end: at('<a>', 3) },
      targets: [{ file: BUNDLE, selection: { start: at('name: a', 6), end: at('name: a', 7) }, target: { start: at('- name: a'), end: at('      - name: bb', -1) } }],
    });
    expect(definitionAt(ON_1_1_0)).toBeNull();
  });

  it('an inlay hint after `<a>` on main only', () => {
    expect(analysisOfBundle(TOOL).inlayHints(BUNDLE)).toEqual([
      { offset: at('<a>', 3), label: ': string', tooltip: 'First.' },
      { offset: at('<bb>', 4), label: ': integer', tooltip: 'Second.' },
    ]);
    expect(analysisOfBundle(TOOL, ON_1_1_0).inlayHints(BUNDLE)).toEqual([{ offset: at('<bb>', 4), label: ': integer', tooltip: 'Second.' }]);
  });

  it('a parameter token for `<a>` on main only', () => {
    const inSignature = (settings: EngineConfig) =>
      analysisOfBundle(TOOL, settings)
        .semanticTokens(BUNDLE)
        .filter((t) => t.start >= at('"open') && t.end <= at('"\n    docstring'))
        .map((t) => [TOOL.slice(t.start, t.end), t.type, t.modifiers]);
    expect(inSignature({})).toEqual([
      ['<a>', 'parameter', ['declaration']],
      ['<bb>', 'parameter', ['declaration']],
    ]);
    expect(inSignature(ON_1_1_0)).toEqual([['<bb>', 'parameter', ['declaration']]]);
  });

  it('completion of an argument name offers `a` on main only', () => {
    const spec = 'tools:\n  open:\n    signature: "open <a> <bb>"\n    arguments:\n      - name: ¦\n';
    const names = (settings: EngineConfig) => {
      const { analysis, file, offset } = position(spec, settings);
      return analysis.completion(file, offset, { snippets: false })!.map((item) => item.label);
    };
    expect(names({})).toEqual(['a', 'bb']);
    expect(names(ON_1_1_0)).toEqual(['bb']);
  });
});
