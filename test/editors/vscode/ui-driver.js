// (From the editor-test recipes in ../shared/editor-tests, drive-ui.js; run it through run-ui.sh.)
// Drives the real VS Code workbench served by code-server with playwright-core + Debian chromium:
// opens the fixture's tools/search/config.yaml, then checks the squiggles, the code lenses, every
// row of the Problems panel, and the hover on a signature placeholder, and takes the screenshot the
// READMEs use; then clicks a code lens and checks that the tool preview opens rendered (VS Code's
// Markdown preview), and takes a screenshot of that.
//
// Usage: node ui-driver.js PORT WORKSPACE SCREENSHOT.png PREVIEW_SCREENSHOT.png
// Env:   CHROMIUM (default /usr/bin/chromium)
// Exit:  0 = pass, 1 = fail. A screenshot is written either way (on failure, of the moment it failed).
const { chromium } = require('playwright-core');
const fs = require('fs');
const os = require('os');
const path = require('path');

const [PORT, WS, SHOT, PREVIEW_SHOT] = process.argv.slice(2);
if (!PREVIEW_SHOT) {
  console.error('usage: node ui-driver.js PORT WORKSPACE SCREENSHOT.png PREVIEW_SCREENSHOT.png');
  process.exit(2);
}
const FILE = 'tools/search/config.yaml';
// The Problems panel rows: message, then source and code, then [Ln, Col] (1-based), as VS Code renders them.
const PROBLEMS = [
  ['Argument `search_term` of `search_dir` has no `required`, which SWE-agent requires.', 'swe-bundle missing-field', '[Ln 7, Col 9]'],
  ['SWE-agent ignores `requried` in argument `search_term` of `search_dir`; did you mean `required`?', 'swe-bundle unknown-key', '[Ln 10, Col 9]'],
  ['`argument_format` of argument `dir` in `search_dir` is a Jinja template: write `{{value}}`, not `{value}`.', 'swe-bundle argument-format-jinja', '[Ln 15, Col 26]'],
  ["Placeholder `<dir>` in the signature of `find_file` has no argument named 'dir'.", 'swe-bundle signature-unknown-placeholder', '[Ln 17, Col 39]'],
];
// Line 4 is `    signature: "search_dir <search_term> [<dir>]"`; column 32 is inside `search_term`
// (whose `required` is misspelt, so the hover says neither required nor optional).
const HOVER_AT = '4:32';
const HOVER = ['search_term: argument of search_dir (string) the term to search for', '<search_term> in the signature becomes {search_term} in the invoke format and receives the value.'];

const t0 = Date.now();
const log = (...a) => console.log(`[${((Date.now() - t0) / 1000).toFixed(1)}s]`, ...a);
const squash = (s) => s.replace(/\s+/g, ' ').trim();

(async () => {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'chromium-profile-'));
  // Playwright rejects --user-data-dir in args; a profile dir goes through launchPersistentContext.
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    // Chromium writes ~/.config/chromium/Crash Reports and ~/.cache/dconf: give it its own HOME.
    env: { ...process.env, HOME: profile, XDG_CONFIG_HOME: `${profile}/.config`, XDG_CACHE_HOME: `${profile}/.cache` },
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  let ok = false;
  let shot = SHOT; // the README screenshot until it is taken, then the preview's
  const page = browser.pages()[0] || await browser.newPage();
  page.on('pageerror', (e) => log('pageerror:', e.message));
  const editorText = page.locator('.monaco-editor .view-lines').first();
  try {
    await page.goto(`http://127.0.0.1:${PORT}/?folder=${encodeURIComponent(WS)}`);
    await page.waitForSelector('.monaco-workbench', { timeout: 60000 });
    log('workbench loaded');
    // Quick Open (Ctrl+P): the Explorer only lists the top of the workspace.
    await page.keyboard.press('Control+P');
    await page.waitForSelector('.quick-input-widget input', { timeout: 30000 });
    await page.keyboard.type(FILE);
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'config.yaml' }).first().waitFor({ timeout: 30000 });
    await page.keyboard.press('Enter');
    await editorText.waitFor({ timeout: 30000 });
    log('editor open');

    // Diagnostics render as .squiggly-{error,warning} in the editor's view overlays: 2 errors, 2 warnings.
    await page.locator('.monaco-editor .squiggly-error').first().waitFor({ timeout: 60000 });
    await page.locator('.monaco-editor .squiggly-warning').first().waitFor({ timeout: 30000 });
    log('squiggles present:', await page.locator('.monaco-editor .squiggly-error').count(), 'error,', await page.locator('.monaco-editor .squiggly-warning').count(), 'warning');

    // The code lens above each tool.
    const lenses = page.locator('.monaco-editor .codelens-decoration', { hasText: 'Preview as the model sees it' });
    await page.waitForFunction(() => [...document.querySelectorAll('.monaco-editor .codelens-decoration')].filter((e) => e.textContent.includes('Preview as the model sees it')).length === 2, null, { timeout: 30000 });
    log('code lenses:', await lenses.count());

    await editorText.click();
    await page.keyboard.press('Control+Shift+M'); // Problems panel
    const rows = page.locator('.markers-panel .monaco-list-row');
    // The file row plus one row per problem.
    await page.waitForFunction(() => document.querySelectorAll('.markers-panel .monaco-list-row').length >= 5, null, { timeout: 30000 });
    const texts = (await rows.allInnerTexts()).map(squash);
    log('Problems panel:', JSON.stringify(texts, null, 1));
    for (const [message, source, where] of PROBLEMS) {
      const row = texts.find((t) => t.includes(squash(message)));
      if (!row) throw new Error(`no Problems row for: ${message}`);
      if (!row.includes(source) || !row.includes(where)) throw new Error(`Problems row lacks "${source}" / "${where}": ${row}`);
    }
    if (!texts.some((t) => /^config\.yaml\s*tools\/search\s*4$/.test(t))) throw new Error('no file row "config.yaml tools/search 4"');
    const problemRows = texts.filter((t) => PROBLEMS.some(([m]) => t.includes(squash(m))));
    if (problemRows.length !== PROBLEMS.length) throw new Error(`expected ${PROBLEMS.length} problem rows, got ${problemRows.length}`);
    log('Problems panel rows match');

    // Hover by keyboard: Go to Line (Ctrl+G accepts line:column), then Show Hover (Ctrl+K Ctrl+I).
    // Mouse-hovering a token times out: the text layer above it intercepts pointer events.
    await editorText.click();
    await page.keyboard.press('Control+G');
    await page.waitForSelector('.quick-input-widget input', { timeout: 15000 });
    await page.keyboard.type(HOVER_AT);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+K');
    await page.keyboard.press('Control+I');
    const hover = page.locator('.monaco-hover-content', { hasText: 'argument of search_dir' });
    await hover.first().waitFor({ timeout: 15000 });
    const hoverText = squash(await hover.first().innerText());
    log('hover text:', JSON.stringify(hoverText));
    for (const part of HOVER) if (!hoverText.includes(part)) throw new Error(`the hover lacks "${part}"`);
    await page.waitForTimeout(300); // let the hover finish fading in before the screenshot
    await page.screenshot({ path: SHOT });
    shot = PREVIEW_SHOT;
    log('screenshot', SHOT);

    // The code lens above `search_dir` opens its preview, rendered: Markdown bold is <strong>, and
    // no Markdown syntax shows. The webview nests the rendered page in two iframes.
    await page.keyboard.press('Escape');
    await lenses.first().locator('a', { hasText: 'Preview as the model sees it' }).click();
    const rendered = page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
    await rendered.locator('strong', { hasText: 'search_dir' }).waitFor({ timeout: 30000 });
    const text = squash(await rendered.locator('body').innerText());
    log('preview:', JSON.stringify(text));
    if (!text.startsWith('SWE-agent would not start with this bundle, so the model receives none of its tools. search_dir: SWE-agent cannot build this tool as written, so the model would see nothing of it:')) throw new Error('the preview does not show the tool');
    if (text.includes('**') || text.includes('`')) throw new Error('the preview shows Markdown syntax: it is not rendered');
    const tab = page.locator('.tabs-container .tab', { hasText: 'Preview search_dir.md' });
    await tab.first().waitFor({ timeout: 15000 });
    log('preview tab:', squash(await tab.first().innerText()));
    ok = true;
  } catch (e) {
    log('FAIL', e.message);
  } finally {
    await page.screenshot({ path: shot }).catch((e) => log('screenshot failed:', e.message));
    log('screenshot', shot);
    await browser.close().catch(() => {});
    fs.rmSync(profile, { recursive: true, force: true });
  }
  log(ok ? 'PASS' : 'FAIL');
  process.exit(ok ? 0 : 1);
})().catch((e) => { console.error(e); process.exit(2); });
