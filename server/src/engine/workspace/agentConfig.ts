/**
 * The ToolConfig parts of an agent config (`agent.tools`, each retry agent's
 * `agent.agent_configs[i].tools`, and a top-level `tools.bundles` written as
 * if the file were an agent on its own), read as SWE-agent's pydantic models
 * would, keeping the nodes. `runConfig/` validates the whole file; this is
 * what the assembly check (checkAgentConfig.ts) needs.
 */
import { PyObject } from '../python/pyObject';
import { fieldsOf } from '../swe/checkTool';
import { asDict, laxBool, laxListItems, laxStr } from '../swe/pydanticLax';
import { pyObjectOf } from '../swe/pyValue';
import { DictEntry, PyNode, dictEntries, isNone, strValue } from '../yaml/pyNode';
import { charged, spend } from '../work';

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
  /** Where the ToolConfig sits, e.g. `agent.tools` or `agent.agent_configs.1.tools`. */
  where: string;
  /** The `tools` key, or the `templates` key when only misplaced bundles exist. */
  toolsKey: PyNode;
  fields: Map<string, DictEntry>;
  bundlesEntry: DictEntry | undefined;
  bundles: BundleRef[];
  /** `env_variables` as SWE-agent gets it; null means ToolConfig's defaults. */
  env: Map<string, PyObject> | null;
  enableBashTool: boolean;
  /** The parser SWE-agent builds, when `parse_function` is given: its `type`, or the first parser (`action`) for a mapping without one. */
  parseFunctionType: { value: string; node: PyNode; implicit: boolean } | null;
  /** `bundles:` written under the agent's `templates`, where SWE-agent ignores it. */
  misplacedBundles: DictEntry | undefined;
}

function fieldsOfNode(node: PyNode | undefined): Map<string, DictEntry> {
  const map = node ? asDict(node) : null;
  return map ? fieldsOf(dictEntries(map)) : new Map();
}

/** One agent's ToolConfig: its `tools` mapping, or misplaced bundles under `templates`; `needsBundles` for a top-level `tools`, which is a bundle's key too. */
function section(where: string, agentFields: Map<string, DictEntry>, toolsEntry: DictEntry | undefined, needsBundles = false): AgentTools | null {
  const templates = agentFields.get('templates');
  const misplacedBundles = fieldsOfNode(templates?.value).get('bundles');
  const toolsMap = toolsEntry ? asDict(toolsEntry.value) : null;
  const fields = toolsMap ? fieldsOf(dictEntries(toolsMap)) : new Map<string, DictEntry>();
  if (needsBundles ? !fields.has('bundles') : !toolsMap && !misplacedBundles) return null;
  const toolsKey = toolsEntry?.key ?? templates!.key;
  return { where, toolsKey, fields, ...readToolConfig(fields), misplacedBundles };
}

/**
 * The ToolConfigs of an agent config: top-level `tools`, `agent.tools`, and
 * each of a retry agent's `agent.agent_configs[i].tools`. Empty when the
 * file is not an agent config (no `bundles` under `tools` or `templates`).
 */
export function agentToolsOf(root: PyNode | null): AgentTools[] {
  if (!root) return [];
  const sections: AgentTools[] = [];
  const rootFields = fieldsOfNode(root);
  const topLevel = section('tools', new Map(), rootFields.get('tools'), true);
  if (topLevel) sections.push(topLevel);
  const agent = rootFields.get('agent');
  const agentFields = fieldsOfNode(agent?.value);
  const main = section('agent.tools', agentFields, agentFields.get('tools'));
  if (main) sections.push(main);
  const retries = agentFields.get('agent_configs');
  const items = retries ? laxListItems(retries.value) : null;
  charged((items?.ok ? items.value : [])).forEach((item, i) => {
    const fields = fieldsOfNode(item);
    const sub = section(`agent.agent_configs.${i}.tools`, fields, fields.get('tools'));
    if (sub) sections.push(sub);
  });
  return sections;
}

/** Whether a parsed file lists bundles as an agent config does (under `agent.tools`, `tools` or the templates). */
export function listsBundles(root: PyNode | null): boolean {
  return charged(agentToolsOf(root)).some((s) => s.fields.has('bundles') || s.misplacedBundles !== undefined);
}

function readToolConfig(fields: Map<string, DictEntry>): Pick<AgentTools, 'bundlesEntry' | 'bundles' | 'env' | 'enableBashTool' | 'parseFunctionType'> {
  const bundlesEntry = fields.get('bundles');
  const items = bundlesEntry ? laxListItems(bundlesEntry.value) : null;
  const bundles = charged((items?.ok ? items.value : [])).map((node, index): BundleRef => {
    const bundleFields = fieldsOfNode(node);
    const pathEntry = bundleFields.get('path');
    const hiddenEntry = bundleFields.get('hidden_tools');
    const hiddenItems = hiddenEntry ? laxListItems(hiddenEntry.value) : null;
    const hidden = charged((hiddenItems?.ok ? hiddenItems.value : [])).flatMap((item): HiddenTool[] => {
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
    if (envMap) for (const entry of dictEntries(envMap)) {
      spend();
      env.set(strValue(entry.key) ?? String(pyObjectOf(entry.key)), pyObjectOf(entry.value));
    }
  }
  const bashEntry = fields.get('enable_bash_tool');
  const bash = bashEntry ? laxBool(bashEntry.value) : null;
  const parseFunctionEntry = fields.get('parse_function');
  const parseFunction = fieldsOfNode(parseFunctionEntry?.value).get('type');
  const parseType = parseFunction ? strValue(parseFunction.value) : undefined;
  // pydantic's smart union takes the first parser that validates: without `type`, every one does, and the first is ActionParser.
  const implicitParser = parseFunctionEntry && !parseFunction && asDict(parseFunctionEntry.value) ? { value: 'action', node: parseFunctionEntry.key, implicit: true } : null;
  return {
    bundlesEntry,
    bundles,
    env,
    enableBashTool: bash?.ok ? bash.value : true,
    parseFunctionType: parseType !== undefined && parseFunction ? { value: parseType, node: parseFunction.value, implicit: false } : implicitParser,
  };
}
