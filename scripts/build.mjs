// Bundles the language server and the lint CLI into single files under dist/ (fast start-up, no node_modules at run time).
// The server is two files: dist/serverMain.js, the bundle, and dist/server.js, the entry that runs it with V8's code
// cache (server/src/host/codeCache.ts), which this build makes last by starting the server for a short session.
import { build } from 'esbuild';
import { spawn } from 'child_process';
import { chmodSync, rmSync } from 'fs';
import { buildDefines } from './buildInfo.mjs';

const common = {
  bundle: true,
  platform: 'node',
  // node18: the VS Code extension ships this very server, and VS Code 1.85 runs it on Node 18.
  target: 'node18',
  format: 'cjs',
  sourcemap: true,
  // No comments or indentation: a third less to read and compile at each start, and ASCII only (a comment
  // with `…` made the whole bundle a two-byte string to V8). Names are kept, so stack traces stay readable.
  minifyWhitespace: true,
  logLevel: 'warning',
  define: buildDefines(new URL('..', import.meta.url)),
  // ES module builds first: jsonc-parser's UMD build loads its parts with requires a bundle cannot follow.
  mainFields: ['module', 'main'],
};
const executable = { banner: { js: '#!/usr/bin/env node' } };
const CODE_CACHE = 'dist/serverMain.js.cache';
rmSync(CODE_CACHE, { force: true });
await Promise.all([
  build({ ...common, entryPoints: ['server/src/server.ts'], outfile: 'dist/serverMain.js' }),
  build({ ...common, ...executable, entryPoints: ['server/src/serverLauncher.ts'], outfile: 'dist/server.js' }),
  build({ ...common, ...executable, entryPoints: ['server/src/lint.ts'], outfile: 'dist/lint.js' }),
]);
for (const file of ['dist/server.js', 'dist/lint.js']) chmodSync(file, 0o755);
await writeCodeCache();

/**
 * Starts the server as an editor does (initialize; open a small bundle; once its diagnostics are out, type into it,
 * ask for a completion after `<`, a hover and the outline; shut down) with SWE_BUNDLE_WRITE_CODE_CACHE=1, so that
 * it writes the code cache of what that compiled as it exits: a user's first keystroke, completion and hover run
 * from it too. A server that fails here leaves no cache: the server then compiles as usual, and the build says so.
 */
function writeCodeCache() {
  const server = spawn(process.execPath, ['dist/server.js', '--stdio'], {
    env: { ...process.env, SWE_BUNDLE_WRITE_CODE_CACHE: '1' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const send = (message) => {
    const json = JSON.stringify({ jsonrpc: '2.0', ...message });
    server.stdin.write(`Content-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`);
  };
  const textDocument = { uri: 'file:///code-cache/tools/demo/config.yaml' };
  const text = 'tools:\n  demo:\n    signature: "demo <path>"\n    docstring: "shows <path>"\n    arguments:\n      - name: path\n        type: string\n        description: "the file"\n        required: true\n';
  const afterLessThan = { line: 2, character: 23 };
  // The answers are only looked for, not parsed: the session is fixed and the server is ours.
  let received = '';
  let opened = false;
  let edited = false;
  let closing = false;
  server.stdout.on('data', (chunk) => {
    received += chunk;
    if (!opened && received.includes('"id":1,"result"')) {
      opened = true;
      send({ method: 'initialized', params: {} });
      send({ method: 'textDocument/didOpen', params: { textDocument: { ...textDocument, languageId: 'yaml', version: 1, text } } });
    }
    if (!edited && received.includes('"method":"textDocument/publishDiagnostics"')) {
      edited = true;
      const range = { start: { line: 2, character: 21 }, end: { line: 2, character: 21 } };
      send({ method: 'textDocument/didChange', params: { textDocument: { ...textDocument, version: 2 }, contentChanges: [{ range, text: ' <' }] } });
      send({ id: 2, method: 'textDocument/completion', params: { textDocument, position: afterLessThan } });
      send({ id: 3, method: 'textDocument/hover', params: { textDocument, position: { line: 3, character: 22 } } });
      send({ id: 4, method: 'textDocument/documentSymbol', params: { textDocument } });
    }
    if (!closing && received.includes('"id":4,')) {
      closing = true;
      send({ id: 5, method: 'shutdown' });
      send({ method: 'exit' });
    }
  });
  send({ id: 1, method: 'initialize', params: { processId: process.pid, rootUri: null, capabilities: {} } });
  return new Promise((resolve) => {
    const timer = setTimeout(() => server.kill(), 30_000);
    server.on('exit', (code) => {
      clearTimeout(timer);
      if (code !== 0) {
        rmSync(CODE_CACHE, { force: true });
        console.warn(`build: no code cache for the server (the warm-up session exited with ${code})`);
      }
      resolve();
    });
  });
}
