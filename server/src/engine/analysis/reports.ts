/** A file's report: what it is, whether SWE-agent would load it, and its diagnostics with the user's rule settings applied. */
import { BUDGETS } from '../budgets';
import { DiagnosticBuilder } from '../diagnosticBuilder';
import { FileDiagnostic } from '../diagnostics';
import { Placement, placeDiagnostics } from '../document/placement';
import { SourceText, sourceTextOf } from '../document/sourceText';
import { applyRuleSettings, unknownSuppressedCodes } from '../rules/applyRuleSettings';
import { capDiagnostics } from '../rules/capDiagnostics';
import { WorkBudgetExhausted, orExhausted } from '../work';
import { Database, QueryDef } from './database';
import { CONTENT, SOURCE } from './files';
import { AGENT_ANALYSIS } from './agents';
import { BUNDLE_FILE } from './bundles';
import { FileKind, KIND, SETTINGS_OF } from './workspace';
import { FileContent } from './inputs';
import { sameValue } from './sameValue';

export interface FileReport {
  kind: Exclude<FileKind, 'other'>;
  /** SWE-agent loads this bundle (Bundle.commands) or starts with this agent config. */
  loads: boolean;
  /** In document order, rule settings and suppression comments applied. */
  diagnostics: FileDiagnostic[];
  /** The text the diagnostics' offsets are in (for a file that is not UTF-8: as far as it decodes). */
  source: SourceText;
}

/** Why a file SWE-agent would read cannot be read at all, as SWE-agent's `read_text()` would fail. */
function unreadable(content: Exclude<FileContent, { kind: 'text' }>): { source: SourceText; diagnostics: FileDiagnostic[] } {
  const source = sourceTextOf(content.kind === 'undecodable' ? content.text : '');
  const origin = { text: source.normalized };
  const out = new DiagnosticBuilder(null);
  if (content.kind === 'undecodable') {
    const at = source.toNormalized(content.charOffset);
    out.add('file-not-utf8', { origin, start: at, end: Math.min(at + 1, source.normalized.length) }, 'SWE-agent reads bundle configs as UTF-8, and this file is not valid UTF-8.', {
      detail: [`Python fails: ${content.message}`, 'Save it as UTF-8.'],
    });
  } else if (content.tooBig !== undefined) {
    // SWE-agent would read it: not a problem of the file, a budget of this checker.
    const megabytes = (Math.ceil((content.tooBig / 1048576) * 100) / 100).toFixed(2);
    out.add('resource-limit', { origin, start: 0, end: 0 }, `Stopped checking this file: the file has ${megabytes} MB, more than the ${BUDGETS.readBytes / 1048576} MB this checker reads.`);
  } else {
    out.add('file-unreadable', { origin, start: 0, end: 0 }, `This file cannot be read${content.what ? `: it is ${content.what}` : ' (its permissions, or a link out of the workspace)'}, and SWE-agent could not read it either.`);
  }
  return { source, diagnostics: placeDiagnostics(out.diagnostics, Placement.whole(origin)) };
}

/** The user's rule settings on a file's diagnostics, within the per-file budget, with the codes its suppression comments name that no rule has. */
export function shownDiagnostics(diagnostics: FileDiagnostic[], source: SourceText, rules: Parameters<typeof applyRuleSettings>[2]): FileDiagnostic[] {
  const origin = { text: source.normalized };
  const unknownCodes = placeDiagnostics(unknownSuppressedCodes(source.normalized, origin), Placement.whole(origin));
  return capDiagnostics(applyRuleSettings(unknownCodes.length > 0 ? [...diagnostics, ...unknownCodes] : diagnostics, source.normalized, rules));
}

/** The report of a file of this kind that cannot be read as text (null when it can): why, as SWE-agent would fail to read it. */
export function readFailureReport(db: Database, file: string, kind: FileReport['kind']): FileReport | null {
  const content = db.get(CONTENT, file);
  if (content.kind === 'text') return null;
  const failed = unreadable(content);
  return { kind, loads: false, diagnostics: shownDiagnostics(failed.diagnostics, failed.source, db.get(SETTINGS_OF, file).config.rules), source: failed.source };
}

/** The file's text, or none when reading it is what ran out of the work budget (the diagnostic is then at its start). */
function sourceOrEmpty(db: Database, file: string): SourceText {
  const source = orExhausted(() => db.get(SOURCE, file));
  return source instanceof WorkBudgetExhausted || source === null ? sourceTextOf('') : source;
}

/** The report of a file whose analysis ran out of its work budget: that, and nothing it found before, since what it found is not all there is. */
export function exhaustedReport(db: Database, file: string, kind: FileReport['kind'], error: WorkBudgetExhausted): FileReport {
  const source = sourceOrEmpty(db, file);
  const origin = { text: source.normalized };
  const out = new DiagnosticBuilder(null);
  out.add('resource-limit', { origin, start: 0, end: 0 }, `Stopped checking this file: ${error.message}.`);
  return { kind, loads: false, diagnostics: shownDiagnostics(placeDiagnostics(out.diagnostics, Placement.whole(origin)), source, db.get(SETTINGS_OF, file).config.rules), source };
}

/** The report of a bundle config or agent config; null for any other file. */
export const FILE_REPORT: QueryDef<string, FileReport | null> = {
  name: 'file report',
  key: (file) => file,
  compute: (db, file) => {
    const kind = db.get(KIND, file);
    if (kind === 'other') return null;
    const rules = db.get(SETTINGS_OF, file).config.rules;
    const source = db.get(SOURCE, file);
    if (!source) return readFailureReport(db, file, kind);
    if (kind === 'agent') {
      const agent = db.get(AGENT_ANALYSIS, file);
      if (!agent) return null;
      return { kind, loads: agent.loads, diagnostics: shownDiagnostics(agent.diagnostics, source, rules), source };
    }
    const bundle = db.get(BUNDLE_FILE, file);
    if (!bundle) return null;
    return { kind, loads: bundle.loads, diagnostics: shownDiagnostics(bundle.diagnostics, source, rules), source };
  },
  exhausted: (db, file, error) => {
    const kind = db.get(KIND, file);
    return kind === 'other' ? null : exhaustedReport(db, file, kind, error);
  },
  // By value, as by default; but a text's SourceText is one object while the text stays (SOURCE), and two are never equal by value
  // (their offset mappers are closures of their own), so a report of another text is told apart without walking its diagnostics first.
  equals: (a, b) => a === b || (a !== null && b !== null && a.source === b.source && sameValue(a, b)),
};
