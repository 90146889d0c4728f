/** Hover and go to definition on an agent config's bundle paths and hidden tools. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../server/src/engine/features/toolPreview';
import { AnalysisHost } from '../../server/src/engine/analysis/analysisHost';
import { parseMarkers } from '../helpers/markers';
import { hostOn } from '../helpers/project';
import { TempWorkspace, tempWorkspace } from '../helpers/tempWorkspace';

const VIEWER = `tools:
  open:
    signature: "open <path>"
    docstring: |
      Opens <path>, {WINDOW} lines at a time.
      Second line.
    arguments:
      - name: path
        type: string
        description: the file
        required: true
  goto:
    signature: "goto <line>"
    docstring: moves to <line>
    arguments:
      - name: line
        type: integer
        description: the line
        required: true
`;

let ws: TempWorkspace;
let host: AnalysisHost;
beforeAll(() => {
  ws = tempWorkspace({ 'tools/viewer/config.yaml': VIEWER, 'tools/broken/config.yaml': 'tools: [\n' });
  host = hostOn(ws.root);
});
afterAll(() => ws.remove());

/** Writes the agent config (markers removed) and analyses it at the cursor. */
function at(marked: string) {
  const { text, cursor, ranges } = parseMarkers(marked);
  const file = ws.write('config/agent.yaml', text);
  host.applyChange({ disk: [file] });
  const analysis = host.analysis();
  const found = analysis.definition(file, cursor);
  // One target, in the bundle's file.
  if (found) expect(found.targets).toHaveLength(1);
  return { text, ranges, hover: analysis.hover(file, cursor), definition: found && { origin: found.origin, ...found.targets[0] } };
}

describe('agent config hover', () => {
  it('on a bundle path lists the bundle tools, marking hidden ones, with each first docstring line', () => {
    const { hover, ranges } = at('agent:\n  tools:\n    env_variables: {WINDOW: 10}\n    bundles:\n      - path: «tools/vi¦ewer»\n        hidden_tools: [goto]\n');
    expect({ start: hover!.start, end: hover!.end }).toEqual(ranges[0]);
    expect(renderMarkdown(hover!.blocks)).toBe(
      [
        `Bundle \`tools/viewer\`, at \`${ws.path('tools/viewer/config.yaml')}\`.`,
        '2 tools, 1 shown to the model:',
        '`open <path>`: Opens \\<path\\>, {WINDOW} lines at a time.',
        '`goto <line>` (hidden): moves to \\<line\\>',
      ].join('\n\n'),
    );
  });

  it('on a hidden tool says it is hidden and previews it with the assembly env', () => {
    const { hover, ranges } = at('agent:\n  tools:\n    env_variables: {WINDOW: 10}\n    bundles:\n      - path: tools/viewer\n        hidden_tools: [«op¦en»]\n');
    expect({ start: hover!.start, end: hover!.end }).toEqual(ranges[0]);
    const markdown = renderMarkdown(hover!.blocks);
    expect(markdown.split('\n\n')[0]).toBe('**open**: hidden. SWE-agent installs bundle `tools/viewer` but does not show this tool to the model.');
    expect(markdown).toContain('Opens <path>, 10 lines at a time.');
  });

  it('on a hidden tool the bundle lacks, and on a path that does not resolve', () => {
    expect(renderMarkdown(at('agent:\n  tools:\n    bundles:\n      - path: tools/viewer\n        hidden_tools: [nop¦e]\n').hover!.blocks)).toBe(
      '**nope**: bundle `tools/viewer` has no such tool.',
    );
    expect(renderMarkdown(at('agent:\n  tools:\n    bundles:\n      - path: tools/miss¦ing\n').hover!.blocks)).toBe(
      `Bundle \`tools/missing\`, at \`${ws.path('tools/missing/config.yaml')}\`.\n\nSWE-agent cannot load it from here; see the diagnostic on this path.`,
    );
  });

  it('finds an aliased bundle entry at its anchor', () => {
    const { hover, ranges } = at('agent:\n  type: retry\n  agent_configs:\n    - tools:\n        bundles: [&v {path: «tools/view¦er»}]\n    - tools:\n        bundles: [*v]\n');
    expect({ start: hover!.start, end: hover!.end }).toEqual(ranges[0]);
  });

  it("leaves a key that is no path or hidden tool to the hover of the config's own keys", () => {
    const { hover } = at('agent:\n  tools:\n    bund¦les:\n      - path: tools/viewer\n');
    expect(renderMarkdown(hover!.blocks).split('\n\n')[0]).toBe('**agent.tools.bundles**: `list[Bundle]`, default `[]`');
  });
});

describe('agent config go to definition', () => {
  it('leads from a bundle path to the start of its config.yaml', () => {
    const { definition, ranges } = at('agent:\n  tools:\n    bundles:\n      - path: «tools/¦viewer»\n');
    const fileStart = { start: 0, end: 0 };
    expect(definition).toEqual({ origin: ranges[0], file: ws.path('tools/viewer/config.yaml'), target: fileStart, selection: fileStart });
  });

  it('leads from a hidden tool to its entry in the bundle, selecting its name', () => {
    const { definition, ranges } = at('agent:\n  tools:\n    bundles:\n      - path: tools/viewer\n        hidden_tools:\n          - «go¦to»\n');
    // Offsets in the bundle's text: the entry from its key to the end of its last line, and the key.
    const key = VIEWER.indexOf('goto:');
    expect(definition).toEqual({ origin: ranges[0], file: ws.path('tools/viewer/config.yaml'), target: { start: key, end: VIEWER.trimEnd().length }, selection: { start: key, end: key + 4 } });
  });

  it('has no target for a missing bundle or a hidden tool the bundle lacks', () => {
    expect(at('agent:\n  tools:\n    bundles:\n      - path: tools/miss¦ing\n').definition).toBeNull();
    expect(at('agent:\n  tools:\n    bundles:\n      - path: tools/viewer\n        hidden_tools: [nop¦e]\n').definition).toBeNull();
  });
});
