// Shared pieces of the extension-host suite: the fixture workspace, waiting for the language
// server, and plain-object views of VS Code's results so assertions compare exact values.
const vscode = require('vscode');
const assert = require('assert');
const path = require('path');

const EXTENSION_ID = 'swe-bundle-lsp.swe-bundle';

function root() {
  const folder = vscode.workspace.workspaceFolders && vscode.workspace.workspaceFolders[0];
  assert.ok(folder, 'no workspace folder is open (the harness opens a copy of test/editors/fixtures/workspace)');
  return folder.uri.fsPath;
}

const fileUri = (relative) => vscode.Uri.file(path.join(root(), relative));

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `fn` until it returns a truthy value; fails with `what` and the last value seen. */
async function waitFor(fn, what, ms = 20000) {
  const end = Date.now() + ms;
  let last;
  for (;;) {
    last = await fn();
    if (last && last.ok !== false) return last;
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}${last && last.seen !== undefined ? `; last seen: ${JSON.stringify(last.seen, null, 1)}` : ''}`);
    await sleep(50);
  }
}

/** The extension's API, once its server is up and has indexed the workspace. */
async function ready() {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(extension, `extension ${EXTENSION_ID} is not installed`);
  const api = await extension.activate();
  // A server that stopped (did not start, or crashed for good) fails at once, with its reason.
  await waitFor(() => ({ ok: api.status.state === 'ready' || api.status.state === 'stopped', seen: api.status }), 'the server to be ready');
  assert.deepStrictEqual(api.status.state, 'ready', `the language server is not running: ${JSON.stringify(api.status)}`);
  return api;
}

async function open(relative) {
  const document = await vscode.workspace.openTextDocument(fileUri(relative));
  const editor = await vscode.window.showTextDocument(document, { preview: false });
  return { document, editor, uri: document.uri };
}

/** Reverts the document to its saved text (the suite never saves). */
async function revert(document) {
  if (!document.isDirty) return;
  await vscode.window.showTextDocument(document, { preview: false });
  await vscode.commands.executeCommand('workbench.action.files.revert');
  await waitFor(() => !document.isDirty, `${document.uri.fsPath} to be reverted`);
}

const pos = (p) => `${p.line}:${p.character}`;
const range = (r) => `${pos(r.start)}-${pos(r.end)}`;
const SEVERITY = ['error', 'warning', 'information', 'hint'];

function plainDiagnostic(d) {
  return {
    range: range(d.range),
    severity: SEVERITY[d.severity],
    code: typeof d.code === 'object' && d.code !== null ? d.code.value : d.code,
    source: d.source,
    message: d.message,
  };
}

const diagnosticsOf = (uri) => vscode.languages.getDiagnostics(uri).map(plainDiagnostic);

/** Waits until the document's diagnostics equal `expected` exactly (then returns them), or fails showing the last ones. */
async function expectDiagnostics(uri, expected, what = `the diagnostics of ${path.basename(path.dirname(uri.fsPath))}/${path.basename(uri.fsPath)}`) {
  try {
    await waitFor(() => {
      const seen = diagnosticsOf(uri);
      return { ok: JSON.stringify(seen) === JSON.stringify(expected), seen };
    }, what);
  } catch (e) {
    assert.deepStrictEqual(diagnosticsOf(uri), expected, e.message.split(';')[0]);
    throw e;
  }
}

const SEARCH = 'tools/search/config.yaml';
const VIEWER = 'tools/viewer/config.yaml';

/** The diagnostics of the fixture's tools/search/config.yaml as it is on disk. */
const searchDiagnostics = () => [
  {
    range: '6:8-6:25',
    severity: 'error',
    code: 'missing-field',
    source: 'swe-bundle',
    message: 'Argument `search_term` of `search_dir` has no `required`, which SWE-agent requires.',
  },
  {
    range: '9:8-9:16',
    severity: 'warning',
    code: 'unknown-key',
    source: 'swe-bundle',
    message: 'SWE-agent ignores `requried` in argument `search_term` of `search_dir`; did you mean `required`?',
  },
  {
    range: '14:25-14:40',
    severity: 'warning',
    code: 'argument-format-jinja',
    source: 'swe-bundle',
    message: '`argument_format` of argument `dir` in `search_dir` is a Jinja template: write `{{value}}`, not `{value}`.',
  },
  {
    range: '16:38-16:43',
    severity: 'error',
    code: 'signature-unknown-placeholder',
    source: 'swe-bundle',
    message: "Placeholder `<dir>` in the signature of `find_file` has no argument named 'dir'.",
  },
];

const markdown = (content) => (typeof content === 'string' ? content : content.value);

/**
 * The quick fixes VS Code answers at a diagnostic's range, once it answers any. Under load VS Code now and
 * then answers the command with no action although the server answered with the fix (the server's log showed
 * the answer each time; the editor's own light-bulb requests ran alongside): a miss is logged and asked again.
 */
async function quickFixesAt(uri, diagnostic) {
  let misses = 0;
  const { seen } = await waitFor(async () => {
    const actions = await vscode.commands.executeCommand('vscode.executeCodeActionProvider', uri, diagnostic.range, vscode.CodeActionKind.QuickFix.value);
    if (actions.length === 0 && misses++ === 0) console.log(`the first code-action request for ${diagnostic.code} at ${range(diagnostic.range)} answered no fix`);
    return { ok: actions.length > 0, seen: actions };
  }, `the quick fixes of ${diagnostic.code} at ${range(diagnostic.range)}`);
  return seen;
}

module.exports = { EXTENSION_ID, SEARCH, VIEWER, searchDiagnostics, root, fileUri, sleep, waitFor, ready, open, revert, pos, range, plainDiagnostic, diagnosticsOf, expectDiagnostics, markdown, quickFixesAt };
