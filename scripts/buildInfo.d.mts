// Types of scripts/buildInfo.mjs, for the tests that import it.
export interface ProjectLinks {
  homepage: string | null;
  rulesDoc: string | null;
}
export function projectLinks(pkg: { homepage?: unknown; repository?: unknown }): ProjectLinks;
export function buildDefines(root: URL): Record<string, string>;
