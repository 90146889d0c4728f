/**
 * Installing from git: npm clones the repository, installs its devDependencies, packs it (`prepack`
 * builds dist/) and installs the result, so the commands work although dist/ is not in git.
 * The repository is a commit of this working tree, installed into a project folder. (A global
 * install from git, `npm install -g git+…`, fails in npm itself, npm/cli#8440: its git preparation
 * inherits --global. The README says so and installs globally from a packed tarball instead.)
 */
import * as fs from 'fs';
import * as path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { git } from '../helpers/git';
import { run, userEnv } from '../helpers/npm';
import { REPO_ROOT, readJson } from '../helpers/shared';
import { TempWorkspace, tempWorkspace } from '../helpers/tempWorkspace';
import { WorkingTreeCopy, copyWorkingTree } from '../helpers/workingTreeCopy';

let repository: WorkingTreeCopy;
let project: TempWorkspace;

beforeAll(() => {
  repository = copyWorkingTree({ commit: true });
  project = tempWorkspace({ 'package.json': '{"name": "bundle-repository", "private": true}\n' });
  const head = git(repository.root, 'rev-parse', 'HEAD').trim();
  // A warm npm cache serves the devDependencies without the network.
  run('npm', ['install', '--no-audit', '--no-fund', `git+file://${repository.root}#${head}`], { cwd: project.root, env: userEnv({ npm_config_prefer_offline: 'true' }), status: 0 });
});

afterAll(() => {
  repository?.remove();
  project?.remove();
});

describe('npm install git+file://…', () => {
  it('installs dist/ as prepack built it, and the commands', () => {
    const installed = path.join(project.root, 'node_modules', 'swe-bundle-lsp');
    expect(fs.readdirSync(path.join(installed, 'dist')).sort()).toEqual(['lint.js', 'server.js', 'serverMain.js', 'serverMain.js.cache']);
    expect(fs.readlinkSync(path.join(project.root, 'node_modules', '.bin', 'swe-bundle-lint'))).toBe('../swe-bundle-lsp/dist/lint.js');
    expect(fs.readlinkSync(path.join(project.root, 'node_modules', '.bin', 'swe-bundle-language-server'))).toBe('../swe-bundle-lsp/dist/server.js');
  });

  it('runs swe-bundle-lint from there: the version, and the examples as the repository build lints them', () => {
    const lint = path.join(project.root, 'node_modules', '.bin', 'swe-bundle-lint');
    expect(run(lint, ['--version'], { cwd: project.root, status: 0 }).stdout).toBe(`${readJson<{ version: string }>(path.join(REPO_ROOT, 'package.json')).version}\n`);
    const installed = run(lint, ['examples/'], { cwd: repository.root, status: 1 });
    expect(installed.stdout).toBe(run(process.execPath, [path.join(REPO_ROOT, 'dist', 'lint.js'), 'examples/'], { cwd: REPO_ROOT, status: 1 }).stdout);
  });
});
