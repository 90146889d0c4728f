/**
 * "Preview the prompt": the messages (and, with function calling, the
 * `tools` list) SWE-agent sends the model at the first query of a run, built
 * as `DefaultAgent.setup` builds them (sweagent/agent/agents.py): the system
 * message, the demonstrations, the instance and strategy templates as one
 * user message, then the history processors and the model's own conversion
 * (`LiteLLMModel._history_to_messages`). Templates go through the Jinja port
 * with the variables `_get_format_dict` gives them; the command docs are
 * `generate_command_docs` of the assembly's commands.
 *
 * What only a run knows (the problem statement, the repository, the state
 * the state commands write) is a placeholder, the same values SWE-agent's
 * own code was run with for the reference renderings. Where SWE-agent fails
 * before the first query, or where the port cannot render exactly (a Jinja
 * feature the renderer does not model), the preview says so and shows no
 * prompt.
 */
import { generateCommandDocs } from '../swe/commandDocs';
import { LoadedCommand } from '../swe/commandModel';
import { FunctionCallingTool, functionCallingTool } from '../swe/functionCallingTool';
import { renderJinja } from '../python/jinja';
import { PyDict, PyObject, pyTypeName } from '../python/pyObject';
import { SweAgentFacts } from '../sweAgent/profile';
import { defaultToolEnv } from '../swe/env';
import { HistoryItem, HistoryProcessor, PromptPart, field, runHistoryProcessors } from './promptHistory';
import { charged, spend } from '../work';

/** What stands in for the run-time values. */
export interface PromptPlaceholders {
  problemStatement: string;
  repo: string;
  /** What the state commands write to /root/state.json; used only when a bundle has a state command. */
  state: ReadonlyMap<string, PyObject>;
}

export const PROMPT_PLACEHOLDERS: PromptPlaceholders = {
  problemStatement: 'PROBLEM_STATEMENT_PLACEHOLDER',
  repo: 'REPO_PLACEHOLDER',
  state: new Map<string, PyObject>([
    ['working_dir', '/testbed'],
    ['open_file', 'n/a'],
  ]),
};

/** One bundle of an assembly as SWE-agent loads it: its commands (hidden tools left out) and whether it has a state command. */
interface PromptBundle {
  commands: LoadedCommand[];
  hasStateCommand: boolean;
}

export interface PromptInputs {
  /** The merged config (files and command line) as Python values, after SWE-agent's loader accepted it. */
  config: PyDict;
  /** The bundles of the ToolConfig at `where` (`agent.tools`, `agent.agent_configs.0.tools`), in order. */
  bundles(where: string): PromptBundle[];
  /** A demonstration file's text, or null when it cannot be read. */
  readDemonstration(file: string): string | null;
  /** The absolute path of a demonstration as `_convert_paths_to_abspath` makes it. */
  demonstrationPath(file: string): string;
  /** Parses a demonstration's text: YAML (`.yaml`) or JSON; a string is the error. */
  parseDemonstration(text: string, yaml: boolean): PyObject | string;
  /** The facts of the chosen SWE-agent's code (the profile the config was checked with). */
  facts: SweAgentFacts;
  placeholders: PromptPlaceholders;
}

export interface PromptMessage {
  role: string;
  /** The text; for list content, its text parts concatenated. */
  content: string;
  /** The content as a list of parts, when a history processor made one (cache marks, images). */
  parts: PromptPart[] | null;
  messageType: string;
  isDemo: boolean;
  /** The message carries a cache mark (on it, or on its first part). */
  cacheControl: boolean;
  toolCalls?: PyObject;
  toolCallId?: PyObject;
}


export type PromptPreview =
  | {
      ok: true;
      agent: { kind: string; subAgent: number | null; modelName: string; parser: string; functionCalling: boolean };
      messages: PromptMessage[];
      /** The `tools` list sent, or null when none is sent. */
      tools: FunctionCallingTool[] | null;
      /** What stood in for the run-time values. */
      placeholders: { problemStatement: string; repo: string; state: Record<string, PyObject> };
    }
  /** `sweagent`: SWE-agent itself fails before the first query; `unsupported`: the preview cannot build it exactly. */
  | { ok: false; kind: 'sweagent' | 'unsupported'; reason: string };

/** `sweagent/tools/commands.py`'s BASH_COMMAND, the tool `enable_bash_tool` adds first. */
const BASH_TOOL: LoadedCommand = {
  name: 'bash',
  signature: '<command>',
  docstring: 'runs the given command directly in bash',
  endName: null,
  invokeFormat: '{command} ',
  arguments: [{ name: 'command', type: 'string', items: null, description: 'The bash command to execute.', required: true, enum: null, argumentFormat: '{{value}}', node: null!, nameNode: null! }],
};

const HUMAN_MODELS = new Set(['human', 'human_thought']);
/** The keyword arguments the agent hook takes (`on_query_message_added`): a demo entry with another key, or without a required one, raises. */
const HOOK_REQUIRED = ['agent', 'role', 'content', 'message_type'];
const HOOK_ALLOWED = new Set([...HOOK_REQUIRED, 'is_demo', 'thought', 'action', 'tool_calls', 'tool_call_ids', 'thinking_blocks']);

class PreviewStop extends Error {
  constructor(
    readonly kind: 'sweagent' | 'unsupported',
    message: string,
  ) {
    super(message);
  }
}

const text = (value: PyObject | undefined, fallback: string): string => (typeof value === 'string' ? value : fallback);

function render(template: string, variables: ReadonlyMap<string, PyObject>, what: string): string {
  const result = renderJinja(template, variables);
  if (result.kind === 'ok') return result.text;
  if (result.kind === 'error') throw new PreviewStop('sweagent', `rendering the ${what} fails: ${result.errorType}: ${result.message}`);
  throw new PreviewStop('unsupported', `the ${what} uses ${result.kind === 'unsupported' ? result.reason : result.reason}, which the preview does not render exactly`);
}

/** `_get_format_dict(**kwargs)`: a name given twice is Python's TypeError. */
function formatDict(commandDocs: string, env: ReadonlyMap<string, PyObject>, kwargs: ReadonlyMap<string, PyObject>, placeholders: PromptPlaceholders): Map<string, PyObject> {
  const out = new Map<string, PyObject>([['command_docs', commandDocs]]);
  const add = (key: string, value: PyObject) => {
    if (out.has(key)) throw new PreviewStop('sweagent', `TypeError: dict() got multiple values for keyword argument '${key}'`);
    out.set(key, value);
  };
  for (const [k, v] of env) {
    spend();
    add(k, v);
  }
  for (const [k, v] of kwargs) {
    spend();
    add(k, v);
  }
  add('problem_statement', placeholders.problemStatement);
  add('repo', placeholders.repo);
  return out;
}

/** The sub-agent that makes the first query: the agent, or a retry agent's first. */
function queryingAgent(config: PyDict): { agent: PyObject | undefined; where: string; kind: string; subAgent: number | null } {
  const agent = field(config, 'agent');
  const kind = text(field(agent, 'type'), 'default');
  if (kind !== 'retry') return { agent, where: 'agent.tools', kind, subAgent: null };
  const subs = field(agent, 'agent_configs');
  return { agent: Array.isArray(subs) ? subs[0] : undefined, where: 'agent.agent_configs.0.tools', kind, subAgent: 0 };
}

function envOf(tools: PyObject | undefined, facts: SweAgentFacts): ReadonlyMap<string, PyObject> {
  const env = field(tools, 'env_variables');
  return env instanceof PyDict ? env.entries : defaultToolEnv(facts);
}

function commandDocsOf(commands: LoadedCommand[], env: ReadonlyMap<string, PyObject>): string {
  let docs = '';
  for (const command of commands) {
    spend();
    const result = generateCommandDocs(command, env);
    if (!result.ok) {
      throw new PreviewStop('sweagent', result.stage === 'docstring' ? `the docstring of \`${command.name}\` fails to format` : `${result.exceptionType}: ${result.message} (the signature of \`${command.name}\`)`);
    }
    if (result.cut) throw new PreviewStop('unsupported', `the docs of \`${command.name}\` are longer than the preview builds`);
    docs += result.text;
  }
  return docs;
}

function toolSchema(command: LoadedCommand, facts: SweAgentFacts): FunctionCallingTool {
  // Up to v1.1.0 a tool without arguments gets empty `properties` and `required`; main leaves them out.
  return functionCallingTool(command, facts.noArgumentSchema);
}

function demonstrationHistory(inputs: PromptInputs, file: string): PyObject[] {
  const absolute = inputs.demonstrationPath(file);
  const source = inputs.readDemonstration(absolute);
  if (source === null) throw new PreviewStop('sweagent', `the demonstration ${absolute} cannot be read (FileNotFoundError)`);
  const parsed = inputs.parseDemonstration(source, absolute.endsWith('.yaml'));
  if (typeof parsed === 'string') throw new PreviewStop('sweagent', `the demonstration ${absolute} does not load: ${parsed}`);
  const history = field(parsed, 'history');
  if (!Array.isArray(history)) throw new PreviewStop('sweagent', `the demonstration ${absolute} has no \`history\` list (KeyError: 'history')`);
  return history;
}

function demoItems(inputs: PromptInputs, templates: PyObject | undefined): HistoryItem[] {
  const files = field(templates, 'demonstrations');
  const inHistory = field(templates, 'put_demos_in_history') === true;
  const demoTemplate = field(templates, 'demonstration_template');
  const items: HistoryItem[] = [];
  for (const file of Array.isArray(files) ? files : []) {
    spend();
    if (typeof file !== 'string') continue;
    if (typeof demoTemplate !== 'string' && !inHistory) throw new PreviewStop('sweagent', 'ValueError: Cannot use demonstrations without a demonstration template or put_demos_in_history=True');
    const history = charged(demonstrationHistory(inputs, file)).filter((entry) => field(entry, 'role') !== 'system');
    if (inHistory) {
      for (const entry of history) {
        spend();
        if (!(entry instanceof PyDict)) throw new PreviewStop('sweagent', `a demonstration entry is a ${pyTypeName(entry)}, not a mapping`);
        const missing = charged(HOOK_REQUIRED).filter((k) => !entry.entries.has(k));
        if (missing.length > 0) throw new PreviewStop('sweagent', `TypeError: CombinedAgentHook.on_query_message_added() missing ${missing.length} required keyword-only argument${missing.length === 1 ? '' : 's'}: ${charged(missing).map((m) => `'${m}'`).join(missing.length === 2 ? ' and ' : ', ')}`);
        const unexpected = charged([...entry.entries.keys()]).find((k) => !HOOK_ALLOWED.has(k));
        if (unexpected !== undefined) throw new PreviewStop('sweagent', `TypeError: CombinedAgentHook.on_query_message_added() got an unexpected keyword argument '${unexpected}'`);
        items.push(itemOf(entry));
      }
    } else {
      const contents = charged(history).map((entry) => field(entry, 'content'));
      if (!charged(contents).every((c): c is string => typeof c === 'string')) throw new PreviewStop('unsupported', `a demonstration entry in ${file} has content that is not text`);
      const content = render(demoTemplate as string, new Map([['demonstration', contents.join('\n')]]), 'demonstration template');
      items.push({ agent: null, role: 'user', content, messageType: 'demonstration', isDemo: true, cacheControl: false });
    }
  }
  return items;
}

/** A demo entry appended verbatim (`is_demo` set). */
function itemOf(entry: PyDict): HistoryItem {
  const e = entry.entries;
  const content = e.get('content');
  if (typeof content !== 'string') throw new PreviewStop('unsupported', 'a demonstration entry has content that is not text');
  const item: HistoryItem = { agent: e.get('agent') ?? null, role: text(e.get('role'), ''), content, messageType: text(e.get('message_type'), ''), isDemo: true, cacheControl: false };
  if (e.has('tool_calls')) item.toolCalls = e.get('tool_calls');
  if (e.has('tool_call_ids')) item.toolCallIds = e.get('tool_call_ids');
  return item;
}

/** `_history_to_messages`: the system role (maybe sent as `user`), tool calls and tool call ids. */
function toMessage(item: HistoryItem, systemAsUser: boolean): PromptMessage {
  const role = item.role === 'system' && systemAsUser ? 'user' : item.role;
  const content = typeof item.content === 'string' ? item.content : charged(item.content).map((p) => (p.type === 'text' ? p.text : '')).join('');
  const message: PromptMessage = {
    role,
    content,
    parts: typeof item.content === 'string' ? null : item.content,
    messageType: item.messageType,
    isDemo: item.isDemo,
    cacheControl: item.cacheControl || (typeof item.content !== 'string' && charged(item.content).some((p) => p.type === 'text' && p.cacheControl)),
  };
  if (role === 'tool') {
    const ids = item.toolCallIds;
    if (!Array.isArray(ids) || ids.length === 0) throw new PreviewStop('sweagent', 'a tool message without `tool_call_ids` (KeyError)');
    message.toolCallId = ids[0];
  } else if (item.toolCalls !== undefined && item.toolCalls !== null) message.toolCalls = item.toolCalls;
  return message;
}

export function previewPrompt(inputs: PromptInputs): PromptPreview {
  try {
    return build(inputs);
  } catch (e) {
    if (e instanceof PreviewStop) return { ok: false, kind: e.kind, reason: e.message };
    throw e;
  }
}

function build(inputs: PromptInputs): PromptPreview {
  const { placeholders, facts } = inputs;
  const { agent, where, kind, subAgent } = queryingAgent(inputs.config);
  const name = text(field(agent, 'name'), 'main');
  const processors = field(agent, 'history_processors');
  const templates = field(agent, 'templates');
  const tools = field(agent, 'tools');
  const model = field(agent, 'model');
  const modelName = text(field(model, 'name'), '');
  const bundles = inputs.bundles(where);
  const env = envOf(tools, facts);
  const commands = [...(field(tools, 'enable_bash_tool') === false ? [] : [BASH_TOOL]), ...charged(bundles).flatMap((b) => b.commands)];
  const commandDocs = commandDocsOf(commands, env);
  const parser = text(field(field(tools, 'parse_function'), 'type'), 'function_calling');
  const human = HUMAN_MODELS.has(modelName);
  const functionCalling = parser === 'function_calling' && !human;
  const state = charged(bundles).some((b) => b.hasStateCommand) ? placeholders.state : new Map<string, PyObject>();

  const history: HistoryItem[] = [];
  const system = render(text(field(templates, 'system_template'), ''), formatDict(commandDocs, env, new Map(), placeholders), 'system template');
  history.push({ agent: name, role: 'system', content: system, messageType: 'system_prompt', isDemo: false, cacheControl: false });
  for (const item of demoItems(inputs, templates)) {
    spend();
    history.push(item.agent === null ? { ...item, agent: name } : item);
  }
  const instanceVariables = formatDict(commandDocs, env, state, placeholders);
  const parts = [render(text(field(templates, 'instance_template'), ''), instanceVariables, 'instance template')];
  const strategy = field(templates, 'strategy_template');
  if (typeof strategy === 'string') parts.push(render(strategy, instanceVariables, 'strategy template'));
  history.push({ agent: name, role: 'user', content: parts.join('\n'), messageType: 'observation', isDemo: false, cacheControl: false });

  // `DefaultAgent.messages`: this agent's entries only (a demo entry of another agent disappears), then the processors.
  const processed = runHistoryProcessors(
    charged(history).filter((item) => item.agent === name),
    Array.isArray(processors) ? (processors as HistoryProcessor[]) : [new PyDict(new Map([['type', 'default']]))],
  );
  if (typeof processed === 'string') throw new PreviewStop('unsupported', processed);
  const systemAsUser = field(model, 'convert_system_to_user') === true;
  return {
    ok: true,
    agent: { kind, subAgent, modelName, parser, functionCalling },
    messages: charged(processed).map((item) => toMessage(item, systemAsUser)),
    tools: functionCalling ? charged(commands).map((c) => toolSchema(c, facts)) : null,
    placeholders: { problemStatement: placeholders.problemStatement, repo: placeholders.repo, state: Object.fromEntries(state) },
  };
}
