/**
 * The agent's Jinja templates (`agent.templates.*_template`), checked as
 * SWE-agent treats them: it warns when a template has `{` but no `{{`,
 * `{%` or `{ %` (sweagent/utils/jinja_warnings.py), and it compiles each
 * template only when a step renders it, so a syntax error lets SWE-agent
 * start and stops it on that step: a warning, at the line of the error.
 */
import { DiagnosticBuilder } from '../diagnosticBuilder';
import { EngineDiagnostic, spanOf } from '../diagnostics';
import { checkJinjaSyntax } from '../python/jinja';
import { spanInValue } from '../swe/valueSpans';
import { dictEntries, strValue } from '../yaml/pyNode';
import { ModelVisit, locText } from './validate';

/** SWE-agent's heuristic, as `_warn_probably_wrong_jinja_syntax` has it. */
export function probablySingleBraces(template: string): boolean {
  return template.includes('{') && !['{%', '{ %', '{{'].some((s) => template.includes(s));
}

export function templateDiagnostics(visits: readonly ModelVisit[]): EngineDiagnostic[] {
  const out = new DiagnosticBuilder(null);
  for (const visit of visits) {
    if (visit.model.name !== 'TemplateConfig') continue;
    for (const entry of dictEntries(visit.node)) {
      const name = strValue(entry.key);
      const text = strValue(entry.value);
      if (name === undefined || text === undefined || !name.endsWith('_template')) continue;
      const where = locText([...visit.loc, name]);
      if (probablySingleBraces(text)) {
        out.add('template-single-braces', spanOf(entry.value), `\`${where}\` has \`{\` but no \`{{\`: Jinja renders \`{var}\` as it is written. Write \`{{var}}\` (SWE-agent logs: Probably wrong Jinja syntax in template ... Make sure to use {{var}} instead of {var}.)`);
      }
      const problem = checkJinjaSyntax(text);
      if (problem) {
        const at = spanInValue(entry.value, problem.offset, Math.min(text.length, problem.offset + 1));
        out.add('template-syntax', at, `\`${where}\` is not a valid Jinja template: SWE-agent starts, then fails on the first step that renders it (jinja2.exceptions.TemplateSyntaxError: ${problem.message}).`);
      }
    }
  }
  return out.diagnostics;
}
