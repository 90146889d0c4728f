/**
 * "Preview the prompt" on small agent configs and bundles of our own, with
 * the exact messages SWE-agent's `DefaultAgent.setup` would build for them:
 * the engine (through the host), the CLI (`--preview-prompt`, text and
 * JSON) and the LSP (code lens and command).
 */
import { pathToFileURL } from 'url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CodeLens } from 'vscode-languageserver-protocol';
import { AnalysisHost } from '../../server/src/engine/analysis/analysisHost';
import { PROMPT_PLACEHOLDERS } from '../../server/src/engine/features/promptPreview';
import { promptPreviewMarkdown } from '../../server/src/engine/features/promptPreviewText';
import { TestClient, inMemory } from '../helpers/lspClient';
import { hostOn } from '../helpers/project';
import { runCli } from '../helpers/runCli';
import { TempWorkspace, tempWorkspace } from '../helpers/tempWorkspace';

const FIND = `tools:
  find:
    signature: "find <name> [<dir>]"
    docstring: "finds {WHAT} by name"
    arguments:
      - name: name
        type: string
        description: what to look for
        required: true
      - name: dir
        type: string
        description: where
        required: false
  done:
    docstring: ends the run
`;
const STATEFUL = `tools:
  look:
    signature: look
    docstring: shows the state
state_command: _state
`;

const AGENTS: Record<string, string> = {
  // Function calling: the tools list; command_docs still reaches a template; no state command, so no state.
  'config/fc.yaml': `agent:
  templates:
    system_template: |-
      You work on {{repo}}.
      {{command_docs}}
    instance_template: |
      Task: {{problem_statement}}
      Dir: [{{working_dir}}]
    strategy_template: "Think first."
  tools:
    env_variables:
      WHAT: files
    bundles:
      - path: tools/find
        hidden_tools: [done]
  model:
    name: gpt-4o
`,
  // thought_action, a state command, a demonstration through its template, cache marks, the system prompt sent as user.
  'config/thought.yaml': `agent:
  templates:
    system_template: "SYS {{working_dir}}|"
    instance_template: "{{problem_statement}} in {{working_dir}} ({{open_file}})"
    demonstration_template: "Here is a demo:\\n{{demonstration}}\\n--"
    demonstrations:
      - demos/one.yaml
  tools:
    bundles:
      - path: tools/stateful
    parse_function:
      type: thought_action
  history_processors:
    - type: cache_control
      last_n_messages: 1
  model:
    name: gpt-4o
    convert_system_to_user: true
`,
  // No env_variables, so ToolConfig's default; a tool without arguments: both differ between the SWE-agent versions.
  'config/defaults.yaml': `agent:
  templates:
    system_template: "pager={{PAGER}}"
    instance_template: "y"
  tools:
    bundles:
      - path: tools/stateful
  model:
    name: gpt-4o
`,
  // An env variable named like a template variable: SWE-agent's dict() raises before any message.
  'config/shadow.yaml': `agent:
  templates:
    system_template: "x"
    instance_template: "y"
  tools:
    env_variables:
      repo: mine
  model:
    name: gpt-4o
`,
  // A bundle that does not exist: SWE-agent stops at its configuration.
  'config/missing.yaml': `agent:
  templates:
    system_template: "x"
    instance_template: "y"
  tools:
    bundles:
      - path: tools/nowhere
  model:
    name: gpt-4o
`,
};

let ws: TempWorkspace;
let host: AnalysisHost;
beforeAll(() => {
  ws = tempWorkspace({
    'tools/find/config.yaml': FIND,
    'tools/stateful/config.yaml': STATEFUL,
    'demos/one.yaml': 'history:\n  - role: system\n    content: dropped\n  - role: user\n    content: "demo task"\n  - role: assistant\n    content: "demo answer\\n"\n',
    ...AGENTS,
  });
  for (const script of ['find', 'done', 'look', '_state']) ws.write(`tools/${script === 'look' || script === '_state' ? 'stateful' : 'find'}/bin/${script}`, '#!/bin/sh\n', 0o755);
  host = hostOn(ws.root);
});
afterAll(() => ws.remove());

const previewOf = (file: string) => host.analysis().previewPrompt([ws.path(file)], 'run-single');

const FIND_DOCS = 'find:\n  docstring: finds files by name\n  signature: find <name> [<dir>]\n  arguments:\n    - name (string) [required]: what to look for\n    - dir (string) [optional]: where\n\n';
const BASH_DOCS = 'bash:\n  docstring: runs the given command directly in bash\n  signature: <command>\n  arguments:\n    - command (string) [required]: The bash command to execute.\n\n';

describe('the prompt preview (engine)', () => {
  it('builds the system and instance messages and the tools list with function calling', () => {
    const preview = previewOf('config/fc.yaml');
    expect(preview).toEqual({
      ok: true,
      agent: {
        kind: 'default',
        subAgent: null,
        modelName: 'gpt-4o',
        parser: 'function_calling',
        functionCalling: true,
      },
      messages: [
        {
          role: 'system',
          content: `You work on REPO_PLACEHOLDER.\n${BASH_DOCS}${FIND_DOCS}`,
          parts: null,
          messageType: 'system_prompt',
          isDemo: false,
          cacheControl: false,
        },
        {
          role: 'user',
          content: 'Task: PROBLEM_STATEMENT_PLACEHOLDER\nDir: []\nThink first.',
          parts: null,
          messageType: 'observation',
          isDemo: false,
          cacheControl: false,
        },
      ],
      tools: [
        {
          type: 'function',
          function: {
            name: 'bash',
            description: 'runs the given command directly in bash',
            parameters: {
              type: 'object',
              properties: {
                command: {
                  type: 'string',
                  description: 'The bash command to execute.',
                },
              },
              required: ['command'],
            },
          },
        },
        {
          type: 'function',
          function: {
            name: 'find',
            description: 'finds {WHAT} by name',
            parameters: {
              type: 'object',
              properties: {
                name: { type: 'string', description: 'what to look for' },
                dir: { type: 'string', description: 'where' },
              },
              required: ['name'],
            },
          },
        },
      ],
      placeholders: {
        problemStatement: 'PROBLEM_STATEMENT_PLACEHOLDER',
        repo: 'REPO_PLACEHOLDER',
        state: {},
      },
    });
  });

  it('sends the state to the instance template only, a demonstration through its template, and applies cache marks and convert_system_to_user', () => {
    const preview = previewOf('config/thought.yaml');
    expect(preview.ok && preview.tools).toBe(null);
    expect(preview.ok && preview.messages).toEqual([
      {
        role: 'user',
        content: 'SYS |',
        parts: null,
        messageType: 'system_prompt',
        isDemo: false,
        cacheControl: false,
      },
      {
        role: 'user',
        content: 'Here is a demo:\ndemo task\ndemo answer\n\n--',
        parts: null,
        messageType: 'demonstration',
        isDemo: true,
        cacheControl: false,
      },
      {
        role: 'user',
        content: 'PROBLEM_STATEMENT_PLACEHOLDER in /testbed (n/a)',
        parts: [
          {
            type: 'text',
            text: 'PROBLEM_STATEMENT_PLACEHOLDER in /testbed (n/a)',
            cacheControl: true,
          },
        ],
        messageType: 'observation',
        isDemo: false,
        cacheControl: true,
      },
    ]);
    expect(preview.ok && preview.placeholders.state).toEqual({
      working_dir: '/testbed',
      open_file: 'n/a',
    });
  });

  it('takes the state it is given', () => {
    const state = new Map([['working_dir', '/src' as const]]);
    const preview = host.analysis().previewPrompt([ws.path('config/thought.yaml')], 'run-single', {
      placeholders: { ...PROMPT_PLACEHOLDERS, state },
    });
    expect(preview.ok && preview.messages[2].content).toBe('PROBLEM_STATEMENT_PLACEHOLDER in /src ()');
  });

  it('says why SWE-agent stops before the first query, and shows no prompt', () => {
    expect(previewOf('config/shadow.yaml')).toEqual({
      ok: false,
      kind: 'sweagent',
      reason: "TypeError: dict() got multiple values for keyword argument 'repo'",
    });
    const missing = previewOf('config/missing.yaml');
    expect(missing).toMatchObject({ ok: false, kind: 'sweagent' });
    expect(!missing.ok && missing.reason).toMatch(/^SWE-agent stops at its configuration \(missing\.yaml\): Bundle path `tools\/nowhere` does not exist/);
  });
});

describe('swe-bundle-lint --preview-prompt', () => {
  it('prints the messages as text', () => {
    const run = runCli(['--preview-prompt', 'config/fc.yaml'], ws.root);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n').slice(0, 9)).toEqual([
      'Run-time values are placeholders: the problem statement is PROBLEM_STATEMENT_PLACEHOLDER, the repository REPO_PLACEHOLDER; no bundle has a state command, so the templates get no state.',
      '',
      '===== Message 1: system (system_prompt) =====',
      'You work on REPO_PLACEHOLDER.',
      'bash:',
      '  docstring: runs the given command directly in bash',
      '  signature: <command>',
      '  arguments:',
      '    - command (string) [required]: The bash command to execute.',
    ]);
    expect(run.stdout).toContain('\n===== Message 2: user (observation) =====\nTask: PROBLEM_STATEMENT_PLACEHOLDER\nDir: []\nThink first.\n\n===== Tools (2) =====\n');
  });

  it('prints JSON with the reference renderings’ field names, and exits 1 when there is no prompt', () => {
    const run = runCli(['--format', 'json', '--preview-prompt', 'config/thought.yaml', '--prompt-state', '{"working_dir": "/w"}'], ws.root);
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout);
    expect(json.messages.map((m: { role: string; content: string; message_type: string; cache_control: boolean }) => [m.role, m.content, m.message_type, m.cache_control])).toEqual([
      ['user', 'SYS |', 'system_prompt', false],
      ['user', 'Here is a demo:\ndemo task\ndemo answer\n\n--', 'demonstration', false],
      ['user', 'PROBLEM_STATEMENT_PLACEHOLDER in /w ()', 'observation', true],
    ]);
    expect(json.tools).toBe(null);
    const failed = runCli(['--format', 'json', '--preview-prompt', 'config/shadow.yaml'], ws.root);
    expect(failed.code).toBe(1);
    expect(JSON.parse(failed.stdout)).toEqual({
      ok: false,
      stopped_by: 'sweagent',
      reason: "TypeError: dict() got multiple values for keyword argument 'repo'",
    });
    expect(runCli(['--preview-prompt', 'config/fc.yaml', '--prompt-state', '[1]'], ws.root)).toEqual({
      code: 2,
      stdout: '',
      stderr: 'swe-bundle-lint: --prompt-state needs a JSON object\n',
    });
  });
});

describe('the prompt preview follows the chosen SWE-agent (--swe-agent)', () => {
  /** The system message and the tools of `look` (no arguments), previewed with `args`. */
  const previewWith = (args: string[]) => {
    const run = runCli(['--format', 'json', ...args, '--preview-prompt', 'config/defaults.yaml'], ws.root);
    expect(run.stderr).toBe('');
    const json = JSON.parse(run.stdout);
    return { system: json.messages[0].content, look: json.tools.find((t: { function: { name: string } }) => t.function.name === 'look').function.parameters };
  };

  it('main: the default env has PAGER, and a tool without arguments gets no `properties`', () => {
    expect(previewWith(['--swe-agent', 'main'])).toEqual({ system: 'pager=cat', look: { type: 'object' } });
    expect(previewWith([])).toEqual({ system: 'pager=cat', look: { type: 'object' } });
  });

  it.each(['1.0.0', '1.0.1', '1.1.0'])('%s: the default env is empty, and a tool without arguments gets empty `properties` and `required`', (version) => {
    expect(previewWith(['--swe-agent', version])).toEqual({ system: 'pager=', look: { type: 'object', properties: {}, required: [] } });
  });

  it('has no option of its own for the version: --prompt-version is gone', () => {
    const run = runCli(['--prompt-version', 'v1.1.0', '--preview-prompt', 'config/defaults.yaml'], ws.root);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^swe-bundle-lint: .*--prompt-version/);
  });
});

describe('the prompt preview over LSP', () => {
  let client: TestClient | undefined;
  afterEach(() => {
    client?.dispose();
    client = undefined;
  });

  it('puts "Preview the prompt" on the agent key, and its command answers the preview as Markdown', async () => {
    client = await inMemory({
      workspaceFolders: [{ uri: pathToFileURL(ws.root).toString(), name: 'ws' }],
      capabilities: { window: { workDoneProgress: true } },
    });
    await client.waitFor(() => client!.progress.some((p) => p.value.kind === 'end'), 'indexing to finish');
    const uri = pathToFileURL(ws.path('config/fc.yaml')).toString();
    await client.open(uri, AGENTS['config/fc.yaml']);
    const lenses = await client.request<CodeLens[]>('textDocument/codeLens', {
      textDocument: { uri },
    });
    expect(lenses).toEqual([
      {
        range: {
          start: { line: 0, character: 0 },
          end: { line: 0, character: 5 },
        },
        command: {
          title: 'Preview the prompt',
          command: 'sweBundle.previewPrompt',
          arguments: [uri],
        },
      },
    ]);
    const markdown = await client.request<string>('workspace/executeCommand', lenses[0].command);
    expect(markdown).toBe(promptPreviewMarkdown(previewOf('config/fc.yaml')));
    expect(
      await client.request('workspace/executeCommand', {
        command: 'sweBundle.previewPrompt',
        arguments: [pathToFileURL(ws.path('tools/find/config.yaml')).toString()],
      }),
    ).toBeNull();
  });
});
