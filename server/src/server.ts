/** Entry point of `swe-bundle-language-server`. Transport flags are those of vscode-languageserver (--stdio, --node-ipc, --socket=N, --pipe=NAME); stdio is the default. */
import { serve } from './lsp/transport';
import { VERSION } from './version';

const argv = process.argv.slice(2);
if (argv.includes('--version')) {
  process.stdout.write(VERSION + '\n');
} else if (argv.includes('--help') || argv.includes('-h')) {
  process.stdout.write(
    'Usage: swe-bundle-language-server [--stdio | --node-ipc | --socket=PORT | --pipe=NAME]\n\nThe SWE-agent tool bundle language server. Speaks LSP over stdio unless told otherwise.\n',
  );
} else {
  // The last line of defence: a bug must cost one answer, not the server.
  process.on('uncaughtException', (error) => process.stderr.write(`swe-bundle-language-server: uncaught ${error.stack ?? error}\n`));
  process.on('unhandledRejection', (reason) => process.stderr.write(`swe-bundle-language-server: unhandled rejection ${String((reason as Error)?.stack ?? reason)}\n`));
  serve(argv);
}
