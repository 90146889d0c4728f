/**
 * An array used as a queue with a read index (`next`): taking from the front
 * is `next++`, and the consumed part is dropped once the queue is empty, or
 * once it is most of an array past 1,024 entries, so a long-lived queue
 * neither grows without bound nor copies itself on every take.
 */
export function compacted<T>(items: T[], next: number): [T[], number] {
  if (next === items.length) return [[], 0];
  if (next > 1024 && next * 2 > items.length) return [items.slice(next), 0];
  return [items, next];
}
