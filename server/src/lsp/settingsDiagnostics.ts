/** Settings problems as diagnostics on the settings file they are in (`.swe-bundle.json`), by URI. */
import { Diagnostic, DiagnosticSeverity } from './protocol';
import { Analysis } from '../engine/analysis/analysis';
import { SOURCE } from '../engine/diagnostics';
import { RuleCode } from '../engine/rules/ruleCatalog';
import { SettingsProblem } from '../engine/settings/validateSettings';
import { OpenDocuments } from './openDocuments';

/** The code of every settings problem; features/codeActions.ts answers its fixes. */
export const SETTINGS_CODE: RuleCode = 'settings-invalid';

export function settingsDiagnostics(analysis: Analysis, open: OpenDocuments, problems: readonly SettingsProblem[]): Map<string, Diagnostic[]> {
  const byUri = new Map<string, Diagnostic[]>();
  for (const problem of problems) {
    if (problem.file === null) continue;
    const mapper = analysis.mapper(problem.file);
    const start = problem.start ?? 0;
    const range = mapper.range({ start, end: problem.end ?? start });
    const uri = open.uriOf(problem.file);
    const list = byUri.get(uri) ?? [];
    list.push({ range, severity: DiagnosticSeverity.Warning, source: SOURCE, code: SETTINGS_CODE, message: problem.message, ...(problem.data ? { data: problem.data } : {}) });
    byUri.set(uri, list);
  }
  return byUri;
}
