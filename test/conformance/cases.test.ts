/**
 * Every case in ../shared/conformance/cases, through the lint CLI's JSON
 * output with the case's env, against the real loader's verdict.
 */
import * as fs from 'fs';
import * as path from 'path';
import { afterAll, describe, expect, it } from 'vitest';
import { CASES_DIR, caseIds, envArgs, readJson } from '../helpers/shared';
import { runCli } from '../helpers/runCli';
import { OurFile, Verdict, contractViolations } from './contract';

const ids = caseIds();
let agreeing = 0;

describe('conformance cases', () => {
  it('has the published cases', () => {
    // Counted over every case with a verdict, those a clone without ../shared cannot read included.
    expect(fs.readdirSync(CASES_DIR).filter((id) => fs.existsSync(path.join(CASES_DIR, id, 'expected.json'))).length).toBeGreaterThanOrEqual(576);
  });

  it.each(ids)('case %s agrees with the SWE-agent loader', (id) => {
    const dir = path.join(CASES_DIR, id);
    const verdict = readJson<Verdict>(path.join(dir, 'expected.json'));
    // Run from the case's folder, as a user checks a bundle of their own: its project is the folder, not this repository.
    const run = runCli(['--format', 'json', ...envArgs(dir), path.join(dir, 'config.yaml')], dir);
    expect(run.stderr).toBe('');
    const [ours] = JSON.parse(run.stdout) as OurFile[];
    const violations = contractViolations(verdict, ours, fs.readFileSync(path.join(dir, 'config.yaml')));
    expect(violations).toEqual([]);
    expect(run.code).toBe(ours.diagnostics.some((d) => d.severity === 'error') ? 1 : 0);
    agreeing++;
  });

  afterAll(() => {
    console.log(`conformance: ${agreeing} of ${ids.length} cases agree with the SWE-agent loader`);
  });
});
