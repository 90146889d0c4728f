/** When a change's push diagnostics round starts: at once after a change with nothing behind it, at the last change of a burst; what a burst of edits needs, once before its round. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DiagnosticsScheduler } from '../../server/src/lsp/diagnosticsScheduler';

const HOUR_MS = 3_600_000;
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A scheduler over `open` documents whose transport holds `waiting` messages back, and the documents it published, in order. */
function scheduler(options: { delayMs: number; open?: string[] }) {
  const published: string[] = [];
  const listeners: (() => void)[] = [];
  const state = { waiting: 0 };
  const made = new DiagnosticsScheduler(
    options.delayMs,
    () => options.open ?? [],
    async (uri) => {
      published.push(uri);
      for (const listener of listeners.splice(0)) listener();
    },
    () => state.waiting,
    () => published.push('(after edits)'),
  );
  /** Resolves once `count` documents have been published. */
  const publishedCount = (count: number) =>
    new Promise<void>(function wait(resolve) {
      if (published.length >= count) resolve();
      else listeners.push(() => wait(resolve));
    });
  return { made, published, state, publishedCount };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('DiagnosticsScheduler', () => {
  it('publishes a change with nothing behind it without waiting for the delay', async () => {
    const { made, published, publishedCount } = scheduler({ delayMs: HOUR_MS });
    made.schedule('a');
    await publishedCount(2);
    expect(published).toEqual(['(after edits)', 'a']);
    made.dispose();
  });

  it('starts one round at the last change of a burst, each changed document once, then the other open documents', async () => {
    const { made, published, state, publishedCount } = scheduler({ delayMs: HOUR_MS, open: ['c', 'a', 'b'] });
    state.waiting = 2;
    made.schedule('a');
    state.waiting = 1;
    made.schedule('b');
    await turn();
    await turn();
    expect(published).toEqual([]);
    state.waiting = 0;
    made.schedule('a');
    await publishedCount(4);
    await turn();
    expect(published).toEqual(['(after edits)', 'a', 'b', 'c']);
    made.dispose();
  });

  it('waits for the delay when the messages behind a change are not changes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { made, published, state, publishedCount } = scheduler({ delayMs: 10 });
    state.waiting = 1;
    made.schedule('a');
    await turn();
    expect(published).toEqual([]);
    vi.advanceTimersByTime(10);
    await publishedCount(2);
    expect(published).toEqual(['(after edits)', 'a']);
    made.dispose();
  });

  it('does what edits need only in a round that has edited documents', async () => {
    const { made, published, publishedCount } = scheduler({ delayMs: HOUR_MS, open: ['c'] });
    made.schedule();
    await publishedCount(1);
    expect(published).toEqual(['c']);
    made.dispose();
  });

  it('publishes nothing after dispose', async () => {
    const { made, published } = scheduler({ delayMs: HOUR_MS });
    made.schedule('a');
    made.dispose();
    await turn();
    await turn();
    expect(published).toEqual([]);
  });
});
