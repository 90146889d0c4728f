/**
 * Backdating by value through the host (issue 19): a change that changes
 * nothing downstream recomputes nothing downstream. A comment typed in an
 * agent config re-reads that file, finds the same bundle uses, and stops
 * there: no bundle's model or report is made again, and every report is the
 * same object as before (so the server has nothing to publish). Counted
 * through the host's compute counts, never timed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { AnalysisHost } from '../../../server/src/engine/analysis/analysisHost';
import { createNodeWorkspaceFs } from '../../../server/src/host/nodeWorkspaceFs';
import { TempWorkspace, tempWorkspace } from '../../helpers/tempWorkspace';
import { costOf } from '../../helpers/project';

const bundleText = (name: string) => `tools:\n  ${name}:\n    signature: "${name} <path>"\n    docstring: "shows {WINDOW} lines of a file"\n    arguments:\n      - name: path\n        type: string\n        description: the file\n        required: true\n`;

const agentText = (window: number, comment = '') => `agent:\n  model: {name: gpt-4o}${comment}\n  tools:\n    env_variables: {WINDOW: ${window}}\n    bundles:\n      - path: tools/one\n      - path: tools/two\n`;

let ws: TempWorkspace | undefined;
afterEach(() => {
  ws?.remove();
  ws = undefined;
});

describe('backdating through the host', () => {
  it('a comment typed in an agent config recomputes no bundle model or report, and every report stays the same object', () => {
    ws = tempWorkspace({ 'tools/one/config.yaml': bundleText('one'), 'tools/two/config.yaml': bundleText('two'), 'tools/three/config.yaml': bundleText('three'), 'config/default.yaml': agentText(100) });
    const host: AnalysisHost = new AnalysisHost({ fs: createNodeWorkspaceFs(() => host.readRoots()) });
    host.applyChange({ folders: [ws.root] });
    const bundles = ['one', 'two', 'three'].map((name) => ws!.path(`tools/${name}/config.yaml`));
    const agent = ws.path('config/default.yaml');
    const files = [...bundles, agent];
    host.applyChange({ opened: files.map((file, i) => ({ file, text: i < 3 ? bundleText(['one', 'two', 'three'][i]) : agentText(100) })) });
    const before = files.map((file) => host.analysis().report(file));
    // No bin/ folders; `three` is used by no agent config, so nothing sets its {WINDOW}.
    expect(before.map((r) => r?.diagnostics.map((d) => d.code))).toEqual([['bin-script-missing'], ['bin-script-missing'], ['bin-script-missing', 'docstring-unknown-variable'], []]);

    let comment = '';
    for (const typed of ' # the model'.split('')) {
      comment += typed;
      const text = agentText(100, comment);
      const cost = costOf(host, () => {
        host.applyChange({ opened: [{ file: agent, text }] });
        const after = files.map((file) => host.analysis().report(file));
        // The bundles' reports are the objects they were; the agent config's is new only because its text is.
        expect(after.slice(0, 3)).toEqual(before.slice(0, 3));
        after.slice(0, 3).forEach((report, i) => expect(report).toBe(before[i]));
      });
      expect(cost['bundle uses']).toBeUndefined();
      expect(cost['bundle model']).toBeUndefined();
      expect(cost['bundle file']).toBeUndefined();
      expect(cost['file report']).toBe(1);
      expect(cost['agent listing']).toBe(1);
    }

    // Another env changes the uses: the two bundles it lists are checked in it (and only they), which finds the same diagnostics, so no bundle report is new.
    const cost = costOf(host, () => {
      host.applyChange({ opened: [{ file: agent, text: agentText(200) }] });
      files.slice(0, 3).forEach((file, i) => expect(host.analysis().report(file)).toBe(before[i]));
    });
    // Merged tool by tool: no bundle model is built for the new context, only its tool checks.
    expect(cost).toMatchObject({ 'bundle uses': 1, 'tool across contexts': 2, 'tool check': 2 });
    expect(cost['bundle model']).toBeUndefined();
    expect(cost['file report']).toBeUndefined();
  });

  it('a keystroke in a bundle whose docstrings mention the agent parses the edited chunk, never the whole file', () => {
    const text = (word: string) => bundleText('one').replace('shows {WINDOW} lines of a file', `tells the agent \\ ${word}`) + bundleText('two').replace('tools:\n', '');
    ws = tempWorkspace({ 'tools/one/config.yaml': text('a'), 'config/default.yaml': agentText(100) });
    const host: AnalysisHost = new AnalysisHost({ fs: createNodeWorkspaceFs(() => host.readRoots()) });
    host.applyChange({ folders: [ws.root] });
    const bundle = ws.path('tools/one/config.yaml');
    host.applyChange({ opened: [{ file: bundle, text: text('a') }] });
    host.analysis().report(bundle);
    const cost = costOf(host, () => {
      host.applyChange({ opened: [{ file: bundle, text: text('ab') }] });
      expect(host.analysis().report(bundle)!.diagnostics.map((d) => d.code)).toEqual(['bin-script-missing', 'bin-script-missing']);
    });
    expect(cost).toMatchObject({ 'is agent config': 1, chunk: 1 });
    expect(cost['whole load']).toBeUndefined();
    expect(host.analysis().index().agents).toEqual([ws.path('config/default.yaml')]);
  });

  it('still finds an agent config that lists bundles under a top-level tools, or under agent', () => {
    ws = tempWorkspace({ 'a.yaml': 'tools:\n  bundles:\n    - path: tools/one\n', 'b.yaml': agentText(1), 'c.yaml': 'tools:\n  agent:\n    signature: agent\n' });
    const host: AnalysisHost = new AnalysisHost({ fs: createNodeWorkspaceFs(() => host.readRoots()) });
    host.applyChange({ folders: [ws.root] });
    expect(host.analysis().index().agents).toEqual([ws.path('a.yaml'), ws.path('b.yaml')]);
  });
});
