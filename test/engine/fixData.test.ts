/**
 * Typed fix data (rules/fixData.ts): a check can attach only the data its
 * rule's fix reads, and a fix reads only what its rules carry. The
 * `@ts-expect-error` lines are the test: `npm run typecheck` (run by .ci/run)
 * fails when one of them compiles. At run time, the data a check attaches is
 * the data its fix is given.
 */
import { describe, expect, it } from 'vitest';
import { DiagnosticBuilder } from '../../server/src/engine/diagnosticBuilder';
import { QuickFixProvider } from '../../server/src/engine/features/quickFixes';
import { BUNDLE, analysisOfBundle } from '../helpers/fixture';

const span = { origin: { text: 'x' }, start: 0, end: 1 };

describe('fix data is checked by tsc', () => {
  it('where a check attaches it', () => {
    const out = new DiagnosticBuilder(null);
    out.add('unknown-key', span, 'a misspelt key', { data: { replaceWith: 'docstring' } });
    // @ts-expect-error unknown-key's fix reads a replacement, not a script name
    out.add('unknown-key', span, 'a misspelt key', { data: { script: 'open' } });
    // @ts-expect-error bundle-outside-workspace has no fix, so it carries no data
    out.add('bundle-outside-workspace', span, 'outside', { data: { replaceWith: 'tools/x' } });
    expect(out.diagnostics.map((d) => d.data)).toEqual([{ replaceWith: 'docstring' }, { script: 'open' }, { replaceWith: 'tools/x' }]);
  });

  it('where a fix reads it', () => {
    const reads: QuickFixProvider<'signature-missing-argument'> = (context) => {
      const name: string | undefined = context.data?.name;
      // @ts-expect-error signature-missing-argument carries no replacement
      const replacement: string | undefined = context.data?.replaceWith;
      return name === undefined || replacement !== undefined ? [] : [{ title: name, edits: [] }];
    };
    expect(typeof reads).toBe('function');
  });
});

describe('the data a check attaches', () => {
  it('is what the rule table says, for a misspelt key (so a missing docstring) and a missing placeholder', () => {
    const model = analysisOfBundle('tools:\n  open:\n    signature: open\n    docstrin: d\n    arguments:\n      - name: path\n        type: string\n        description: p\n        required: true\n').bundleModel(BUNDLE)!;
    expect(model.diagnostics.filter((d) => d.data).map((d) => [d.code, d.data])).toEqual([
      ['unknown-key', { replaceWith: 'docstring' }],
      ['missing-field', { addField: 'docstring' }],
      ['signature-missing-argument', { name: 'path', required: true }],
    ]);
  });
});
