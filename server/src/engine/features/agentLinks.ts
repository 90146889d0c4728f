/** Where an agent config's bundle paths lead: each `path:` value to its bundle's config.yaml. */
import { Placement } from '../document/placement';
import { AgentTools } from '../workspace/agentConfig';
import { resolveBundlePath } from '../workspace/checkAgentConfig';
import * as path from 'path';
import { spend } from '../work';

export interface PathLink {
  start: number;
  end: number;
  /** The bundle's config.yaml. */
  target: string;
}

export function bundlePathLinks(at: Placement, sections: readonly AgentTools[], configRoot: string, exists: (file: string) => boolean): PathLink[] {
  const links: PathLink[] = [];
  for (const tools of sections) {
    spend();
    for (const ref of tools.bundles) {
      spend();
      if (ref.path === undefined || !ref.pathNode || ref.node.kind === 'alias') continue;
      const target = path.join(resolveBundlePath(configRoot, ref.path), 'config.yaml');
      if (exists(target)) links.push({ ...at.range(ref.pathNode), target });
    }
  }
  return links;
}
