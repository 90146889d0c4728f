/** The variables a Jinja template reads from its context: exact names and offsets (each «» marks one). */
import { describe, expect, it } from 'vitest';
import { templateVariables } from '../../../server/src/engine/python/jinjaVariables';
import { parseMarkers } from '../../helpers/markers';

function expectReads(marked: string): void {
  const { text, ranges } = parseMarkers(marked);
  const reads = templateVariables(text);
  expect(reads?.map((r) => ({ start: r.start, end: r.end }))).toEqual(ranges);
  expect(reads?.map((r) => r.name)).toEqual(ranges.map((r) => text.slice(r.start, r.end)));
}

describe('variables a template reads', () => {
  it.each([
    ['plain output', 'Solve {{«problem_statement»}} in {{ «working_dir» }}.'],
    ['whitespace control', 'a {{- «x» -}} b {%- if «y» -%} c {%+ endif +%}'],
    ['filters and their arguments, not filter names', '{{ «observation»|truncate(«n») | trim }}'],
    ['attributes and subscripts', '{{ «a».b.c }} {{ «obs»[: «max_observation_length» // 2] }}'],
    ['tests are not variables', '{% if «x» is defined and «y» is not none %}{% endif %}'],
    ['keyword arguments are not variables', "{{ «text»|indent(width=«w», first=true) }}"],
    ['keywords and literals', "{{ 'issue' if «flag» else none }} {{ [1, 2] }} {{ {'k': «v»}}}"],
    ['the for target and loop inside the loop, not after', '{% for x in «items» if x %}{{ x }}{{ loop.index0 }}{% endfor %}{{ «x» }}{{ «loop» }}'],
    ['the iterable of a for loop is read before the target is bound', '{% for item in «item» %}{{ item }}{% endfor %}'],
    ['set binds from where it stands', '{{ «a» }}{% set a = «b» %}{{ a }}'],
    ['set inside a loop stays inside it', '{% for i in «xs» %}{% set t = i %}{{ t }}{% endfor %}{{ «t» }}'],
    ['block set', '{% set body %}{{ «inner» }}{% endset %}{{ body }}'],
    ['set of several names', '{% set a, b = «pair» %}{{ a }}{{ b }}{{ «c» }}'],
    ['a namespace: set ns.attr reads ns, and namespace() is a global', '{% set ns = namespace(n=0) %}{% for w in «words» %}{% set ns.n = ns.n + 1 %}{% endfor %}{{ ns.n }}{% set «other».n = 1 %}'],
    ['a macro is bound after its definition, its name and arguments are not read', '{% macro tag(name, body=«default_body») %}<{{ name }}>{{ body }}{% endmacro %}{{ tag("issue", «problem_statement») }}'],
    ['a loop target tuple', '{% for k, v in «mapping».items() %}{{ k }}={{ v }}{% endfor %}{{ «k» }}'],
    ['with binds inside its block', '{% with a = «b», c = 1 %}{{ a }}{{ c }}{% endwith %}{{ «a» }}'],
    ['macros bind their arguments', '{% macro show(v, w=1) %}{{ v }}{{ «z» }}{% endmacro %}{{ show(«q») }}'],
    ['comments and raw blocks are text', '{# {{ hidden }} #}{% raw %}{{ literal }}{% endraw %}{{ «shown» }}'],
    ['Jinja globals', '{% for i in range(3) %}{{ dict(a=i) }}{% endfor %}{{ «rang» }}'],
  ])('%s', (_, marked) => expectReads(marked));

  it('a template that does not compile is not scanned', () => {
    expect(templateVariables('{{ x ')).toBeNull();
    expect(templateVariables('{% if x %}')).toBeNull();
  });
});
