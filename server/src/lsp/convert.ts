/** Engine results to LSP types. The only place that knows both. */
import { Diagnostic, DiagnosticRelatedInformation, DiagnosticSeverity, DiagnosticTag, Range, TextEdit } from './protocol';
import { SOURCE, Severity } from '../engine/diagnostics';
import { PositionMapper, PositionedDiagnostic } from '../engine/document/positioned';
import { OffsetEdit } from '../engine/features/edits';
import { SourceText } from '../engine/document/sourceText';
import { OpenDocuments } from './openDocuments';

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/**
 * What an LSP diagnostic carries back to the server in code action requests:
 * which diagnostic of which version it shows (its index in that version's
 * report), so the fix is the one of exactly that diagnostic.
 */
export interface DiagnosticOrigin {
  version: number;
  index: number;
}

export function toLspDiagnostic(d: PositionedDiagnostic, uri: string, open: OpenDocuments, relatedSupport: boolean, origin: DiagnosticOrigin): Diagnostic {
  const diagnostic: Diagnostic = { range: d.range, severity: SEVERITY[d.severity], code: d.code, source: SOURCE, message: d.message };
  diagnostic.data = { ...(d.data ?? {}), tool: d.tool, origin };
  if (d.unnecessary) diagnostic.tags = [DiagnosticTag.Unnecessary];
  if (d.related && relatedSupport) {
    diagnostic.relatedInformation = d.related.map((r): DiagnosticRelatedInformation => ({ location: { uri: r.file !== undefined ? open.uriOf(r.file) : uri, range: r.range }, message: r.message }));
  }
  return diagnostic;
}

/** An LSP range for absolute offsets in the engine's text. */
export function lspRange(mapper: PositionMapper, start: number, end: number): Range {
  return { start: mapper.position(start), end: mapper.position(end) };
}

/** The line break the document uses, for text the server inserts. */
export function eolOf(source: SourceText): '\r\n' | '\n' {
  return source.original.includes('\r\n') ? '\r\n' : '\n';
}

export function lspTextEdit(mapper: PositionMapper, edit: OffsetEdit, eol: '\r\n' | '\n'): TextEdit {
  return { range: lspRange(mapper, edit.start, edit.end), newText: eol === '\n' ? edit.newText : edit.newText.replace(/\n/g, eol) };
}
