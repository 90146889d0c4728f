/** Collects diagnostics for one subject (a tool, or the file), with the rule's default severity. */
import { EngineDiagnostic, RelatedSpan, Severity, Span, ToolName } from './diagnostics';
import { RULES, RuleCode } from './rules/ruleCatalog';
import { FixData } from './rules/fixData';

export interface DiagnosticExtras<C extends RuleCode> {
  /** Overrides the builder's tool (a file-level check that is about one tool). */
  tool?: ToolName;
  /** What the rule's quick fix reads (rules/fixData.ts). */
  data?: FixData<C>;
  related?: RelatedSpan[];
  severity?: Severity;
  unnecessary?: boolean;
}

export class DiagnosticBuilder {
  readonly diagnostics: EngineDiagnostic[] = [];

  constructor(private readonly tool: ToolName) {}

  add<C extends RuleCode>(code: C, at: Span, message: string, extras: DiagnosticExtras<C> = {}): EngineDiagnostic {
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
