/**
 * The project has no public address yet, so package.json has no `homepage` or `repository`, and
 * the SARIF output names none. Once it has them, a build follows: this builds a copy of the working
 * tree whose package.json has them, and reads the addresses in its SARIF.
 */
import * as fs from 'fs';
import * as path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../helpers/npm';
import { sarifSchemaErrors } from '../helpers/sarifSchema';
import { WorkingTreeCopy, copyWorkingTree } from '../helpers/workingTreeCopy';

interface Driver {
  informationUri?: string;
  rules: { id: string; helpUri?: string; help: { markdown: string } }[];
}

let tree: WorkingTreeCopy;
beforeAll(() => {
  tree = copyWorkingTree({ nodeModules: true });
}, 120_000);
afterAll(() => tree?.remove());

/** Builds the copy with these package.json fields added, and lints its examples to SARIF. */
function driverBuiltWith(fields: Record<string, unknown>): Driver {
  const file = path.join(tree.root, 'package.json');
  const pkg = JSON.parse(fs.readFileSync(file, 'utf8'));
  delete pkg.homepage;
  delete pkg.repository;
  fs.writeFileSync(file, JSON.stringify({ ...pkg, ...fields }, null, 2));
  run(process.execPath, ['scripts/build.mjs'], { cwd: tree.root, status: 0 });
  const log = JSON.parse(run(process.execPath, ['dist/lint.js', '--format', 'sarif', 'examples/'], { cwd: tree.root, status: 1 }).stdout);
  expect(sarifSchemaErrors(log)).toEqual([]);
  return log.runs[0].tool.driver;
}

const rule = (driver: Driver, id: string) => driver.rules.find((r) => r.id === id)!;

describe('addresses from package.json, read at build time', () => {
  it('none while package.json has none', () => {
    const driver = driverBuiltWith({});
    expect(driver.informationUri).toBeUndefined();
    expect(driver.rules.filter((r) => r.helpUri !== undefined)).toEqual([]);
  });

  it('informationUri from homepage, helpUri and help links from repository', () => {
    const driver = driverBuiltWith({ homepage: 'https://example.org/swe-bundle-lsp', repository: { type: 'git', url: 'git+https://github.com/acme/swe-bundle-lsp.git' } });
    expect(driver.informationUri).toBe('https://example.org/swe-bundle-lsp');
    expect(rule(driver, 'wrong-type').helpUri).toBe('https://github.com/acme/swe-bundle-lsp/tree/HEAD/docs/rules.md#wrong-type');
    expect(driver.rules.every((r) => r.helpUri === `https://github.com/acme/swe-bundle-lsp/tree/HEAD/docs/rules.md#${r.id}`)).toBe(true);
    expect(rule(driver, 'bundle-errors').help.markdown).toContain('](https://github.com/acme/swe-bundle-lsp/tree/HEAD/docs/rules.md#agent-configs)');
  });

  it('informationUri from the repository when there is no homepage', () => {
    const driver = driverBuiltWith({ repository: 'github:acme/swe-bundle-lsp' });
    expect(driver.informationUri).toBe('https://github.com/acme/swe-bundle-lsp');
    expect(rule(driver, 'yaml-syntax').helpUri).toBe('https://github.com/acme/swe-bundle-lsp/tree/HEAD/docs/rules.md#yaml-syntax');
  });
});
