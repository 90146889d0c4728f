// Entry point of the extension-host suite for VS Code's test harness (the extensionTestsPath
// contract: export run(); resolve = pass, reject = fail). It runs the mocha tests next to it
// (*.test.js, TDD interface) inside the real extension host. @vscode/test-cli (client/.vscode-test.mjs)
// runs the same test files with its own mocha runner on desktop VS Code.
const path = require('path');
const fs = require('fs');
const Mocha = require('mocha');

exports.run = function run() {
  const mocha = new Mocha({
    ui: 'tdd',
    color: false,
    timeout: 60000,
    // The extension host forwards console.log to the driver, which prints it.
    reporter: 'spec',
    grep: process.env.SUITE_GREP || undefined,
  });
  for (const file of fs.readdirSync(__dirname).filter((f) => f.endsWith('.test.js')).sort()) mocha.addFile(path.join(__dirname, file));
  return new Promise((resolve, reject) => {
    mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} test(s) failed`)) : resolve()));
  });
};
