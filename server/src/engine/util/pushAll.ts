import { spend } from '../work';
/**
 * Appends every item to an array. `target.push(...items)` passes the items as
 * call arguments and throws a RangeError past about 100,000 of them, which a
 * YAML file of a few hundred kilobytes can reach.
 */
export function pushAll<T>(target: T[], items: Iterable<T>): void {
  for (const item of items) {
    spend();
    target.push(item);
  }
}
