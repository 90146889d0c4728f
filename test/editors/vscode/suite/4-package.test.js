// The extension as users install it: run-exthost.sh installs the .vsix with
// `code-server --install-extension` and names the extensions folder (SWE_BUNDLE_EXTENSIONS_DIR) and
// the repository's server build (SWE_BUNDLE_SERVER_BUILD). Desktop runs of the suite
// (client/.vscode-test.mjs) load client/ as an extension in development instead: no package to check.
const vscode = require('vscode');
const assert = require('assert');
const fs = require('fs');
const path = require('path');
const { EXTENSION_ID } = require('./helpers');

const EXTENSIONS_DIR = process.env.SWE_BUNDLE_EXTENSIONS_DIR;

(EXTENSIONS_DIR ? suite : suite.skip)('the installed .vsix', () => {
  const extension = () => vscode.extensions.getExtension(EXTENSION_ID);
  const file = (name) => path.join(extension().extensionPath, name);

  test('is the extension under test, installed in the extensions folder', () => {
    const { version } = extension().packageJSON;
    assert.strictEqual(extension().extensionPath, path.join(fs.realpathSync(EXTENSIONS_DIR), `${EXTENSION_ID}-${version}`));
  });

  test('runs the same server build as dist/server.js', () => {
    for (const name of ['server.js', 'serverMain.js']) {
      const built = path.join(path.dirname(process.env.SWE_BUNDLE_SERVER_BUILD), name);
      assert.ok(fs.readFileSync(file(`dist/${name}`)).equals(fs.readFileSync(built)), `the bundled dist/${name} differs from the repository build`);
    }
  });

  test('has its README, whose image is packaged, its CHANGELOG and the MIT LICENSE', () => {
    const readme = fs.readFileSync(file('readme.md'), 'utf8');
    const images = [...readme.matchAll(/!\[[^\]]*\]\(([^)]+)\)/g)].map((m) => m[1]);
    assert.deepStrictEqual(images, ['images/screenshot.png']);
    for (const image of images) assert.ok(fs.statSync(file(image)).size > 0, `${image} is not packaged`);
    assert.match(fs.readFileSync(file('changelog.md'), 'utf8'), /^# Changelog\n\n## 0\.1\.0\n/);
    assert.match(fs.readFileSync(file('LICENSE.txt'), 'utf8'), /^MIT License\n/);
  });
});
