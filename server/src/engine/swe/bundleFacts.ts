/**
 * What of SWE-agent's bundle code differs between versions: how `Command`
 * validates its arguments and builds its function-calling schema, and the
 * env its docstrings are formatted with by default. The chosen
 * SWE-agent's profile (sweAgent/profile.ts) gives them; a bundle is checked
 * with them in every context (ToolCheckOptions).
 */
import { NameRepeat } from '../python/argumentNamePattern';

export interface BundleFacts {
  /**
   * ARGUMENT_NAME_PATTERN's repetition after the first character:
   * `[a-zA-Z_][a-zA-Z0-9_-]+` up to 1.1.0 (a name needs two characters), `...*` at main.
   */
  argumentNamePattern: NameRepeat;
  /** An argument written only as `--name` in the signature counts as named there (main); before, only `<name>`/`{name}`. */
  dashDashNamesArgument: boolean;
  /** Duplicate arguments: by whole Argument object (`arguments.count(arg) > 1`) up to 1.1.0, by name at main. */
  duplicateArguments: 'object' | 'name';
  /** The function-calling `parameters` of a tool without arguments: `{type, properties: {}, required: []}` up to 1.1.0, `{type: object}` at main. */
  noArgumentSchema: 'empty-properties' | 'type-only';
  /** `Missing arguments in signature` once for all (up to 1.1.0) or `Missing argument NAME in signature` per argument (main). */
  missingArgumentWording: 'all' | 'per-argument';
  /** ToolConfig's default `env_variables`, which docstrings are formatted with when an agent config sets none: `{}` up to 1.1.0, the pager settings (`PAGER: cat`, ...) at main. */
  toolEnvDefault: 'empty' | 'pagers';
}

/** SWE-agent main's: what a bundle is checked with when no profile is chosen. */
export const MAIN_BUNDLE_FACTS: BundleFacts = {
  argumentNamePattern: '*',
  dashDashNamesArgument: true,
  duplicateArguments: 'name',
  noArgumentSchema: 'type-only',
  missingArgumentWording: 'per-argument',
  toolEnvDefault: 'pagers',
};

/** The facts as a memo key: two profiles with the same bundle facts share every tool check. */
export function bundleFactsKey(facts: BundleFacts): string {
  return `${facts.argumentNamePattern}${facts.dashDashNamesArgument ? 'd' : ''}${facts.duplicateArguments[0]}${facts.noArgumentSchema[0]}${facts.missingArgumentWording[0]}${facts.toolEnvDefault[0]}`;
}
