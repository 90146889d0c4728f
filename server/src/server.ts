/** Entry point of `swe-bundle-language-server`. Transport flags are those of vscode-languageserver (--stdio, --node-ipc, --socket=N, --pipe=NAME); stdio is the default. */
import { ProposedFeatures, createConnection } from 'vscode-languageserver/node';
import { startLanguageServer } from './lsp/bundleLanguageServer';
import { VERSION } from './version';

const argv = process.argv.slice(2);
if (argv.includes('--version')) {
  process.stdout.write(VERSION + '\n');
} else if (argv.includes('--help') || argv.includes('-h')) {
  process.stdout.write(
    'Usage: swe-bundle-language-server [--stdio | --node-ipc | --socket=PORT | --pipe=NAME]\n\nThe SWE-agent tool bundle language server. Speaks LSP over stdio unless told otherwise.\n',
  );
} else {
  if (!argv.some((arg) => /^--(stdio|node-ipc|socket|pipe)/.test(arg))) process.argv.push('--stdio');
  startLanguageServer(createConnection(ProposedFeatures.all));
}
