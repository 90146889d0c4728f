/**
 * The variables each agent template reads, checked against what the chosen
 * SWE-agent passes to that template (sweagent/agent/agents.py): Jinja
 * renders a variable nobody supplies as empty text, without a word, so
 * `{{problem_statment}}` asks the model about nothing.
 *
 * Every template gets `_get_format_dict()`: `command_docs`, the env
 * variables (ToolConfig's default env when none is set, which differs
 * between versions), `problem_statement`, `repo` and the problem
 * statement's `extra_fields`; the names `_get_format_dict` and StepOutput
 * give come from the profile (read from each version's source, or from a
 * fork's own, where what was not read makes an unknown variable an
 * information). On top of that, per template:
 * - instance and strategy templates: the state (`get_state`);
 * - the next-step templates: `observation`, `elided_chars`,
 *   `max_observation_length` and the state, and, when a step is retried with
 *   its output, the requery variables below;
 * - the error templates (format error, blocklist, shell check): the step
 *   (`StepOutput.to_template_format_dict()`: `thought`, `action`, ... and the
 *   state), `exception_message` and the exception's `extra_info`;
 * - the timeout template: `timeout` and `command`;
 * - the demonstration template: only `demonstration`.
 * The state is what the bundles' state commands write to /root/state.json;
 * a key a script writes as `state["key"] = ...` is known, and a state
 * command whose keys cannot be read that way (or a bundle outside the
 * workspace) makes an unknown variable an information, not a warning.
 */
import { DiagnosticBuilder } from '../diagnosticBuilder';
import { EngineDiagnostic, Span, spanOf } from '../diagnostics';
import { TemplateVariable, templateVariables } from '../python/jinjaVariables';
import { stateCommandScript } from '../swe/checkBundle';
import { SweAgentProfile } from '../sweAgent/profile';
import { defaultToolEnv } from '../swe/env';
import { spansInValues } from '../swe/valueSpans';
import { suggestName } from '../util/suggest';
import { AgentCheck } from '../workspace/checkAgentConfig';
import { AgentTools } from '../workspace/agentConfig';
import { MapNode, dictEntries, strValue } from '../yaml/pyNode';
import { ModelVisit, locText } from './validate';
import { charged, spend } from '../work';

type Supplies = 'state' | 'step' | 'observation' | 'timeout' | 'demonstration';

/** What each template field gets beyond `_get_format_dict()`; the demonstration template gets nothing else. */
const TEMPLATE_FIELDS: Record<string, Record<string, readonly Supplies[]>> = {
  TemplateConfig: {
    system_template: [],
    instance_template: ['state'],
    strategy_template: ['state'],
    next_step_template: ['observation', 'state', 'step'],
    next_step_truncated_observation_template: ['observation', 'state'],
    next_step_no_output_template: ['observation', 'state'],
    shell_check_error_template: ['step', 'state'],
    command_cancelled_timeout_template: ['timeout'],
    demonstration_template: ['demonstration'],
  },
  ToolConfig: { format_error_template: ['step', 'state'] },
  ToolFilterConfig: { blocklist_error_template: ['step', 'state'] },
};

const SUPPLIED: Record<Exclude<Supplies, 'state' | 'step'>, readonly string[]> = {
  observation: ['observation', 'elided_chars', 'max_observation_length'],
  timeout: ['timeout', 'command'],
  demonstration: ['demonstration'],
};

/** What the error templates get besides the step's keys: the exception's message and extra_info (a function-calling format error's `error_code`, a bash syntax error's output). */
const ERROR_VARIABLES = ['exception_message', 'error_code', 'bash_stdout', 'bash_stderr'];

/** The state keys of SWE-agent's own bundles, to name the bundle a config that uses one forgot. */
const SHIPPED_STATE_KEYS: Record<string, string> = {
  working_dir: 'tools/edit_anthropic or tools/windowed',
  open_file: 'tools/windowed',
  diff: 'tools/diff_state',
};

/** A state key written as `state["key"] = ...` (or with single quotes). */
const STATE_KEY = /\bstate\[\s*(["'])([A-Za-z_][A-Za-z0-9_]*)\1\s*\]\s*=(?!=)/g;

/** What an assembly's state commands write, and what cannot be known. */
interface StateKeys {
  /** Each known key, with the state command that writes it. */
  keys: Map<string, string>;
  /** What could write keys that are not known: `state command _x`, `bundle tools/y (not read)`. */
  unknown: string[];
}

/** The state keys of an assembly: what its bundles' state command scripts write. */
function stateKeysOf(check: AgentCheck): StateKeys {
  const keys = new Map<string, string>();
  const unknown: string[] = [];
  for (const ref of check.unread) {
    spend();
    unknown.push(`bundle \`${ref.path}\``);
  }
  for (const bundle of check.bundles) {
    spend();
    const command = bundle.model.check.stateCommand;
    if (!command) continue;
    const script = stateCommandScript(command.value);
    const text = script ? (bundle.source.readText?.(`bin/${script}`) ?? null) : null;
    const found = text === null ? [] : charged([...text.matchAll(STATE_KEY)]).map((m) => m[2]);
    if (found.length === 0) unknown.push(`state command \`${command.value}\``);
    for (const key of found) {
      spend();
      if (!keys.has(key)) keys.set(key, command.value);
    }
  }
  return { keys, unknown };
}

/** The keys of `problem_statement.extra_fields`, which `_get_format_dict()` passes to every template. */
function extraFieldsOf(visits: readonly ModelVisit[]): string[] {
  const statement = charged(visits).find((v) => v.loc.length === 1 && v.loc[0] === 'problem_statement');
  const entry = statement && charged(dictEntries(statement.node)).find((e) => strValue(e.key) === 'extra_fields');
  const map = entry?.value.kind === 'map' ? (entry.value as MapNode) : null;
  return map ? charged(dictEntries(map)).flatMap((e) => strValue(e.key) ?? []) : [];
}

export interface AssemblyVariables {
  tools: AgentTools;
  state: StateKeys;
  /** The tools the model gets from the bundles (hidden ones left out). */
  toolNames: string[];
}

/** The assembly's variables and tools, from its check. */
export function assemblyVariables(tools: AgentTools, check: AgentCheck): AssemblyVariables {
  const toolNames = charged(check.bundles).flatMap((b) => charged(b.model.check.toolEntries).map((e) => strValue(e.keyNode) ?? '').filter((name) => name !== '' && !b.hidden.has(name)));
  return { tools, state: stateKeysOf(check), toolNames };
}

/** Unknown variables in every template field of the config; `assemblies` are its ToolConfigs with their state. */
export function templateVariableDiagnostics(visits: readonly ModelVisit[], assemblies: readonly AssemblyVariables[], profile: SweAgentProfile): EngineDiagnostic[] {
  const out = new DiagnosticBuilder(null);
  // A template with many unknown variables is mapped to its source once, not once per variable.
  const spanIn = spansInValues();
  const extraFields = extraFieldsOf(visits);
  const { formatDict, step, notRead } = profile.templateVariables;
  const supplied = (s: Exclude<Supplies, 'state'>): readonly string[] => (s === 'step' ? [...step, ...ERROR_VARIABLES] : SUPPLIED[s]);
  /** Agents (by where they sit) with a template that reads `command_docs`, or that could not be scanned. */
  const docsShown = new Set<string>();
  /** Each agent's template texts, where a template may describe the tools in its own words. */
  const templateTexts = new Map<string, string[]>();
  for (const visit of visits) {
    spend();
    const fields = TEMPLATE_FIELDS[visit.model.name];
    if (!fields) continue;
    const agentLoc = agentLocOf(visit);
    const assembly = charged(assemblies).find((a) => a.tools.where === `${agentLoc}.tools`) ?? null;
    const env = assembly?.tools.env ?? defaultToolEnv(profile.facts);
    for (const entry of dictEntries(visit.node)) {
      spend();
      const name = strValue(entry.key);
      const supplies = name === undefined ? undefined : fields[name];
      const text = strValue(entry.value);
      if (!supplies || text === undefined) continue;
      templateTexts.set(agentLoc, [...(templateTexts.get(agentLoc) ?? []), text]);
      const variables = templateVariables(text);
      if (!variables || charged(variables).some((v) => v.name === 'command_docs')) docsShown.add(agentLoc);
      if (!variables) continue;
      const given = new Set<string>(supplies.includes('demonstration') ? SUPPLIED.demonstration : [...formatDict, ...env.keys(), ...extraFields]);
      for (const s of supplies) {
        spend();
        if (s !== 'state') for (const v of supplied(s)) {
        spend();
        given.add(v);
      }
      }
      const getsState = supplies.includes('state');
      const state = assembly?.state ?? { keys: new Map(), unknown: [] };
      if (getsState) for (const key of state.keys.keys()) {
        spend();
        given.add(key);
      }
      const where = locText([...visit.loc, name!]);
      for (const variable of variables) {
        spend();
        if (given.has(variable.name)) continue;
        reportUnknown(out, spanIn(entry.value, variable.start, variable.end), variable, where, [...given], getsState ? state : null, state.keys.get(variable.name), notRead);
      }
    }
  }
  for (const assembly of assemblies) {
    spend();
    const agentLoc = assembly.tools.where.slice(0, -'.tools'.length);
    if (!docsShown.has(agentLoc) && !isHumanModel(visits, agentLoc)) commandDocsUnused(assembly, templateTexts.get(agentLoc) ?? [], out);
  }
  return out.diagnostics;
}

/**
 * Only the function-calling parser sends the tools to the model as schemas;
 * with any other parser the model learns them from `{{command_docs}}` in a
 * template, or not at all (SWE-agent issues #922, #1130).
 */
function commandDocsUnused(assembly: AssemblyVariables, templates: readonly string[], out: DiagnosticBuilder): void {
  const parser = assembly.tools.parseFunctionType;
  if (!parser || parser.value === 'function_calling') return;
  // A template that names every tool describes them itself (a bash-only config that mentions `submit`).
  const unnamed = charged(assembly.toolNames).filter((name) => !charged(templates).some((t) => new RegExp(`(?<![\\w-])${escapeRegExp(name)}(?![\\w-])`).test(t)));
  if (unnamed.length === 0) return;
  out.add('command-docs-unused', spanOf(parser.node), `With the \`${parser.value}\` parser, no template of this agent has \`{{command_docs}}\`, the model's only list of the tools.`, {
    detail: `The model does not learn of tools such as \`${unnamed[0]}\`.`,
  });
}

/** The models `get_model` builds without a language model: a human types the actions, or they are replayed. */
const NOT_A_LANGUAGE_MODEL = new Set(['human', 'human_thought', 'replay', 'instant_empty_submit']);

function isHumanModel(visits: readonly ModelVisit[], agentLoc: string): boolean {
  return NOT_A_LANGUAGE_MODEL.has(agentModelField(visits, agentLoc, 'name') ?? '');
}

/** A field of the model config of the agent at `agentLoc` (`agent`, `agent.agent_configs.0`), files and command line merged; undefined when not a string. */
export function agentModelField(visits: readonly ModelVisit[], agentLoc: string, field: 'name' | 'api_base'): string | undefined {
  const model = charged(visits).find((v) => v.loc.length > 0 && v.loc[v.loc.length - 1] === 'model' && v.loc.slice(0, -1).join('.') === agentLoc);
  const entry = model && charged(dictEntries(model.node)).find((e) => strValue(e.key) === field);
  return entry && strValue(entry.value);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `agent`, or `agent.agent_configs.0`: where the agent of a visit's model sits. */
function agentLocOf(visit: ModelVisit): string {
  const loc = visit.model.name === 'ToolFilterConfig' ? visit.loc.slice(0, -2) : visit.loc.slice(0, -1);
  return loc.join('.');
}

function reportUnknown(out: DiagnosticBuilder, span: Span, variable: TemplateVariable, where: string, given: string[], state: StateKeys | null, stateCommand: string | undefined, notRead: readonly string[]): void {
  const shown = `\`{{${variable.name}}}\``;
  if (stateCommand !== undefined) {
    out.add('template-unknown-variable', span, `${shown} in \`${where}\` renders empty: SWE-agent passes no state to this template.`, {
      detail: `It comes only from the state (state command \`${stateCommand}\`).`,
    });
    return;
  }
  if (state && state.unknown.length > 0) {
    const more = state.unknown.length > 1 ? ` (or ${state.unknown.length - 1} more)` : '';
    out.add('template-variable-unverified', span, `${shown} in \`${where}\` is set only if ${state.unknown[0]}${more} writes it to the state.`, {
      detail: `The keys it writes cannot be read here; if it does not write it, SWE-agent supplies no ${shown} and it renders empty.`,
    });
    return;
  }
  if (notRead.length > 0) {
    const more = notRead.length > 1 ? ` (and ${notRead.length - 1} more)` : '';
    out.add('template-variable-unverified', span, `${shown} is not among the variables known for \`${where}\`; template variables of this fork not read: ${notRead[0]}${more}.`);
    return;
  }
  const shipped = Object.prototype.hasOwnProperty.call(SHIPPED_STATE_KEYS, variable.name) ? SHIPPED_STATE_KEYS[variable.name] : undefined;
  if (shipped) {
    const listed = state ? 'no bundle listed here writes this state key' : 'SWE-agent passes no state to this template';
    out.add('template-unknown-variable', span, `${shown} in \`${where}\` renders empty: ${listed}.`, { detail: `It is a state key, written by ${shipped}.` });
    return;
  }
  const suggestion = suggestName(variable.name, given);
  out.add(
    'template-unknown-variable',
    span,
    `SWE-agent supplies no ${shown} to \`${where}\`, so it renders as empty text${suggestion ? `; did you mean \`${suggestion}\`?` : '.'}`,
    suggestion ? { data: { variable: { start: variable.start, end: variable.end }, replaceWith: suggestion } } : {},
  );
}
