/** The server on a whole project: indexing with progress, agent configs, env from agent configs, file events. */
import * as fs from 'fs';
import { pathToFileURL } from 'url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { TestClient, inMemory } from '../helpers/lspClient';
import { TempWorkspace, tempWorkspace } from '../helpers/tempWorkspace';
import { EXPECTED, sweAgentProject } from './fixture';

let ws: TempWorkspace;
let client: TestClient | undefined;
beforeAll(() => {
  ws = sweAgentProject();
});
afterAll(() => ws.remove());
afterEach(() => {
  client?.dispose();
  client = undefined;
});

const uri = (relative: string) => pathToFileURL(ws.path(relative)).toString();
const summary = (p: PublishDiagnosticsParams) => p.diagnostics.map((d) => `${d.code}@${d.range.start.line}:${d.range.start.character}`);

async function startInProject(sweBundle: Record<string, unknown> = {}): Promise<TestClient> {
  const started = await inMemory({
    initializationOptions: { sweBundle },
    workspaceFolders: [{ uri: pathToFileURL(ws.root).toString(), name: 'project' }],
    capabilities: {
      window: { workDoneProgress: true },
      workspace: { didChangeWatchedFiles: { dynamicRegistration: true }, workspaceFolders: true },
    },
  });
  await started.waitFor(() => started.progress.some((p) => p.value.kind === 'end'), 'indexing to finish');
  return started;
}

async function openFile(c: TestClient, relative: string): Promise<PublishDiagnosticsParams> {
  await c.open(uri(relative), fs.readFileSync(ws.path(relative), 'utf8'));
  return c.waitForDiagnostics(uri(relative));
}

describe('the server on a project', () => {
  it('indexes with work-done progress and watches YAML, bin/ and install.sh', async () => {
    client = await startInProject();
    expect(client.progress.map((p) => p.value.kind)).toEqual(['begin', 'report', 'end']);
    expect(client.progress[0].value.title).toBe('Indexing SWE-agent bundles');
    await client.waitFor(() => client!.registrations.includes('workspace/didChangeWatchedFiles'), 'the file watcher registration');
  });

  it.each(Object.entries(EXPECTED))('publishes for %s what the CLI reports', async (relative, expected) => {
    client = await startInProject();
    expect(summary(await openFile(client, relative))).toEqual(expected);
  });

  it('follows a changed agent config: the bundle it uses is re-checked with the new env', async () => {
    client = await startInProject();
    const viewer = 'tools/viewer/config.yaml';
    expect(summary(await openFile(client, viewer))).toContain('docstring-unknown-variable@3:30');
    const noEnv = ws.path('config/no_env.yaml');
    const original = fs.readFileSync(noEnv, 'utf8');
    try {
      fs.writeFileSync(noEnv, original + '    env_variables: {WINDOW: 5}\n');
      await client.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: uri('config/no_env.yaml'), type: 2 }] });
      const updated = await client.waitForDiagnostics(uri(viewer), (p) => !summary(p).includes('docstring-unknown-variable@3:30'));
      expect(summary(updated)).toEqual(['bin-script-undeclared@0:0']);
    } finally {
      fs.writeFileSync(noEnv, original);
    }
  });

  it('finds an agent config created in a new folder, of which the file event names only the file', async () => {
    const project = tempWorkspace({ 'tools/windowed/config.yaml': 'tools:\n  scroll_up:\n    signature: "scroll_up"\n    docstring: "moves up {WINDOW} lines"\n' });
    project.write('tools/windowed/bin/scroll_up', '#!/bin/sh\n', 0o755);
    try {
      client = await inMemory({
        workspaceFolders: [{ uri: pathToFileURL(project.root).toString(), name: 'project' }],
        capabilities: { window: { workDoneProgress: true }, workspace: { didChangeWatchedFiles: { dynamicRegistration: true } } },
      });
      await client.waitFor(() => client!.progress.some((p) => p.value.kind === 'end'), 'indexing to finish');
      const bundle = pathToFileURL(project.path('tools/windowed/config.yaml')).toString();
      await client.open(bundle, fs.readFileSync(project.path('tools/windowed/config.yaml'), 'utf8'));
      // No agent config yet: ToolConfig's default env, which lacks WINDOW.
      expect(summary(await client.waitForDiagnostics(bundle))).toEqual(['docstring-unknown-variable@3:25']);
      const agent = project.write('experiments/run/agent.yaml', 'agent:\n  model: {name: gpt-4o}\n  tools:\n    env_variables: {WINDOW: 100}\n    bundles:\n      - path: tools/windowed\n');
      await client.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: pathToFileURL(agent).toString(), type: 1 }] });
      expect(summary(await client.waitForDiagnostics(bundle, (p) => p.diagnostics.length === 0))).toEqual([]);
    } finally {
      project.remove();
    }
  });

  it('re-checks an open agent config when a bundle it lists is edited', async () => {
    client = await startInProject();
    const config = 'config/default.yaml';
    expect(summary(await openFile(client, config))).toEqual(EXPECTED[config]);
    const submitAgain = 'tools/extra/submit_again/config.yaml';
    await openFile(client, submitAgain);
    // Rename the duplicate tool in the open (unsaved) bundle: the duplicate goes away.
    await client.notify('textDocument/didChange', {
      textDocument: { uri: uri(submitAgain), version: 2 },
      contentChanges: [{ range: { start: { line: 1, character: 2 }, end: { line: 1, character: 8 } }, text: 'resubmit' }],
    });
    const updated = await client.waitForDiagnostics(uri(config), (p) => !summary(p).includes('duplicate-tool@9:14'));
    expect(summary(updated)).toEqual(['bundle-path-missing@8:14', 'hidden-tool-missing@10:23', 'unknown-key@12:4']);
  });
});

describe('sweBundle.commandLine', () => {
  it("gives agent configs SWE-agent's command-line overrides", async () => {
    const file = 'config/model_from_cli.yaml';
    ws.write(file, 'agent:\n  templates: {system_template: s, instance_template: i}\n');
    try {
      // No command line configured: the model left to it is a hint.
      client = await startInProject();
      expect((await openFile(client, file)).diagnostics.map((d) => [d.code, d.severity, d.range, d.message])).toEqual([
        ['left-to-command-line', 4, { start: { line: 0, character: 0 }, end: { line: 0, character: 5 } }, '`agent.model` is left to the command line: pass `--agent.model.name=...` when you run SWE-agent.'],
      ]);
      client.dispose();
      client = await startInProject({ commandLine: ['--agent.model.name=gpt-4o'] });
      expect(summary(await openFile(client, file))).toEqual([]);
      client.dispose();
      // A configured command line that lacks it: an error. The most specific glob gives the file its list.
      client = await startInProject({ commandLine: { 'config/**': ['--agent.model.name=gpt-4o'], 'config/model_*.yaml': [] } });
      expect(summary(await openFile(client, file))).toEqual(['missing-field@0:0']);
      client.dispose();
      client = await startInProject({ commandLine: { 'config/model_*.yaml': ['--agent.model.name=gpt-4o'], 'config/**': [] } });
      expect(summary(await openFile(client, file))).toEqual([]);
    } finally {
      fs.rmSync(ws.path(file));
    }
  });
});

describe('agent config keys through the server', () => {
  it('completes, hovers and outlines the keys of SWE-agent\'s models', async () => {
    client = await startInProject();
    await openFile(client, 'config/tutorial.yaml');
    const textDocument = { uri: uri('config/tutorial.yaml') };
    const completion = await client.request<{ items: { label: string }[] }>('textDocument/completion', { textDocument, position: { line: 1, character: 2 } });
    // On the key `model` itself: every key it could be, not the others present.
    expect(completion.items.map((i) => i.label)).toEqual(['model', 'name', 'tools', 'history_processors', 'max_requeries', 'action_sampler', 'type']);
    const hover = await client.request<{ contents: { value: string } }>('textDocument/hover', { textDocument, position: { line: 1, character: 3 } });
    // The test client takes plain text.
    expect(hover.contents.value.split('\n\n')[0]).toBe('agent.model: GenericAPIModelConfig | ReplayModelConfig | InstantEmptySubmitModelConfig | HumanModelConfig | HumanThoughtModelConfig, required');
    const symbols = await client.request<{ name: string; detail: string; children: { name: string }[] }[]>('textDocument/documentSymbol', { textDocument });
    expect(symbols.map((s) => [s.name, s.detail, s.children.map((c) => c.name)])).toEqual([['agent', 'DefaultAgentConfig', ['model', 'templates']]]);
  });
});

describe('links and symbols across the project', () => {
  it('links tool names and the state command to their bin/ scripts', async () => {
    client = await startInProject();
    await openFile(client, 'tools/viewer/config.yaml');
    const links = await client.request<{ range: { start: { line: number; character: number } }; target: string }[]>('textDocument/documentLink', {
      textDocument: { uri: uri('tools/viewer/config.yaml') },
    });
    expect(links.map((l) => [l.range.start.line, l.range.start.character, l.target])).toEqual([
      [1, 2, uri('tools/viewer/bin/open')],
      [9, 2, uri('tools/viewer/bin/goto')],
      [17, 15, uri('tools/viewer/bin/_state')],
    ]);
  });

  it("links an agent config's bundle paths to their config.yaml, skipping missing ones", async () => {
    client = await startInProject();
    await openFile(client, 'config/default.yaml');
    const links = await client.request<{ range: { start: { line: number; character: number } }; target: string }[]>('textDocument/documentLink', {
      textDocument: { uri: uri('config/default.yaml') },
    });
    expect(links.map((l) => [l.range.start.line, l.target])).toEqual([
      [6, uri('tools/viewer/config.yaml')],
      [7, uri('tools/submit/config.yaml')],
      [9, uri('tools/extra/submit_again/config.yaml')],
    ]);
  });

  it('finds every tool of every bundle by workspace/symbol', async () => {
    client = await startInProject();
    const symbols = await client.request<{ name: string; containerName: string; location: { uri: string; range: { start: { line: number } } } }[]>('workspace/symbol', { query: 'sbt' });
    expect(symbols.map((s) => [s.name, s.containerName, s.location.uri, s.location.range.start.line])).toEqual([
      ['submit', 'submit_again', uri('tools/extra/submit_again/config.yaml'), 1],
      ['submit', 'submit', uri('tools/submit/config.yaml'), 1],
    ]);
    const all = await client.request<{ name: string }[]>('workspace/symbol', { query: '' });
    expect(all.map((s) => s.name).sort()).toEqual(['goto', 'open', 'submit', 'submit']);
  });
});

describe('agent config hover and definition through the server', () => {
  it('hovers a bundle path with its tools and goes to its config.yaml', async () => {
    client = await startInProject();
    await openFile(client, 'config/default.yaml');
    const textDocument = { uri: uri('config/default.yaml') };
    const hover = await client.request<{ contents: { kind: string; value: string }; range: unknown }>('textDocument/hover', { textDocument, position: { line: 6, character: 16 } });
    expect(hover.range).toEqual({ start: { line: 6, character: 14 }, end: { line: 6, character: 26 } });
    expect(hover.contents.value.split('\n\n').slice(1)).toEqual([
      '2 tools:',
      'open <path>: opens <path>, {WINDOW} lines at a time',
      'goto <line>: moves to <line>',
    ]);
    const definition = await client.request('textDocument/definition', { textDocument, position: { line: 6, character: 16 } });
    expect(definition).toEqual([{ uri: uri('tools/viewer/config.yaml'), range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } }]);
  });
});

describe('pull diagnostics and the workspace', () => {
  it('a file event makes the next pull a full report, even for an unchanged document', async () => {
    client = await inMemory({
      workspaceFolders: [{ uri: pathToFileURL(ws.root).toString(), name: 'project' }],
      capabilities: { workspace: { diagnostics: { refreshSupport: true } }, textDocument: { diagnostic: { dynamicRegistration: false } }, window: { workDoneProgress: true } },
    });
    await client.waitFor(() => client!.progress.some((p) => p.value.kind === 'end'), 'indexing to finish');
    const viewer = 'tools/viewer/config.yaml';
    await client.open(uri(viewer), fs.readFileSync(ws.path(viewer), 'utf8'));
    type Report = { kind: string; resultId: string; items?: { code: string }[] };
    const pull = (previousResultId?: string) => client!.request<Report>('textDocument/diagnostic', { textDocument: { uri: uri(viewer) }, previousResultId });
    const first = await pull();
    expect(first.items!.map((d) => d.code)).toEqual(['bin-script-undeclared', 'docstring-unknown-variable']);
    expect((await pull(first.resultId)).kind).toBe('unchanged');
    const script = ws.path('tools/viewer/bin/helper');
    fs.writeFileSync(script, '#!/bin/sh\n');
    try {
      await client.notify('workspace/didChangeWatchedFiles', { changes: [{ uri: pathToFileURL(script).toString(), type: 1 }] });
      const after = await pull(first.resultId);
      expect(after.kind).toBe('full');
      expect(after.items!.map((d) => d.code)).toEqual(['bin-script-undeclared', 'bin-script-undeclared', 'docstring-unknown-variable']);
    } finally {
      fs.rmSync(script);
    }
  });
});

describe('quick fixes in agent configs through the server', () => {
  it('moves misplaced bundles under agent.tools', async () => {
    client = await inMemory({
      workspaceFolders: [{ uri: pathToFileURL(ws.root).toString(), name: 'project' }],
      capabilities: { window: { workDoneProgress: true }, textDocument: { codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix'] } } } } },
    });
    await client.waitFor(() => client!.progress.some((p) => p.value.kind === 'end'), 'indexing to finish');
    const tutorial = 'config/tutorial.yaml';
    const published = await openFile(client, tutorial);
    const actions = await client.request<{ title: string; edit: { changes: Record<string, { range: unknown; newText: string }[]> } }[]>('textDocument/codeAction', {
      textDocument: { uri: uri(tutorial) },
      range: published.diagnostics[0].range,
      context: { diagnostics: published.diagnostics },
    });
    // agent:\n  templates:\n    instance_template: hi\n    bundles:\n      - path: tools/viewer\n
    expect(actions.map((a) => [a.title, a.edit.changes[uri(tutorial)]])).toEqual([
      [
        'Move `bundles` to `agent.tools`, where SWE-agent reads it',
        [
          { range: { start: { line: 5, character: 0 }, end: { line: 7, character: 0 } }, newText: '' },
          { range: { start: { line: 7, character: 0 }, end: { line: 7, character: 0 } }, newText: '  tools:\n    bundles:\n      - path: tools/viewer\n' },
        ],
      ],
    ]);
  });
});

describe("hover and diagnostics in SWE-agent's layout", () => {
  it('hover over {WINDOW} in tools/windowed shows the value 100 of the agent configs, which the diagnostics use too', async () => {
    const project = tempWorkspace({
      'tools/windowed/config.yaml': 'tools:\n  scroll_up:\n    signature: "scroll_up"\n    docstring: "moves the window up {WINDOW} lines"\n  scroll_down:\n    signature: "scroll_down"\n    docstring: "moves the window down {WINDOW} lines"\n',
      'config/default.yaml': 'agent:\n  model: {name: gpt-4o}\n  tools:\n    env_variables:\n      WINDOW: 100\n    bundles:\n      - path: tools/windowed\n',
      'config/coding_challenge.yaml': 'agent:\n  model: {name: gpt-4o}\n  tools:\n    env_variables:\n      WINDOW: 100\n      OVERLAP: 2\n    bundles:\n      - path: tools/windowed\n',
    });
    for (const script of ['scroll_up', 'scroll_down']) project.write(`tools/windowed/bin/${script}`, '#!/bin/sh\n', 0o755);
    try {
      client = await inMemory({
        workspaceFolders: [{ uri: pathToFileURL(project.root).toString(), name: 'SWE-agent' }],
        capabilities: { window: { workDoneProgress: true }, textDocument: { hover: { contentFormat: ['markdown'] } } },
      });
      await client.waitFor(() => client!.progress.some((p) => p.value.kind === 'end'), 'indexing to finish');
      const windowed = pathToFileURL(project.path('tools/windowed/config.yaml')).toString();
      await client.open(windowed, fs.readFileSync(project.path('tools/windowed/config.yaml'), 'utf8'));
      // With WINDOW: 100 from both agent configs, the docs render: nothing to report.
      expect((await client.waitForDiagnostics(windowed)).diagnostics).toEqual([]);
      type Hover = { contents: { kind: string; value: string }; range: unknown };
      const variable = await client.request<Hover>('textDocument/hover', { textDocument: { uri: windowed }, position: { line: 3, character: 38 } });
      expect(variable).toEqual({
        contents: {
          kind: 'markdown',
          value: '`{WINDOW}`: the env variable **WINDOW**. Renders as `100`.\n\nFrom the env of `config/coding_challenge.yaml`, which uses this bundle, the first of the 2 agent configs that use it (their envs differ; the diagnostics check each).',
        },
        range: { start: { line: 3, character: 36 }, end: { line: 3, character: 44 } },
      });
      // The tool's docs, as generate_command_docs renders them with that env.
      const tool = await client.request<Hover>('textDocument/hover', { textDocument: { uri: windowed }, position: { line: 1, character: 4 } });
      expect(tool.contents.value).toContain('```text\nscroll_up:\n  docstring: moves the window up 100 lines\n  signature: scroll_up\n```');
      expect(tool.contents.value).not.toMatch(/unknown|KeyError|fails/);
    } finally {
      project.remove();
    }
  });
});
