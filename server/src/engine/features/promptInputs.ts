/**
 * What the prompt preview (features/promptPreview.ts) is built from, taken
 * from a run config's check: the merged config as Python values, and each
 * ToolConfig's bundles as its assembly loaded them (hidden tools left out).
 * Demonstrations are read through the caller's reader, from the config root
 * as `_convert_paths_to_abspath` resolves them.
 */
import * as path from 'path';
import { PromptInputs, PromptPlaceholders, PROMPT_PLACEHOLDERS } from './promptPreview';
import { SweAgentFacts } from '../sweAgent/profile';
import { PyDict, PyObject, pyObjectFromJson } from '../python/pyObject';
import { LoadedCommand } from '../swe/commandModel';
import { pyObjectOf } from '../swe/pyValue';
import { loadYaml } from '../yaml/loadYaml';
import { RunConfigCheck } from '../runConfig/checkRunConfig';
import { charged } from '../work';

export interface PromptSource {
  configRoot: string;
  /** A file's text, or null when it cannot be read. */
  read(file: string): string | null;
  /** The facts of the SWE-agent the config was checked with. */
  facts: SweAgentFacts;
  placeholders?: PromptPlaceholders;
}

/** A demonstration parsed as SWE-agent does: `yaml.safe_load` for `.yaml`, `json.loads` otherwise; a string says why it fails. */
function parseDemonstration(text: string, yaml: boolean): PyObject | string {
  if (yaml) {
    const load = loadYaml(text, { text });
    const problem = load.problems[0];
    if (problem) return `${problem.pyClass}: ${problem.message}`;
    return load.root ? pyObjectOf(load.root) : null;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return `json.decoder.JSONDecodeError (${(e as Error).message})`;
  }
  const converted = pyObjectFromJson(json);
  return converted.ok ? converted.value : converted.problem;
}

/** Null when SWE-agent does not get past configuration with this config (its diagnostics say why). */
export function promptInputsOf(check: RunConfigCheck, source: PromptSource): PromptInputs | null {
  if (!check.loads || !check.root) return null;
  const config = pyObjectOf(check.root);
  if (!(config instanceof PyDict)) return null;
  return {
    config,
    bundles: (where) =>
      charged((charged(check.sections).find((s) => s.tools.where === where)?.check.bundles ?? [])).map((bundle) => ({
        commands: charged(bundle.model.check.tools).filter((t) => !(typeof t.tool === 'string' && bundle.hidden.has(t.tool))).flatMap((t): LoadedCommand[] => (t.command ? [t.command] : [])),
        hasStateCommand: bundle.model.check.stateCommand !== null,
      })),
    readDemonstration: (file) => source.read(file),
    demonstrationPath: (file) => path.resolve(source.configRoot, file),
    parseDemonstration,
    facts: source.facts,
    placeholders: source.placeholders ?? PROMPT_PLACEHOLDERS,
  };
}
