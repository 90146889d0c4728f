/** The live heap of our server: heapProbe.cjs preloaded, a full collection on SIGUSR2, the result read from its stderr. */
import * as path from 'path';
import { LspClient } from './lspClient';
import { ServerSpec } from './servers';

export function withHeapProbe(spec: ServerSpec, root: string): ServerSpec {
  return { ...spec, args: ['--expose-gc', '-r', path.join(root, 'scripts/bench/heapProbe.cjs'), ...spec.args] };
}

/** Bytes of heap in use after a full garbage collection (NaN when the probe does not answer). */
export async function liveHeap(client: LspClient): Promise<number> {
  const before = client.stderr.length;
  client.process.kill('SIGUSR2');
  for (let i = 0; i < 100 && !client.stderr.slice(before).includes('BENCH-HEAP'); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  const match = /BENCH-HEAP (\d+)/.exec(client.stderr.slice(before));
  return match ? Number(match[1]) : NaN;
}
