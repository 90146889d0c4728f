// @vscode/test-cli configuration, for contributors with desktop VS Code: `npm test` in client/
// builds the extension, then `vscode-test` downloads VS Code and runs the extension-host suite
// (test/editors/vscode/suite/*.test.js, the same files CI runs in the VS Code server, see
// test/editors/README.md) against this folder, on a copy of the fixture workspace.
import { defineConfig } from '@vscode/test-cli';
import { cpSync, mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { fileURLToPath } from 'url';

// The suite edits documents and workspace settings: give it a scratch copy.
const workspace = join(mkdtempSync(join(tmpdir(), 'swe-bundle-vscode-test-')), 'swe-agent-project');
cpSync(fileURLToPath(new URL('../test/editors/fixtures/workspace', import.meta.url)), workspace, { recursive: true });

export default defineConfig({
  label: 'extension-host',
  files: '../test/editors/vscode/suite/*.test.js',
  extensionDevelopmentPath: '.',
  workspaceFolder: workspace,
  // VSCODE_TEST_VERSION=1.85.2 tries the oldest VS Code the extension supports (engines.vscode).
  version: process.env.VSCODE_TEST_VERSION || 'stable',
  launchArgs: ['--disable-extensions', '--disable-workspace-trust'],
  mocha: { ui: 'tdd', timeout: 60000 },
});
