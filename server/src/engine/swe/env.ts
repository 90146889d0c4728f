/**
 * The env variables a docstring is formatted with (`ToolConfig.env_variables`).
 * `known: false` means nobody told us the env: the chosen SWE-agent's
 * ToolConfig defaults are assumed, and a variable they lack is a warning
 * rather than an error.
 */
import { PyObject } from '../python/pyObject';
import type { BundleFacts } from './bundleFacts';

export interface EnvContext {
  known: boolean;
  variables: ReadonlyMap<string, PyObject>;
}

/** ToolConfig.env_variables' default value at SWE-agent main. */
const DEFAULT_ENV_VARIABLES: ReadonlyMap<string, PyObject> = new Map<string, PyObject>([
  ['PAGER', 'cat'],
  ['MANPAGER', 'cat'],
  ['LESS', '-R'],
  ['PIP_PROGRESS_BAR', 'off'],
  ['TQDM_DISABLE', '1'],
  ['GIT_PAGER', 'cat'],
]);

const NO_ENV_VARIABLES: ReadonlyMap<string, PyObject> = new Map();

/** ToolConfig.env_variables' default value in the chosen SWE-agent: `{}` up to 1.1.0, the pager settings at main. */
export function defaultToolEnv(facts: BundleFacts): ReadonlyMap<string, PyObject> {
  return facts.toolEnvDefault === 'pagers' ? DEFAULT_ENV_VARIABLES : NO_ENV_VARIABLES;
}

/** The env not told (SWE-agent main's defaults assumed). */
export const UNKNOWN_ENV: EnvContext = { known: false, variables: DEFAULT_ENV_VARIABLES };
const UNKNOWN_EMPTY_ENV: EnvContext = { known: false, variables: NO_ENV_VARIABLES };

/** The env not told, with the chosen SWE-agent's ToolConfig defaults assumed. */
export function unknownEnv(facts: BundleFacts): EnvContext {
  return facts.toolEnvDefault === 'pagers' ? UNKNOWN_ENV : UNKNOWN_EMPTY_ENV;
}

export function knownEnv(variables: ReadonlyMap<string, PyObject>): EnvContext {
  return { known: true, variables };
}

/** A docstring field names an env variable when its first name is an identifier (`{"a": 1}` is literal text). */
export function envFieldName(fieldName: string): string | null {
  const first = /^[^.[]*/.exec(fieldName)![0];
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(first) ? first : null;
}
