/**
 * The did-you-mean of a settings file (`.swe-bundle.json`), through the
 * facade: a misspelt setting or rule code carries the key it most likely
 * meant, and its quick fix renames the key, quotes and all. A far name, or a
 * suggestion the same object already has (the rename would make a duplicate
 * key), gets no fix.
 */
import { describe, expect, it } from 'vitest';
import { applyEdits } from '../../server/src/engine/features/edits';
import { SETTINGS_FILE, fixture } from '../helpers/fixture';

function settingsFixture(spec: string) {
  const { analysis, marked } = fixture(`//- ${SETTINGS_FILE}\n${spec}`);
  const { text, ranges } = marked.get(SETTINGS_FILE)!;
  const problems = analysis.settingsProblemsIn(SETTINGS_FILE);
  return { analysis, text, ranges, problems };
}

describe('a settings file: did-you-mean with its fix', () => {
  it('renames a misspelt setting and a misspelt rule code, and only when the suggestion is close and not there already', () => {
    const { analysis, text, ranges, problems } = settingsFixture(
      [
        '{',
        '  "rules": {«"unknown-kye"»: "off", «"no-such-rule-at-all"»: "off", «"missing-feild"»: "hint", "missing-field": "error"},',
        '  «"inlayHint"»: false,',
        '  «"noSuchSetting"»: 1',
        '}',
        '',
      ].join('\n'),
    );
    expect(problems.map((p) => ({ message: p.message, start: p.start, end: p.end, data: p.data }))).toEqual([
      { message: 'unknown rule "unknown-kye"; did you mean "unknown-key"?', ...ranges[0], data: { replaceWith: 'unknown-key' } },
      { message: 'unknown rule "no-such-rule-at-all" (docs/rules.md lists every code)', ...ranges[1], data: undefined },
      // `missing-field` is in the object already: the message still names it, but a rename would duplicate the key.
      { message: 'unknown rule "missing-feild"; did you mean "missing-field"?', ...ranges[2], data: undefined },
      { message: 'unknown setting "inlayHint"; did you mean "inlayHints"?', ...ranges[3], data: { replaceWith: 'inlayHints' } },
      { message: 'unknown setting "noSuchSetting" (the settings are envVariables, rules, filePatterns, configRoot, inlayHints, commandLine, sweAgent)', ...ranges[4], data: undefined },
    ]);
    const fixes = problems.map((p) => analysis.settingsQuickFixes(p));
    expect(fixes).toEqual([
      [{ title: 'Rename "unknown-kye" to "unknown-key"', edits: [{ ...ranges[0], newText: '"unknown-key"' }], isPreferred: true }],
      [],
      [],
      [{ title: 'Rename "inlayHint" to "inlayHints"', edits: [{ ...ranges[3], newText: '"inlayHints"' }], isPreferred: true }],
      [],
    ]);
    const fixed = applyEdits(text, [...fixes[0][0].edits, ...fixes[3][0].edits]);
    expect(fixed).toBe(text.replace('"unknown-kye"', '"unknown-key"').replace('"inlayHint"', '"inlayHints"'));
  });

  it('keeps its ranges and edits on the right line in a file with CRLF line ends', () => {
    const { analysis, problems } = settingsFixture('{\r\n  "sweAgent": "auto",\r\n  "rulez": {}\r\n}\r\n');
    expect(problems.map((p) => [p.message, analysis.mapper(SETTINGS_FILE).range({ start: p.start!, end: p.end! })])).toEqual([
      ['unknown setting "rulez"; did you mean "rules"?', { start: { line: 2, character: 2 }, end: { line: 2, character: 9 } }],
    ]);
    const [fix] = analysis.settingsQuickFixes(problems[0]);
    expect(fix.edits.map((e) => [analysis.mapper(SETTINGS_FILE).range(e), e.newText])).toEqual([[{ start: { line: 2, character: 2 }, end: { line: 2, character: 9 } }, '"rules"']]);
  });
});
