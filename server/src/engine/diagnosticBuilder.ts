/** Collects diagnostics for one subject (a tool, or the file), with the rule's default severity. */
import { EngineDiagnostic, RelatedSpan, Severity, Span, ToolName } from './diagnostics';
import { RULES, RuleCode } from './rules/ruleCatalog';
import { FixData } from './rules/fixData';
import { charged } from './work';

export interface DiagnosticExtras<C extends RuleCode> {
  /** Overrides the builder's tool (a file-level check that is about one tool). */
  tool?: ToolName;
  /** What the rule's quick fix reads (rules/fixData.ts). */
  data?: FixData<C>;
  related?: RelatedSpan[];
  /**
   * What the one-line message leaves out: SWE-agent's own words, the why, the fix. Each line is related
   * information at the diagnostic's own place (an editor lists it under the message; the CLI prints it with
   * `--verbose`), ahead of `related`.
   */
  detail?: string | readonly string[];
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
    const details = typeof extras.detail === 'string' ? [extras.detail] : (extras.detail ?? []);
    const related = [...charged(details).map((line): RelatedSpan => ({ origin: at.origin, start: at.start, end: at.end, message: line })), ...(extras.related ?? [])];
    if (related.length > 0) diagnostic.related = related;
    if (extras.unnecessary) diagnostic.unnecessary = true;
    this.diagnostics.push(diagnostic);
    return diagnostic;
  }

  hasErrors(): boolean {
    return charged(this.diagnostics).some((d) => d.severity === 'error');
  }
}
