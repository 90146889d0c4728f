/**
 * Push diagnostics, one round per burst of changes: first the documents the
 * burst changed, then every other open document (a change to one file can
 * change another's diagnostics: a bundle and the agent configs that use it),
 * one at a time with the event loop free in between; a new change starts
 * that round over, and a request waits for one document at most. With a
 * timer per document, every pause re-checked all N open documents at once:
 * opening N documents one after another cost N² checks, and 2,000 of them
 * did not all have diagnostics within 120 s (issue 15). Publishing always
 * analyzes a document's current version, so a result for an older version is
 * never sent.
 *
 * A burst is what the transport has read and not yet handed on
 * (`messagesWaiting`, from `pacedReader.ts`): a change with nothing behind it
 * starts the round at once, and one with messages behind it waits for them
 * (the last change of the burst starts the round), or for `delayMs` if none of
 * them is a change. A fixed delay after every change made each keystroke wait
 * for it: 10 ms of a 15 ms edit → diagnostics at 60 lines (issue 21).
 */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export class DiagnosticsScheduler {
  /** Cancels the round that is waiting to start. */
  private cancelWaiting: (() => void) | undefined;
  /** Documents changed since the last round began: published first. */
  private readonly changed = new Set<string>();
  /** Moved by each change: a round that sees it move stops (the next one starts over). */
  private generation = 0;

  /**
   * `openUris`: every open document, as the round reaches it.
   * `publish`: publishes a document's diagnostics, resolving once sent.
   * `messagesWaiting`: how many messages the transport has read and not yet handed on.
   * `afterEdits`: what a burst that changed documents needs once, before their diagnostics.
   */
  constructor(
    private readonly delayMs: number,
    private readonly openUris: () => Iterable<string>,
    private readonly publish: (uri: string) => Promise<void>,
    private readonly messagesWaiting: () => number,
    private readonly afterEdits: () => void,
  ) {}

  /** After a change: in the document `changedUri`, or elsewhere (settings, files on disk) when undefined. */
  schedule(changedUri?: string): void {
    if (changedUri !== undefined) this.changed.add(changedUri);
    this.generation++;
    this.cancelWaiting?.();
    const start = () => {
      this.cancelWaiting = undefined;
      void this.round(this.generation);
    };
    if (this.messagesWaiting() === 0) {
      const immediate = setImmediate(start);
      this.cancelWaiting = () => clearImmediate(immediate);
    } else {
      const timer = setTimeout(start, this.delayMs);
      this.cancelWaiting = () => clearTimeout(timer);
    }
  }

  /** A closed document is not published. */
  cancel(uri: string): void {
    this.changed.delete(uri);
  }

  dispose(): void {
    this.cancelWaiting?.();
    this.cancelWaiting = undefined;
    this.changed.clear();
    this.generation++;
  }

  private async round(generation: number): Promise<void> {
    const first = [...this.changed];
    this.changed.clear();
    if (first.length > 0) this.afterEdits();
    for (const uri of first) await this.publish(uri);
    const done = new Set(first);
    for (const uri of this.openUris()) {
      if (this.generation !== generation) return;
      if (done.has(uri)) continue;
      await this.publish(uri);
      await yieldToEventLoop();
    }
  }
}
