/**
 * The one configuration the server and the CLI share: rule severities, the
 * env variables docstrings are checked against, which files are bundles,
 * where agent configs' bundle paths start. Editors send it as `sweBundle.*`
 * settings; the CLI reads the same keys from `.swe-bundle.json` and its flags;
 * `settings/validateSettings.ts` checks them all.
 */
import { PyObject, pyObjectFromJson } from './python/pyObject';
import { RuleCode } from './rules/ruleCatalog';
import { Severity } from './diagnostics';
import { EnvContext, UNKNOWN_ENV, knownEnv } from './swe/env';
import { ToolCheckOptions } from './swe/checkTool';
import { CommandLineOverride, parseOverrides } from './runConfig/commandLine';
import { SweAgentProfile } from './sweAgent/profile';
import { MAIN_PROFILE } from './sweAgent/builtinProfiles';

export type RuleSetting = Severity | 'off';

export interface EngineConfig {
  /** `tools.env_variables` to check docstrings against; unset means unknown (ToolConfig's defaults, as warnings). */
  envVariables?: Record<string, unknown>;
  /** Severity per rule code, or `off`. */
  rules?: Partial<Record<RuleCode, RuleSetting>>;
  /** Extra glob patterns (relative to the folder that holds the settings) of files to treat as bundle configs. */
  filePatterns?: string[];
  /** Where agent configs' bundle paths are resolved from (SWE_AGENT_CONFIG_ROOT); relative to the folder that holds the settings. */
  configRoot?: string;
  inlayHints?: boolean;
  /** SWE-agent command-line arguments applied to agent configs (`--agent.model.name=gpt-4o`), as `sweagent run` applies them. */
  commandLine?: string[];
  /** Which SWE-agent files are judged by, as set: `auto` (unset), `1.0.0`, `1.0.1`, `1.1.0`, `main`, or a path to a checkout or an installed `sweagent` package. */
  sweAgent?: string;
  /** The SWE-agent chosen from `sweAgent` (resolved by the analysis host and the CLI, never read from a settings file); unset means main. */
  sweAgentProfile?: SweAgentProfile;
}

/** The SWE-agent these settings judge files by (its models and the facts of its code). */
export function profileOf(config: EngineConfig): SweAgentProfile {
  return config.sweAgentProfile ?? MAIN_PROFILE;
}

export function envContextOf(config: EngineConfig): EnvContext {
  if (!config.envVariables) return UNKNOWN_ENV;
  const variables = new Map<string, PyObject>();
  // Settings nested past the settings' depth budget were refused when they were read (settings/validateSettings.ts).
  for (const [name, value] of Object.entries(config.envVariables)) {
    const converted = pyObjectFromJson(value);
    if (converted.ok) variables.set(name, converted.value);
  }
  return knownEnv(variables);
}

/** The command-line overrides of the settings, parsed (validateSettings has checked that they parse). */
export function overridesOf(config: EngineConfig): CommandLineOverride[] {
  return parseOverrides(config.commandLine ?? []).overrides;
}

/** The options bundles are checked with under these settings alone (no agent config): their env, bash on. */
export function toolCheckOptionsOf(config: EngineConfig): ToolCheckOptions {
  return { env: envContextOf(config), enableBashTool: true };
}
