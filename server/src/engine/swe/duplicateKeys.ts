/**
 * Duplicate keys in a mapping: PyYAML keeps the last value without a word.
 * Each later occurrence gets a warning that points at the first.
 */
import { DiagnosticBuilder } from '../diagnosticBuilder';
import { spanOf } from '../diagnostics';
import { PyNode, dictEntries } from '../yaml/pyNode';
import { describeKey } from './pyLocItem';
import { pushAll } from '../util/pushAll';
import { spend } from '../work';

/** Warns about duplicate keys in `node` and, unless `shallow`, every mapping below it (aliases are not followed). */
export function warnDuplicateKeys(node: PyNode, where: string, out: DiagnosticBuilder, shallow = false): void {
  const stack: PyNode[] = [node];
  while (stack.length > 0) {
    spend();
    const current = stack.pop()!;
    if (current.kind === 'seq') {
      if (!shallow) pushAll(stack, current.items);
    } else if (current.kind === 'map') {
      for (const entry of dictEntries({ ...current, pairs: current.ownPairs })) {
        spend();
        const [first, ...later] = entry.occurrences;
        for (const duplicate of later) {
          spend();
          out.add(
            'yaml-duplicate-key',
            spanOf(duplicate.key),
            `Duplicate key \`${describeKey(duplicate.key)}\`${where}: PyYAML keeps this value and silently drops the earlier one.`,
            { related: [{ ...spanOf(first.key), message: 'the earlier value, which is dropped' }] },
          );
        }
      }
      if (!shallow) for (const pair of current.ownPairs) {
        spend();
        stack.push(pair.value);
      }
    }
  }
}
