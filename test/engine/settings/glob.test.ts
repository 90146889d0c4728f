/**
 * The glob matcher, tested as a library: exact cases, malformed patterns,
 * linear time on patterns that make backtracking matchers explode, and
 * picomatch (dot: true) as an oracle on random patterns and paths.
 */
import picomatch from 'picomatch';
import { describe, expect, it } from 'vitest';
import { MAX_GLOB_LENGTH, compileGlob, matchesFilePattern } from '../../../server/src/engine/settings/glob';
import { Random } from '../../helpers/random';

const glob = (pattern: string) => {
  const compiled = compileGlob(pattern);
  if (!compiled.ok) throw new Error(`${pattern}: ${compiled.message}`);
  return compiled.glob;
};

describe('compileGlob', () => {
  it.each([
    ['*.yaml', 'config.yaml', true],
    ['*.yaml', 'tools/config.yaml', false],
    ['*.{yaml,yml}', 'a.yml', true],
    ['*.{yaml,yml}', 'a.json', false],
    ['tools/*/config.yaml', 'tools/x/config.yaml', true],
    ['tools/*/config.yaml', 'tools/x/y/config.yaml', false],
    ['**/config.yaml', 'config.yaml', true],
    ['**/config.yaml', 'a/b/config.yaml', true],
    ['a/**/b', 'a/b', true],
    ['a/**/b', 'a/x/y/b', true],
    ['a/**/b', 'ab', false],
    ['a/**', 'a/x/y', true],
    ['a/**', 'a', true],
    ['**', 'a/b', true],
    ['a**b', 'a/x/b', false],
    ['a**b', 'axxb', true],
    ['?.yaml', 'a.yaml', true],
    ['?.yaml', '/.yaml', false],
    ['[abc].yaml', 'b.yaml', true],
    ['[a-c].yaml', 'd.yaml', false],
    ['[!a-c].yaml', 'd.yaml', true],
    ['[^a-c].yaml', 'a.yaml', false],
    ['[]].yaml', '].yaml', true],
    ['[a-].yaml', '-.yaml', true],
    ['{a,{b,c}d}.yaml', 'cd.yaml', true],
    ['{a,{b,c}d}.yaml', 'c.yaml', false],
    ['{,x}y', 'y', true],
    ['\\*.yaml', '*.yaml', true],
    ['\\*.yaml', 'a.yaml', false],
    ['./tools/*.yaml', 'tools/a.yaml', true],
    ['é*.yaml', 'été.yaml', true],
    ['[😀].yaml', '😀.yaml', true],
  ])('%s on %s: %s', (pattern, path, expected) => {
    expect(glob(pattern).matches(path)).toBe(expected);
  });

  it.each([
    ['*.{yaml', "'{' is not closed by '}'", 2],
    ['[z-a]', 'the range z-a is out of order', 0],
    ['[abc', "'[' is not closed by ']'", 0],
    ['a}', "'}' without '{' (write \\} for the character)", 1],
    ['a\\', 'a pattern cannot end with a lone \\', 1],
    ['', 'an empty pattern matches nothing', 0],
    ['./{a', "'{' is not closed by '}'", 2],
    ['x'.repeat(MAX_GLOB_LENGTH + 1), `the pattern has ${MAX_GLOB_LENGTH + 1} characters, more than the ${MAX_GLOB_LENGTH} allowed`, MAX_GLOB_LENGTH],
  ])('refuses %s: %s', (pattern, message, offset) => {
    expect(compileGlob(pattern)).toEqual({ ok: false, message, offset });
  });

  it('matches in time linear in the path for patterns that make a backtracking matcher exponential', () => {
    // 40 stars and a 5,000-character near-miss: a backtracking matcher would not finish.
    const pattern = '*a'.repeat(40) + 'b';
    const path = 'a'.repeat(5000);
    const started = process.hrtime.bigint();
    expect(glob(pattern).matches(path)).toBe(false);
    expect(glob(pattern).matches(path + 'b')).toBe(true);
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    // Printed, not asserted: npm run bench measures; this shows the order of magnitude.
    console.log(`glob: ${pattern.length}-character pattern over ${path.length} characters in ${ms.toFixed(1)} ms`);
  });

  it('agrees with picomatch on random well-formed patterns and paths', () => {
    const random = new Random(20261201);
    // picomatch reads `[!a]` as the characters `!` and `a`: that stays out of the comparison.
    const pieces = ['a', 'b', 'c', '.', '*', '?', '[ab]', '[^a]', '{a,b}', '{a,bc}'];
    const pathChars = ['a', 'b', 'c', '.', '/'];
    let compared = 0;
    for (let i = 0; i < 3000; i++) {
      // A final `/**` is left out too: picomatch lets `a/b/**` match `a/b` but not `a/*/**` match `a/b`.
      const count = 1 + random.int(3);
      const segments = Array.from({ length: count }, (_, k) =>
        k < count - 1 && random.int(6) === 0 ? '**' : Array.from({ length: 1 + random.int(4) }, () => pieces[random.int(pieces.length)]).join(''),
      );
      const pattern = segments.join('/');
      if (/(^|\/)\*\*$/.test(pattern) || segments.some((segment, k) => k > 0 && (segment === '.' || segment === '..'))) continue;
      const ours = glob(pattern);
      const theirs = picomatch(pattern, { dot: true });
      for (let j = 0; j < 10; j++) {
        const path = Array.from({ length: random.int(9) }, () => pathChars[random.int(pathChars.length)])
          .join('')
          .replace(/\/+/g, '/')
          .replace(/^\/|\/$/g, '');
        // picomatch treats `.` and `..` path segments specially; ours compares characters.
        if (path.split('/').some((s) => s === '.' || s === '..' || s === '')) continue;
        expect(ours.matches(path), `${pattern} on ${path}`).toBe(theirs(path));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(10000);
  });
});

describe('matchesFilePattern', () => {
  it('matches a name-only pattern in any folder and a path pattern from the settings folder', () => {
    expect(matchesFilePattern(glob('*.tool.yaml'), 'deep/in/x.tool.yaml')).toBe(true);
    expect(matchesFilePattern(glob('bundles/*.yaml'), 'bundles/x.yaml')).toBe(true);
    expect(matchesFilePattern(glob('bundles/*.yaml'), 'other/bundles/x.yaml')).toBe(false);
    expect(matchesFilePattern(glob('*.yaml'), '../outside.yaml')).toBe(false);
  });
});
