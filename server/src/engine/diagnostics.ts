/**
 * The engine's diagnostic: offsets, not positions (positions are made at the
 * edge, by the server or the CLI), a stable `code`, and `data` for the
 * quick fix that belongs to that code.
 */
import { Origin } from './yaml/pyNode';
import { RuleCode } from './rules/ruleCatalog';

export type Severity = 'error' | 'warning' | 'information' | 'hint';

/** A range of text, relative to the chunk (origin) it was parsed from. */
export interface Span {
  origin: Origin;
  start: number;
  end: number;
}

/** The name SWE-agent's loader uses for a tool: its key, or pydantic's loc item for a non-string key. */
export type ToolName = string | number | null;

export interface RelatedSpan extends Span {
  message: string;
  /** Set when the related place is in another file; then `range` is its position there. */
  uri?: string;
  range?: { start: { line: number; character: number }; end: { line: number; character: number } };
}

export interface EngineDiagnostic extends Span {
  code: RuleCode;
  severity: Severity;
  message: string;
  tool: ToolName;
  data?: Record<string, unknown>;
  related?: RelatedSpan[];
  /** Rendered faded by editors, e.g. an ignored key. */
  unnecessary?: boolean;
  /** Silenced by a `# swe-bundle-disable-line` comment (rules/applyRuleSettings.ts): only SARIF lists it. */
  suppressed?: true;
}

export const SOURCE = 'swe-bundle';

export function spanOf(node: Span): Span {
  return { origin: node.origin, start: node.start, end: node.end };
}

export function absoluteStart(span: Span): number {
  return span.origin.base + span.start;
}

export function absoluteEnd(span: Span): number {
  return span.origin.base + span.end;
}
