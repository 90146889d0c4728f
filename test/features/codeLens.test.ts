/** Code lenses on tools, and the preview they open. */
import { describe, expect, it } from 'vitest';
import { analyzeBundleText } from '../../server/src/engine/document/bundleModel';
import { previewToolMarkdown, toolLenses } from '../../server/src/engine/features/codeLens';
import { standaloneView, toolPreview, toolPreviewMarkdown } from '../../server/src/engine/features/toolPreview';
import { toolCheckOptionsOf } from '../helpers/lintText';
import { parseMarkers } from '../helpers/markers';

const options = toolCheckOptionsOf({});
const modelOf = (text: string) => analyzeBundleText(text, options);

describe('code lenses', () => {
  it('puts one lens on each tool name, in document order, at most the limit', () => {
    const { text, ranges } = parseMarkers(`tools:\n  «open»:\n    signature: open\n    docstring: d\n  «"quoted name"»:\n    signature: q\n  «7»:\n    signature: n\n`);
    const model = modelOf(text);
    expect(toolLenses(model)).toEqual([
      { kind: 'tool', ...ranges[0], tool: 'open' },
      { kind: 'tool', ...ranges[1], tool: 'quoted name' },
      { kind: 'tool', ...ranges[2], tool: '7' },
    ]);
    expect(toolLenses(model, 1)).toEqual([{ kind: 'tool', ...ranges[0], tool: 'open' }]);
    expect(toolLenses(modelOf('tools:\n  a: [\n'))).toEqual([]);
  });

  it('previews a tool as toolPreview renders it', () => {
    const model = modelOf(`tools:\n  open:\n    signature: open <path>\n    docstring: Opens {PAGER}\n    arguments:\n      - name: path\n        type: string\n        description: the file\n        required: true\n`);
    const command = model.check.tools[0].command!;
    const markdown = previewToolMarkdown(model, 'open', standaloneView(model, options.env));
    const preview = toolPreview(command, { env: options.env, from: null });
    expect(markdown).toBe(toolPreviewMarkdown(preview));
    expect(preview.docs).toMatchObject({ ok: true, text: expect.stringContaining('open:\n  docstring: Opens cat\n  signature: open <path>\n') });
    expect(markdown).toContain((preview.docs as { text: string }).text.trimEnd());
    expect(markdown).toContain(JSON.stringify(preview.functionCallingTool, null, 2));
  });

  it('explains why a tool that does not load has no preview, and gives null for a tool that is gone', () => {
    const model = modelOf(`tools:\n  broken:\n    signature: b\n`);
    expect(previewToolMarkdown(model, 'broken', standaloneView(model, options.env))).toBe(
      [
        'SWE-agent would not start with this bundle, so the model receives none of its tools. **broken**: SWE-agent cannot build this tool as written, so the model would see nothing of it:',
        '',
        '- Tool `broken` has no `docstring`, which SWE-agent requires. pydantic: Field required. Add a description for the model, or `docstring: null`.',
      ].join('\n'),
    );
    expect(previewToolMarkdown(model, 'other', standaloneView(model, options.env))).toBeNull();
  });
});
