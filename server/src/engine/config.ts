/**
 * The one configuration the server and the CLI share: rule severities, the
 * env variables docstrings are checked against, which files are bundles,
 * where agent configs' bundle paths start. Editors send it as `sweBundle.*`
 * settings; the CLI reads the same keys from `.swe-bundle.json` and its flags;
 * `settings/validateSettings.ts` checks them all, and `settings/configOptions.ts`
 * says what they mean to the checks.
 */
import { RuleCode, RuleSetting } from './rules/ruleCatalog';
import type { SweAgentProfile } from './sweAgent/profile';

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
  /**
   * SWE-agent command-line arguments applied to agent configs
   * (`--agent.model.name=gpt-4o`), as `sweagent run` applies them: one list
   * for every agent config, or globs (relative to the folder that holds the
   * settings) to lists, the most specific matching glob giving a file's list.
   */
  commandLine?: CommandLineSetting;
  /** Which SWE-agent files are judged by, as set: `auto` (unset), `1.0.0`, `1.0.1`, `1.1.0`, `main`, or a path to a checkout or an installed `sweagent` package. */
  sweAgent?: string;
  /** The SWE-agent chosen from `sweAgent` (resolved by the analysis host and the CLI, never read from a settings file); unset means main. */
  sweAgentProfile?: SweAgentProfile;
}

export type CommandLineSetting = string[] | Record<string, string[]>;
