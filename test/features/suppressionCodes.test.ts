/**
 * The rule codes a `# swe-bundle-disable-line` comment names, through the
 * facade: a code that no rule has silences nothing, so it is reported at the
 * code (`unknown-rule-code`), with the code it most likely meant and a fix
 * that writes it, only when that code is close; in bundles and agent configs
 * alike.
 */
import { describe, expect, it } from 'vitest';
import { applyEdits } from '../../server/src/engine/features/edits';
import { BUNDLE, fixture } from '../helpers/fixture';

const AGENT = '/workspace/config/default.yaml';

function reportOf(file: string, spec: string) {
  const { analysis, marked } = fixture(spec);
  const { text, ranges } = marked.get(file)!;
  const diagnostics = analysis.report(file)!.diagnostics;
  return { analysis, text, ranges, diagnostics };
}

describe('a rule code in a suppression comment', () => {
  it('in a bundle: a close misspelling is reported with its fix, which makes the comment silence the rule; a far one gets no suggestion', () => {
    const spec = `//- ${BUNDLE}\ntools:\n  t:\n    docstring: d\n    x-owner: e  # swe-bundle-disable-line «unknown-kye», «zzzz-qqqq»\n`;
    const { analysis, text, ranges, diagnostics } = reportOf(BUNDLE, spec);
    expect(diagnostics.filter((d) => d.code !== 'bin-script-missing').map((d) => ({ code: d.code, severity: d.severity, start: d.start, end: d.end, message: d.message, data: d.data, suppressed: d.suppressed }))).toEqual([
      { code: 'unknown-key', severity: 'warning', start: text.indexOf('x-owner'), end: text.indexOf('x-owner') + 7, message: 'SWE-agent ignores `x-owner` in tool `t`. Known keys: signature, docstring, end_name, arguments.', data: undefined, suppressed: undefined },
      { code: 'unknown-rule-code', severity: 'warning', ...ranges[0], message: '`unknown-kye` is no rule code, so the comment does not silence it; did you mean `unknown-key`?', data: { replaceWith: 'unknown-key' }, suppressed: undefined },
      { code: 'unknown-rule-code', severity: 'warning', ...ranges[1], message: '`zzzz-qqqq` is no rule code, so the comment does not silence it.', data: undefined, suppressed: undefined },
    ]);
    const [close, far] = diagnostics.filter((d) => d.code === 'unknown-rule-code');
    expect(analysis.quickFixes(BUNDLE, far)).toEqual([]);
    const fixes = analysis.quickFixes(BUNDLE, close);
    expect(fixes).toEqual([{ title: 'Change `unknown-kye` to `unknown-key`', edits: [{ ...ranges[0], newText: 'unknown-key' }], isPreferred: true }]);
    const fixed = applyEdits(text, fixes[0].edits);
    expect(fixed).toBe(text.replace('unknown-kye', 'unknown-key'));
    // Fixed: the comment silences `unknown-key` on its line (kept, marked, for SARIF), and only the far code is left to report.
    const after = reportOf(BUNDLE, `//- ${BUNDLE}\n${fixed}`).diagnostics.filter((d) => d.code !== 'bin-script-missing');
    expect(after.map((d) => [d.code, d.suppressed])).toEqual([
      ['unknown-key', true],
      ['unknown-rule-code', undefined],
    ]);
  });

  it('in an agent config, on the line below a next-line comment', () => {
    const spec = `//- ${AGENT}\nagent:\n  # swe-bundle-disable-next-line «missing-feild»\n  tools:\n    bundles: []\n`;
    const { analysis, text, ranges, diagnostics } = reportOf(AGENT, spec);
    const unknown = diagnostics.filter((d) => d.code === 'unknown-rule-code');
    expect(unknown.map((d) => ({ severity: d.severity, start: d.start, end: d.end, message: d.message, data: d.data }))).toEqual([
      { severity: 'warning', ...ranges[0], message: '`missing-feild` is no rule code, so the comment does not silence it; did you mean `missing-field`?', data: { replaceWith: 'missing-field' } },
    ]);
    const fixes = analysis.quickFixes(AGENT, unknown[0]);
    expect(fixes).toEqual([{ title: 'Change `missing-feild` to `missing-field`', edits: [{ ...ranges[0], newText: 'missing-field' }], isPreferred: true }]);
    expect(applyEdits(text, fixes[0].edits)).toBe(text.replace('missing-feild', 'missing-field'));
  });
});
