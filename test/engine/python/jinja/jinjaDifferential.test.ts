/**
 * `renderJinja` against the real Jinja2 (`oracle.py`, run once with every
 * template): featureCases.ts's templates (whose outcomes are written there
 * too, for a machine without Jinja2) and seeded random expressions over the
 * same pieces. Where the renderer answers (a text or an error), it must be
 * Jinja2's, character for character; `unsupported` and `limit` are allowed,
 * and counted. Runs where `python3` can import jinja2; `.ci/run` installs it
 * and sets JINJA_DIFFERENTIAL=require, which makes its absence a failure.
 */
import { spawnSync } from 'child_process';
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { renderJinja } from '../../../../server/src/engine/python/jinja';
import { Random } from '../../../helpers/random';
import { FEATURE_CASES, VARIABLES } from './featureCases';

const PYTHON = process.env.JINJA_PYTHON ?? 'python3';
const available = spawnSync(PYTHON, ['-c', 'import jinja2'], { stdio: 'ignore' }).status === 0;
const required = process.env.JINJA_DIFFERENTIAL === 'require';

/** Seeded random expressions over the same pieces. */
const ATOMS = ['s', 'ws', 'n', 'neg', 'f', 't', 'none', 'l', 'nums', 'd', 'nested', 'missing', 'problem_statement', '1', '0', '-2', '2.5', '"ab"', "'x y'", '[1, 2]', '(1, "a")', '{"k": 1}', 'true', '()', '[]', '"A_b c"'];
const POSTFIX = ['.split()', '.split("_")', '.strip()', '.upper()', '.items()', '.keys()', '.get("a")', '[0]', '[1:]', '[::-1]', '[-1]', '.x', '["a"]', '.title()', '|list'];
const FILTERS = ['upper', 'lower', 'title', 'capitalize', 'length', 'first', 'last', 'list', 'sort', 'unique|list', 'join(", ")', 'join', 'default("d")', 'default("d", true)', 'string', 'trim', 'int', 'float', 'round', 'round(1)', 'abs', 'tojson', 'e', 'truncate(5)', 'wordcount', 'indent(2)', 'center(9)', 'sum', 'min', 'max', 'dictsort', 'reverse|list', 'map("upper")|list', 'select("even")|list', 'replace("a", "o")', 'format(1, 2)', 'items|list', 'count'];
const BINARY = [' + ', ' - ', ' * ', ' / ', ' // ', ' % ', ' ~ ', ' == ', ' != ', ' < ', ' > ', ' in ', ' and ', ' or '];
const TESTS = ['defined', 'undefined', 'even', 'odd', 'string', 'number', 'none', 'mapping', 'divisibleby 2'];

function expression(random: Random, depth: number): string {
  const kind = depth <= 0 ? 0 : random.int(6);
  if (kind === 0) return random.pick(ATOMS);
  if (kind === 1) return expression(random, depth - 1) + random.pick(POSTFIX);
  if (kind === 2) return `${expression(random, depth - 1)}|${random.pick(FILTERS)}`;
  if (kind === 3) return `(${expression(random, depth - 1)}${random.pick(BINARY)}${expression(random, depth - 1)})`;
  if (kind === 4) return `(${expression(random, depth - 1)} if ${expression(random, depth - 1)} else ${expression(random, depth - 1)})`;
  return `(${expression(random, depth - 1)} is ${random.pick(TESTS)})`;
}

function generated(count: number): string[] {
  const random = new Random(20261202);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const e = expression(random, 3);
    out.push(random.next() < 0.8 ? `{{ ${e} }}` : `{% for x in ${e} %}{{ loop.index }}:{{ x }}{% if loop.last %}.{% endif %} {% else %}none{% endfor %}`);
  }
  return out;
}

type Outcome = { text: string } | { error: string; message: string };

describe.skipIf(!available && !required)('renderJinja = jinja2.Template(template).render(...) (python3 with jinja2)', () => {
  it('answers as Jinja2 does wherever it answers', () => {
    expect(available, `${PYTHON} cannot import jinja2 (JINJA_DIFFERENTIAL=require)`).toBe(true);
    const templates = [...FEATURE_CASES.map(([template]) => template), ...generated(1500)];
    const run = spawnSync(PYTHON, [path.join(__dirname, 'oracle.py')], { input: JSON.stringify(templates), maxBuffer: 1 << 28 });
    expect(run.stderr.toString()).toBe('');
    const expected = JSON.parse(run.stdout.toString()) as Outcome[];
    const counts = { equal: 0, unsupported: 0 };
    const differences: { template: string; ours: Outcome; jinja: Outcome }[] = [];
    templates.forEach((template, i) => {
      const result = renderJinja(template, VARIABLES);
      if (result.kind === 'unsupported' || result.kind === 'limit') {
        counts.unsupported++;
        return;
      }
      const ours: Outcome = result.kind === 'ok' ? { text: result.text } : { error: result.errorType, message: result.message };
      if (JSON.stringify(ours) === JSON.stringify(expected[i])) counts.equal++;
      else differences.push({ template, ours, jinja: expected[i] });
    });
    expect(differences).toEqual([]);
    // Every hand-written template and most generated ones are rendered, not just declined.
    expect(counts.equal).toBeGreaterThan(templates.length / 2);
    console.log(`jinja differential: ${counts.equal} equal, ${counts.unsupported} unsupported of ${templates.length}`);
  });
});
