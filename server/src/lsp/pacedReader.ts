/**
 * The reader of stdio, paced by what waits for the client. Pausing the input
 * stream alone did not bound the output: the stream reader parses every
 * message of each chunk at once and the connection queues them all, so a
 * client that wrote 47,000 hovers and read nothing had them all read before
 * the first answer was written, and the server then answered every one of
 * them into its output queue (500 MB after 20 s, 2 GB later) with its input
 * long paused.
 *
 * Here the connection gets one message at a time, the next only after it has
 * handled the one before (a turn of the event loop, as the connection handles
 * one message per turn), and none while the output is over its budget
 * (`hold()` until `release()`, from `boundedWriter.ts`). Messages read but not
 * yet handed on wait here; past `HELD_MESSAGES` of them, the input stream is
 * paused until the connection has taken half. So what is read ahead is
 * bounded, and so is what it can make the server write.
 */
import { DataCallback, Disposable, Message, MessageReader } from './protocol';
import { compacted } from './consumedQueue';

/** Messages read ahead of the connection before the input stream is paused. Pausing after 64 slowed ordinary bursts (40 big documents opened at once) by a fifth; 1,024 small requests are a few hundred kilobytes. */
const HELD_MESSAGES = 1024;

export interface PausableInput {
  pause(): void;
  resume(): void;
}

export class PacedReader implements MessageReader {
  private held: Message[] = [];
  private next = 0;
  private callback: DataCallback | undefined;
  private scheduled = false;
  private holding = false;
  private inputPaused = false;

  constructor(
    private readonly reader: MessageReader,
    private readonly input: PausableInput,
  ) {}

  get onError() {
    return this.reader.onError;
  }

  get onClose() {
    return this.reader.onClose;
  }

  get onPartialMessage() {
    return this.reader.onPartialMessage;
  }

  dispose(): void {
    this.reader.dispose();
  }

  listen(callback: DataCallback): Disposable {
    this.callback = callback;
    return this.reader.listen((message) => {
      this.held.push(message);
      this.pace();
      this.schedule();
    });
  }

  /** The client is not reading: hand nothing on until `release`. */
  hold(): void {
    this.holding = true;
  }

  release(): void {
    this.holding = false;
    this.schedule();
  }

  /** Messages read and not yet handed on. */
  get waiting(): number {
    return this.held.length - this.next;
  }

  private schedule(): void {
    if (this.scheduled || this.holding || this.waiting === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.handOn();
    });
  }

  private handOn(): void {
    if (this.holding || this.waiting === 0) return;
    const message = this.held[this.next++];
    [this.held, this.next] = compacted(this.held, this.next);
    this.pace();
    this.callback?.(message);
    this.schedule();
  }

  /** Pauses the input while too many messages wait here, and resumes it once half of them are handed on. */
  private pace(): void {
    if (!this.inputPaused && this.waiting > HELD_MESSAGES) {
      this.inputPaused = true;
      this.input.pause();
    } else if (this.inputPaused && this.waiting <= HELD_MESSAGES / 2) {
      this.inputPaused = false;
      this.input.resume();
    }
  }
}
