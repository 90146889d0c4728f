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
import { compileGlob, matchesFilePattern } from './settings/glob';

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
  /**
   * SWE-agent command-line arguments applied to agent configs
   * (`--agent.model.name=gpt-4o`), as `sweagent run` applies them: one list
   * for every agent config, or globs (relative to the folder that holds the
   * settings) to lists, the most specific matching glob giving a file's list.
   */
  commandLine?: CommandLineSetting;
}

export type CommandLineSetting = string[] | Record<string, string[]>;

/** How specific a glob is: its characters that match only themselves. */
function specificity(pattern: string): number {
  return pattern.replace(/\[[^\]]*\]|[*?{},]/g, '').length;
}

/**
 * The command line one `commandLine` setting gives a file (its path from the
 * settings' folder, `/`-separated): the list, or the list of the most
 * specific glob that matches it (a later glob wins a tie); undefined when
 * the setting says nothing about the file.
 */
export function commandLineOf(setting: CommandLineSetting | undefined, relative: string): string[] | undefined {
  if (setting === undefined || Array.isArray(setting)) return setting;
  let best: { list: string[]; specificity: number } | undefined;
  for (const [pattern, list] of Object.entries(setting)) {
    const compiled = compileGlob(pattern);
    if (!compiled.ok || !matchesFilePattern(compiled.glob, relative)) continue;
    const score = specificity(pattern);
    if (!best || score >= best.specificity) best = { list, specificity: score };
  }
  return best?.list;
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

/** Command-line arguments, parsed (validateSettings has checked that they parse). */
export function overridesOf(commandLine: readonly string[]): CommandLineOverride[] {
  return parseOverrides(commandLine).overrides;
}

/** The options bundles are checked with under these settings alone (no agent config): their env, bash on. */
export function toolCheckOptionsOf(config: EngineConfig): ToolCheckOptions {
  return { env: envContextOf(config), enableBashTool: true };
}
