/** Engine results to LSP types. The only place that knows both. */
import { Diagnostic, DiagnosticRelatedInformation, DiagnosticSeverity, DiagnosticTag } from 'vscode-languageserver/node';
import { SOURCE, Severity } from '../engine/diagnostics';
import { PositionedDiagnostic } from '../engine/document/positioned';

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

export function toLspDiagnostic(d: PositionedDiagnostic, uri: string, relatedSupport: boolean): Diagnostic {
  const diagnostic: Diagnostic = { range: d.range, severity: SEVERITY[d.severity], code: d.code, source: SOURCE, message: d.message };
  diagnostic.data = { ...(d.data ?? {}), tool: d.tool };
  if (d.unnecessary) diagnostic.tags = [DiagnosticTag.Unnecessary];
  if (d.related && relatedSupport) {
    diagnostic.relatedInformation = d.related.map((r): DiagnosticRelatedInformation => ({ location: { uri: r.uri ?? uri, range: r.range }, message: r.message }));
  }
  return diagnostic;
}
