/**
 * `renderJinja` against the real Jinja2 (`oracle.py`, run once with every
 * template): hand-written templates over the statements, calls, literals,
 * filters and tests the renderer models, and seeded random expressions built
 * from them. Where the renderer answers (a text or an error), it must be
 * Jinja2's, character for character; `unsupported` and `limit` are allowed,
 * and counted. Runs where `python3` can import jinja2; `.ci/run` installs it
 * and sets JINJA_DIFFERENTIAL=require, which makes its absence a failure.
 */
import { spawnSync } from 'child_process';
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { renderJinja } from '../../../../server/src/engine/python/jinja';
import { PyDict, PyObject } from '../../../../server/src/engine/python/pyObject';
import { Random } from '../../../helpers/random';

const PYTHON = process.env.JINJA_PYTHON ?? 'python3';
const available = spawnSync(PYTHON, ['-c', 'import jinja2'], { stdio: 'ignore' }).status === 0;
const required = process.env.JINJA_DIFFERENTIAL === 'require';

const dict = (entries: [string, PyObject][]) => new PyDict(new Map(entries));

/** oracle.py's VARIABLES. */
const VARIABLES = new Map<string, PyObject>([
  ['problem_statement', 'PROBLEM_STATEMENT_PLACEHOLDER'],
  ['repo', 'REPO_PLACEHOLDER'],
  ['s', 'Hello, World'],
  ['ws', '  a  b\tc \n'],
  ['n', 7n],
  ['neg', -3n],
  ['f', 2.5],
  ['t', true],
  ['none', null],
  ['l', ['b', 'A', 'c', 'a']],
  ['nums', [3n, 1n, 2n]],
  ['d', dict([['b', 1n], ['a', 2n], ['items', 'key']])],
  ['nested', dict([['x', [1n, dict([['y', 'z']])]]])],
]);

/** Templates over each modelled feature. */
const WRITTEN = [
  // set, block set, tuple targets, namespace, scoping
  '{% set x = 1 %}{% for i in [1, 2] %}{{ x }}{% set x = x + 1 %}{{ x }}{% endfor %}{{ x }}',
  '{% if true %}{% set y = 3 %}{% endif %}{{ y }}',
  '{% set a, b = "left", "right" %}{{ a }}|{{ b }}',
  '{% set a, b = 1 %}',
  '{% set a, b = [1, 2, 3] %}',
  '{% set a, (b, c) = [1, "xy"] %}{{ a }}{{ b }}{{ c }}',
  '{% set ns = namespace(count=0, items=[]) %}{% for w in l %}{% set ns.count = ns.count + 1 %}{% endfor %}{{ ns.count }} {{ ns }}',
  '{% set ns = 1 %}{% set ns.a = 2 %}',
  '{% set x | upper %}ab {{ repo }}{% endset %}[{{ x }}]',
  '{% set x %}{% set inner = 1 %}{% endset %}[{{ inner }}]',
  '{% set problem_statement = "shadowed" %}{{ problem_statement }}',
  '{% print s, n %}{% print %}',
  // macros
  '{% macro tag(name, body="none") %}<{{ name }}>{{ body }}</{{ name }}>{% endmacro %}{{ tag("a", s) }} {{ tag("b") }} {{ tag(body=1, name="c") }}',
  '{% macro m(a, b) %}{{ a }}|{{ b }}|{{ varargs }}|{{ kwargs }}{% endmacro %}{{ m(1) }}',
  '{% macro m() %}{{ z }}{% endmacro %}{% set z = 5 %}{{ m() }}',
  '{% set x = 1 %}{% macro m() %}{% set x = 2 %}{{ x }}{% endmacro %}{{ m() }}{{ x }}',
  '{% macro m(a) %}{{ a }}{% endmacro %}{{ m }}',
  '{% macro m(a) %}{{ a }}{% endmacro %}{{ m(1, a=2) }}',
  '{% macro m(a=1, b) %}{% endmacro %}',
  '{% macro r(k) %}{% if k > 0 %}{{ k }}{{ r(k - 1) }}{% endif %}{% endmacro %}{{ r(5) }}',
  // raw and comments
  '{% raw %}{{ not_rendered }} {% if %}{% endraw %}',
  'a  {%- raw -%}  b  {%- endraw -%}  c',
  'a {% raw %} b',
  'before{# a comment #}after',
  // loops
  '{% for w in problem_statement.split("_") %}{{ loop.index }}/{{ loop.length }}: {{ w }}{% if not loop.last %}, {% endif %}{% endfor %}',
  '{% for i in range(3) %}{{ loop.index0 }}{{ loop.revindex }}{{ loop.revindex0 }}{{ loop.first }}{{ loop.last }}{{ loop.depth }}{% endfor %}',
  '{% for x in nums %}{{ loop.previtem }}-{{ loop.nextitem }};{% endfor %}',
  '{% for k, v in d.items() %}{{ k }}={{ v }};{% endfor %}',
  '{% for x in [] %}never{% else %}empty{% endfor %}',
  '{% for c in "abc" %}{{ c }}{{ loop.cycle("-", "+") }}{% endfor %}',
  '{% for x in [1, 2, 3, 4] if x is even %}{{ x }}{{ loop.index }} {% endfor %}',
  '{% for row in [[1, 2], [3, 4]] %}{% for col in row %}{{ loop.index0 }}{{ col }} {% endfor %}| {% endfor %}',
  '{% for a, b in [(1, "x"), (2, "y")] %}{{ a }}{{ b }}{% endfor %}',
  '{% for a, b in [(1, 2, 3)] %}{% endfor %}',
  '{% for a, b in [1] %}{% endfor %}',
  '{% for x in range(10, 0, -3) %}{{ x }},{% endfor %}{{ range(5) }}{{ range(1, 9, 2) }}',
  '{% for x in range(1, 2, 0) %}{% endfor %}',
  '{% for x in n %}{% endfor %}',
  '{% for i in range(2) -%}\n  item{{ i }}\n{% endfor -%}\nM',
  '{% for x in l %}{{ loop }}{% endfor %}',
  // literals and operators
  '{{ (1, "x") }} {{ (1,) }} {{ () }} {{ [1, "two", none, true, 1.0] }} {{ ["it\'s", \'say "hi"\'] }}',
  '{{ {"a": 1, "b": [1, 2], "c": none} }} {{ {"a": 1, "a": 2} }} {{ {} }}',
  '{{ (1, 2) == (1, 2) }} {{ (1, 2) == [1, 2] }} {{ (1, 2) + (3,) }} {{ (1,) * 3 }} {{ [1] + [2] }}',
  '{{ 7 // 2 }} {{ 7 / 2 }} {{ 6 / 3 }} {{ 7 % 3 }} {{ 2 ** 10 }} {{ -7 // 2 }} {{ "ab" * 3 }} {{ "a-b" ~ 1 ~ none }}',
  '{{ "x" in problem_statement }} {{ "a" in d }} {{ 2 in d.values() }} {{ 3 in range(5) }} {{ "b" in d.keys() }}',
  // slices and indexes
  '{{ problem_statement[:7] }} {{ problem_statement[-11:] }} {{ s[::-1] }} {{ nums[1:] }} {{ (1, 2, 3)[1:] }} {{ s[5:] }} {{ l[::2] }} {{ l[-100:100] }}',
  '{{ s[::0] }}',
  '{{ l[0] }} {{ l[-1] }} {{ l[10] }} {{ d["a"] }} {{ d["zz"] }} {{ d["items"] }} {{ nested.x[1].y }} {{ nested["x"][0] }}',
  // methods
  '{{ s.split() }} {{ s.split(",") }} {{ "a,b,,c".split(",", 1) }} {{ ws.split() }} {{ ws.split(None, 1) }} {{ "a b c".rsplit(" ", 1) }} {{ s.split(sep="l") }}',
  '{{ ws.strip() }}|{{ ws.lstrip() }}|{{ ws.rstrip() }}|{{ "xxaxx".strip("x") }}|{{ s.upper() }}|{{ s.lower() }}|{{ "hello wORLD\'s".title() }}|{{ "hELLO".capitalize() }}',
  '{{ "a\\nb\\r\\nc".splitlines() }} {{ "a\\nb".splitlines(true) }} {{ s.startswith("Hell") }} {{ s.endswith(("x", "ld")) }} {{ "-".join(l) }} {{ s.replace("l", "L", 2) }}',
  '{{ s.find("o") }} {{ s.find("q") }} {{ s.count("l") }} {{ "{:>5}|{}|{x}".format("r", 1, x=2.5) }}',
  '{{ "".join([1]) }}',
  '{{ "".split("") }}',
  '{{ d.get("a") }} {{ d.get("zz") }} {{ d.get("zz", 3) }} {{ d.keys() }} {{ d.values() }} {{ d.items() }} {{ d.items() | list }}',
  '{{ s.nope }}|{{ l.nope }}|{{ none.nope }}|{{ n.nope }}',
  '{{ s() }}',
  // globals
  '{{ dict(a=1, b="x") }} {{ namespace }} {{ range }} {{ dict }}',
  // filters
  '{{ problem_statement | upper }} {{ problem_statement | lower }} {{ "hello world" | title }} {{ repo | capitalize }} {{ "hello-world (x) [y] <z>" | title }}',
  '{{ problem_statement | replace("_", " ") }} {{ problem_statement | length }} {{ l | length }} {{ d | count }} {{ "a b c" | wordcount }} {{ "héllo wörld_x 2" | wordcount }}',
  '{{ problem_statement.split("_") | join(", ") }} {{ nums | join }} {{ problem_statement.split("_") | first }} {{ problem_statement.split("_") | last }}',
  '{{ problem_statement | truncate(12) }}|{{ "abcdef ghij klmn opq" | truncate(10) }}|{{ "abcdefghijklmnop" | truncate(10, true) }}|{{ "abcdefghijkl" | truncate(10) }}|{{ s | truncate(5, end="") }}|{{ s | truncate(3, leeway=0) }}',
  '{{ s | truncate(2) }}',
  '{{ "x\\ny" | indent(4) }}|{{ "x\\n\\ny\\n" | indent(2, true) }}|{{ "x\\n\\ny" | indent(2, blank=true) }}|{{ "x\\ny" | indent(">") }}',
  '[{{ "ab" | center(6) }}] [{{ "abc" | center(10) }}] [{{ "abc" | center(8) }}] [{{ s | center(2) }}]',
  '{{ "%s/%s" | format(repo, 7) }} {{ "%05.1f" | format(3.14159) }} {{ "%5.2f|%-4s|%04d|%x|%r|%+d|%#o|%e|%g|%%" | format(3.14159, "a", -5, 255, "q", 3, 8, 12345.678, 0.0001) }}',
  '{{ "%s" | format("a", "b") }}',
  '{{ "%s %s" | format("a") }}',
  '{{ "%d" | format("a") }}',
  '{{ "%q" | format(1) }}',
  '{{ 2.5 | round }} {{ 3.14159 | round(2) }} {{ 2.5 | round(0, "floor") }} {{ 2.1 | round(0, "ceil") }} {{ 5 | round }} {{ 5 | round(1) }} {{ -2.5 | round }} {{ 1.005 | round(2) }} {{ 0.125 | round(2) }}',
  '{{ 1 | round(0, "up") }}',
  '{{ "42" | int + 1 }} {{ "1.5" | float }} {{ "x" | int }} {{ "x" | float }} {{ "3.9" | int }} {{ 3.9 | int }} {{ true | int }} {{ "1e3" | float }} {{ n | float }}',
  '{{ {"k": "<v> & \'w\'"} | tojson }} {{ [3, "a", none, true, 1.5] | tojson }} {{ {"b": [1, (2, 3)], "a": 1.0} | tojson }} {{ "é\\u2028" | tojson }}',
  '{{ "<b>&\\"\'" | e }} {{ "<b>&" | escape | e }} {{ "<b>" }} {{ "<b>" | safe }}',
  '[{{ "" | default("d1") }}] [{{ "" | default("d2", true) }}] [{{ none | default("d3") }}] [{{ missing | default("d4") }}] [{{ missing | d }}]',
  '{{ [3, 1, 2] | sort }} {{ l | sort }} {{ l | sort(case_sensitive=true) }} {{ l | sort(reverse=true) }} {{ [1, "a"] | sort }}',
  '{{ [1, 1, 2] | unique | list }} {{ l | unique | list }} {{ ["B", "a", "b"] | unique | list }} {{ [[1], [1]] | unique | list }}',
  '{{ ["a", "b"] | map("upper") | list }} {{ nums | map("string") | list }} {{ nums | select("odd") | list }} {{ nums | reject("odd") | list }}',
  '{% set g = nums | map("string") %}{{ g | list }}{{ g | list }}',
  '{{ {"b": 1, "a": 2} | dictsort }} {{ d | dictsort(by="value") }} {{ d | dictsort(reverse=true) }} {{ {"b": 1, "a": 2}.items() | list }} {{ d | items | list }}',
  '{{ [1, 2, 3] | sum }} {{ [1, 2.5, true] | sum }} {{ nums | sum(start=10) }} {{ [4, 2] | min }} {{ [4, 2] | max }} {{ l | min }} {{ l | max }} {{ l | max(case_sensitive=true) }} [{{ [] | min }}]',
  '{{ -3 | abs }} {{ neg | abs }} {{ f | abs }} {{ "abc" | reverse }} {{ nums | reverse | list }} {{ nums | list }} {{ "ab" | list }}',
  '{{ ws | trim }}|{{ "xxaxx" | trim("x") }}|{{ n | string }}|{{ missing | upper }}|{{ missing | length }}',
  '{{ 1 is even }} {{ 2.0 is even }} {{ 3 is odd }} {{ 9 is divisibleby 3 }} {{ n is number }} {{ n is integer }} {{ f is float }} {{ t is boolean }} {{ t is true }} {{ none is none }} {{ d is mapping }} {{ s is string }}',
  '{{ "a" is even }}',
  '{{ d.items }}',
  '{{ 2 is eq 2 }} {{ 2 is ne 2 }} {{ s is equalto "x" }}',
  // whitespace control
  'A\n{% if true %}\nB\n{% endif %}\nC\n{%- if true %} D{% endif %}\nE {%- if true -%} F {%- endif -%} G\n{{- " H" }}\nI   {{- " J" -}}   K',
];

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
    const templates = [...WRITTEN, ...generated(1500)];
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
