/** Every tool of every indexed bundle, filtered by a query (case-insensitive subsequence, as editors match). */
import { strValue } from '../yaml/pyNode';
import * as path from 'path';
import { BundleModel } from '../document/bundleModel';
import { BUDGETS } from '../budgets';
import { spend } from '../work';

export interface ToolSymbol {
  name: string;
  /** The bundle's folder name, shown as the container. */
  bundle: string;
  configPath: string;
  start: number;
  end: number;
}

const MAX_WORKSPACE_SYMBOLS = BUDGETS.workspaceSymbols;

function matchesQuery(name: string, query: string): boolean {
  let at = 0;
  const lower = name.toLowerCase();
  for (const ch of query.toLowerCase()) {
    spend();
    at = lower.indexOf(ch, at);
    if (at === -1) return false;
    at++;
  }
  return true;
}

/** `modelOf`: a bundle's model (null when it cannot be read). Offsets are in each bundle's normalized text. */
export function workspaceToolSymbols(bundlePaths: readonly string[], modelOf: (configPath: string) => BundleModel | null, query: string, limit = MAX_WORKSPACE_SYMBOLS): ToolSymbol[] {
  const symbols: ToolSymbol[] = [];
  for (const configPath of bundlePaths) {
    spend();
    if (symbols.length >= limit) break;
    const model = modelOf(configPath);
    if (!model) continue;
    for (const entry of model.check.toolEntries) {
      spend();
      const name = strValue(entry.keyNode);
      if (name === undefined || !matchesQuery(name, query)) continue;
      symbols.push({ name, bundle: path.basename(path.dirname(configPath)), configPath, ...model.placement.range(entry.keyNode) });
      if (symbols.length >= limit) break;
    }
  }
  return symbols;
}
