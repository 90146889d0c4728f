/**
 * Agent configs: YAML files with `agent.tools.bundles` (a run config) or a
 * top-level `tools.bundles` (an agent config on its own). This reads their
 * ToolConfig part as SWE-agent's pydantic models would, keeping the nodes.
 */
import { PyObject } from '../python/pyObject';
import { fieldsOf } from '../swe/checkTool';
import { asDict, laxBool, laxListItems, laxStr } from '../swe/pydanticLax';
import { pyObjectOf } from '../swe/pyValue';
import { DictEntry, MapNode, PyNode, dictEntries, isNone, strValue } from '../yaml/pyNode';

/** ToolConfig's fields: anything else under `tools:` is ignored by SWE-agent. */
export const TOOL_CONFIG_FIELDS = [
  'filter',
  'bundles',
  'propagate_env_variables',
  'env_variables',
  'registry_variables',
  'submit_command',
  'parse_function',
  'enable_bash_tool',
  'format_error_template',
  'command_docs',
  'multi_line_command_endings',
  'submit_command_end_name',
  'reset_commands',
  'execution_timeout',
  'install_timeout',
  'total_execution_timeout',
  'max_consecutive_execution_timeouts',
] as const;

export const BUNDLE_FIELDS = ['path', 'hidden_tools'] as const;

export interface HiddenTool {
  name: string;
  node: PyNode;
}

export interface BundleRef {
  index: number;
  node: PyNode;
  fields: Map<string, DictEntry>;
  /** The `path` value, when it is a string. */
  path: string | undefined;
  pathNode: PyNode | undefined;
  hidden: HiddenTool[];
}

export interface AgentTools {
  /** Where the ToolConfig sits. */
  where: 'agent.tools' | 'tools';
  toolsKey: PyNode;
  toolsMap: MapNode;
  fields: Map<string, DictEntry>;
  bundlesEntry: DictEntry | undefined;
  bundles: BundleRef[];
  /** `env_variables` as SWE-agent gets it; null means ToolConfig's defaults. */
  env: Map<string, PyObject> | null;
  enableBashTool: boolean;
  parseFunctionType: { value: string; node: PyNode } | null;
  /** `bundles:` written under `agent.templates`, where SWE-agent ignores it. */
  misplacedBundles: DictEntry | undefined;
}

function fieldsOfNode(node: PyNode | undefined): Map<string, DictEntry> {
  const map = node ? asDict(node) : null;
  return map ? fieldsOf(dictEntries(map)) : new Map();
}

/** The ToolConfig of an agent config, or null when the file is not one (no `bundles` under `tools`). */
export function agentToolsOf(root: PyNode | null): AgentTools | null {
  if (!root) return null;
  const rootFields = fieldsOfNode(root);
  const agent = rootFields.get('agent');
  const agentFields = fieldsOfNode(agent?.value);
  const candidates: [AgentTools['where'], DictEntry | undefined][] = [
    ['agent.tools', agentFields.get('tools')],
    ['tools', rootFields.get('tools')],
  ];
  const templates = agentFields.get('templates');
  const misplacedBundles = fieldsOfNode(templates?.value).get('bundles');
  for (const [where, entry] of candidates) {
    const toolsMap = entry ? asDict(entry.value) : null;
    if (!entry || !toolsMap) continue;
    const fields = fieldsOf(dictEntries(toolsMap));
    if (!fields.has('bundles') && !(where === 'agent.tools' && misplacedBundles)) continue;
    return { where, toolsKey: entry.key, toolsMap, fields, ...readToolConfig(fields), misplacedBundles };
  }
  return null;
}

/** Whether a parsed YAML file is an agent config (for classification and the workspace index). */
export function isAgentConfigRoot(root: PyNode | null): boolean {
  if (agentToolsOf(root)) return true;
  const agentFields = fieldsOfNode(fieldsOfNode(root ?? undefined).get('agent')?.value);
  return fieldsOfNode(agentFields.get('templates')?.value).has('bundles');
}

function readToolConfig(fields: Map<string, DictEntry>): Pick<AgentTools, 'bundlesEntry' | 'bundles' | 'env' | 'enableBashTool' | 'parseFunctionType'> {
  const bundlesEntry = fields.get('bundles');
  const items = bundlesEntry ? laxListItems(bundlesEntry.value) : null;
  const bundles = (items?.ok ? items.value : []).map((node, index): BundleRef => {
    const bundleFields = fieldsOfNode(node);
    const pathEntry = bundleFields.get('path');
    const hiddenEntry = bundleFields.get('hidden_tools');
    const hiddenItems = hiddenEntry ? laxListItems(hiddenEntry.value) : null;
    const hidden = (hiddenItems?.ok ? hiddenItems.value : []).flatMap((item): HiddenTool[] => {
      const name = laxStr(item);
      return name.ok ? [{ name: name.value, node: item }] : [];
    });
    const path = pathEntry ? laxStr(pathEntry.value) : null;
    return { index, node, fields: bundleFields, path: path?.ok ? path.value : undefined, pathNode: pathEntry?.value, hidden };
  });
  const envEntry = fields.get('env_variables');
  let env: Map<string, PyObject> | null = null;
  if (envEntry && !isNone(envEntry.value)) {
    const envMap = asDict(envEntry.value);
    env = new Map();
    if (envMap) for (const entry of dictEntries(envMap)) env.set(strValue(entry.key) ?? String(pyObjectOf(entry.key)), pyObjectOf(entry.value));
  }
  const bashEntry = fields.get('enable_bash_tool');
  const bash = bashEntry ? laxBool(bashEntry.value) : null;
  const parseFunction = fieldsOfNode(fields.get('parse_function')?.value).get('type');
  const parseType = parseFunction ? strValue(parseFunction.value) : undefined;
  return {
    bundlesEntry,
    bundles,
    env,
    enableBashTool: bash?.ok ? bash.value : true,
    parseFunctionType: parseType !== undefined && parseFunction ? { value: parseType, node: parseFunction.value } : null,
  };
}
