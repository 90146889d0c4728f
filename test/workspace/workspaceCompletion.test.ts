/**
 * Completion that needs the workspace: in an agent config, bundle entry keys,
 * bundle paths and hidden tools (also on a half-typed line that keeps the file
 * from loading); in a bundle config, its bin/ scripts. Engine and LSP.
 */
import * as fs from 'fs';
import { pathToFileURL } from 'url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CompletionItem, CompletionList } from 'vscode-languageserver-protocol';
import { CompletionEntry } from '../../server/src/engine/features/completion';
import { AnalysisHost } from '../../server/src/engine/analysis/analysisHost';
import { TestClient, inMemory } from '../helpers/lspClient';
import { hostOn } from '../helpers/project';
import { parseMarkers, positionOf, rangeOf } from '../helpers/markers';
import { TempWorkspace, tempWorkspace } from '../helpers/tempWorkspace';

const VIEWER = `tools:
  open:
    signature: "open <path>"
    docstring: |

      Opens <path>, {WINDOW} lines at a time.
      Second line.
    arguments:
      - name: path
        type: string
        description: the file
        required: true
  goto:
    signature: "goto <line>"
    docstring: moves to <line>
    arguments:
      - name: line
        type: integer
        description: the line
        required: true
  scroll:
    docstring: scrolls
state_command: _state
`;

let ws: TempWorkspace;
let host: AnalysisHost;
beforeAll(() => {
  ws = tempWorkspace({
    'tools/viewer/config.yaml': VIEWER,
    'tools/submit/config.yaml': 'tools:\n  submit:\n    docstring: submits\n  review:\n    docstring: reviews\n',
    'tools/extra/deep/config.yaml': 'tools:\n  deep_tool:\n    docstring: digs\n',
    'tools/viewer/bin/.gitkeep': '',
    'tools/viewer/bin/lib/util.sh': '',
  });
  for (const script of ['open', 'goto', '_state', 'find_file', 'search']) ws.write(`tools/viewer/bin/${script}`, '#!/bin/sh\n', 0o755);
  host = hostOn(ws.root);
});
afterAll(() => ws.remove());

const AGENT = 'config/agent.yaml';

/** The agent completions at `¦`, the file written as the server would see it (its own analysis when it loads as an agent config). */
function complete(marked: string, snippets = false) {
  const { text, cursor, ranges } = parseMarkers(marked);
  const file = ws.write(AGENT, text);
  host.applyChange({ disk: [file] });
  const analysis = host.analysis();
  return { text, ranges, own: analysis.agent(file), items: analysis.completion(file, cursor, { snippets }) };
}

const OPEN = { label: 'open', kind: 'function', detail: 'open <path>', documentation: 'Opens <path>, {WINDOW} lines at a time.' } as const;
const GOTO = { label: 'goto', kind: 'function', detail: 'goto <line>', documentation: 'moves to <line>' } as const;
const SCROLL = { label: 'scroll', kind: 'function', detail: 'scroll', documentation: 'scrolls' } as const;

/** Entries in order, each replacing `range` with its text. */
function entries(range: { start: number; end: number }, items: [Omit<CompletionEntry, 'edit' | 'sortText' | 'snippet'>, string][], snippet = false): CompletionEntry[] {
  return items.map(([item, newText], i) => ({ ...item, edit: { start: range.start, end: range.end, newText }, snippet, sortText: String(i).padStart(2, '0') }));
}

const head = 'agent:\n  tools:\n    env_variables: {WINDOW: 10}\n    bundles:\n';

describe('hidden tools in an agent config', () => {
  it('offers in a flow list the tools of that bundle not hidden yet, with signature and first docstring line', () => {
    const { items, ranges, own } = complete(head + '      - path: tools/viewer\n        hidden_tools: [open, «¦»]\n');
    expect(own?.sections).toHaveLength(1);
    expect(items).toEqual(entries(ranges[0], [[GOTO, 'goto'], [SCROLL, 'scroll']]));
    // After a comma without a space, a space first; the partial word is replaced, its own entry not counted as hidden.
    const tight = complete(head + '      - path: tools/viewer\n        hidden_tools: [goto,«¦»]\n');
    expect(tight.items).toEqual(entries(tight.ranges[0], [[OPEN, ' open'], [SCROLL, ' scroll']]));
    const partial = complete(head + '      - path: tools/viewer\n        hidden_tools: [«go¦», open]\n');
    expect(partial.items).toEqual(entries(partial.ranges[0], [[GOTO, 'goto'], [SCROLL, 'scroll']]));
  });

  it('works while the list is unclosed and the file does not load, whether or not it still reads as an agent config without its broken lines', () => {
    const { items, ranges, own } = complete(head + '      - path: tools/viewer\n        hidden_tools: [open, «sc¦»\n      - path: tools/submit\n');
    expect(own!.load.root).toBeNull();
    expect(items).toEqual(entries(ranges[0], [[GOTO, 'goto'], [SCROLL, 'scroll']]));
    const flowEntry = complete(head + '      - {path: tools/viewer, hidden_tools: [scroll, «¦»\n');
    expect(flowEntry.own).toBeNull();
    expect(flowEntry.items).toEqual(entries(flowEntry.ranges[0], [[OPEN, 'open'], [GOTO, 'goto']]));
  });

  it('offers block items after `- `, also half-typed, and writes the space a bare `-` lacks', () => {
    const block = complete(head + '      - path: tools/viewer\n        hidden_tools:\n          - goto\n          - «o¦»\n');
    expect(block.items).toEqual(entries(block.ranges[0], [[OPEN, 'open'], [SCROLL, 'scroll']]));
    const bare = complete(head + '      - path: tools/viewer\n        hidden_tools:\n        - open\n        -«¦»\n');
    expect(bare.items).toEqual(entries(bare.ranges[0], [[GOTO, ' goto'], [SCROLL, ' scroll']]));
  });

  it('writes the list itself for an empty or half-typed value', () => {
    const empty = complete(head + '      - path: tools/viewer\n        hidden_tools: «¦»\n');
    expect(empty.items).toEqual(entries(empty.ranges[0], [[OPEN, '[open]'], [GOTO, '[goto]'], [SCROLL, '[scroll]']]));
    const tight = complete(head + '      - path: tools/viewer\n        hidden_tools:«¦»\n');
    expect(tight.items).toEqual(entries(tight.ranges[0], [[OPEN, ' [open]'], [GOTO, ' [goto]'], [SCROLL, ' [scroll]']]));
    const word = complete(head + '      - path: tools/viewer\n        hidden_tools: «sc¦» # later\n');
    expect(word.items).toEqual(entries(word.ranges[0], [[OPEN, '[open]'], [GOTO, '[goto]'], [SCROLL, '[scroll]']]));
  });

  it('uses the section the entry is in: a retry agent, a flow entry, a top-level tools', () => {
    const retry = complete(
      'agent:\n  type: retry\n  agent_configs:\n    - tools:\n        bundles:\n          - path: tools/viewer\n            hidden_tools: [open]\n    - tools:\n        bundles:\n          - path: tools/submit\n            hidden_tools: [«¦»]\n',
    );
    expect(retry.items).toEqual(
      entries(retry.ranges[0], [
        [{ label: 'submit', kind: 'function', detail: 'submit', documentation: 'submits' }, 'submit'],
        [{ label: 'review', kind: 'function', detail: 'review', documentation: 'reviews' }, 'review'],
      ]),
    );
    const flow = complete(head + '      - {path: tools/viewer, hidden_tools: [goto, «¦»]}\n');
    expect(flow.items).toEqual(entries(flow.ranges[0], [[OPEN, 'open'], [SCROLL, 'scroll']]));
    const lines = complete(head + '      - path: tools/viewer\n        hidden_tools: [\n          goto,\n          «s¦»\n        ]\n');
    expect(lines.items).toEqual(entries(lines.ranges[0], [[OPEN, 'open'], [SCROLL, 'scroll']]));
    const top = complete('tools:\n  bundles:\n    - path: tools/viewer\n      hidden_tools: [«¦»]\n');
    expect(top.items).toEqual(entries(top.ranges[0], [[OPEN, 'open'], [GOTO, 'goto'], [SCROLL, 'scroll']]));
  });

  it("offers nothing for a bundle that does not load from here; away from bundle entries, the config's own values", () => {
    expect(complete(head + '      - path: tools/missing\n        hidden_tools: [¦]\n').items).toEqual([]);
    const bash = head + '      - path: tools/viewer\n    enable_bash_tool: ¦\n';
    const at = bash.indexOf('¦');
    // A boolean goes in plain: `"true"` would be a string pydantic happens to accept.
    expect(complete(bash).items).toEqual([
      { label: 'true', kind: 'value', sortText: '00', snippet: false, edit: { start: at, end: at, newText: 'true' } },
      { label: 'false', kind: 'value', sortText: '01', snippet: false, edit: { start: at, end: at, newText: 'false' } },
    ]);
    // Under templates: TemplateConfig's keys, none of them a bundle entry's.
    expect(complete('agent:\n  templates:\n    ¦\n  tools:\n    bundles:\n      - path: tools/viewer\n').items!.map((item) => item.label)).toEqual([
      'system_template',
      'instance_template',
      'next_step_template',
      'next_step_truncated_observation_template',
      'max_observation_length',
      'next_step_no_output_template',
      'strategy_template',
      'demonstration_template',
      'demonstrations',
      'put_demos_in_history',
      'disable_image_processing',
      'shell_check_error_template',
      'command_cancelled_timeout_template',
    ]);
    // Not an agent config, repaired or not: null, so the server tries bundle completion.
    expect(complete('tools:\n  open:\n    docstring: ¦\n').items).toBeNull();
  });
});

const PATH_DOC = "The bundle's folder, relative to the config root (SWE_AGENT_CONFIG_ROOT): it holds the bundle's `config.yaml` and `bin/`.";
const HIDDEN_DOC = 'Tools of this bundle that SWE-agent installs but does not show to the model.';
const PATH_KEY = { label: 'path', kind: 'property', detail: 'bundle folder (required)', documentation: PATH_DOC } as const;
const HIDDEN_KEY = { label: 'hidden_tools', kind: 'property', detail: 'list of tool names (optional)', documentation: HIDDEN_DOC } as const;

describe('bundle entry keys and paths in an agent config', () => {
  it('offers the keys an entry lacks: on a blank line, after `- `, half-typed, and the key before a colon', () => {
    const blank = complete(head + '      - path: tools/viewer\n        «¦»\n');
    expect(blank.items).toEqual(entries(blank.ranges[0], [[HIDDEN_KEY, 'hidden_tools: []']]));
    const snippets = complete(head + '      - path: tools/viewer\n        «¦»\n', true);
    expect(snippets.items).toEqual(entries(snippets.ranges[0], [[HIDDEN_KEY, 'hidden_tools: [${1}]']], true));
    const item = complete(head + '      - path: tools/viewer\n      - «¦»\n');
    expect(item.items).toEqual(entries(item.ranges[0], [[PATH_KEY, 'path: '], [HIDDEN_KEY, 'hidden_tools: []']]));
    const bare = complete(head + '      - path: tools/viewer\n      -«¦»\n');
    expect(bare.items).toEqual(entries(bare.ranges[0], [[PATH_KEY, ' path: '], [HIDDEN_KEY, ' hidden_tools: []']]));
    const half = complete(head + '      - hidden_tools: [goto]\n        «pa¦»\n');
    expect(half.own!.load.root).toBeNull();
    expect(half.items).toEqual(entries(half.ranges[0], [[PATH_KEY, 'path: ']]));
    const key = complete(head + '      - «pa¦th»: tools/viewer\n        hidden_tools: [goto]\n');
    expect(key.items).toEqual(entries(key.ranges[0], [[PATH_KEY, 'path']]));
  });

  it("offers on `path:` the project's bundle folders not yet in this list, relative to the config root, with their tools", () => {
    const submit = { label: 'tools/submit', kind: 'folder', detail: '2 tools', documentation: '`submit`, `review`' } as const;
    const deep = { label: 'tools/extra/deep', kind: 'folder', detail: '1 tool', documentation: '`deep_tool`' } as const;
    const viewer = { label: 'tools/viewer', kind: 'folder', detail: '3 tools', documentation: '`open`, `goto`, `scroll`' } as const;
    const empty = complete(head + '      - path: tools/viewer\n      - path: «¦»\n');
    expect(empty.items).toEqual(entries(empty.ranges[0], [[deep, 'tools/extra/deep'], [submit, 'tools/submit']]));
    // The entry being edited does not count as listed; a quoted path is completed inside its quotes.
    const edited = complete(head + '      - path: "«tools/¦»"\n');
    expect(edited.items).toEqual(entries(edited.ranges[0], [[deep, 'tools/extra/deep'], [submit, 'tools/submit'], [viewer, 'tools/viewer']]));
    const tight = complete(head + '      - path:«¦»\n      - path: tools/submit\n');
    expect(tight.items).toEqual(entries(tight.ranges[0], [[deep, ' tools/extra/deep'], [viewer, ' tools/viewer']]));
  });
});

describe('over LSP, in a workspace', () => {
  let client: TestClient | undefined;
  afterEach(() => {
    client?.dispose();
    client = undefined;
  });

  const uri = (relative: string) => pathToFileURL(ws.path(relative)).toString();

  async function start(): Promise<TestClient> {
    const started = await inMemory({
      workspaceFolders: [{ uri: pathToFileURL(ws.root).toString(), name: 'ws' }],
      capabilities: {
        window: { workDoneProgress: true },
        workspace: { didChangeWatchedFiles: { dynamicRegistration: true } },
        textDocument: { completion: { completionItem: { snippetSupport: true, documentationFormat: ['markdown'] } } },
      },
    });
    await started.waitFor(() => started.progress.some((p) => p.value.kind === 'end'), 'indexing to finish');
    return started;
  }

  async function completeIn(relative: string, marked: string, eol = '\n'): Promise<{ list: CompletionList; text: string; ranges: { start: number; end: number }[] }> {
    const { text, cursor, ranges } = parseMarkers(marked);
    client = await start();
    await client.open(uri(relative), text.replace(/\n/g, eol));
    const list = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri: uri(relative) }, position: positionOf(text, cursor) });
    return { list, text, ranges };
  }

  const markdown = (value: string) => ({ kind: 'markdown' as const, value });

  it('completes hidden tools on a half-typed, unclosed list of an open agent config', async () => {
    ws.write(AGENT, 'agent:\n  tools:\n    bundles: []\n');
    const { list, text, ranges } = await completeIn(AGENT, head + '      - path: tools/viewer\n        hidden_tools: [open, «¦»\n', '\r\n');
    const range = rangeOf(text, ranges[0]);
    expect(list).toEqual<CompletionList>({
      isIncomplete: false,
      items: [
        { label: 'goto', kind: 3, sortText: '00', detail: 'goto <line>', documentation: markdown('moves to <line>'), textEdit: { range, newText: 'goto' }, insertTextFormat: 1 },
        { label: 'scroll', kind: 3, sortText: '01', detail: 'scroll', documentation: markdown('scrolls'), textEdit: { range, newText: 'scroll' }, insertTextFormat: 1 },
      ],
    });
  });

  it('completes bundle paths and entry keys in an agent config the server has indexed', async () => {
    ws.write(AGENT, head + '      - path: tools/viewer\n');
    const paths = await completeIn(AGENT, head + '      - path: tools/viewer\n      - path: «tools/s¦»\n');
    const range = rangeOf(paths.text, paths.ranges[0]);
    expect(paths.list.items).toEqual<CompletionItem[]>([
      { label: 'tools/extra/deep', kind: 19, sortText: '00', detail: '1 tool', documentation: markdown('`deep_tool`'), textEdit: { range, newText: 'tools/extra/deep' }, insertTextFormat: 1 },
      { label: 'tools/submit', kind: 19, sortText: '01', detail: '2 tools', documentation: markdown('`submit`, `review`'), textEdit: { range, newText: 'tools/submit' }, insertTextFormat: 1 },
    ]);
    client!.dispose();
    const keys = await completeIn(AGENT, head + '      - path: tools/viewer\n        «hid¦»\n');
    expect(keys.list.items).toEqual<CompletionItem[]>([
      { label: 'hidden_tools', kind: 10, sortText: '00', detail: 'list of tool names (optional)', documentation: markdown(HIDDEN_DOC), textEdit: { range: rangeOf(keys.text, keys.ranges[0]), newText: 'hidden_tools: [${1}]' }, insertTextFormat: 2 },
    ]);
  });

  it("offers a bundle's bin/ scripts as tools and as the state command", async () => {
    const marked = VIEWER.replace('  scroll:\n', '  «¦»\n  scroll:\n');
    const tools = await completeIn('tools/viewer/config.yaml', marked);
    const range = rangeOf(tools.text, tools.ranges[0]);
    const skeleton = (name: string) =>
      `\${1:${name}}:\n    signature: "\${1} <\${2:arg_name}>"\n    docstring: \${3}\n    arguments:\n      - name: \${2}\n        type: \${4|string,number,integer,boolean,array,object,null|}\n        description: \${5}\n        required: \${6|true,false|}`;
    expect(tools.list.items).toEqual<CompletionItem[]>([
      {
        label: 'find_file',
        kind: 15,
        sortText: '00',
        detail: 'bin/find_file has no tool yet',
        documentation: markdown('Declares the tool that runs `bin/find_file`: a signature, a docstring and one argument, laid out like the rest of this file.'),
        textEdit: { range, newText: skeleton('find_file') },
        insertTextFormat: 2,
      },
      {
        label: 'search',
        kind: 15,
        sortText: '01',
        detail: 'bin/search has no tool yet',
        documentation: markdown('Declares the tool that runs `bin/search`: a signature, a docstring and one argument, laid out like the rest of this file.'),
        textEdit: { range, newText: skeleton('search') },
        insertTextFormat: 2,
      },
      {
        label: 'new tool',
        kind: 15,
        sortText: '02',
        detail: 'tool skeleton',
        documentation: markdown('A tool with a signature, a docstring and one argument that the signature mentions, laid out like the rest of this file.'),
        textEdit: { range, newText: skeleton('tool_name') },
        insertTextFormat: 2,
      },
    ]);
    client!.dispose();
    const state = await completeIn('tools/viewer/config.yaml', VIEWER.replace('state_command: _state', 'state_command: «¦»'));
    const stateRange = rangeOf(state.text, state.ranges[0]);
    expect(state.list.items.map((item) => [item.label, item.kind, item.detail, item.textEdit])).toEqual([
      ['_state', 17, 'bin/_state', { range: stateRange, newText: '_state' }],
      ['find_file', 17, 'bin/find_file', { range: stateRange, newText: 'find_file' }],
      ['search', 17, 'bin/search', { range: stateRange, newText: 'search' }],
      ['goto', 17, 'bin/goto, the script of the tool goto', { range: stateRange, newText: 'goto' }],
      ['open', 17, 'bin/open, the script of the tool open', { range: stateRange, newText: 'open' }],
    ]);
  });

  it('offers no bin/ scripts for a bundle config outside the workspace', async () => {
    const { text, cursor } = parseMarkers(VIEWER.replace('  scroll:\n', '  ¦\n  scroll:\n'));
    client = await start();
    const elsewhere = 'file:///nowhere/tools/viewer/config.yaml';
    await client.open(elsewhere, text);
    const list = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri: elsewhere }, position: positionOf(text, cursor) });
    expect(list.items.map((item) => item.label)).toEqual(['new tool']);
    expect(fs.existsSync('/nowhere')).toBe(false);
  });
});
