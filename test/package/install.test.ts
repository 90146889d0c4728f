/**
 * The npm package as users get it. `npm pack` of a copy of the working tree (no dist/: prepack
 * builds it), what the tarball holds, then the installed commands: from a temporary global prefix,
 * installed offline with an empty cache of its own, and through `npx --package ./<tarball>`.
 */
import * as fs from 'fs';
import { isBuiltin } from 'module';
import * as os from 'os';
import * as path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer } from '../helpers/lspClient';
import { run, userEnv } from '../helpers/npm';
import { REPO_ROOT, readJson } from '../helpers/shared';
import { WorkingTreeCopy, copyWorkingTree } from '../helpers/workingTreeCopy';

interface PackageJson {
  name: string;
  version: string;
  private?: boolean;
  description?: string;
  keywords?: string[];
  license?: string;
  engines?: { node?: string };
  bin: Record<string, string>;
  dependencies?: Record<string, string>;
}

const BROKEN = 'tools:\n  view:\n    signature: "view <path> <mode>"\n    docstring: shows a file\n    arguments:\n      - name: path\n        type: string\n        description: the file\n        required: true\n';

let tree: WorkingTreeCopy;
let scratch: string;
let tarball: string;
let packed: string[];
/** The tarball unpacked: `package/` as npm installs it. */
let unpacked: string;
let prefix: string;
/** What npm said on stderr while packing and while installing the tarball globally. */
let npmSaid: { pack: string; install: string };

beforeAll(() => {
  tree = copyWorkingTree({ nodeModules: true });
  scratch = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'swe-bundle-pack-')));
  expect(fs.existsSync(path.join(tree.root, 'dist'))).toBe(false);
  const env = userEnv({ npm_config_cache: path.join(scratch, 'pack-cache') });
  const pack = run('npm', ['pack', '--json', '--offline'], { cwd: tree.root, env, status: 0 });
  const [result] = JSON.parse(pack.stdout) as { filename: string; files: { path: string }[] }[];
  tarball = path.join(tree.root, result.filename);
  packed = result.files.map((f) => f.path).sort();
  unpacked = path.join(scratch, 'unpacked');
  fs.mkdirSync(unpacked);
  run('tar', ['-xzf', tarball, '-C', unpacked], { cwd: scratch, status: 0 });
  prefix = path.join(scratch, 'prefix');
  const install = run('npm', ['install', '--global', '--prefix', prefix, '--offline', './' + result.filename], { cwd: tree.root, env: userEnv({ npm_config_cache: path.join(scratch, 'install-cache') }), status: 0 });
  npmSaid = { pack: pack.stderr, install: install.stderr };
}, 240_000);

afterAll(() => {
  tree?.remove();
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

const manifest = () => readJson<PackageJson>(path.join(unpacked, 'package', 'package.json'));

describe('the tarball', () => {
  it('holds dist/ as prepack built it, the README, the LICENSE, the docs and the screenshot, and no source, test or source map', () => {
    for (const file of ['LICENSE', 'README.md', 'package.json', 'dist/lint.js', 'dist/server.js', 'dist/serverMain.js', 'dist/serverMain.js.cache', 'docs/rules.md', 'client/images/screenshot.png']) expect(packed).toContain(file);
    expect(packed.filter((file) => /\.map$|^node_modules\/|^server\/|^scripts\/|^examples\//.test(file) || (file.startsWith('test/') && file !== 'test/editors/README.md'))).toEqual([]);
    expect(fs.statSync(path.join(unpacked, 'package', 'dist', 'lint.js')).mode & 0o111).not.toBe(0);
  });

  it('packs and installs globally without an npm warning, and its manifest names no script it does not ship', () => {
    expect(npmSaid.pack.split('\n').filter((line) => /^npm warn/i.test(line))).toEqual([]);
    expect(npmSaid.install.split('\n').filter((line) => /^npm warn/i.test(line))).toEqual([]);
    const pkg = readJson<Record<string, unknown>>(path.join(unpacked, 'package', 'package.json'));
    expect([pkg.scripts, pkg.devDependencies, pkg.allowScripts]).toEqual([undefined, undefined, undefined]);
    // postpack put the repository's manifest back.
    expect(readJson<{ scripts?: Record<string, string> }>(path.join(tree.root, 'package.json')).scripts?.prepack).toBe(readJson<{ scripts: Record<string, string> }>(path.join(REPO_ROOT, 'package.json')).scripts.prepack);
  });

  it('is a publishable MIT package with a description, keywords and the Node it needs', () => {
    const pkg = manifest();
    expect(pkg.private).toBeUndefined();
    expect(pkg.license).toBe('MIT');
    expect(fs.readFileSync(path.join(unpacked, 'package', 'LICENSE'), 'utf8')).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} swe-bundle-lsp contributors\n/);
    expect(pkg.description).toMatch(/SWE-agent tool bundles/);
    expect(pkg.keywords).toContain('swe-agent');
    expect(pkg.engines?.node).toBe('>=20');
    expect(pkg.bin).toEqual({ 'swe-bundle-language-server': 'dist/server.js', 'swe-bundle-lint': 'dist/lint.js' });
  });

  it('lists as runtime dependencies exactly what dist/ loads: Node built-ins aside, nothing (esbuild bundles the rest)', () => {
    const pkg = manifest();
    const loaded = new Set<string>();
    for (const file of ['dist/lint.js', 'dist/server.js', 'dist/serverMain.js']) {
      const code = fs.readFileSync(path.join(unpacked, 'package', file), 'utf8');
      // Every require() takes a string literal, and nothing is imported at run time.
      expect(code.match(/(?<![\w$.])require\s*\(\s*(?!["'])/g) ?? [], file).toEqual([]);
      expect(code.match(/(?<![\w$.])import\s*\(/g) ?? [], file).toEqual([]);
      for (const [, specifier] of code.matchAll(/(?<![\w$.])require\s*\(\s*["']([^"']+)["']\s*\)/g)) if (!isBuiltin(specifier)) loaded.add(specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/'));
    }
    expect([...loaded].sort()).toEqual(Object.keys(pkg.dependencies ?? {}).sort());
    expect(pkg.dependencies ?? {}).toEqual({});
  });

  it('has README and doc links that resolve to files inside the package', () => {
    const root = path.join(unpacked, 'package');
    const markdown = packed.filter((file) => file.endsWith('.md'));
    expect(markdown).toContain('README.md');
    const broken: string[] = [];
    for (const file of markdown) {
      const text = fs.readFileSync(path.join(root, file), 'utf8').replace(/^```[^\n]*\n[\s\S]*?^```[ \t]*$/gm, '');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue;
        const resolved = path.resolve(path.dirname(path.join(root, file)), decodeURIComponent(target.split('#')[0]));
        if (!resolved.startsWith(root + path.sep) || !fs.existsSync(resolved)) broken.push(`${file}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});

describe('installed globally from the tarball, offline', () => {
  const bin = (name: string) => path.join(prefix, 'bin', name);

  it('answers swe-bundle-lint --version', () => {
    expect(run(bin('swe-bundle-lint'), ['--version'], { cwd: scratch, status: 0 }).stdout).toBe(`${manifest().version}\n`);
  });

  it('lints examples/ as the repository build does: the diagnostics, the summary, exit status 1', () => {
    const installed = run(bin('swe-bundle-lint'), ['examples/'], { cwd: tree.root, status: 1 });
    expect(installed.stderr).toBe('');
    const lines = installed.stdout.split('\n');
    expect(lines.pop()).toBe('');
    expect(lines.pop()).toMatch(/^\d+ errors?, \d+ warnings? in 2 files; 1 would not load in SWE-agent$/);
    for (const line of lines) expect(line).toMatch(/^examples\/tools\/broken_search\/config\.yaml:\d+:\d+ (error|warning|information|hint) [a-z0-9-]+ \S/);
    expect(lines.some((line) => / error signature-unknown-placeholder /.test(line))).toBe(true);
    const repositoryBuild = run(process.execPath, [path.join(REPO_ROOT, 'dist', 'lint.js'), 'examples/'], { cwd: REPO_ROOT, status: 1 });
    expect(installed.stdout).toBe(repositoryBuild.stdout);
  });

  it('serves swe-bundle-language-server --stdio: initialize, a diagnostic for a broken bundle, shutdown and exit', async () => {
    const server = await spawnServer({}, ['--stdio'], { executable: bin('swe-bundle-language-server'), env: userEnv() });
    try {
      expect(server.client.initializeResult.serverInfo).toEqual({ name: 'swe-bundle-language-server', version: manifest().version });
      const uri = 'file:///tmp/installed/tools/view/config.yaml';
      await server.client.open(uri, BROKEN);
      const published = await server.client.waitForDiagnostics(uri, (p) => p.diagnostics.length > 0);
      // On `<mode>` in the signature: an error.
      expect(published.diagnostics.map((d) => [d.code, d.severity, d.range, d.source])).toEqual([
        ['signature-unknown-placeholder', 1, { start: { line: 2, character: 28 }, end: { line: 2, character: 34 } }, 'swe-bundle'],
      ]);
      await server.client.shutdown();
      await server.client.notify('exit', null);
      expect(await server.exited).toBe(0);
      expect(server.stderr()).toBe('');
    } finally {
      server.client.dispose();
    }
  });
});

describe('npx --package ./<tarball>', () => {
  it('runs swe-bundle-lint from the tarball, offline with an empty cache', () => {
    const env = userEnv({ npm_config_cache: path.join(scratch, 'npx-cache') });
    const npx = (...args: string[]) => ['--yes', '--offline', '--package', './' + path.basename(tarball), 'swe-bundle-lint', ...args];
    expect(run('npx', npx('--version'), { cwd: tree.root, env, status: 0 }).stdout).toBe(`${manifest().version}\n`);
    const linted = run('npx', npx('examples/'), { cwd: tree.root, env, status: 1 });
    expect(linted.stdout).toBe(run(process.execPath, [path.join(REPO_ROOT, 'dist', 'lint.js'), 'examples/'], { cwd: REPO_ROOT, status: 1 }).stdout);
  });
});
