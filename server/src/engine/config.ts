/**
 * The one configuration the server, the CLI and the library share: rule
 * severities, the env variables docstrings are checked against, and which
 * files are bundles. Editors send it as `sweBundle.*` settings; the CLI reads
 * the same keys from `.swe-bundle.json` and its flags.
 */
import { PyObject, pyObjectFromJson } from './python/pyObject';
import { RuleCode, isRuleCode } from './rules/ruleCatalog';
import { Severity } from './diagnostics';
import { EnvContext, UNKNOWN_ENV, knownEnv } from './swe/env';
import { CommandLineOverride, parseOverrides } from './runConfig/commandLine';

export type RuleSetting = Severity | 'off';

export interface EngineConfig {
  /** `tools.env_variables` to check docstrings against; unset means unknown (ToolConfig's defaults, as warnings). */
  envVariables?: Record<string, unknown>;
  /** Severity per rule code, or `off`. */
  rules?: Partial<Record<RuleCode, RuleSetting>>;
  /** Extra glob patterns (relative to the workspace) of files to treat as bundle configs. */
  filePatterns?: string[];
  /** Where agent configs' bundle paths are resolved from (SWE_AGENT_CONFIG_ROOT); defaults to the workspace folder. */
  configRoot?: string;
  inlayHints?: boolean;
  /** SWE-agent's command-line overrides agent configs are run with, e.g. `["--agent.model.name=gpt-4o"]`. */
  commandLine?: string[];
}

const SETTINGS = new Set<RuleSetting>(['error', 'warning', 'information', 'hint', 'off']);

/** Validates a settings object; unknown or malformed entries are reported and dropped, never thrown. */
export function parseEngineConfig(raw: unknown): { config: EngineConfig; problems: string[] } {
  const problems: string[] = [];
  const config: EngineConfig = {};
  if (raw === null || raw === undefined) return { config, problems };
  if (typeof raw !== 'object' || Array.isArray(raw)) return { config, problems: ['settings must be an object'] };
  const input = raw as Record<string, unknown>;
  if (input.envVariables !== undefined && input.envVariables !== null) {
    if (typeof input.envVariables === 'object' && !Array.isArray(input.envVariables)) config.envVariables = input.envVariables as Record<string, unknown>;
    else problems.push('envVariables must be an object of NAME: value');
  }
  if (input.rules !== undefined && input.rules !== null) {
    if (typeof input.rules !== 'object' || Array.isArray(input.rules)) problems.push('rules must be an object of code: severity');
    else {
      config.rules = {};
      for (const [code, setting] of Object.entries(input.rules as Record<string, unknown>)) {
        if (!isRuleCode(code)) problems.push(`unknown rule "${code}"`);
        else if (typeof setting !== 'string' || !SETTINGS.has(setting as RuleSetting)) problems.push(`rule "${code}": severity must be error, warning, information, hint or off`);
        else config.rules[code] = setting as RuleSetting;
      }
    }
  }
  if (input.filePatterns !== undefined && input.filePatterns !== null) {
    if (Array.isArray(input.filePatterns) && input.filePatterns.every((p) => typeof p === 'string')) config.filePatterns = input.filePatterns as string[];
    else problems.push('filePatterns must be a list of glob strings');
  }
  if (typeof input.configRoot === 'string' && input.configRoot.length > 0) config.configRoot = input.configRoot;
  if (typeof input.inlayHints === 'boolean') config.inlayHints = input.inlayHints;
  if (input.commandLine !== undefined && input.commandLine !== null) {
    if (!Array.isArray(input.commandLine) || !input.commandLine.every((a) => typeof a === 'string')) problems.push('commandLine must be a list of strings like "--agent.model.name=gpt-4o"');
    else {
      const parsed = parseOverrides(input.commandLine as string[]);
      for (const problem of parsed.problems) problems.push(`commandLine: ${problem}`);
      if (parsed.problems.length === 0) config.commandLine = input.commandLine as string[];
    }
  }
  return { config, problems };
}

/** The command-line overrides of the settings, parsed (parseEngineConfig has validated them). */
export function overridesOf(config: EngineConfig): CommandLineOverride[] {
  return parseOverrides(config.commandLine ?? []).overrides;
}

export function envContextOf(config: EngineConfig): EnvContext {
  if (!config.envVariables) return UNKNOWN_ENV;
  const variables = new Map<string, PyObject>();
  for (const [name, value] of Object.entries(config.envVariables)) variables.set(name, pyObjectFromJson(value));
  return knownEnv(variables);
}
