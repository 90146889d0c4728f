/**
 * A bundle's bin/ scripts are read into facts once per bundle and list of
 * names (analysis/bundles.ts SCRIPT_FACTS): an edit to the config that keeps
 * the names looks up the same number of results however many scripts the
 * bundle has, and a script changed on disk still reaches the diagnostics.
 */
import * as fs from 'fs';
import { afterEach, describe, expect, it } from 'vitest';
import { AnalysisHost } from '../../../server/src/engine/analysis/analysisHost';
import { createNodeWorkspaceFs } from '../../../server/src/host/nodeWorkspaceFs';
import { TempWorkspace, tempWorkspace } from '../../helpers/tempWorkspace';

let ws: TempWorkspace | undefined;
afterEach(() => {
  ws?.remove();
  ws = undefined;
});

const bundleText = (tools: number, docstring: string) =>
  'tools:\n' + Array.from({ length: tools }, (_, i) => `  t${i}:\n    signature: "t${i}"\n    docstring: "${i === 0 ? docstring : 'does it'}"\n`).join('');

/** A bundle of `tools` tools, each with its bin/ script (or none, with an empty bin/), open in an editor. */
function openBundle(tools: number, scripts = true) {
  ws = tempWorkspace({ 'tools/b/config.yaml': bundleText(tools, 'does it') });
  fs.mkdirSync(ws.path('tools/b/bin'), { recursive: true });
  for (let i = 0; i < tools && scripts; i++) ws.write(`tools/b/bin/t${i}`, '#!/bin/sh\necho ok\n', 0o755);
  const host: AnalysisHost = new AnalysisHost({ fs: createNodeWorkspaceFs(() => host.readRoots()) });
  host.applyChange({ folders: [ws.root] });
  const bundle = ws.path('tools/b/config.yaml');
  const ask = (docstring: string) => {
    host.applyChange({ opened: [{ file: bundle, text: bundleText(tools, docstring) }] });
    host.analysis().prepare(bundle, () => true);
    return host.analysis().report(bundle)!.diagnostics.map((d) => `${d.code} ${d.start}-${d.end}`);
  };
  return { host, ask };
}

describe("a bundle's scripts, as its config is edited", () => {
  it('cost no look-up per script: an edit looks up as much with 80 scripts as with none', () => {
    const perEdit = (scripts: boolean) => {
      const { host, ask } = openBundle(80, scripts);
      ask('does it');
      const counts = ['does it!', 'does it!!', 'does it!!!'].map((docstring) => {
        const before = host.lookups();
        ask(docstring);
        return host.lookups() - before;
      });
      ws!.remove();
      ws = undefined;
      return counts;
    };
    // Before, each script's text was looked up at every edit: 80 more.
    expect(perEdit(true)).toEqual(perEdit(false));
  });

  it('a script saved with CRLF line ends on disk is reported at the next change, and its fix is gone when it is saved again with LF', () => {
    const { host, ask } = openBundle(3);
    expect(ask('does it')).toEqual([]);
    ws!.write('tools/b/bin/t1', '#!/bin/sh\r\necho ok\r\n', 0o755);
    host.applyChange({ disk: [ws!.path('tools/b/bin/t1')] });
    // `t1` is the key of the second tool: line 4 of the config.
    const at = bundleText(3, 'does it').indexOf('t1:');
    expect(ask('does it')).toEqual([`script-crlf ${at}-${at + 2}`]);
    ws!.write('tools/b/bin/t1', '#!/bin/sh\necho ok\n', 0o755);
    host.applyChange({ disk: [ws!.path('tools/b/bin/t1')] });
    expect(ask('does it')).toEqual([]);
  });
});
