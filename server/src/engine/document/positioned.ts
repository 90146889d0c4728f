/**
 * The edge where offsets become positions: a file's diagnostics (offsets in
 * its normalized text) to line/character ranges in the text the editor or the
 * file has.
 */
import { FileDiagnostic, Severity, ToolName } from '../diagnostics';
import { RuleCode } from '../rules/ruleCatalog';
import { LineIndex, Position } from './lineIndex';
import { SourceText } from './sourceText';
import { AnyFixData } from '../rules/fixData';
import { charged } from '../work';

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
  data?: AnyFixData;
  /** `file`: the related place is in another file (then `range` is in that file). */
  related?: { range: Range; message: string; file?: string }[];
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

  /** Absolute offsets in the normalized text to a range in the original text. */
  range(span: { start: number; end: number }): Range {
    return { start: this.position(span.start), end: this.position(span.end) };
  }

  /** A position in the original text to an absolute offset in the normalized text. */
  offset(position: Position): number {
    return this.source.toNormalized(this.lines.offsetAt(position));
  }
}

/** `elsewhere`: the range of offsets in another file's normalized text. */
export function positionDiagnostics(diagnostics: readonly FileDiagnostic[], mapper: PositionMapper, elsewhere: (file: string, start: number, end: number) => Range): PositionedDiagnostic[] {
  return charged(diagnostics).map((d) => {
    const positioned: PositionedDiagnostic = { code: d.code, severity: d.severity, message: d.message, tool: d.tool, range: mapper.range(d) };
    if (d.data) positioned.data = d.data;
    if (d.related) positioned.related = charged(d.related).map((r) => (r.file !== undefined ? { range: elsewhere(r.file, r.start, r.end), message: r.message, file: r.file } : { range: mapper.range(r), message: r.message }));
    if (d.unnecessary) positioned.unnecessary = true;
    if (d.suppressed) positioned.suppressed = true;
    return positioned;
  });
}
