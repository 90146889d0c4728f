// (From the editor-test recipes in ../shared/editor-tests, vscode-test.js; run it through run-exthost.sh.)
// Playwright driver for VS Code's extension-host test harness (the one VS Code's own
// test/integration/browser uses): open the workbench with
//   ?payload=[["extensionDevelopmentPath", URI], ["extensionTestsPath", URI]]
// and wait until the workbench calls window.codeAutomationExit(code) after the suite's run()
// settles. The server must honour the payload: the bare VS Code server started with
// --enable-smoke-test-driver (see vscode-server-exttest.sh), or code-server 4.100.x as is.
//
// Usage: node vscode-test.js PORT EXT_DIR TESTS_JS WORKSPACE   (absolute paths on the server host)
// Env:   CHROMIUM (default /usr/bin/chromium), SUITE_TIMEOUT_MS (default 240000),
//        VERBOSE=1 to also print the page console
// Needs: npm install playwright-core (it downloads no browser; Debian's chromium is used).
// Exit:  0 = suite passed, 1 = suite failed or timed out, 2 = driver error.
const { chromium } = require('playwright-core');
const fs = require('fs');
const os = require('os');
const path = require('path');
const util = require('util');

const [PORT, EXT, TESTS, WS] = process.argv.slice(2);
if (!WS) {
  console.error('usage: node vscode-test.js PORT EXT_DIR TESTS_JS WORKSPACE');
  process.exit(2);
}
const t0 = Date.now();

async function main() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'chromium-profile-'));
  // Playwright rejects --user-data-dir in args; a profile dir goes through launchPersistentContext.
  const ctx = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    // Chromium writes ~/.config/chromium/Crash Reports and ~/.cache/dconf: give it its own HOME.
    env: { ...process.env, HOME: profile, XDG_CONFIG_HOME: `${profile}/.config`, XDG_CACHE_HOME: `${profile}/.cache` },
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = ctx.pages()[0] || await ctx.newPage();
    const host = `127.0.0.1:${PORT}`;
    const remote = (p) => `vscode-remote://${host}${p}`;
    let resolveExit;
    const exited = new Promise((r) => { resolveExit = r; });
    // The workbench forwards the extension host's console through codeAutomationLog.
    await page.exposeFunction('codeAutomationLog', (type, args) => console.log('[exthost] ' + util.format(...(args || []))));
    await page.exposeFunction('codeAutomationExit', (code) => resolveExit(code));
    // The page console repeats those lines; VERBOSE=1 shows it too (workbench-side errors).
    if (process.env.VERBOSE) page.on('console', (m) => console.log('[console]', m.text().slice(0, 300)));
    page.on('pageerror', (e) => console.log('[pageerror]', e.message));
    const payload = JSON.stringify([
      ['extensionDevelopmentPath', remote(EXT)],
      ['extensionTestsPath', remote(TESTS)],
      ['skipWelcome', 'true'],
    ]);
    await page.goto(`http://${host}/?folder=${encodeURIComponent(WS)}&payload=${encodeURIComponent(payload)}`);
    const limit = Number(process.env.SUITE_TIMEOUT_MS || 240000);
    const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r('timeout'), limit))]);
    console.log(`codeAutomationExit(${code}) after ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    return code === 0 ? 0 : 1;
  } finally {
    await ctx.close().catch(() => {});
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

main().then((rc) => process.exit(rc), (e) => { console.error(e); process.exit(2); });
