/**
 * What the shared settings (config.ts) mean to the checks: the env a tool's
 * docstring is checked against, and the command-line overrides laid over
 * agent configs (the list a file gets, and its parse).
 */
import { CommandLineSetting, EngineConfig } from '../config';
import { compileGlob, matchesFilePattern } from './glob';
import { SweAgentProfile } from '../sweAgent/profile';
import { MAIN_PROFILE } from '../sweAgent/builtinProfiles';
import { PyObject, pyObjectFromJson } from '../python/pyObject';
import { EnvContext, knownEnv, unknownEnv } from '../swe/env';
import { CommandLineOverride, parseOverrides } from '../runConfig/commandLine';
import { spend } from '../work';

export function envContextOf(config: EngineConfig): EnvContext {
  if (!config.envVariables) return unknownEnv(profileOf(config).facts);
  const variables = new Map<string, PyObject>();
  // Settings nested past the settings' depth budget were refused when they were read (settings/validateSettings.ts).
  for (const [name, value] of Object.entries(config.envVariables)) {
    spend();
    const converted = pyObjectFromJson(value);
    if (converted.ok) variables.set(name, converted.value);
  }
  return knownEnv(variables);
}

/** Command-line arguments, parsed (validateSettings has checked that they parse). */
export function overridesOf(commandLine: readonly string[]): CommandLineOverride[] {
  return parseOverrides(commandLine).overrides;
}

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
    spend();
    const compiled = compileGlob(pattern);
    if (!compiled.ok || !matchesFilePattern(compiled.glob, relative)) continue;
    const score = specificity(pattern);
    if (!best || score >= best.specificity) best = { list, specificity: score };
  }
  return best?.list;
}

/** The SWE-agent these settings judge files by (its models and the facts of its code). */
export function profileOf(config: EngineConfig): SweAgentProfile {
  return config.sweAgentProfile ?? MAIN_PROFILE;
}
