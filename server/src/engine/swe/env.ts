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
