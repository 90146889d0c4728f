/**
 * The 75 real bundles in ../shared/corpus, with the real loader's verdicts:
 * the contract holds, nothing crashes, and no bundle SWE-agent starts with
 * gets an error (rule 6).
 */
import * as fs from 'fs';
import * as path from 'path';
import { afterAll, describe, expect, it } from 'vitest';
import { CORPUS_DIR, DEFAULT_ENV, readable } from '../helpers/shared';
import { runCli } from '../helpers/runCli';
import { OurFile, Verdict, contractViolations } from './contract';

interface CorpusVerdict extends Verdict {
  file: string;
}

const verdicts: CorpusVerdict[] = fs
  .readFileSync(path.join(CORPUS_DIR, 'verdicts.jsonl'), 'utf8')
  .split('\n')
  .filter((line) => line.trim().length > 0)
  .map((line) => JSON.parse(line) as CorpusVerdict);
const envArgs = Object.entries(DEFAULT_ENV).flatMap(([k, v]) => ['--env', `${k}=${v}`]);
let agreeing = 0;

describe('corpus bundles', () => {
  it('has the 75 bundles', () => {
    expect(verdicts).toHaveLength(75);
  });

  const bundles = readable(verdicts, 'corpus bundles', (v) => [path.dirname(path.join(CORPUS_DIR, v.file))]);
  it.each(bundles.map((v) => [v.file, v] as const))('%s agrees with the SWE-agent loader', (file, verdict) => {
    const full = path.join(CORPUS_DIR, file);
    const run = runCli(['--format', 'json', ...envArgs, full]);
    expect(run.stderr).toBe('');
    const [ours] = JSON.parse(run.stdout) as OurFile[];
    expect(contractViolations(verdict, ours, fs.readFileSync(full))).toEqual([]);
    if (verdict.toolconfig_ok) expect(ours.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    agreeing++;
  });

  afterAll(() => {
    console.log(`corpus: ${agreeing} of ${verdicts.length} bundles agree with the SWE-agent loader`);
  });
});
