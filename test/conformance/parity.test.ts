/**
 * CLI/server parity (issue 11): for the same files and the same settings, the
 * diagnostics the CLI prints (`dist/lint.js --format json`) equal those the
 * server (`dist/server.js` over stdio) publishes, code, range, severity and
 * message, and the server publishes nothing for a file the CLI does not
 * report. Over every conformance case (each with its env, as the conformance
 * suite gives it), the multi cases as agent configs (their bundles then
 * checked in those configs' contexts), the agent-config cases, the corpus, and
 * a multi-root workspace whose two folders have their own `.swe-bundle.json`.
 * One server per workspace; the CLI runs once per settings group.
 */
import * as fs from 'fs';
import * as path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SpawnedServer, spawnServer } from '../helpers/lspClient';
import { Shown, shownOfCli, shownOfLsp } from '../helpers/parity';
import { fileUri } from '../helpers/project';
import { runLintBinary } from '../helpers/runCli';
import { AGENT_CASES_DIR, CASES_DIR, CORPUS_DIR, DEFAULT_ENV, HAS_SHARED, MULTI_DIR, caseIds, readJson } from '../helpers/shared';
import { TempWorkspace, tempWorkspace } from '../helpers/tempWorkspace';
import { MultiCase, multiAgentConfigYaml } from './multiCase';

/** Every YAML file under a folder. */
function yamlFiles(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[]).filter((f) => /\.ya?ml$/i.test(f)).map((f) => path.join(dir, f)).sort();
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Whether an editor's buffer of the file can hold what is on disk: not for bytes that are not UTF-8, which the editor decodes its own way. */
function editable(file: string): boolean {
  try {
    strictUtf8.decode(fs.readFileSync(file));
    return true;
  } catch {
    return false;
  }
}

let version = 0;

/** The server's diagnostics for each file, opened in batches: a file it publishes nothing for is absent. */
async function serverDiagnostics(server: SpawnedServer, files: readonly string[], expected: ReadonlySet<string>): Promise<Map<string, Shown[]>> {
  const { client } = server;
  const found = new Map<string, Shown[]>();
  const quiet = files.filter((f) => !expected.has(f));
  const reported = files.filter((f) => expected.has(f));
  const BATCH = 40;
  for (let at = 0; at < Math.max(reported.length, 1); at += BATCH) {
    // The files expected to have no report go first, so theirs (if any) comes before the last expected one.
    const batch = [...(at === 0 ? quiet : []), ...reported.slice(at, at + BATCH)];
    const opened = new Map(batch.map((file) => [fileUri(file), ++version]));
    for (const file of batch) await client.open(fileUri(file), fs.readFileSync(file, 'utf8'), opened.get(fileUri(file)));
    for (const file of batch.filter((f) => expected.has(f))) await client.waitForDiagnostics(fileUri(file), (p) => p.version === opened.get(fileUri(file)), 60_000);
    for (const file of batch) {
      const publication = (client.diagnostics.get(fileUri(file)) ?? []).find((p) => p.version === opened.get(fileUri(file)));
      if (publication) found.set(file, shownOfLsp(publication.diagnostics));
      await client.notify('textDocument/didClose', { textDocument: { uri: fileUri(file) } });
    }
  }
  return found;
}

async function startServer(folders: readonly string[], sweBundle: Record<string, unknown>): Promise<SpawnedServer> {
  const server = await spawnServer({
    initializationOptions: { sweBundle },
    workspaceFolders: folders.map((folder, i) => ({ uri: fileUri(folder), name: `folder ${i}` })),
    capabilities: { window: { workDoneProgress: true } },
  });
  await server.client.waitFor(() => server.client.progress.some((p) => p.value.kind === 'end'), 'indexing to finish', 60_000);
  return server;
}

/** The server's new user settings (a client without workspace/configuration sends them with the notification). */
function changeSettings(server: SpawnedServer, sweBundle: Record<string, unknown>): Promise<void> {
  return server.client.notify('workspace/didChangeConfiguration', { settings: { sweBundle } });
}

/** Both front ends on `files`: the CLI's report of each (those it reports), and the server's. */
async function compare(server: SpawnedServer, cli: Map<string, Shown[]>, all: readonly string[], shape: (shown: Shown[]) => unknown = (shown) => shown) {
  const files = all.filter(editable);
  const ours = await serverDiagnostics(server, files, new Set(cli.keys()));
  const pick = (map: Map<string, Shown[]>) => Object.fromEntries(files.filter((f) => map.has(f)).map((f) => [f, shape(map.get(f)!)]));
  expect(cli.size).toBeGreaterThan(0);
  expect(pick(ours)).toEqual(pick(cli));
  return files.filter((f) => cli.has(f)).length;
}

const envSettings = (env: Record<string, unknown>) => ({ envVariables: env });
const envFlags = (env: Record<string, unknown>) => Object.entries(env).flatMap(([k, v]) => ['--env', `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`]);

describe('CLI and server give the same diagnostics', () => {
  const servers: SpawnedServer[] = [];
  const workspaces: TempWorkspace[] = [];
  afterAll(() => {
    for (const server of servers) server.client.dispose();
    for (const ws of workspaces) ws.remove();
  });
  const start = async (folders: readonly string[], sweBundle: Record<string, unknown> = {}) => {
    const server = await startServer(folders, sweBundle);
    servers.push(server);
    return server;
  };

  describe('on the conformance cases and the multi cases', () => {
    // The cases as bundles of one project (tools/<id>/config.yaml), and the multi cases as its agent configs.
    let ws: TempWorkspace;
    let server: SpawnedServer;
    const ids = caseIds();
    const multiIds = fs.readdirSync(MULTI_DIR).filter((d) => fs.existsSync(path.join(MULTI_DIR, d, 'bundles.json'))).sort();
    const bundle = (id: string) => ws.path('tools', id, 'config.yaml');
    beforeAll(async () => {
      ws = tempWorkspace();
      workspaces.push(ws);
      for (const id of ids) ws.write(`tools/${id}/config.yaml`, fs.readFileSync(path.join(CASES_DIR, id, 'config.yaml')));
      for (const id of multiIds) ws.write(`config/multi-${id}.yaml`, multiAgentConfigYaml(readJson<MultiCase>(path.join(MULTI_DIR, id, 'bundles.json')), (b) => `tools/${b}`));
      server = await start([ws.root], envSettings(DEFAULT_ENV));
    });

    // The env each case is judged with: its env.json, else ToolConfig's defaults, as the conformance suite passes them.
    const envOf = (id: string): string | null => (fs.existsSync(path.join(CASES_DIR, id, 'env.json')) ? fs.readFileSync(path.join(CASES_DIR, id, 'env.json'), 'utf8') : null);
    const groups = new Map<string | null, string[]>();
    for (const id of ids) groups.set(envOf(id), [...(groups.get(envOf(id)) ?? []), id]);

    it.each([...groups].map(([env, members]) => [env ?? 'the default env', members] as const))('with %s', async (env, members) => {
      const variables = env === 'the default env' ? DEFAULT_ENV : (JSON.parse(env) as Record<string, unknown>);
      await changeSettings(server, envSettings(variables));
      const cwd = ws.root;
      const flags = env === 'the default env' ? envFlags(DEFAULT_ENV) : ['--env-json', path.join(CASES_DIR, members[0], 'env.json')];
      const run = runLintBinary(['--format', 'json', ...flags, ...members.map((id) => `tools/${id}`)], cwd);
      expect(run.stderr).toBe('');
      const checked = await compare(server, shownOfCli(run, cwd), members.map(bundle));
      expect(checked).toBe(members.filter((id) => editable(bundle(id))).length);
    });

    it("with no env set: the multi cases' agent configs, and their bundles in those configs' contexts", async () => {
      await changeSettings(server, {});
      const listed = [...new Set(multiIds.flatMap((id) => readJson<MultiCase>(path.join(MULTI_DIR, id, 'bundles.json')).bundles))].filter((b) => ids.includes(b)).sort();
      const run = runLintBinary(['--format', 'json', 'config', ...listed.map((id) => `tools/${id}`)], ws.root);
      expect(run.stderr).toBe('');
      const agents = multiIds.map((id) => ws.path('config', `multi-${id}.yaml`));
      expect(await compare(server, shownOfCli(run, ws.root), [...agents, ...listed.map(bundle)])).toBe(agents.length + listed.length);
    });
  });

  it('with --agent-config: each multi case alone, its agent config and the bundles it lists as that assembly sees them', async () => {
    // One folder per multi case (its config root), so that each bundle is used by one agent config and the server's report of it is that assembly's.
    const ws = tempWorkspace();
    workspaces.push(ws);
    const ids = new Set(caseIds());
    const cases = fs
      .readdirSync(MULTI_DIR)
      .filter((d) => fs.existsSync(path.join(MULTI_DIR, d, 'bundles.json')))
      .sort()
      .map((id) => ({ id, spec: readJson<MultiCase>(path.join(MULTI_DIR, id, 'bundles.json')) }))
      .filter(({ spec }) => spec.bundles.every((b) => ids.has(b)));
    // Without ../shared, most multi cases list a bundle taken from a public repository, which only it holds.
    expect(cases.length).toBeGreaterThan(HAS_SHARED ? 5 : 0);
    for (const { id, spec } of cases) {
      for (const b of spec.bundles) ws.write(`m${id}/tools/${b}/config.yaml`, fs.readFileSync(path.join(CASES_DIR, b, 'config.yaml')));
      ws.write(`m${id}/config.yaml`, multiAgentConfigYaml(spec, (b) => `tools/${b}`));
    }
    const server = await start([ws.root]);
    let compared = 0;
    for (const { id, spec } of cases) {
      const run = runLintBinary(['--format', 'json', '--agent-config', `m${id}/config.yaml`], ws.root);
      expect(run.stderr).toBe('');
      compared += await compare(server, shownOfCli(run, ws.root), [ws.path(`m${id}`, 'config.yaml'), ...[...new Set(spec.bundles)].map((b) => ws.path(`m${id}`, 'tools', b, 'config.yaml'))]);
    }
    // Every agent config and every bundle it lists was compared.
    expect(compared).toBe(cases.reduce((n, { spec }) => n + 1 + new Set(spec.bundles).size, 0));
  }, 300_000);

  it('on the agent-config cases, each folder its own checkout', async () => {
    const server = await start([AGENT_CASES_DIR]);
    const run = runLintBinary(['--format', 'json', '.'], AGENT_CASES_DIR);
    expect(run.stderr).toBe('');
    await compare(server, shownOfCli(run, AGENT_CASES_DIR), yamlFiles(AGENT_CASES_DIR));
  });

  // The corpus was taken from public repositories: only ../shared holds it.
  it.skipIf(!HAS_SHARED)('on the corpus, agent configs and bundles of 20 repositories', async () => {
    const server = await start([CORPUS_DIR]);
    const run = runLintBinary(['--format', 'json', '.'], CORPUS_DIR);
    expect(run.stderr).toBe('');
    await compare(server, shownOfCli(run, CORPUS_DIR), yamlFiles(CORPUS_DIR));
  });

  it.skipIf(!HAS_SHARED)('in a multi-root workspace whose folders have settings files of their own', async () => {
    // Two corpus repositories as the folders, each with its own .swe-bundle.json; the CLI runs in each, as a user would.
    const ws = tempWorkspace();
    workspaces.push(ws);
    const first = ws.path('first');
    const second = ws.path('second');
    fs.cpSync(path.join(CORPUS_DIR, 'HagonChan__EnvPilot'), first, { recursive: true });
    fs.cpSync(path.join(CORPUS_DIR, 'GrinnerH__SWE-agent'), second, { recursive: true });
    ws.write('first/.swe-bundle.json', JSON.stringify({ rules: { 'bin-script-missing': 'error', 'unknown-key': 'off' }, commandLine: ['--agent.model.name=gpt-4o'] }));
    ws.write('second/.swe-bundle.json', JSON.stringify({ envVariables: { WINDOW: 100 }, rules: { 'bin-script-not-executable': 'hint' } }));
    const server = await start([first, second]);
    const cli = new Map<string, Shown[]>();
    for (const folder of [first, second]) {
      const run = runLintBinary(['--format', 'json', '.'], folder);
      expect(run.stderr).toBe('');
      for (const [file, shown] of shownOfCli(run, folder)) cli.set(file, shown);
    }
    await compare(server, cli, [...yamlFiles(first), ...yamlFiles(second)]);
  });
});
