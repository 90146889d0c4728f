/** Collects diagnostics for one subject (a tool, or the file), with the rule's default severity. */
import { EngineDiagnostic, RelatedSpan, Severity, Span, ToolName } from './diagnostics';
import { RULES, RuleCode } from './rules/ruleCatalog';

export interface DiagnosticExtras {
  /** Overrides the builder's tool (a file-level check that is about one tool). */
  tool?: ToolName;
  data?: Record<string, unknown>;
  related?: RelatedSpan[];
  severity?: Severity;
  unnecessary?: boolean;
}

export class DiagnosticBuilder {
  readonly diagnostics: EngineDiagnostic[] = [];

  constructor(private readonly tool: ToolName) {}

  add(code: RuleCode, at: Span, message: string, extras: DiagnosticExtras = {}): EngineDiagnostic {
    const diagnostic: EngineDiagnostic = {
      code,
      severity: extras.severity ?? RULES[code].severity,
      message,
      tool: extras.tool !== undefined ? extras.tool : this.tool,
      origin: at.origin,
      start: at.start,
      end: at.end,
    };
    if (extras.data) diagnostic.data = extras.data;
    if (extras.related) diagnostic.related = extras.related;
    if (extras.unnecessary) diagnostic.unnecessary = true;
    this.diagnostics.push(diagnostic);
    return diagnostic;
  }

  hasErrors(): boolean {
    return this.diagnostics.some((d) => d.severity === 'error');
  }
}
