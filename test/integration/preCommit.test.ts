/**
 * The pre-commit hook (.pre-commit-hooks.yaml) in a bundle repository, with Debian's pre-commit
 * (.ci/run installs it). The hook repository is a commit of this working tree, given by its local
 * path; pre-commit installs it with its node language, on the machine's Node (language_version:
 * system), then `pre-commit run --all-files` fails on a broken bundle, showing the diagnostics, and
 * passes once the bundle is fixed.
 */
import * as fs from 'fs';
import * as path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleFiles, withExecutableBins } from '../helpers/bundleFolder';
import { commitAll, git } from '../helpers/git';
import { run, userEnv } from '../helpers/npm';
import { TempWorkspace, tempWorkspace } from '../helpers/tempWorkspace';
import { WorkingTreeCopy, copyWorkingTree } from '../helpers/workingTreeCopy';

const GOOD = 'tools:\n  view:\n    signature: "view <path>"\n    docstring: shows a file\n    arguments:\n      - name: path\n        type: string\n        description: the file\n        required: true\n';
const BROKEN = GOOD.replace('required: true', 'required: maybe');

let hookRepository: WorkingTreeCopy;
let rev: string;
let bundles: TempWorkspace;
let home: TempWorkspace;

beforeAll(() => {
  hookRepository = copyWorkingTree({ commit: true });
  rev = git(hookRepository.root, 'rev-parse', 'HEAD').trim();
  home = tempWorkspace();
  bundles = withExecutableBins(
    tempWorkspace({
      ...bundleFiles('viewer', BROKEN),
      // Other YAML is not the hook's business: a model config, a workflow.
      'config/models/gpt.yaml': 'model:\n  name: gpt-4o\n',
      '.github/workflows/ci.yml': 'on: push\n',
      '.pre-commit-config.yaml': `repos:\n  - repo: ${hookRepository.root}\n    rev: ${rev}\n    hooks:\n      - id: swe-bundle-lint\n`,
    }),
  );
  commitAll(bundles.root);
});

afterAll(() => {
  hookRepository?.remove();
  bundles?.remove();
  home?.remove();
});

/** pre-commit with a home of its own; npm prefers its cache, so a warm cache needs no network. */
function preCommit(status: number) {
  return run('pre-commit', ['run', '--all-files', '--color', 'never'], { cwd: bundles.root, env: userEnv({ PRE_COMMIT_HOME: home.root, npm_config_prefer_offline: 'true' }), status });
}

describe('pre-commit run --all-files with the swe-bundle-lint hook', () => {
  it('fails on a broken bundle and shows its diagnostics', () => {
    const result = preCommit(1);
    // The first run installs the hook first, and says so in [INFO] lines.
    const lines = result.stdout.split('\n').filter((line) => !line.startsWith('[INFO] '));
    expect(lines[0]).toMatch(/^swe-bundle-lint\.+Failed$/);
    expect(lines.slice(1, 4)).toEqual(['- hook id: swe-bundle-lint', '- exit code: 1', '']);
    expect(lines.filter((line) => line.startsWith('tools/'))).toEqual([
      'tools/viewer/config.yaml:9:19 error wrong-type `required` of argument `path` of `view` must be a boolean (true or false), but it is a string.',
    ]);
    expect(lines).toContain('1 error, 0 warnings in 1 file; 1 would not load in SWE-agent');
  });

  it('ran on the machine\'s Node, never one that pre-commit downloaded', () => {
    const [environment] = fs.readdirSync(home.root).filter((entry) => fs.existsSync(path.join(home.root, entry, 'node_env-system')));
    expect(environment).toBeDefined();
    const shim = fs.readFileSync(path.join(home.root, environment, 'node_env-system', 'bin', 'node'), 'utf8');
    const node = /^exec (\S+) "\$@"$/m.exec(shim)![1];
    expect(node.startsWith(home.root)).toBe(false);
    expect(run(node, ['--version'], { cwd: home.root, status: 0 }).stdout).toMatch(/^v\d+\./);
  });

  it('passes once the bundle is fixed', () => {
    bundles.write('tools/viewer/config.yaml', GOOD);
    commitAll(bundles.root, 'fix the bundle');
    const result = preCommit(0);
    expect(result.stdout).toMatch(/^swe-bundle-lint\.+Passed\n$/);
  });
});
