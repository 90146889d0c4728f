/**
 * SWE_AGENT_CONFIG_ROOT: where an agent config's relative bundle paths start.
 * SWE-agent uses the environment variable, else its own checkout (REPO_ROOT,
 * the folder its `sweagent` package is installed from). Here: the configured
 * root if there is one; else the checkout of the SWE-agent chosen by path;
 * else the nearest folder above the agent config (within the workspace
 * folder) holding a `sweagent/` package, which is the checkout SWE-agent runs
 * from. Otherwise the root is assumed, and said so where it matters: the
 * nearest folder above with a `tools/` folder (the checkout in every SWE-agent
 * fork); else the folder holding the nearest `config/` folder above (SWE-agent
 * keeps its configs in `<checkout>/config`); else the workspace folder.
 */
import * as path from 'path';
import { isInside } from './walk';
import { FsView } from './workspaceFs';
import { spend } from '../work';

/** Why the config root is where it is. */
export type ConfigRootSource =
  /** Set by the user (sweBundle.configRoot, --config-root, SWE_AGENT_CONFIG_ROOT). */
  | 'configured'
  /** The checkout of the SWE-agent that runs the config (REPO_ROOT): chosen by path, or the workspace's own package. */
  | 'checkout'
  /** Neither: a folder that looks like a checkout, or the workspace folder. */
  | 'assumed';

export interface ConfigRoot {
  dir: string;
  source: ConfigRootSource;
}

/** `sweAgentRoot`: the checkout of the SWE-agent chosen by path, if any. */
export function configRootFor(fs: FsView, agentConfigPath: string, workspaceFolder: string, configured?: string, sweAgentRoot?: string): ConfigRoot {
  if (configured) return { dir: path.resolve(workspaceFolder, configured), source: 'configured' };
  if (sweAgentRoot) return { dir: sweAgentRoot, source: 'checkout' };
  const start = path.dirname(agentConfigPath);
  const own = packageCheckoutAround(fs, start, workspaceFolder);
  if (own) return { dir: own, source: 'checkout' };
  return { dir: checkoutAround(fs, start, workspaceFolder) ?? workspaceFolder, source: 'assumed' };
}

/** The nearest folder from `dir` up (no higher than `boundary`) holding SWE-agent's package, `sweagent/__init__.py`. */
function packageCheckoutAround(fs: FsView, dir: string, boundary: string): string | null {
  for (;;) {
    spend();
    if (!isInside(dir, boundary)) return null;
    if (fs.stat(path.join(dir, 'sweagent', '__init__.py'))?.kind === 'file') return dir;
    const parent = path.dirname(dir);
    if (dir === boundary || parent === dir) return null;
    dir = parent;
  }
}

/**
 * The SWE-agent checkout a folder lies in, looking no higher than `boundary`:
 * the nearest folder from `dir` up with a `tools/` folder, else the one
 * holding the nearest `config/` folder; null when there is neither.
 */
export function checkoutAround(fs: FsView, dir: string, boundary: string): string | null {
  let configParent: string | null = null;
  while (isInside(dir, boundary)) {
    spend();
    if (fs.stat(path.join(dir, 'tools'))?.kind === 'directory') return dir;
    if (dir === boundary) break;
    const parent = path.dirname(dir);
    if (parent === dir) break;
    if (configParent === null && path.basename(dir) === 'config') configParent = parent;
    dir = parent;
  }
  return configParent;
}
