/**
 * The keys SWE-agent ignores in one mapping, reported within a budget. Merge
 * keys make a small file a mapping of a million keys (a 9,000-key anchor
 * merged into 100 tools: 116 KB), and a diagnostic for each, with its
 * did-you-mean, held 1.3 GB for a minute before the per-file cap threw all
 * but 1,000 away. The first `unknownKeysPerMapping` are reported; the rest
 * are counted, not built, in one `resource-limit` at the first left out.
 */
import { BUDGETS } from '../budgets';
import { DiagnosticBuilder } from '../diagnosticBuilder';
import { spanOf } from '../diagnostics';
import { PyNode } from '../yaml/pyNode';
import { charged } from '../work';

export function reportUnknownKeys<T>(unknown: readonly T[], keyOf: (item: T) => PyNode, where: string, out: DiagnosticBuilder, report: (item: T) => void): void {
  const budget = BUDGETS.unknownKeysPerMapping;
  charged(unknown.slice(0, budget)).forEach(report);
  if (unknown.length <= budget) return;
  const rest = unknown.length - budget;
  out.add(
    'resource-limit',
    spanOf(keyOf(unknown[budget])),
    `Stopped listing the keys SWE-agent ignores in ${where} after ${budget}: ${rest.toLocaleString('en-US')} more are not listed (unknownKeysPerMapping).`,
  );
}
