/**
 * The public cases at each SWE-agent version (../shared/conformance/versions/<tag>):
 * the agent-config cases, the bundle cases (`cases/`, and `cases-new/bundle/`
 * aimed at the differences) and the several `--config` files of
 * `cases-new/argv/`, judged with `--swe-agent VERSION` against that version's
 * verdict. Runs only where ../shared is (SWE_BUNDLE_SHARED may point to it).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { afterAll, describe, expect, it } from 'vitest';
import { AGENT_CASES_DIR, CASES_DIR, VERSIONS_DIR, VERSION_TAGS, readJson } from '../helpers/shared';
import { runCli } from '../helpers/runCli';
import { AgentVerdict, OurFile, Verdict, agentContractViolations, contractViolations, exactCommandLineSettings } from './contract';


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

type BundleVerdict = Omit<Verdict, 'commands'> & { env_variables: Record<string, string>; commands?: { name: string; runtime_probe?: { ok: boolean; exception_type?: string; message?: string } }[] };

/**
 * What of a version's verdict holds for a bundle as SWE-agent runs it. Up to
 * v1.1.0 `_parse_tool_call` leaves `values` unbound when the tool call's
 * arguments are a dict, as the oracle's probe passes them; a model's tool
 * call carries a JSON string, which that code reads: no failure to warn of.
 * And past the per-file diagnostics budget (said by `diagnostics-limit`), a
 * tool of which nothing is reported is not held to its errors.
 */
function asRun(verdict: BundleVerdict, ours: OurFile): BundleVerdict {
  const unboundValues = (probe?: { exception_type?: string; message?: string }) => probe?.exception_type === 'UnboundLocalError' && probe.message?.includes("'values'") === true;
  const commands = verdict.commands?.map((c) => (unboundValues(c.runtime_probe) ? { name: c.name } : c));
  if (!ours.diagnostics.some((d) => d.code === 'diagnostics-limit')) return { ...verdict, commands };
  const reported = new Set(ours.diagnostics.map((d) => JSON.stringify(d.tool)));
  return { ...verdict, commands, errors: verdict.errors.filter((e) => e.tool === null || reported.has(JSON.stringify(e.tool))) };
}

/** The bundle sets of a tag: where the verdicts are, and where their inputs are. */
const BUNDLE_SETS = [
  { set: 'cases', verdicts: 'cases', inputs: CASES_DIR },
  { set: 'cases-new/bundle', verdicts: path.join('cases-new', 'bundle'), inputs: path.join(VERSIONS_DIR, 'cases-new', 'bundle') },
] as const;

describe.skipIf(!fs.existsSync(VERSIONS_DIR))('bundle cases at each SWE-agent version (--swe-agent)', () => {
  // Each verdict records the env it was judged with (ToolConfig's default of that version, or the case's env.json).
  const envDir = fs.mkdtempSync(path.join(os.tmpdir(), 'swe-bundle-versions-'));
  afterAll(() => fs.rmSync(envDir, { recursive: true, force: true }));
  let written = 0;
  const envFile = (env: Record<string, string>): string => {
    const file = path.join(envDir, `env-${written++}.json`);
    fs.writeFileSync(file, JSON.stringify(env));
    return file;
  };
  for (const [tag, version] of VERSION_TAGS) {
    for (const { set, verdicts, inputs } of BUNDLE_SETS) {
      const dir = path.join(VERSIONS_DIR, tag, verdicts);
      const ids = fs.existsSync(dir) ? fs.readdirSync(dir).filter((id) => fs.existsSync(path.join(inputs, id, 'config.yaml'))).sort() : [];
      it.each(ids)(`${tag}: ${set}/%s agrees with SWE-agent ${tag}`, (id) => {
        const verdict = readJson<BundleVerdict>(path.join(dir, id, 'expected.json'));
        const run = runCli(['--format', 'json', '--env-json', envFile(verdict.env_variables), '--swe-agent', version, path.join(id, 'config.yaml')], inputs);
        expect(run.stderr).toBe('');
        const [ours] = JSON.parse(run.stdout) as OurFile[];
        expect(contractViolations(asRun(verdict, ours), ours, fs.readFileSync(path.join(inputs, id, 'config.yaml')))).toEqual([]);
      });
    }
  }
});

describe.skipIf(!fs.existsSync(VERSIONS_DIR))('several --config files at each SWE-agent version (cases-new/argv)', () => {
  const inputs = path.join(VERSIONS_DIR, 'cases-new', 'argv');
  for (const [tag, version] of VERSION_TAGS) {
    const dir = path.join(VERSIONS_DIR, tag, 'cases-new', 'argv');
    const ids = fs.existsSync(dir) ? fs.readdirSync(dir).filter((id) => fs.existsSync(path.join(inputs, id, 'argv.json'))).sort() : [];
    it.each(ids)(`${tag}: cases-new/argv/%s agrees with SWE-agent ${tag}`, (id) => {
      const caseDir = path.join(inputs, id);
      const verdict = readJson<AgentVerdict>(path.join(dir, id, 'expected.json'));
      const { tool_args: toolArgs } = readJson<{ tool_args: string[] }>(path.join(caseDir, 'argv.json'));
      const run = runCli(['--format', 'json', '--config', EXACT_COMMAND_LINE, '--swe-agent', version, ...toolArgs], caseDir);
      expect(run.stderr).toBe('');
      const files = JSON.parse(run.stdout) as OurFile[];
      expect(agentContractViolations(verdict, files, (file) => fs.readFileSync(path.join(caseDir, file)))).toEqual([]);
      expect(run.code).toBe(verdict.loads ? 0 : 1);
    });
  }
});
