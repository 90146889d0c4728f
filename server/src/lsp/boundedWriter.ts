/**
 * The writer of stdio, with a bound on what waits for a client that does not
 * read. vscode-jsonrpc's own writer queues every message until the stream
 * takes it, so a client that stops reading made the server hold 4,000 unread
 * answers (644 MB) and counting.
 *
 * Here a message that a newer one supersedes is replaced while it waits:
 * diagnostics for the same document, the status notification, a progress
 * report of the same token. Answers are never dropped: once more than
 * `BUDGETS.outputQueueBytes` wait (in this queue and in the stream's buffer),
 * the server stops reading its input (`pressure.pause()`), so it takes no new
 * work until the client has read half of it; then it reads on. What waits is
 * then bounded by the budget and the few requests already read.
 */
import { Writable } from 'stream';
import { AbstractMessageWriter, Message, MessageWriter, NotificationMessage } from './protocol';
import { BUDGETS } from '../engine/budgets';
import { compacted } from './consumedQueue';

export interface InputPressure {
  pause(): void;
  resume(): void;
}

interface Waiting {
  frame: Buffer;
  key: string | null;
  dropped: boolean;
}

/** What a newer message of the same key makes obsolete while it waits. */
function supersedeKey(message: Message): string | null {
  if (!Message.isNotification(message)) return null;
  const params = (message as NotificationMessage).params as Record<string, unknown> | undefined;
  switch (message.method) {
    case 'textDocument/publishDiagnostics':
      return typeof params?.uri === 'string' ? `diagnostics ${params.uri}` : null;
    case 'sweBundle/status':
      return 'status';
    case '$/progress': {
      const value = params?.value as { kind?: string } | undefined;
      return value?.kind === 'report' && (typeof params?.token === 'string' || typeof params?.token === 'number') ? `progress ${params.token}` : null;
    }
    default:
      return null;
  }
}

export class BoundedMessageWriter extends AbstractMessageWriter implements MessageWriter {
  private queue: Waiting[] = [];
  private next = 0;
  private readonly byKey = new Map<string, Waiting>();
  private queuedBytes = 0;
  private waitingForDrain = false;
  private paused = false;
  private drainedWaiters: (() => void)[] = [];
  /** Messages replaced by newer ones while they waited (for tests and logs). */
  superseded = 0;

  constructor(
    private readonly output: Writable,
    private readonly pressure: InputPressure,
    private readonly budget: number = BUDGETS.outputQueueBytes,
  ) {
    super();
    output.on('error', (error) => this.fireError(error));
    output.on('close', () => this.fireClose());
  }

  write(message: Message): Promise<void> {
    const body = Buffer.from(JSON.stringify(message), 'utf8');
    const waiting: Waiting = { frame: Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]), key: supersedeKey(message), dropped: false };
    if (waiting.key !== null) {
      const older = this.byKey.get(waiting.key);
      if (older) {
        older.dropped = true;
        this.queuedBytes -= older.frame.length;
        this.superseded++;
      }
      this.byKey.set(waiting.key, waiting);
    }
    this.queue.push(waiting);
    this.queuedBytes += waiting.frame.length;
    this.pump();
    return Promise.resolve();
  }

  end(): void {
    // The stream belongs to the process; it ends with it.
  }

  /** Resolves once everything written so far has been flushed to the stream's target. */
  drained(): Promise<void> {
    return new Promise((resolve) => {
      this.drainedWaiters.push(resolve);
      this.pump();
    });
  }

  private pump(): void {
    while (!this.waitingForDrain && this.next < this.queue.length) {
      const waiting = this.queue[this.next++];
      if (waiting.dropped) continue;
      if (waiting.key !== null && this.byKey.get(waiting.key) === waiting) this.byKey.delete(waiting.key);
      this.queuedBytes -= waiting.frame.length;
      if (!this.output.write(waiting.frame)) {
        this.waitingForDrain = true;
        this.output.once('drain', () => {
          this.waitingForDrain = false;
          this.pump();
        });
      }
    }
    [this.queue, this.next] = compacted(this.queue, this.next);
    this.applyPressure();
    if (this.next >= this.queue.length && this.drainedWaiters.length > 0) {
      // A write's callback runs once it and everything before it are flushed.
      const waiters = this.drainedWaiters.splice(0);
      this.output.write(Buffer.alloc(0), () => waiters.forEach((resolve) => resolve()));
    }
  }

  private applyPressure(): void {
    const waiting = this.queuedBytes + this.output.writableLength;
    if (!this.paused && waiting > this.budget) {
      this.paused = true;
      this.pressure.pause();
    } else if (this.paused && waiting <= this.budget / 2) {
      this.paused = false;
      this.pressure.resume();
    }
  }
}
