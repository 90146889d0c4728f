/**
 * Analysis of big documents in slices. Opening a 50,000-line bundle means
 * parsing a few thousand tools; done in one go, that would hold up every
 * other request and every `$/cancelRequest` for a second. Instead the work is
 * done ahead in slices of a few milliseconds (Analysis.prepare, which fills
 * the host's tool-check queries a few tools at a time),
 * yielding to the event loop between them; requests and diagnostics for that
 * document wait for it without blocking anything else.
 */
import { CancellationToken } from './protocol';
import { PrepareScope } from '../engine/analysis/analysis';

const SLICE_MS = 8;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export class DocumentPreparer {
  /** By scope and URI. */
  private readonly running = new Map<string, Promise<void>>();

  /**
   * `prepareSlice`: works on the document's current version while `hasTime()`,
   * from where the last slice stopped; where to go on from, or null when
   * nothing is left (or the document is gone).
   */
  constructor(private readonly prepareSlice: (uri: string, scope: PrepareScope, hasTime: () => boolean, from: number) => number | null) {}

  /**
   * Resolves once the document's current version is prepared for `scope`,
   * right away (after one slice) for a small or already prepared one, or as
   * soon as `token` is cancelled. A request that reads only the model does not
   * wait for the checks in every other context the bundle is used in.
   */
  whenReady(uri: string, scope: PrepareScope, token?: CancellationToken): Promise<void> {
    const id = `${scope}\0${uri}`;
    let run = this.running.get(id);
    if (!run) {
      run = this.run(uri, scope).finally(() => this.running.delete(id));
      this.running.set(id, run);
    }
    if (!token) return run;
    return new Promise<void>((resolve) => {
      const listener = token.onCancellationRequested(() => resolve());
      void run.then(() => {
        listener.dispose();
        resolve();
      });
    });
  }

  private async run(uri: string, scope: PrepareScope): Promise<void> {
    let from = 0;
    for (;;) {
      const deadline = performance.now() + SLICE_MS;
      const next = this.prepareSlice(uri, scope, () => performance.now() < deadline, from);
      if (next === null) return;
      from = next;
      await yieldToEventLoop();
    }
  }
}
