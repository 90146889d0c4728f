/**
 * The edge where offsets become positions: engine diagnostics (offsets in the
 * normalized text, relative to their chunk) to line/character ranges in the
 * text the editor or the file has.
 */
import { EngineDiagnostic, Severity, ToolName, absoluteEnd, absoluteStart, Span } from '../diagnostics';
import { RuleCode } from '../rules/ruleCatalog';
import { LineIndex, Position } from './lineIndex';
import { SourceText } from './sourceText';

export interface Range {
  start: Position;
  end: Position;
}

export interface PositionedDiagnostic {
  code: RuleCode;
  severity: Severity;
  message: string;
  tool: ToolName;
  range: Range;
  data?: Record<string, unknown>;
  related?: { range: Range; message: string; uri?: string }[];
  unnecessary?: boolean;
  suppressed?: true;
}

/** Line lookups in the original text: a `LineIndex`, or the editor's document (which keeps its line offsets up to date as it changes). */
export interface LineLookup {
  positionAt(offset: number): Position;
  offsetAt(position: Position): number;
}

export class PositionMapper {
  private index: LineLookup | undefined;

  /** `lines`, when given, must answer for `source.original`; otherwise a `LineIndex` is built on first use. */
  constructor(
    private readonly source: SourceText,
    lines?: LineLookup,
  ) {
    this.index = lines;
  }

  private get lines(): LineLookup {
    return (this.index ??= new LineIndex(this.source.original));
  }

  /** An absolute offset in the normalized text to a position in the original text. */
  position(normalizedOffset: number): Position {
    return this.lines.positionAt(this.source.toOriginal(normalizedOffset));
  }

  range(span: Span): Range {
    return { start: this.position(absoluteStart(span)), end: this.position(absoluteEnd(span)) };
  }

  /** A position in the original text to an absolute offset in the normalized text. */
  offset(position: Position): number {
    return this.source.toNormalized(this.lines.offsetAt(position));
  }
}

export function positionDiagnostics(diagnostics: readonly EngineDiagnostic[], mapper: PositionMapper): PositionedDiagnostic[] {
  return diagnostics.map((d) => {
    const positioned: PositionedDiagnostic = { code: d.code, severity: d.severity, message: d.message, tool: d.tool, range: mapper.range(d) };
    if (d.data) positioned.data = d.data;
    if (d.related) positioned.related = d.related.map((r) => (r.uri && r.range ? { range: r.range, message: r.message, uri: r.uri } : { range: mapper.range(r), message: r.message }));
    if (d.unnecessary) positioned.unnecessary = true;
    if (d.suppressed) positioned.suppressed = true;
    return positioned;
  });
}
