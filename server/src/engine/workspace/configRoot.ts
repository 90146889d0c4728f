/**
 * SWE_AGENT_CONFIG_ROOT: where an agent config's relative bundle paths start.
 * SWE-agent uses the environment variable, else its own checkout. Here: the
 * configured root if there is one; else the nearest folder above the agent
 * config (within the workspace folder) that has a `tools/` folder, which is
 * the checkout in every SWE-agent fork; else the folder holding the nearest
 * `config/` folder above it (SWE-agent keeps its configs in `<checkout>/config`,
 * so that is the checkout even when its tools are not there); else the
 * workspace folder.
 */
import * as path from 'path';
import { isInside } from './walk';
import { FsView } from './workspaceFs';

export function configRootFor(fs: FsView, agentConfigPath: string, workspaceFolder: string, configured?: string): string {
  if (configured) return path.resolve(workspaceFolder, configured);
  return checkoutAround(fs, path.dirname(agentConfigPath), workspaceFolder) ?? workspaceFolder;
}

/**
 * The SWE-agent checkout a folder lies in, looking no higher than `boundary`:
 * the nearest folder from `dir` up with a `tools/` folder, else the one
 * holding the nearest `config/` folder; null when there is neither.
 */
export function checkoutAround(fs: FsView, dir: string, boundary: string): string | null {
  let configParent: string | null = null;
  while (isInside(dir, boundary)) {
    if (fs.stat(path.join(dir, 'tools'))?.kind === 'directory') return dir;
    if (dir === boundary) break;
    const parent = path.dirname(dir);
    if (parent === dir) break;
    if (configParent === null && path.basename(dir) === 'config') configParent = parent;
    dir = parent;
  }
  return configParent;
}
