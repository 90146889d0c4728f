/** renderJinja on each feature it models, against Jinja2 3.1.6's outcomes written in featureCases.ts. */
import { describe, expect, it } from 'vitest';
import { renderJinja } from '../../../../server/src/engine/python/jinja';
import { FEATURE_CASES, Outcome, VARIABLES } from './featureCases';

describe('renderJinja renders and raises as Jinja2 does', () => {
  it.each(FEATURE_CASES)('%j', (template, expected) => {
    const result = renderJinja(template, VARIABLES);
    const outcome: Outcome = result.kind === 'ok' ? result.text : result.kind === 'error' ? { error: result.errorType, message: result.message } : 'unsupported';
    expect(outcome).toEqual(expected);
    expect(result.kind).not.toBe('limit');
  });

  it('leaves the variables it was given alone ({% set %} binds in its own scope)', () => {
    const variables = new Map(VARIABLES);
    expect(renderJinja('{% set s = 1 %}{% set nums = [] %}{{ s }}', variables)).toEqual({ kind: 'ok', text: '1' });
    expect(variables).toEqual(VARIABLES);
  });
});

describe('the budgets hold for statements too', () => {
  it.each([
    ['a macro that calls itself', '{% macro r() %}{{ r() }}{% endmacro %}{{ r() }}', 'macros call each other more than 64 deep'],
    ['a range past the output budget', '{% for i in range(10 ** 9) %}{% endfor %}', 'the rendered text passes 1000000 characters'],
    ['a loop of loops', '{% for i in range(1000) %}{% for j in range(1000) %}{% set x = i %}{% endfor %}{% endfor %}', 'rendering takes more than 1000000 steps'],
    ['a sort of a long list', '{{ range(300000) | list | sort | length }}', 'rendering takes more than 1000000 steps'],
    ['a huge width in % formatting', '{{ "%999999999s" % 1 }}{{ "%999999999d" | format(1) }}', 'the rendered text passes 1000000 characters'],
    ['a huge indent', '{{ "a\nb" | indent(999999999) }}', 'the rendered text passes 1000000 characters'],
    ['a huge center', '{{ "a" | center(999999999) }}', 'the rendered text passes 1000000 characters'],
  ])('%s', (_, template, reason) => {
    expect(renderJinja(template, new Map())).toEqual({ kind: 'limit', reason });
  });
});
