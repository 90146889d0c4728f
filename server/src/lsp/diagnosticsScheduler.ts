/**
 * Debounced push diagnostics: a burst of edits to one document publishes
 * once, for the latest version. Publishing always analyzes the document's
 * current version, so a result for an older version is never sent.
 */
export class DiagnosticsScheduler {
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly delayMs: number,
    private readonly publish: (uri: string) => void,
  ) {}

  schedule(uri: string): void {
    this.cancel(uri);
    this.timers.set(
      uri,
      setTimeout(() => {
        this.timers.delete(uri);
        this.publish(uri);
      }, this.delayMs),
    );
  }

  cancel(uri: string): void {
    const timer = this.timers.get(uri);
    if (timer) clearTimeout(timer);
    this.timers.delete(uri);
  }

  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
