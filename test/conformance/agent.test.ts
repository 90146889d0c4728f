/**
 * Every case in ../shared/conformance/agent (the repository's copy): an agent
 * config, checked with `--agent-config config/agent.yaml` from inside the
 * case folder (its config root and cwd), against the verdict of SWE-agent's
 * own loader, by rules A1-A4 of the README's contract.
 */
import * as fs from 'fs';
import * as path from 'path';
import { afterAll, describe, expect, it } from 'vitest';
import { AGENT_CASES_DIR, readJson, readable } from '../helpers/shared';
import { runCli } from '../helpers/runCli';
import { AgentVerdict, OurFile, agentContractViolations, exactCommandLineSettings } from './contract';

const EXACT_COMMAND_LINE = exactCommandLineSettings();

const ids = fs
  .readdirSync(AGENT_CASES_DIR)
  .filter((id) => fs.existsSync(path.join(AGENT_CASES_DIR, id, 'expected.json')))
  .sort();
let agreeing = 0;

describe('agent-config conformance cases', () => {
  it('has the published cases', () => {
    expect(ids.length).toBeGreaterThanOrEqual(77);
  });

  it.each(readable(ids, 'agent-config cases', (id) => [path.join(AGENT_CASES_DIR, id)]))('agent/%s agrees with SWE-agent', (id) => {
    const dir = path.join(AGENT_CASES_DIR, id);
    const verdict = readJson<AgentVerdict>(path.join(dir, 'expected.json'));
    const run = runCli(['--format', 'json', '--config', EXACT_COMMAND_LINE, '--agent-config', 'config/agent.yaml'], dir);
    // Rule A4: no crash, exit 0 or 1, JSON on stdout.
    expect(run.stderr).toBe('');
    expect([0, 1]).toContain(run.code);
    const files = JSON.parse(run.stdout) as OurFile[];
    expect(agentContractViolations(verdict, files, (file) => fs.readFileSync(path.join(dir, file)))).toEqual([]);
    expect(run.code).toBe(files.some((f) => f.diagnostics.some((d) => d.severity === 'error')) ? 1 : 0);
    agreeing++;
  });

  afterAll(() => {
    fs.rmSync(path.dirname(EXACT_COMMAND_LINE), { recursive: true, force: true });
    console.log(`agent: ${agreeing} of ${ids.length} agent-config cases agree with SWE-agent`);
  });
});
