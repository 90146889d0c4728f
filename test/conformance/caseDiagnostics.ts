/**
 * Every diagnostic the lint CLI gives on every conformance case: the bundle
 * cases, the agent-level and agent-config cases (from ../shared, else the
 * repository's copy), and, where ../shared is, the new cases of the versions
 * set. Each run as its own test runs it; for checks that hold of every message.
 */
import * as fs from 'fs';
import * as path from 'path';
import { AGENT_CASES_DIR, CASES_DIR, MULTI_DIR, VERSIONS_DIR, caseIds, envArgs, readJson, readable } from '../helpers/shared';
import { runCli } from '../helpers/runCli';
import { tempWorkspace } from '../helpers/tempWorkspace';
import { OurFile, exactCommandLineSettings } from './contract';
import { MultiCase, multiAgentConfigYaml } from './multiCase';

export interface CaseDiagnostic {
  /** The case and the file, e.g. `cases/0001 config.yaml`. */
  where: string;
  code: string;
  message: string;
}

function collect(where: string, argv: string[], cwd: string): CaseDiagnostic[] {
  const run = runCli(['--format', 'json', ...argv], cwd);
  if (run.stdout === '') return [{ where, code: '(no output)', message: run.stderr }];
  return (JSON.parse(run.stdout) as OurFile[]).flatMap((file) => file.diagnostics.map((d) => ({ where: `${where} ${file.path}`, code: d.code, message: d.message })));
}

const folders = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []);

export function everyCaseDiagnostic(): CaseDiagnostic[] {
  const found: CaseDiagnostic[] = [];
  for (const id of caseIds()) {
    const dir = path.join(CASES_DIR, id);
    found.push(...collect(`cases/${id}`, [...envArgs(dir), 'config.yaml'], dir));
  }
  const multiIds = folders(MULTI_DIR).filter((id) => fs.existsSync(path.join(MULTI_DIR, id, 'bundles.json')));
  const readableMulti = readable(multiIds, 'agent-level cases', (id) => [path.join(MULTI_DIR, id), ...readJson<MultiCase>(path.join(MULTI_DIR, id, 'bundles.json')).bundles.map((b) => path.join(CASES_DIR, b))]);
  const workspace = tempWorkspace();
  const exactCommandLine = exactCommandLineSettings();
  try {
    for (const id of readableMulti) {
      const agentFile = workspace.write(`multi-${id}/agent.yaml`, multiAgentConfigYaml(readJson<MultiCase>(path.join(MULTI_DIR, id, 'bundles.json'))));
      found.push(...collect(`multi/${id}`, ['--config-root', CASES_DIR, '--agent-config', agentFile], workspace.root));
    }
    const agentIds = folders(AGENT_CASES_DIR).filter((id) => fs.existsSync(path.join(AGENT_CASES_DIR, id, 'expected.json')));
    for (const id of readable(agentIds, 'agent-config cases', (id) => [path.join(AGENT_CASES_DIR, id)])) {
      const dir = path.join(AGENT_CASES_DIR, id);
      // Both ways a user meets it: with the command line SWE-agent's shipped configs expect left out, and with it configured empty.
      found.push(...collect(`agent/${id}`, ['--agent-config', 'config/agent.yaml'], dir));
      found.push(...collect(`agent/${id} (exact command line)`, ['--config', exactCommandLine, '--agent-config', 'config/agent.yaml'], dir));
    }
  } finally {
    workspace.remove();
    fs.rmSync(path.dirname(exactCommandLine), { recursive: true, force: true });
  }
  const newCases = path.join(VERSIONS_DIR, 'cases-new');
  for (const id of folders(path.join(newCases, 'bundle'))) {
    found.push(...collect(`cases-new/bundle/${id}`, ['config.yaml'], path.join(newCases, 'bundle', id)));
  }
  for (const id of folders(path.join(newCases, 'agent'))) {
    found.push(...collect(`cases-new/agent/${id}`, ['--agent-config', 'config/agent.yaml'], path.join(newCases, 'agent', id)));
  }
  for (const id of folders(path.join(newCases, 'argv'))) {
    const dir = path.join(newCases, 'argv', id);
    found.push(...collect(`cases-new/argv/${id}`, readJson<{ tool_args: string[] }>(path.join(dir, 'argv.json')).tool_args, dir));
  }
  return found;
}
