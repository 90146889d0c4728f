/** The language server's transports (--stdio, the default, --node-ipc, --socket=N, --pipe=NAME), as vscode-languageserver offers them, and the server started over one. */
import {
  IPCMessageReader,
  IPCMessageWriter,
  MessageReader,
  MessageWriter,
  ProposedFeatures,
  StreamMessageReader,
  createConnection,
  createServerPipeTransport,
  createServerSocketTransport,
} from './protocol';
import { BoundedMessageWriter } from './boundedWriter';
import { FrameSanitizer } from './frameSanitizer';
import { Lifecycle } from './lifecycle';
import { PacedReader } from './pacedReader';
import { startLanguageServer } from './bundleLanguageServer';

/** The value of `--name=value` or `--name value`. */
function option(argv: readonly string[], name: string): string | undefined {
  const index = argv.findIndex((arg) => arg === name || arg.startsWith(`${name}=`));
  if (index === -1) return undefined;
  return argv[index].includes('=') ? argv[index].slice(name.length + 1) : argv[index + 1];
}

/** The reader and writer of the transport the flags name, and how to know that all output is out. */
function transport(argv: readonly string[]): { reader: MessageReader; writer: MessageWriter; flushed: () => Promise<void>; messagesWaiting?: () => number } {
  const now = () => Promise.resolve();
  if (argv.includes('--node-ipc')) return { reader: new IPCMessageReader(process), writer: new IPCMessageWriter(process), flushed: now };
  const socket = option(argv, '--socket');
  if (socket !== undefined) {
    const [reader, writer] = createServerSocketTransport(Number(socket));
    return { reader, writer, flushed: now };
  }
  const pipe = option(argv, '--pipe');
  if (pipe !== undefined) {
    const [reader, writer] = createServerPipeTransport(pipe);
    return { reader, writer, flushed: now };
  }
  // stdio, the default: malformed frames are dropped before the reader sees them (frameSanitizer.ts),
  // and what waits for the client is bounded (boundedWriter.ts): past the budget, no message is handed
  // to the server, and the input is not read past a few messages ahead (pacedReader.ts).
  const input = process.stdin.pipe(new FrameSanitizer((reason) => process.stderr.write(`swe-bundle-language-server: dropped ${reason}\n`)));
  const log = (line: string) => process.stderr.write(`swe-bundle-language-server: ${line}\n`);
  const reader = new PacedReader(new StreamMessageReader(input), input);
  const writer = new BoundedMessageWriter(process.stdout, {
    pause: () => {
      reader.hold();
      log('the client is not reading its answers: input paused until it has read them');
    },
    resume: () => {
      reader.release();
      log('the client read its answers: input resumed');
    },
  });
  return { reader, writer, flushed: () => writer.drained(), messagesWaiting: () => reader.waiting };
}

/** Serves LSP over the transport the flags name, until the client closes it. */
export function serve(argv: readonly string[]): void {
  const { reader, writer, flushed, messagesWaiting } = transport(argv);
  const lifecycle = new Lifecycle();
  lifecycle.exitWhenClosed(reader, flushed, (code) => process.exit(code));
  startLanguageServer(createConnection(ProposedFeatures.all, lifecycle.guard(reader, writer), writer), { messagesWaiting });
}
