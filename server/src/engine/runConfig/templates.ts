/**
 * The agent's Jinja templates (`agent.templates.*_template`), checked as
 * SWE-agent treats them: it warns when a template has `{` but no `{{`,
 * `{%` or `{ %` (sweagent/utils/jinja_warnings.py), and it compiles each
 * template only when a step renders it, so a syntax error lets SWE-agent
 * start and stops it on that step: a warning, at the line of the error.
 */
import { DiagnosticBuilder } from '../diagnosticBuilder';
import { EngineDiagnostic, spanOf } from '../diagnostics';
import { compileJinja, probablySingleBraces } from '../python/jinja';
import { spanInValue } from '../swe/valueSpans';
import { dictEntries, strValue } from '../yaml/pyNode';
import { ModelVisit, locText } from './validate';
import { spend } from '../work';

export function templateDiagnostics(visits: readonly ModelVisit[]): EngineDiagnostic[] {
  const out = new DiagnosticBuilder(null);
  for (const visit of visits) {
    spend();
    if (visit.model.name !== 'TemplateConfig') continue;
    for (const entry of dictEntries(visit.node)) {
      spend();
      const name = strValue(entry.key);
      const text = strValue(entry.value);
      if (name === undefined || text === undefined || !name.endsWith('_template')) continue;
      const where = locText([...visit.loc, name]);
      if (probablySingleBraces(text)) {
        out.add('template-single-braces', spanOf(entry.value), `\`${where}\` has \`{\` but no \`{{\`: Jinja renders \`{var}\` as it is written. Write \`{{var}}\` (SWE-agent logs: Probably wrong Jinja syntax in template ... Make sure to use {{var}} instead of {var}.)`);
      }
      const problem = compileJinja(text);
      if (problem?.kind === 'error') {
        const offset = Math.max(0, Math.min(problem.offset, text.length - 1));
        out.add('template-syntax', spanInValue(entry.value, offset, offset + 1), `\`${where}\` is not a valid Jinja template: SWE-agent starts, then fails on the first step that renders it (jinja2.exceptions.${problem.errorType}: ${problem.message}).`);
      } else if (problem?.kind === 'limit') {
        out.add('resource-limit', spanOf(entry.value), `Stopped checking the Jinja of \`${where}\`: ${problem.reason}.`);
      }
    }
  }
  return out.diagnostics;
}
