/**
 * The `repo-root` cases of ../shared/conformance/versions/cases-new/agent at
 * each SWE-agent version: agent configs whose bundle paths name SWE-agent's
 * own `tools/` (no SWE_AGENT_CONFIG_ROOT, a config outside the checkout), so
 * renamed and removed bundles show. Judged from the case folder with
 * `--swe-agent VERSION`, by the agent-config contract. Runs only where
 * ../shared is (SWE_BUNDLE_SHARED may point to it).
 */
import * as fs from 'fs';
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { VERSIONS_DIR, VERSION_TAGS, readJson } from '../helpers/shared';
import { runCli } from '../helpers/runCli';
import { AgentVerdict, OurFile, agentContractViolations } from './contract';

const CASES_DIR = path.join(VERSIONS_DIR, 'cases-new', 'agent');

describe.skipIf(!fs.existsSync(CASES_DIR))("repo-root cases: bundles of SWE-agent's own checkout at each version", () => {
  const ids = fs.existsSync(CASES_DIR) ? fs.readdirSync(CASES_DIR).filter((id) => fs.existsSync(path.join(CASES_DIR, id, 'REPO_ROOT'))).sort() : [];

  it('has the published repo-root cases', () => {
    expect(ids.length).toBeGreaterThanOrEqual(3);
  });

  for (const [tag, version] of VERSION_TAGS) {
    it.each(ids)(`${tag}: cases-new/agent/%s agrees with SWE-agent ${tag}`, (id) => {
      const caseDir = path.join(CASES_DIR, id);
      const verdict = readJson<AgentVerdict>(path.join(VERSIONS_DIR, tag, 'cases-new', 'agent', id, 'expected.json'));
      const run = runCli(['--format', 'json', '--swe-agent', version, '--agent-config', 'config/agent.yaml'], caseDir);
      expect(run.stderr).toBe('');
      const files = JSON.parse(run.stdout) as OurFile[];
      expect(agentContractViolations(verdict, files, (file) => fs.readFileSync(path.join(caseDir, file)))).toEqual([]);
      expect(run.code).toBe(verdict.loads ? 0 : 1);
    });
  }
});
