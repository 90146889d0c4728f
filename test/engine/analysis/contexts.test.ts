/**
 * One bundle used by many agent configs with distinct envs (issue 11: the
 * cliff at eight contexts). An edit in one tool recomputes that tool's check
 * once per context and nothing else of the bundle, at every N, whatever the
 * revisions in between did; an edit to one agent config recomputes its own
 * context only; and the diagnostics are right at every N. What reusing the
 * rest costs (the results looked up, verifications included) grows by a few
 * look-ups per agent config, not by one per tool and agent config. Counted
 * through the host's compute counts and look-ups, never timed.
 */
import * as path from 'path';
import { afterEach, describe, expect, it } from 'vitest';
import { AnalysisHost } from '../../../server/src/engine/analysis/analysisHost';
import { createNodeWorkspaceFs } from '../../../server/src/host/nodeWorkspaceFs';
import { TempWorkspace, tempWorkspace } from '../../helpers/tempWorkspace';
import { costOf } from '../../helpers/project';

const TOOLS = 20;
const EDITED_TOOL = 3;

/** A bundle of TOOLS tools whose docstrings use {WINDOW}; `docstring` replaces that of tool EDITED_TOOL. */
function bundleText(docstring = 'shows {WINDOW} lines'): string {
  let text = 'tools:\n';
  for (let i = 0; i < TOOLS; i++) {
    text += `  t${i}:\n    signature: "t${i} <path>"\n    docstring: "${i === EDITED_TOOL ? docstring : 'shows {WINDOW} lines'}"\n`;
    text += '    arguments:\n      - name: path\n        type: string\n        description: the file\n        required: true\n';
  }
  return text;
}

const agentText = (window: number) => `agent:\n  model: {name: gpt-4o}\n  tools:\n    env_variables: {WINDOW: ${window}}\n    bundles:\n      - path: tools/windowed\n`;

let ws: TempWorkspace | undefined;
afterEach(() => {
  ws?.remove();
  ws = undefined;
});

/** A workspace whose bundle is used by `n` agent configs, each with its own WINDOW; the host keeps `retained` results beyond the live ones. */
function workspace(n: number, retained?: number) {
  ws = tempWorkspace({ 'tools/windowed/config.yaml': bundleText() });
  for (let i = 0; i < TOOLS; i++) ws.write(`tools/windowed/bin/t${i}`, '#!/bin/sh\n', 0o755);
  const agents = Array.from({ length: n }, (_, i) => ws!.write(`config/a${String(i).padStart(2, '0')}.yaml`, agentText(i + 1)));
  const host: AnalysisHost = new AnalysisHost({ fs: createNodeWorkspaceFs(() => host.readRoots()) }, { retained });
  host.applyChange({ folders: [ws.root] });
  const bundle = ws.path('tools/windowed/config.yaml');
  return { host, bundle, agents };
}

const diagnosticsOf = (host: AnalysisHost, file: string) => host.analysis().report(file)!.diagnostics.map((d) => ({ code: d.code, start: d.start, end: d.end, severity: d.severity, message: d.message }));

describe.each([1, 7, 8, 9, 64])('a bundle used by %i agent configs with distinct envs', (n) => {
  it('recomputes one tool check per context for an edit in that tool, with the diagnostics of every context', () => {
    const { host, bundle, agents } = workspace(n);
    host.applyChange({ opened: [{ file: bundle, text: bundleText() }] });
    expect(diagnosticsOf(host, bundle)).toEqual([]);
    // n assemblies, and the bundle on its own (the model features work on).
    const contexts = n + 1;

    const edited = bundleText('shows {WINDOW} rows');
    const edit = costOf(host, () => {
      host.applyChange({ opened: [{ file: bundle, text: edited }] });
      expect(diagnosticsOf(host, bundle)).toEqual([]);
    });
    // The contexts are merged tool by tool: one merge (the edited tool's), and one model (the bundle on its own), at every N.
    expect(edit).toMatchObject({ chunk: 1, 'tool base check': 1, 'tool check': contexts, 'tool across contexts': 1, 'bundle model': 1 });

    // A variable no agent config sets: an error in every context, each naming its agent config.
    const broken = bundleText('shows {WINDOW} rows of {HEIGHT}');
    const at = broken.indexOf('{HEIGHT}');
    const breaking = costOf(host, () => {
      host.applyChange({ opened: [{ file: bundle, text: broken }] });
      expect(diagnosticsOf(host, bundle)).toEqual(
        agents.map((agent) => ({
          code: 'docstring-unknown-variable',
          start: at,
          end: at + '{HEIGHT}'.length,
          severity: 'error',
          message: `The docstring of \`t3\` uses {HEIGHT}, but the env variables do not set HEIGHT (checked with the env of config/${path.basename(agent)}, which uses this bundle).`,
        })),
      );
    });
    expect(breaking['tool check']).toBe(contexts);

    // Another agent config's env: its context alone is checked again, every tool of it.
    const changedAgent = costOf(host, () => {
      host.applyChange({ opened: [{ file: agents[0], text: agentText(1000) }] });
      expect(diagnosticsOf(host, bundle)).toHaveLength(n);
    });
    expect(changedAgent['tool check']).toBe(TOOLS);
  });

  it('answers hover and the preview after an edit from one context, whatever the number of agent configs (flat in N)', () => {
    const { host, bundle, agents } = workspace(n);
    host.applyChange({ opened: [{ file: bundle, text: bundleText() }] });
    host.analysis().report(bundle);
    const edited = bundleText('shows {WINDOW} rows');
    const offset = edited.indexOf('{WINDOW} rows') + 1;
    const cost = costOf(host, () => {
      host.applyChange({ opened: [{ file: bundle, text: edited }] });
      const hover = host.analysis().hover(bundle, offset);
      // The env named is the first agent config's, as the diagnostics of that context see it.
      expect(JSON.stringify(hover)).toContain("config/a00.yaml");
      expect(host.analysis().previewTool(bundle, `t${EDITED_TOOL}`)).toContain('shows 1 rows');
    });
    // The model features use (the bundle on its own) and the first agent config's context: two tool checks, two models
    // (with one agent config, its context is all the bundle's contexts, merged tool by tool as the diagnostics are).
    expect(cost).toMatchObject({ 'tool check': 2, ...(n === 1 ? { 'bundle model': 1, 'tool across contexts': 1 } : { 'bundle model': 2 }) });
    expect(cost['bundle file']).toBeUndefined();
    expect(agents).toHaveLength(n);
  });

  it('keeps every context of the bundle across revisions that do not ask for it, even with a small bound on what the host keeps', () => {
    // A bound far below the tool checks the bundle has in all its contexts.
    const { host, bundle, agents } = workspace(n, 10);
    const other = agents[agents.length - 1];
    host.applyChange({ opened: [{ file: bundle, text: bundleText() }] });
    host.analysis().report(bundle);
    for (const [i, docstring] of ['shows {WINDOW} rows', 'shows {WINDOW} lines, again', 'moves {WINDOW} lines'].entries()) {
      // A revision that asks only about another file (a pulling client asks only for visible documents).
      host.applyChange({ opened: [{ file: other, text: `${agentText(n)}# edit ${i}\n` }] });
      host.analysis().report(other);
      const edit = costOf(host, () => {
        host.applyChange({ opened: [{ file: bundle, text: bundleText(docstring) }] });
        expect(diagnosticsOf(host, bundle)).toEqual([]);
      });
      expect(edit['tool check'], `edit ${i}`).toBe(n + 1);
    }
  });
});

describe('what an edit looks up, as the server asks (prepared, then the report)', () => {
  /** The look-ups of three edits to one tool's docstring in a bundle used by `n` agent configs. */
  function lookupsPerEdit(n: number): number[] {
    const { host, bundle } = workspace(n);
    const ask = (text: string) => {
      host.applyChange({ opened: [{ file: bundle, text }] });
      host.analysis().prepare(bundle, () => true);
      host.analysis().report(bundle);
    };
    ask(bundleText());
    const counts = ['shows {WINDOW} rows', 'shows {WINDOW} rows!', 'shows {WINDOW} rows!!'].map((docstring) => {
      const before = host.lookups();
      ask(bundleText(docstring));
      return host.lookups() - before;
    });
    ws!.remove();
    ws = undefined;
    return counts;
  }

  it('grows by six look-ups per agent config, however many tools the bundle has', () => {
    // Per agent config: the edited tool's base check and its check in that context (made ahead, then merged), and that agent
    // config's classification and listing, verified because the index of agent configs reads the open bundle's classification.
    // Before, every tool's merge verified its check in each context and `prepare` looked at every tool in each: 57 per agent config here.
    const [one] = lookupsPerEdit(1);
    for (const n of [8, 64]) expect(lookupsPerEdit(n)).toEqual([0, 0, 0].map(() => one + 6 * (n - 1)));
  });
});
