/**
 * The bundles SWE-agent ships in its own checkout (`<REPO_ROOT>/tools/`), per
 * released version: facts read from the folder listings of tags v1.0.0
 * (8ed382c1), v1.0.1 (6aff2155), v1.1.0 (0f3acafa) and main (3ea751c0).
 * Without SWE_AGENT_CONFIG_ROOT, SWE-agent resolves a relative bundle path
 * against that checkout (`_convert_path_to_abspath` in sweagent/utils/config.py),
 * so a config written for one version can name a bundle another renamed or
 * removed: 1.1.0 renamed `defaults` to `windowed` and `edit_*` to
 * `windowed_edit_*`, and removed `review_on_submit`.
 */
import { SWE_AGENT_VERSIONS, SweAgentVersion } from '../sweAgent/profile';
import { charged } from '../work';

const UP_TO_1_0_1 = ['defaults', 'diff_state', 'edit_anthropic', 'edit_linting', 'edit_replace', 'edit_rewrite', 'filemap', 'forfeit', 'registry', 'review_on_submit', 'review_on_submit_m', 'search', 'submit'];
const SINCE_1_1_0 = ['diff_state', 'edit_anthropic', 'filemap', 'forfeit', 'multilingual_setup', 'registry', 'review_on_submit_m', 'search', 'submit', 'windowed', 'windowed_edit_linting', 'windowed_edit_replace', 'windowed_edit_rewrite'];

const SHIPPED: Record<SweAgentVersion, ReadonlySet<string>> = {
  '1.0.0': new Set(UP_TO_1_0_1),
  '1.0.1': new Set(UP_TO_1_0_1),
  '1.1.0': new Set(SINCE_1_1_0),
  main: new Set([...SINCE_1_1_0, 'image_tools', 'web_browser']),
};

/** Bundles 1.1.0 renamed: the old folder name and the new one. */
const RENAMED_IN_1_1_0: Readonly<Record<string, string>> = {
  defaults: 'windowed',
  edit_linting: 'windowed_edit_linting',
  edit_replace: 'windowed_edit_replace',
  edit_rewrite: 'windowed_edit_rewrite',
};

/** What SWE-agent's own checkout says about a bundle path it does not have at `version`. */
export type CheckoutBundleChange =
  /** Renamed in version `in`: the checkout has it as `to`. */
  | { kind: 'renamed'; to: string; in: SweAgentVersion }
  /** A name version `in` gave: the chosen (older) checkout has it as `was`. */
  | { kind: 'named-later'; was: string; in: SweAgentVersion }
  /** Removed in version `in`. */
  | { kind: 'removed'; in: SweAgentVersion }
  /** Added in version `since`, after the chosen one. */
  | { kind: 'added-later'; since: SweAgentVersion };

/** The bundle folder name of a path like `tools/windowed` (or `./tools/windowed/`), or null for any other path. */
export function checkoutBundleName(bundlePath: string): string | null {
  const match = /^(?:\.\/)?tools\/([^/]+)\/?$/.exec(bundlePath);
  return match ? match[1] : null;
}

/** Whether SWE-agent's checkout at `version` has the bundle `tools/<name>`. */
export function isShippedBundle(version: SweAgentVersion, name: string): boolean {
  return SHIPPED[version].has(name);
}

const before1_1_0 = (version: SweAgentVersion) => version === '1.0.0' || version === '1.0.1';

/** Why SWE-agent's checkout at `version` lacks `tools/<name>` when another version has it; null when no version ships it. */
export function checkoutBundleChange(version: SweAgentVersion, name: string): CheckoutBundleChange | null {
  if (isShippedBundle(version, name)) return null;
  if (!before1_1_0(version)) {
    if (RENAMED_IN_1_1_0[name]) return { kind: 'renamed', to: RENAMED_IN_1_1_0[name], in: '1.1.0' };
    if (isShippedBundle('1.0.1', name)) return { kind: 'removed', in: '1.1.0' };
  } else {
    const old = charged(Object.keys(RENAMED_IN_1_1_0)).find((o) => RENAMED_IN_1_1_0[o] === name);
    if (old) return { kind: 'named-later', was: old, in: '1.1.0' };
  }
  const since = charged(SWE_AGENT_VERSIONS).find((v) => isShippedBundle(v, name));
  return since ? { kind: 'added-later', since } : null;
}
