/**
 * The public agent-config cases at each SWE-agent version
 * (../shared/conformance/versions/<tag>/agent): the same inputs as
 * agent.test.ts, judged with `--swe-agent VERSION`, against that version's
 * verdict. Runs only where ../shared is (SWE_BUNDLE_SHARED may point to it).
 */
import * as fs from 'fs';
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { AGENT_CASES_DIR, VERSIONS_DIR, VERSION_TAGS, readJson } from '../helpers/shared';
import { runCli } from '../helpers/runCli';
import { AgentVerdict, OurFile, agentContractViolations, exactCommandLineSettings } from './contract';


const EXACT_COMMAND_LINE = exactCommandLineSettings();

describe.skipIf(!fs.existsSync(VERSIONS_DIR))('agent-config cases at each SWE-agent version (--swe-agent)', () => {
  for (const [tag, version] of VERSION_TAGS) {
    const dir = path.join(VERSIONS_DIR, tag, 'agent');
    const ids = fs.existsSync(dir) ? fs.readdirSync(dir).filter((id) => fs.existsSync(path.join(AGENT_CASES_DIR, id))).sort() : [];
    it.each(ids)(`${tag}: agent/%s agrees with SWE-agent ${tag}`, (id) => {
      const caseDir = path.join(AGENT_CASES_DIR, id);
      const verdict = readJson<AgentVerdict>(path.join(dir, id, 'expected.json'));
      const run = runCli(['--format', 'json', '--config', EXACT_COMMAND_LINE, '--swe-agent', version, '--agent-config', 'config/agent.yaml'], caseDir);
      expect(run.stderr).toBe('');
      const files = JSON.parse(run.stdout) as OurFile[];
      expect(agentContractViolations(verdict, files, (file) => fs.readFileSync(path.join(caseDir, file)))).toEqual([]);
    });
  }
});
