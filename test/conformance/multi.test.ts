/**
 * The agent-level cases of ../shared/conformance/multi: each stands for an
 * agent config listing conformance cases as bundles. We write that agent
 * config and check it with `--agent-config`, against the real ToolConfig's verdict.
 */
import * as fs from 'fs';
import * as path from 'path';
import { afterAll, describe, expect, it } from 'vitest';
import { CASES_DIR, MULTI_DIR, readJson, readable } from '../helpers/shared';
import { runCli } from '../helpers/runCli';
import { tempWorkspace } from '../helpers/tempWorkspace';
import { OurFile } from './contract';
import { MultiCase, multiAgentConfigYaml } from './multiCase';

interface MultiVerdict {
  loads: boolean;
  errors: { kind: string; tool: string | null; bundle: string }[];
}

const ids = fs.readdirSync(MULTI_DIR).filter((d) => fs.existsSync(path.join(MULTI_DIR, d, 'bundles.json'))).sort();
const workspace = tempWorkspace();
afterAll(() => workspace.remove());

let agreeing = 0;

describe('agent-level conformance cases', () => {
  it('has the published cases', () => {
    expect(ids.length).toBeGreaterThanOrEqual(13);
  });

  const readableIds = readable(ids, 'agent-level cases', (id) => [path.join(MULTI_DIR, id), ...readJson<MultiCase>(path.join(MULTI_DIR, id, 'bundles.json')).bundles.map((b) => path.join(CASES_DIR, b))]);
  it.each(readableIds)('multi/%s agrees with the real ToolConfig', (id) => {
    const spec = readJson<MultiCase>(path.join(MULTI_DIR, id, 'bundles.json'));
    const verdict = readJson<MultiVerdict>(path.join(MULTI_DIR, id, 'expected.json'));
    const agentFile = workspace.write(`multi-${id}/agent.yaml`, multiAgentConfigYaml(spec));
    const run = runCli(['--format', 'json', '--config-root', CASES_DIR, '--agent-config', agentFile]);
    expect(run.stderr).toBe('');
    const files = JSON.parse(run.stdout) as OurFile[];
    const [agent, ...bundles] = files;
    expect(agent.path).toBe(path.relative(process.cwd(), agentFile) || agentFile);
    // Rule 1: the agent config's `loads` is ToolConfig's.
    expect(agent.loads).toBe(verdict.loads);
    // Rule 2: an error somewhere exactly when it does not load.
    const errors = files.flatMap((f) => f.diagnostics.filter((d) => d.severity === 'error').map((d) => ({ ...d, file: f.path })));
    expect(errors.length > 0).toBe(!verdict.loads);
    // Rule 3: duplicates name their tool; hidden tools and missing paths sit on the bundle's entry in the agent config.
    const agentText = fs.readFileSync(agentFile, 'utf8').split('\n');
    for (const error of verdict.errors) {
      if (error.kind === 'duplicate-tool-across-bundles' || error.kind === 'duplicate-tool-builtin-bash') {
        expect(errors.some((d) => d.tool === error.tool)).toBe(true);
      }
      if (error.kind === 'hidden-tools-missing' || error.kind === 'bundle-path-missing') {
        // The entry is the `{ ... }` around `"path": "<bundle>"` in the JSON-style YAML we wrote.
        const entries = agentText
          .map((line, n) => [line, n] as const)
          .filter(([line]) => line.includes(`"path": "${error.bundle}"`))
          .map(([, n]) => {
            let start = n;
            while (!agentText[start].trim().startsWith('{')) start--;
            const indent = agentText[start].indexOf('{');
            let end = n;
            while (!(agentText[end].indexOf('}') === indent)) end++;
            return [start, end] as const;
          });
        expect(entries.length).toBeGreaterThan(0);
        expect(agent.diagnostics.some((d) => d.severity === 'error' && entries.some(([start, end]) => start <= d.range.start.line && d.range.end.line <= end))).toBe(true);
      }
    }
    expect(bundles.map((b) => path.basename(path.dirname(b.path)))).toEqual([...new Set(spec.bundles)].filter((b) => fs.existsSync(path.join(CASES_DIR, b))));
    agreeing++;
  });

  afterAll(() => {
    console.log(`multi: ${agreeing} of ${ids.length} agent-level cases agree with the real ToolConfig`);
  });
});
