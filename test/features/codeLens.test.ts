/** Code lenses on tools, and the preview they open. */
import { describe, expect, it } from 'vitest';
import { toolLenses } from '../../server/src/engine/features/codeLens';
import { renderMarkdown, toolPreview, toolPreviewBlocks } from '../../server/src/engine/features/toolPreview';
import { UNKNOWN_ENV } from '../../server/src/engine/swe/env';
import { fileFixture } from '../helpers/fixture';

describe('code lenses', () => {
  it('puts one lens on each tool name, in document order, at most the limit', () => {
    const { analysis, file, ranges } = fileFixture(`tools:\n  «open»:\n    signature: open\n    docstring: d\n  «"quoted name"»:\n    signature: q\n  «7»:\n    signature: n\n`);
    expect(analysis.codeLenses(file)).toEqual([
      { kind: 'tool', ...ranges[0], tool: 'open' },
      { kind: 'tool', ...ranges[1], tool: 'quoted name' },
      { kind: 'tool', ...ranges[2], tool: '7' },
    ]);
    // The limit is the feature's own: the facade always asks for the default.
    expect(toolLenses(analysis.bundleModel(file)!, 1)).toEqual([{ kind: 'tool', ...ranges[0], tool: 'open' }]);
    const broken = fileFixture('tools:\n  a: [\n');
    expect(broken.analysis.codeLenses(broken.file)).toEqual([]);
  });

  it('previews a tool as toolPreview renders it', () => {
    const { analysis, file } = fileFixture(`tools:\n  open:\n    signature: open <path>\n    docstring: Opens {PAGER}\n    arguments:\n      - name: path\n        type: string\n        description: the file\n        required: true\n`);
    const command = analysis.bundleModel(file)!.check.tools[0].command!;
    const markdown = analysis.previewTool(file, 'open');
    const preview = toolPreview(command, { env: UNKNOWN_ENV, from: null });
    expect(markdown).toBe(renderMarkdown(toolPreviewBlocks(preview)));
    expect(preview.docs).toMatchObject({ ok: true, text: expect.stringContaining('open:\n  docstring: Opens cat\n  signature: open <path>\n') });
    expect(markdown).toContain((preview.docs as { text: string }).text.trimEnd());
    expect(markdown).toContain(JSON.stringify(preview.functionCallingTool, null, 2));
  });

  it('explains why a tool that does not load has no preview, and gives null for a tool that is gone', () => {
    const { analysis, file } = fileFixture(`tools:\n  broken:\n    signature: b\n`);
    expect(analysis.previewTool(file, 'broken')).toBe(
      [
        'SWE-agent would not start with this bundle, so the model receives none of its tools. **broken**: SWE-agent cannot build this tool as written, so the model would see nothing of it:',
        '',
        '- Tool `broken` has no `docstring`, which SWE-agent requires. pydantic: Field required. Add a description for the model, or `docstring: null`.',
      ].join('\n'),
    );
    expect(analysis.previewTool(file, 'other')).toBeNull();
  });
});
