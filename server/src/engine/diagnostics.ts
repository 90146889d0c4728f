/**
 * The engine's diagnostics: offsets, not positions (positions are made at the
 * edge, by the server or the CLI), a stable `code`, and `data` for the
 * quick fix that belongs to that code. A check reports an `EngineDiagnostic`
 * on the tree it looked at (offsets relative to that tree's origin, so the
 * check of an unchanged chunk serves every version); a document's analysis
 * places them (`placeDiagnostics`, document/placement.ts) as `FileDiagnostic`s, with offsets in the
 * document's normalized text.
 */
import { Origin } from './yaml/pyNode';
import { RuleCode } from './rules/ruleCatalog';
import { AnyFixData } from './rules/fixData';

export type Severity = 'error' | 'warning' | 'information' | 'hint';

/** A range of text, relative to the text (origin) it was parsed from. */
export interface Span {
  origin: Origin;
  start: number;
  end: number;
}

/** The name SWE-agent's loader uses for a tool: its key, or pydantic's loc item for a non-string key. */
export type ToolName = string | number | null;

/** A related place in another file: offsets in that file's normalized text (the edge makes them a location). */
interface Elsewhere {
  message: string;
  file: string;
  start: number;
  end: number;
}

/** A related place: a span of the tree the check looked at, or a place in another file. */
export type RelatedSpan = (Span & { message: string; file?: undefined }) | Elsewhere;

interface DiagnosticFields {
  code: RuleCode;
  severity: Severity;
  message: string;
  tool: ToolName;
  /** What the quick fix of `code` reads; only DiagnosticBuilder.add attaches it, where tsc checks it against the code. */
  data?: AnyFixData;
  /** Rendered faded by editors, e.g. an ignored key. */
  unnecessary?: boolean;
  /** Silenced by a `# swe-bundle-disable-line` comment (rules/applyRuleSettings.ts): only SARIF lists it. */
  suppressed?: true;
}

/** A check's finding, on the tree it checked. */
export interface EngineDiagnostic extends Span, DiagnosticFields {
  related?: RelatedSpan[];
}

/** A related place of a placed diagnostic: absolute offsets in the same file, or a range in another file. */
type FileRelated = { message: string; start: number; end: number; file?: undefined } | Elsewhere;

declare const PLACED: unique symbol;

/**
 * A diagnostic of one version of a file: offsets in its normalized text. The
 * brand keeps a check's unplaced diagnostic (whose offsets are relative to its
 * tree) from passing for one: only `placeDiagnostic` makes them.
 */
export interface FileDiagnostic extends DiagnosticFields {
  start: number;
  end: number;
  related?: FileRelated[];
  readonly [PLACED]: true;
}

export const SOURCE = 'swe-bundle';

export function spanOf(node: Span): Span {
  return { origin: node.origin, start: node.start, end: node.end };
}
