/**
 * The env variables a docstring is formatted with (`ToolConfig.env_variables`).
 * `known: false` means nobody told us the env: ToolConfig's defaults are
 * assumed, and a variable they lack is a warning rather than an error.
 */
import { PyObject } from '../python/pyObject';

export interface EnvContext {
  known: boolean;
  variables: ReadonlyMap<string, PyObject>;
}

/** ToolConfig.env_variables' default value. */
export const DEFAULT_ENV_VARIABLES: ReadonlyMap<string, PyObject> = new Map<string, PyObject>([
  ['PAGER', 'cat'],
  ['MANPAGER', 'cat'],
  ['LESS', '-R'],
  ['PIP_PROGRESS_BAR', 'off'],
  ['TQDM_DISABLE', '1'],
  ['GIT_PAGER', 'cat'],
]);

export const UNKNOWN_ENV: EnvContext = { known: false, variables: DEFAULT_ENV_VARIABLES };

export function knownEnv(variables: ReadonlyMap<string, PyObject>): EnvContext {
  return { known: true, variables };
}

/** A docstring field names an env variable when its first name is an identifier (`{"a": 1}` is literal text). */
export function envFieldName(fieldName: string): string | null {
  const first = /^[^.[]*/.exec(fieldName)![0];
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(first) ? first : null;
}
