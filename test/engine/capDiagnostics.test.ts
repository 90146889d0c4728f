/**
 * The per-file cap keeps the first notice of each code that says part of the
 * file was not checked, however far past the cut it lies (issue 22): it takes
 * the place of the last one before the cut, and the summary says so.
 */
import { describe, expect, it } from 'vitest';
import { DiagnosticBuilder } from '../../server/src/engine/diagnosticBuilder';
import { FileDiagnostic } from '../../server/src/engine/diagnostics';
import { Placement, placeDiagnostics } from '../../server/src/engine/document/placement';
import { capDiagnostics } from '../../server/src/engine/rules/capDiagnostics';
import { RuleCode } from '../../server/src/engine/rules/ruleCatalog';

const text = 'x'.repeat(100);
const origin = { text };

/** One diagnostic per entry, at offsets 0, 1, 2, ... in order. */
function diagnostics(codes: readonly RuleCode[]): FileDiagnostic[] {
  const out = new DiagnosticBuilder(null);
  codes.forEach((code, i) => out.add(code, { origin, start: i, end: i + 1 }, `${code} at ${i}.`));
  return placeDiagnostics(out.diagnostics, Placement.whole(origin));
}

const shown = (capped: FileDiagnostic[]) => capped.map((d) => `${d.code}@${d.start}`);

describe('capDiagnostics', () => {
  it('keeps the first 10 by position when no notice of what was not checked lies past them', () => {
    const capped = capDiagnostics(diagnostics(['resource-limit', ...Array<RuleCode>(12).fill('unknown-key')]), 10);
    expect(shown(capped)).toEqual(['resource-limit@0', ...Array.from({ length: 9 }, (_, i) => `unknown-key@${i + 1}`), 'diagnostics-limit@10']);
    expect(capped.at(-1)!.related![0].message).toBe('The first 10 by position are shown, and the 3 from here on are not: 3 warnings (unknown-key ×3).');
  });

  it('keeps the first resource-limit past the cut in place of the last one before it', () => {
    const capped = capDiagnostics(diagnostics([...Array<RuleCode>(12).fill('unknown-key'), 'resource-limit', 'resource-limit']), 10);
    expect(shown(capped)).toEqual([...Array.from({ length: 9 }, (_, i) => `unknown-key@${i}`), 'resource-limit@12', 'diagnostics-limit@9']);
    expect(capped.at(-1)!.message).toBe('This file has 14 diagnostics, more than the 10 reported per file.');
    expect(capped.at(-1)!.related![0].message).toBe(
      'The first 9 by position are shown, then the first resource-limit after them (part of the file was not checked), and the 4 others from here on are not: 4 warnings (unknown-key ×3, resource-limit ×1).',
    );
  });

  it('keeps the first of each such code, and one that the places given up would drop', () => {
    // bundle-outside-workspace at 9 is inside the first 10, but not inside the first 8 that are left when two places are given up.
    const codes: RuleCode[] = [...Array<RuleCode>(9).fill('unknown-key'), 'bundle-outside-workspace', 'unknown-key', 'resource-limit', 'unknown-key'];
    const capped = capDiagnostics(diagnostics(codes), 10);
    expect(shown(capped)).toEqual([...Array.from({ length: 8 }, (_, i) => `unknown-key@${i}`), 'bundle-outside-workspace@9', 'resource-limit@11', 'diagnostics-limit@8']);
    expect(capped.at(-1)!.related![0].message).toBe(
      'The first 8 by position are shown, then the first bundle-outside-workspace and the first resource-limit after them (part of the file was not checked), and the 3 others from here on are not: 3 warnings (unknown-key ×3).',
    );
  });

  it('gives no place to a suppressed notice', () => {
    const [...all] = diagnostics([...Array<RuleCode>(12).fill('unknown-key'), 'resource-limit']);
    all[12] = { ...all[12], suppressed: true };
    expect(shown(capDiagnostics(all, 10)).at(-2)).toBe('unknown-key@9');
  });
});
