/**
 * Differential fuzzing against the real PyYAML: seeded texts (the
 * conformance and corpus configs, mutations of them, and generators aimed at
 * the classes in yamlTexts.ts) go to PyYAML's `safe_load` and to the
 * engine's `loadYaml`; both must agree on the verdict, the problem and
 * context text, the marks, and the loaded value. A disagreement is shown on
 * the shortest text that still has it.
 *
 * Needs PyYAML (see pyyamlOracle.ts), so it has its own vitest config and
 * is not part of `npm test`: `npm run test:pyyaml` (3,000
 * iterations, run by .ci/run) and `npm run fuzz:pyyaml` (100,000).
 * FUZZ_SEED picks the seed, FUZZ_ITERATIONS the count.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { Random } from '../helpers/random';
import { disagreement } from './compareWithPyYaml';
import { PyYamlOracle } from './pyyamlOracle';
import { shrink } from './shrink';
import { nextText, seedTexts } from './yamlTexts';

const SEED = Number(process.env.FUZZ_SEED ?? 20260613);
const ITERATIONS = Number(process.env.FUZZ_ITERATIONS ?? 3000);
const BATCH = 64;
/** Distinct disagreements to shrink and show before stopping. */
const MAX_REPORTS = 5;

const oracle = new PyYamlOracle();
afterAll(() => oracle.close());

function check(text: string, answer: Parameters<typeof disagreement>[1]): string | null {
  try {
    return disagreement(text, answer);
  } catch (e) {
    return `the engine throws: ${(e as Error).stack}`;
  }
}

async function disagreeLike(texts: string[], firstLine: string): Promise<boolean[]> {
  const answers = await oracle.ask(texts);
  return texts.map((text, i) => check(text, answers[i])?.split('\n')[0] === firstLine);
}

describe('the engine loads YAML as PyYAML does', () => {
  it(`agrees with PyYAML on ${ITERATIONS} seeded texts (seed ${SEED})`, { timeout: 0 }, async () => {
    const random = new Random(SEED);
    const seeds = seedTexts();
    const reports: string[] = [];
    const seen = new Set<string>();
    const started = Date.now();
    let engineMs = 0;
    let oracleMs = 0;
    // What PyYAML said, by kind: shows what the generators reach.
    const outcomes = new Map<string, number>();
    for (let done = 0; done < ITERATIONS && reports.length < MAX_REPORTS; done += BATCH) {
      if (done > 0 && done % 10_000 < BATCH) console.log(`${done} texts in ${Math.round((Date.now() - started) / 1000)} s (PyYAML ${Math.round(oracleMs / 1000)} s, engine ${Math.round(engineMs / 1000)} s)`);
      const texts = Array.from({ length: Math.min(BATCH, ITERATIONS - done) }, () => nextText(random, seeds));
      const asked = Date.now();
      const answers = await oracle.ask(texts);
      oracleMs += Date.now() - asked;
      for (const answer of answers) {
        const outcome = answer.ok ? 'loads' : 'problem' in answer ? `${answer.cls}: ${answer.problem.replace(/'.*'/, "'…'")}` : answer.cls;
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      }
      for (let i = 0; i < texts.length && reports.length < MAX_REPORTS; i++) {
        const checked = Date.now();
        const found = check(texts[i], answers[i]);
        engineMs += Date.now() - checked;
        if (!found) continue;
        const firstLine = found.split('\n')[0];
        if (seen.has(firstLine)) continue;
        seen.add(firstLine);
        const shortest = await shrink(texts[i], (candidates) => disagreeLike(candidates, firstLine));
        const [answer] = await oracle.ask([shortest]);
        reports.push(`iteration ${done + i}: ${JSON.stringify(shortest)}\n${check(shortest, answer) ?? found}`);
      }
    }
    console.log(`${ITERATIONS} texts in ${Math.round((Date.now() - started) / 1000)} s (PyYAML ${Math.round(oracleMs / 1000)} s, engine ${Math.round(engineMs / 1000)} s); PyYAML's answers:`);
    console.log([...outcomes].sort((a, b) => b[1] - a[1]).map(([outcome, count]) => `${String(count).padStart(7)}  ${outcome}`).join('\n'));
    expect(reports.join('\n\n')).toBe('');
  });
});
