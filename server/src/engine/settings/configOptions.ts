/**
 * What the shared settings (config.ts) mean to the checks: the env a tool's
 * docstring is checked against, and the command-line overrides laid over
 * agent configs.
 */
import { EngineConfig } from '../config';
import { PyObject, pyObjectFromJson } from '../python/pyObject';
import { EnvContext, UNKNOWN_ENV, knownEnv } from '../swe/env';
import { CommandLineOverride, parseOverrides } from '../runConfig/commandLine';

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
