/**
 * Which YAML files are SWE-agent agent configs, decided by their parsed keys.
 * A repository holds many YAML files with an `agent:` key (CI pipelines,
 * other agent frameworks), and an error on one of those is a false alarm, so
 * an `agent:` mapping counts only when it looks like SWE-agent's: SWE-agent
 * keys of the right shape, and few keys SWE-agent does not know.
 */
import { listsBundles } from '../workspace/agentConfig';
import { MapNode, PyNode, deref, dictEntries, strValue } from '../yaml/pyNode';
import { MAIN_PROFILE } from '../sweAgent/builtinProfiles';
import { fieldOf, modelsOf } from './schema';
import { charged } from '../work';

/** `sweagent run --config` or `sweagent run-batch --config`. */
export type RunConfigKind = 'run-single' | 'run-batch';

// What a file is does not depend on the SWE-agent it is judged by: main's keys tell.
const { runSingle, runBatch } = MAIN_PROFILE;
const AGENT_KEYS = new Set(charged(modelsOf(fieldOf(runSingle, 'agent')!.type)).flatMap((m) => charged(m.fields).map((f) => f.name)));
const TOP_LEVEL_KEYS = new Set(charged([runSingle, runBatch]).flatMap((m) => charged(m.fields).map((f) => f.name)));

/** Keys only a SWE-agent agent has, with the shape each must have. */
const TELLING: Record<string, 'map' | 'seq'> = { templates: 'map', tools: 'map', model: 'map', history_processors: 'seq', agent_configs: 'seq', retry_loop: 'map' };

function mapOf(node: PyNode | undefined): MapNode | null {
  if (!node) return null;
  const target = deref(node);
  return target.kind === 'map' && target.python === 'dict' ? target : null;
}

function keysOf(map: MapNode): Map<string, PyNode> {
  return new Map(charged(dictEntries(map)).flatMap((e) => (strValue(e.key) !== undefined ? [[strValue(e.key)!, e.value] as const] : [])));
}

function looksLikeSweAgentAgent(agent: MapNode): boolean {
  const keys = keysOf(agent);
  const known = charged([...keys.keys()]).filter((k) => AGENT_KEYS.has(k));
  const telling = charged(known).filter((k) => TELLING[k] !== undefined && deref(keys.get(k)!).kind === TELLING[k]);
  return telling.length > 0 && known.length * 2 >= keys.size;
}

/**
 * SWE-agent 0.x's AgentConfig fields (sweagent/agent/agents.py at v0.7.0),
 * which 0.x configs held at the top level; 1.x nests what is left of them
 * under `agent:`.
 */
const V0_KEYS = new Set([
  'system_template', 'instance_template', 'next_step_template', 'next_step_no_output_template', 'strategy_template', 'demonstration_template',
  'demonstrations', 'put_demos_in_history', 'format_error_template', 'command_files', 'env_variables', 'util_functions', 'submit_command',
  'parse_function', 'parse_command', 'history_processor', 'history_processor_args', 'command_docs', 'summarizer_config',
  'blocklist_error_template', 'blocklist', 'blocklist_standalone', 'block_unless_regex', 'state_command',
]);
/** Keys no 1.x file holds at its top level: only a 0.x agent config does. */
const V0_TELLING = ['system_template', 'instance_template', 'command_files', 'parse_command', 'history_processor'];

/**
 * The top-level keys that make a file a SWE-agent 0.x agent config (in file
 * order), or null when it is not one: at least two 0.x fields, one of them
 * telling, most keys 0.x fields, and neither `agent` nor a bundle's `tools`.
 */
export function sweAgent0xKeys(root: PyNode | null): PyNode[] | null {
  const map = root ? mapOf(root) : null;
  if (!map) return null;
  const keys = keysOf(map);
  if (keys.has('agent') || keys.has('tools')) return null;
  const known = charged(dictEntries(map)).filter((e) => V0_KEYS.has(strValue(e.key) ?? ''));
  const telling = charged(V0_TELLING).some((k) => keys.has(k));
  return telling && known.length >= 2 && known.length * 2 > keys.size ? charged(known).map((e) => e.key) : null;
}

/**
 * The command an agent config is meant for, or null when the file is not one:
 * `instances:` next to an `agent:` mapping is a run-batch config; an `agent:`
 * mapping that looks like SWE-agent's (or bundles listed as agent configs
 * list them) is a run config, and so is a SWE-agent 0.x config.
 */
export function runConfigKindOf(root: PyNode | null): RunConfigKind | null {
  const map = root ? mapOf(root) : null;
  if (!map) return null;
  const keys = keysOf(map);
  const agent = mapOf(keys.get('agent'));
  const mostlyKnown = charged([...keys.keys()]).filter((k) => TOP_LEVEL_KEYS.has(k)).length * 2 >= keys.size;
  if (agent && mostlyKnown && looksLikeSweAgentAgent(agent)) return keys.has('instances') ? 'run-batch' : 'run-single';
  if (listsBundles(root)) return keys.has('instances') ? 'run-batch' : 'run-single';
  // A 0.x config is meant for `sweagent run` too: it is recognised, and said not to be checked (checkRunConfig.ts).
  if (sweAgent0xKeys(root)) return 'run-single';
  return null;
}
