/**
 * Debounced push diagnostics. A burst of changes publishes once, after the
 * last: first the documents the burst changed, then every other open
 * document (a change to one file can change another's diagnostics: a bundle
 * and the agent configs that use it), one at a time with the event loop free
 * in between; a new change starts that round over. So a pause in a burst
 * costs the documents it changed and the round up to the next message, and
 * a request waits for one document at most. With a timer per document, every
 * pause re-checked all N open documents at once: opening N documents one
 * after another cost N² checks, and 2,000 of them did not all have
 * diagnostics within 120 s (issue 15). Publishing always analyzes a
 * document's current version, so a result for an older version is never sent.
 */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export class DiagnosticsScheduler {
  private timer: NodeJS.Timeout | undefined;
  /** Documents changed since the last round began: published first. */
  private readonly changed = new Set<string>();
  /** Moved by each change: a round that sees it move stops (the next one starts over). */
  private generation = 0;

  /**
   * `openUris`: every open document, as the round reaches it.
   * `publish`: publishes a document's diagnostics, resolving once sent.
   */
  constructor(
    private readonly delayMs: number,
    private readonly openUris: () => Iterable<string>,
    private readonly publish: (uri: string) => Promise<void>,
  ) {}

  /** After a change: in the document `changedUri`, or elsewhere (settings, files on disk) when undefined. */
  schedule(changedUri?: string): void {
    if (changedUri !== undefined) this.changed.add(changedUri);
    this.generation++;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.round(this.generation);
    }, this.delayMs);
  }

  /** A closed document is not published. */
  cancel(uri: string): void {
    this.changed.delete(uri);
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.changed.clear();
    this.generation++;
  }

  private async round(generation: number): Promise<void> {
    const first = [...this.changed];
    this.changed.clear();
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
