/** Quick fixes in agent configs: exact edits, and the diagnostic is gone after them. */
import * as path from 'path';
import { afterAll, describe, expect, it } from 'vitest';
import { applyEdits } from '../../server/src/engine/features/edits';
import { agentConfigProject } from '../helpers/project';

/** A bundle folder whose name is longer than a message shows. */
const LONG = 'a_bundle_folder_whose_name_is_longer_than_a_message_shows';
const project = agentConfigProject({ 'tools/viewer/config.yaml': 'tools:\n  open:\n    docstring: d\n', 'tools/viewers/README.md': 'no config.yaml here\n', [`tools/${LONG}/config.yaml`]: 'tools:\n  open:\n    docstring: d\n' });
afterAll(() => project.remove());
const analyse = project.analyse;

/** The fixes for the one diagnostic with `code`, as [title, fixed text]. */
function fixesFor(text: string, code: string): [string, string][] {
  const analysis = analyse(text);
  const matching = analysis.diagnostics.filter((d) => d.code === code);
  expect(matching).toHaveLength(1);
  return analysis.quickFixes(matching[0]).map((fix) => [fix.title, applyEdits(text, fix.edits)]);
}

const codes = (text: string) => analyse(text).diagnostics.map((d) => d.code);

describe('agent config quick fixes', () => {
  it('rename an unknown ToolConfig key to the suggestion', () => {
    const text = 'agent:\n  tools:\n    env_varaibles: {WINDOW: 10}\n    bundles:\n      - path: tools/viewer\n';
    const fixed = 'agent:\n  tools:\n    env_variables: {WINDOW: 10}\n    bundles:\n      - path: tools/viewer\n';
    expect(fixesFor(text, 'unknown-key')).toEqual([['Rename `env_varaibles` to `env_variables`', fixed]]);
    expect(codes(fixed)).toEqual([]);
  });

  it('no suggestion and no fix for an unknown key that is not near a field (`install_command` is not `install_timeout`)', () => {
    const text = 'agent:\n  tools:\n    install_command: ./install.sh\n    bundles:\n      - path: tools/viewer\n';
    const [diagnostic] = analyse(text).diagnostics;
    expect([diagnostic.code, diagnostic.severity, diagnostic.start, diagnostic.end, diagnostic.message, diagnostic.data]).toEqual([
      'unknown-key',
      'warning',
      text.indexOf('install_command'),
      text.indexOf('install_command') + 'install_command'.length,
      'SWE-agent ignores `install_command` under `agent.tools` (ToolConfig drops unknown keys).',
      undefined,
    ]);
    expect(fixesFor(text, 'unknown-key')).toEqual([]);
  });

  it('change a misspelt hidden tool to the bundle tool it is near, in block and flow lists; no suggestion for a name that is not near', () => {
    const flow = 'agent:\n  tools:\n    bundles:\n      - path: tools/viewer\n        hidden_tools: [opne]\n';
    const [diagnostic] = analyse(flow).diagnostics;
    expect([diagnostic.code, diagnostic.severity, diagnostic.start, diagnostic.end, diagnostic.message]).toEqual([
      'hidden-tool-missing',
      'error',
      flow.indexOf('opne'),
      flow.indexOf('opne') + 4,
      'Bundle `tools/viewer` has no tool `opne` to hide; did you mean `open`?',
    ]);
    expect(diagnostic.related?.map((r) => r.message)).toEqual(["SWE-agent fails: Hidden tools {'opne'} do not exist in available tools"]);
    const fixedFlow = flow.replace('opne', 'open');
    expect(fixesFor(flow, 'hidden-tool-missing')).toEqual([['Change `opne` to `open`', fixedFlow]]);
    expect(codes(fixedFlow)).toEqual([]);
    const block = 'agent:\n  tools:\n    bundles:\n      - path: tools/viewer\n        hidden_tools:\n          - "Open"\n';
    expect(fixesFor(block, 'hidden-tool-missing')).toEqual([['Change `Open` to `open`', block.replace('"Open"', '"open"')]]);
    const far = 'agent:\n  tools:\n    bundles:\n      - path: tools/viewer\n        hidden_tools: [edit]\n';
    expect(analyse(far).diagnostics.map((d) => [d.message, d.related?.map((r) => r.message)])).toEqual([
      ['Bundle `tools/viewer` has no tool `edit` to hide.', ["SWE-agent fails: Hidden tools {'edit'} do not exist in available tools"]],
    ]);
    expect(fixesFor(far, 'hidden-tool-missing')).toEqual([]);
  });

  it('change a missing bundle path to the bundle folder beside it that it is near; no suggestion for a folder without config.yaml or a name that is not near', () => {
    const text = 'agent:\n  tools:\n    bundles:\n      - path: "tools/viewr/"\n';
    const [diagnostic] = analyse(text).diagnostics;
    expect([diagnostic.code, diagnostic.severity, diagnostic.start, diagnostic.end, diagnostic.message]).toEqual([
      'bundle-path-missing',
      'error',
      text.indexOf('"tools'),
      text.indexOf('/"') + 2,
      'Bundle path `tools/viewr/` does not exist; did you mean `tools/viewer/`?',
    ]);
    expect(diagnostic.related?.map((r) => r.message)).toEqual([
      `It is resolved against ${project.ws.root}, assumed to be SWE-agent's checkout; set sweBundle.configRoot or --config-root to the right one.`,
      `SWE-agent fails: Bundle path '${path.join(project.ws.root, 'tools/viewr')}' does not exist`,
    ]);
    const fixed = text.replace('viewr', 'viewer');
    expect(fixesFor(text, 'bundle-path-missing')).toEqual([['Change `path: tools/viewr/` to `path: tools/viewer/`', fixed]]);
    expect(codes(fixed)).toEqual([]);
    for (const far of ['tools/edit', 'tools/viewrs', 'other/viewer']) {
      const farText = `agent:\n  tools:\n    bundles:\n      - path: ${far}\n`;
      expect(analyse(farText).diagnostics.map((d) => [d.code, d.message.includes('did you mean')])).toEqual([['bundle-path-missing', false]]);
      expect(fixesFor(farText, 'bundle-path-missing')).toEqual([]);
    }
  });

  it('show at most 48 characters of each path in the message, and the whole path in the fix', () => {
    const text = `agent:\n  tools:\n    bundles:\n      - path: tools/${LONG}z\n`;
    const [diagnostic] = analyse(text).diagnostics;
    expect(diagnostic.message).toBe(`Bundle path \`tools/${LONG.slice(0, 42)}…\` does not exist; did you mean \`tools/${LONG.slice(0, 42)}…\`?`);
    expect(diagnostic.message.length).toBeLessThanOrEqual(160);
    expect(fixesFor(text, 'bundle-path-missing').map(([, fixed]) => fixed)).toEqual([text.replace(`${LONG}z`, LONG)]);
  });

  it('write a bare bundle path as a `path:` entry, in block and flow lists', () => {
    const block = 'agent:\n  tools:\n    bundles:\n      - tools/viewer\n';
    expect(fixesFor(block, 'wrong-type')).toEqual([['Write the entry as `path: tools/viewer`', 'agent:\n  tools:\n    bundles:\n      - path: tools/viewer\n']]);
    const flow = 'agent:\n  tools:\n    bundles: [tools/viewer]\n';
    const fixedFlow = 'agent:\n  tools:\n    bundles: [{path: tools/viewer}]\n';
    expect(fixesFor(flow, 'wrong-type')).toEqual([['Write the entry as `path: tools/viewer`', fixedFlow]]);
    expect(codes(fixedFlow)).toEqual([]);
  });

  it('move bundles from templates into an existing tools mapping, at its indentation', () => {
    const text = 'agent:\n  templates:\n      system_template: hi\n      instance_template: ho\n      bundles:\n        - path: tools/viewer\n  tools:\n    env_variables: {}\n';
    const fixed = 'agent:\n  templates:\n      system_template: hi\n      instance_template: ho\n  tools:\n    env_variables: {}\n    bundles:\n      - path: tools/viewer\n';
    expect(fixesFor(text, 'bundles-misplaced')).toEqual([['Move `bundles` to `agent.tools`, where SWE-agent reads it', fixed]]);
    expect(codes(fixed)).toEqual([]);
  });

  it('move bundles into a new tools mapping, and drop templates when nothing else is in it', () => {
    const text = 'agent:\n  templates:\n    bundles:\n      - path: tools/viewer\n  model:\n    name: gpt\n';
    const fixed = 'agent:\n  tools:\n    bundles:\n      - path: tools/viewer\n  model:\n    name: gpt\n';
    expect(fixesFor(text, 'bundles-misplaced')).toEqual([['Move `bundles` to `agent.tools`, where SWE-agent reads it', fixed]]);
    expect(codes(fixed)).toEqual([]);
    const kept = 'agent:\n  templates:\n    system_template: hi\n    bundles:\n      - path: tools/viewer\n';
    expect(fixesFor(kept, 'bundles-misplaced')).toEqual([
      ['Move `bundles` to `agent.tools`, where SWE-agent reads it', 'agent:\n  templates:\n    system_template: hi\n  tools:\n    bundles:\n      - path: tools/viewer\n'],
    ]);
  });

  it('say what the agent gets: no bundles, or only those of agent.tools.bundles when it has them too', () => {
    const messageOf = (text: string) => analyse(text).diagnostics.find((d) => d.code === 'bundles-misplaced')!.message;
    expect(messageOf('agent:\n  templates:\n    bundles: []\n  tools: {enable_bash_tool: true}\n')).toBe(
      'SWE-agent ignores `bundles` under `agent.templates`, so this agent gets no tool bundles. Move it to `agent.tools.bundles`.',
    );
    expect(messageOf('agent:\n  templates:\n    bundles: []\n  tools:\n    bundles:\n      - path: tools/viewer\n')).toBe(
      'SWE-agent ignores `bundles` under `agent.templates`: this agent gets only the bundles of `agent.tools.bundles`. Merge these into it, or remove them.',
    );
  });

  it('offer no move where tools already has bundles or is not a block mapping', () => {
    expect(fixesFor('agent:\n  templates:\n    bundles: []\n  tools:\n    bundles:\n      - path: tools/viewer\n', 'bundles-misplaced')).toEqual([]);
    expect(fixesFor('agent:\n  templates:\n    bundles: []\n  tools: {enable_bash_tool: true}\n', 'bundles-misplaced')).toEqual([]);
  });
});
