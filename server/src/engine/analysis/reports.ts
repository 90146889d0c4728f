/** A file's report: what it is, whether SWE-agent would load it, and its diagnostics with the user's rule settings applied. */
import { DiagnosticBuilder } from '../diagnosticBuilder';
import { FileDiagnostic, placeDiagnostics } from '../diagnostics';
import { Placement } from '../document/placement';
import { SourceText, sourceTextOf } from '../document/sourceText';
import { applyRuleSettings } from '../rules/applyRuleSettings';
import { QueryDef } from './database';
import { CONTENT, SOURCE } from './files';
import { AGENT_ANALYSIS } from './agents';
import { BUNDLE_FILE } from './bundles';
import { FileKind, KIND, SETTINGS_OF } from './workspace';
import { FileContent } from './inputs';

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
    out.add('file-not-utf8', { origin, start: at, end: Math.min(at + 1, source.normalized.length) }, `SWE-agent reads bundle configs as UTF-8, and this file is not valid UTF-8 (${content.message}). Save it as UTF-8.`);
  } else {
    out.add('file-unreadable', { origin, start: 0, end: 0 }, 'This file cannot be read (permissions, not a regular file, a link out of the workspace, or too big).');
  }
  return { source, diagnostics: placeDiagnostics(out.diagnostics, Placement.whole(origin)) };
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
    if (!source) {
      const content = db.get(CONTENT, file);
      if (content.kind === 'text') return null;
      const failed = unreadable(content);
      return { kind, loads: false, diagnostics: applyRuleSettings(failed.diagnostics, failed.source.normalized, rules), source: failed.source };
    }
    if (kind === 'agent') {
      const agent = db.get(AGENT_ANALYSIS, file);
      if (!agent) return null;
      return { kind, loads: agent.loads, diagnostics: applyRuleSettings(agent.diagnostics, source.normalized, rules), source };
    }
    const bundle = db.get(BUNDLE_FILE, file);
    if (!bundle) return null;
    return { kind, loads: bundle.loads, diagnostics: applyRuleSettings(bundle.diagnostics, source.normalized, rules), source };
  },
};
