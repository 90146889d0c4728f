/**
 * The LSP lifecycle as the specification states it, around the connection's
 * reader (so it holds for every transport, and before any handler runs):
 * - `initialize` may be sent once: a second one is answered with
 *   InvalidRequest, and the server keeps the state of the first;
 * - after `shutdown`, every request is answered with InvalidRequest;
 * - the process exits with 0 after `shutdown` and 1 without it, on `exit`
 *   (vscode-languageserver does that) and when the input ends (here: the
 *   client is gone, so pending output is flushed for a moment, then the
 *   process ends, whatever is still running).
 * Requests before `initialize` get ServerNotInitialized from the library.
 */
import { Disposable, ErrorCodes, Message, MessageReader, MessageWriter, RequestMessage } from './protocol';

/** How long output may take to flush once the input has ended. */
const FLUSH_ON_EXIT_MS = 2000;

export class Lifecycle {
  private initializeSeen = false;
  private shutdownSeen = false;

  /** The exit status the specification gives: 0 after `shutdown`, 1 without. */
  get exitCode(): number {
    return this.shutdownSeen ? 0 : 1;
  }

  /** `reader` with the lifecycle applied: refused requests are answered through `writer` and never reach the server. */
  guard(reader: MessageReader, writer: MessageWriter): MessageReader {
    const refuse = (request: RequestMessage, message: string) => {
      writer.write({ jsonrpc: '2.0', id: request.id, error: { code: ErrorCodes.InvalidRequest, message } } as Message).catch(() => undefined);
    };
    return {
      onError: reader.onError,
      onClose: reader.onClose,
      onPartialMessage: reader.onPartialMessage,
      dispose: () => reader.dispose(),
      listen: (callback): Disposable =>
        reader.listen((message) => {
          if (Message.isRequest(message)) {
            if (this.shutdownSeen) return refuse(message, `${message.method}: the server has been shut down; it answers no request after shutdown`);
            if (message.method === 'initialize') {
              if (this.initializeSeen) return refuse(message, 'initialize: the server is initialized already (initialize may be sent only once)');
              this.initializeSeen = true;
            }
            if (message.method === 'shutdown') this.shutdownSeen = true;
          }
          callback(message);
        }),
    };
  }

  /** Ends the process when the input ends, once `flushed` (the pending output) has settled or a moment has passed. */
  exitWhenClosed(reader: MessageReader, flushed: () => Promise<void>, exit: (code: number) => void): void {
    reader.onClose(() => {
      const code = this.exitCode;
      const timer = setTimeout(() => exit(code), FLUSH_ON_EXIT_MS);
      flushed().then(
        () => {
          clearTimeout(timer);
          exit(code);
        },
        () => undefined,
      );
    });
  }
}
