/**
 * The one work budget of an analysis (server/src/engine/work.ts): each query
 * the host computes draws from a budget of its own. A tool's check in a
 * context that runs out keeps its base check and gets a `resource-limit`
 * that names the budget, and the other tools are reported as before; a
 * file checked whole (it does not split into tools) that runs out gets one
 * `resource-limit` at its start. The budget is set low here
 * (`workSteps`), so that a small file that costs much work runs out: a tool
 * whose docstring names 100 variables the env does not have, each a format
 * pass over the docstring.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { AnalysisHost } from '../../../server/src/engine/analysis/analysisHost';
import { WorkBudgetExhausted, charged, spend, withWorkBudget, withinWorkBudget } from '../../../server/src/engine/work';
import { createNodeWorkspaceFs } from '../../../server/src/host/nodeWorkspaceFs';
import { TempWorkspace, tempWorkspace } from '../../helpers/tempWorkspace';

let ws: TempWorkspace | undefined;
afterEach(() => {
  ws?.remove();
  ws = undefined;
});

const STEPS = 20_000;
const EXHAUSTED = 'Stopped checking this file: it took more than 20,000 steps of work (the work budget of one analysis).';

const bundleText = (tools: number) =>
  'tools:\n' + Array.from({ length: tools }, (_, i) => `  t${i}:\n    signature: "t${i} <x>"\n    docstring: "does it"\n    arguments:\n      - name: x\n        type: string\n        description: d\n        required: true\n`).join('');

function workspaceOf(files: Record<string, string>) {
  ws = tempWorkspace(files);
  const host: AnalysisHost = new AnalysisHost({ fs: createNodeWorkspaceFs(() => host.readRoots()) }, { workSteps: STEPS });
  host.applyChange({ folders: [ws.root] });
  const report = (file: string) => host.analysis().report(ws!.path(file))!.diagnostics.map((d) => ({ code: d.code, severity: d.severity, start: d.start, end: d.end, message: d.message }));
  return { host, report };
}

/** 2.6 KB that cost more than 100,000 steps: 100 format passes over the docstring with the env, one per variable it does not have. */
const HEAVY_DOCSTRING = `"${Array.from({ length: 100 }, (_, i) => `{v${i}}`).join(' ')} ${'x'.repeat(2000)}"`;
const HEAVY = `tools:\n  heavy:\n    signature: heavy\n    docstring: ${HEAVY_DOCSTRING}\n  light:\n    signature: light\n    docstring: does it\n`;
/** The same with an anchor, which makes the file checked whole. */
const HEAVY_WHOLE = HEAVY.replace('docstring: "', 'docstring: &d "');
const STOPPED_DOCSTRING = 'Stopped checking the docstring of `heavy` with the env: it took more than 20,000 steps of work (the work budget of one analysis).';

const missingScript = (tool: number, text: string) => {
  const start = text.indexOf(`t${tool}:`);
  return { code: 'bin-script-missing', severity: 'warning', start, end: start + `t${tool}`.length, message: `There is no bin/t${tool} for the tool \`t${tool}\`.` };
};

describe('the work budget of a query', () => {
  it("a tool whose check runs out gets the budget's notice at its name, and every other finding of the file is still reported", () => {
    const { report } = workspaceOf({ 'tools/big/config.yaml': HEAVY, 'tools/small/config.yaml': bundleText(1) });
    const heavy = { start: HEAVY.indexOf('heavy:'), end: HEAVY.indexOf('heavy:') + 5 };
    const light = { start: HEAVY.indexOf('light:'), end: HEAVY.indexOf('light:') + 5 };
    expect(report('tools/big/config.yaml')).toEqual([
      { code: 'bin-script-missing', severity: 'warning', ...heavy, message: 'There is no bin/heavy for the tool `heavy`.' },
      { code: 'resource-limit', severity: 'warning', ...heavy, message: STOPPED_DOCSTRING },
      { code: 'bin-script-missing', severity: 'warning', ...light, message: 'There is no bin/light for the tool `light`.' },
    ]);
    expect(report('tools/small/config.yaml')).toEqual([missingScript(0, bundleText(1))]);
  });

  it("a file checked whole that runs out is reported as not checked, with the budget named; the next bundle is checked as before", () => {
    const { report } = workspaceOf({ 'tools/big/config.yaml': HEAVY_WHOLE, 'tools/small/config.yaml': bundleText(1) });
    expect(report('tools/big/config.yaml')).toEqual([{ code: 'resource-limit', severity: 'warning', start: 0, end: 0, message: EXHAUSTED }]);
    expect(report('tools/small/config.yaml')).toEqual([missingScript(0, bundleText(1))]);
  });

  it('what ran out is recomputed when what it read changes: an edit that makes the bundle small checks it, and the same text gives the same report as a fresh host', () => {
    const { host, report } = workspaceOf({ 'tools/big/config.yaml': HEAVY_WHOLE });
    const file = ws!.path('tools/big/config.yaml');
    expect(report('tools/big/config.yaml').map((d) => d.code)).toEqual(['resource-limit']);
    host.applyChange({ opened: [{ file, text: bundleText(2) }] });
    expect(report('tools/big/config.yaml')).toEqual([missingScript(0, bundleText(2)), missingScript(1, bundleText(2))]);
    host.applyChange({ opened: [{ file, text: HEAVY_WHOLE }] });
    const incremental = report('tools/big/config.yaml');
    const fresh: AnalysisHost = new AnalysisHost({ fs: createNodeWorkspaceFs(() => fresh.readRoots()) }, { workSteps: STEPS });
    fresh.applyChange({ folders: [ws!.root], opened: [{ file, text: HEAVY_WHOLE }] });
    expect(incremental).toEqual(fresh.analysis().report(file)!.diagnostics.map((d) => ({ code: d.code, severity: d.severity, start: d.start, end: d.end, message: d.message })));
    expect(incremental.map((d) => d.code)).toEqual(['resource-limit']);
  });

  it('an agent config given to the CLI whose merge runs out gets the same notice, and its prompt preview says why it stops', () => {
    const agent = `agent:\n  templates:\n    system_template: hi\n  tools:\n    bundles:\n${Array.from({ length: 300 }, () => '      - path: tools/small\n').join('')}`;
    const { host } = workspaceOf({ 'tools/small/config.yaml': bundleText(1), 'config/agent.yaml': agent });
    const file = ws!.path('config/agent.yaml');
    const assembled = host.analysis().assembly([file], 'run-single');
    expect(assembled.map(({ file, report }) => ({ file, codes: report.diagnostics.map((d) => `${d.code} ${d.start}-${d.end} ${d.message}`) }))).toEqual([{ file, codes: [`resource-limit 0-0 ${EXHAUSTED}`] }]);
    expect(host.analysis().previewPrompt([file], 'run-single')).toEqual({ ok: false, kind: 'unsupported', reason: 'the check of the configuration stopped: it took more than 20,000 steps of work (the work budget of one analysis)' });
  });
});

describe('work.ts', () => {
  it('draws nothing outside an analysis, and stops an analysis at its budget with the budget named', () => {
    for (let i = 0; i < 1000; i++) spend(1000);
    const steps: number[] = [];
    expect(() =>
      withWorkBudget(() => {
        for (let i = 0; ; i++) {
          steps.push(i);
          spend();
        }
      }, 100),
    ).toThrow(new WorkBudgetExhausted(100));
    expect(steps.length).toBe(101);
    expect(new WorkBudgetExhausted(100).message).toBe('it took more than 100 steps of work (the work budget of one analysis)');
  });

  it('gives an analysis read by another a budget of its own, and the outer one its own back', () => {
    // The inner one runs out by itself; what it spent is not the outer one's.
    const outer = (inner: number, after: number) =>
      withinWorkBudget(() => {
        spend(60);
        const ok = withinWorkBudget(() => spend(inner), 100).ok;
        spend(after);
        return ok;
      }, 100);
    expect(outer(120, 30)).toEqual({ ok: true, value: false });
    expect(outer(80, 30)).toEqual({ ok: true, value: true });
    expect(outer(80, 50)).toEqual({ ok: false, exhausted: new WorkBudgetExhausted(100) });
  });

  it('charges a list, a Set or a Map by its items, and nothing for none', () => {
    const list = [1, 2, 3];
    expect(withinWorkBudget(() => charged(list), 3)).toEqual({ ok: true, value: list });
    expect(withinWorkBudget(() => charged(list), 2).ok).toBe(false);
    expect(withinWorkBudget(() => charged(new Set([1, 2, 3])), 2).ok).toBe(false);
    expect(withinWorkBudget(() => charged(new Map([[1, 2]])), 1).ok).toBe(true);
    expect(withinWorkBudget(() => charged(undefined), 0)).toEqual({ ok: true, value: undefined });
  });
});
