// Types of scripts/buildInfo.mjs, for the tests that import it.
import type { ProjectLinks } from '../server/src/cli/format/buildInfo';

export function projectLinks(pkg: { homepage?: unknown; repository?: unknown }): ProjectLinks;
export function buildDefines(root: URL): Record<string, string>;
