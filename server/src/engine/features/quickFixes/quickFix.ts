/**
 * What a quick fix is, and what its provider gets: the analyzed bundle, the
 * engine diagnostic it answers (with the `data` its check attached), and the
 * tool the diagnostic belongs to. Providers return edits in the engine's
 * (newline-normalized) text; the server converts them at the edge. A fix
 * outside the document (a file to create, a mode to change) is only
 * described here: the server turns it into a workspace edit or a command.
 */
import { BundleModel } from '../../document/bundleModel';
import { EngineDiagnostic, absoluteEnd, absoluteStart } from '../../diagnostics';
import { laxBool } from '../../swe/pydanticLax';
import { ScalarNode } from '../../yaml/pyNode';
import { OffsetEdit } from '../edits';
import { ArgumentView, BundleView, ToolView, bundleView, contains, toolAt } from '../bundleView';

export interface QuickFix {
  title: string;
  edits: OffsetEdit[];
  /** The obvious fix for its diagnostic (editors apply it with one key). */
  isPreferred?: boolean;
  /** A file to create, `path` relative to the document's folder (`/`-separated); the server makes it a workspace edit. */
  createFile?: { path: string; content: string };
  /** A file, relative to the document's folder, to give the execute bits its read bits allow; the server makes it a command the user runs. */
  makeExecutable?: string;
}

export interface FixContext {
  model: BundleModel;
  view: BundleView;
  /** The engine's text (`model.source.normalized`). */
  text: string;
  diagnostic: EngineDiagnostic;
  data: Record<string, unknown>;
  /** Absolute offsets of the diagnostic. */
  start: number;
  end: number;
  /** The tool whose key or value holds the diagnostic. */
  tool: ToolView | undefined;
}

export type QuickFixProvider = (context: FixContext) => QuickFix[];

export function fixContext(model: BundleModel, diagnostic: EngineDiagnostic): FixContext {
  const view = bundleView(model);
  const start = absoluteStart(diagnostic);
  return {
    model,
    view,
    text: model.source.normalized,
    diagnostic,
    data: diagnostic.data ?? {},
    start,
    end: absoluteEnd(diagnostic),
    tool: view.tools.find((t) => t.check.tool === diagnostic.tool && (contains(t.keyNode, start) || contains(t.valueNode, start))) ?? toolAt(view, start),
  };
}

/** The `required` of an argument as pydantic reads it, when it loads. */
export function requiredOf(argument: ArgumentView): boolean | undefined {
  const entry = argument.fields.get('required');
  if (!entry) return undefined;
  const value = laxBool(entry.value);
  return value.ok ? value.value : undefined;
}

/** The tool's signature scalar, unless it is shared through an alias (an edit there would change every tool using it). */
export function ownSignature(tool: ToolView | undefined): ScalarNode | null {
  const entry = tool?.fields.get('signature');
  if (!tool?.signature || !entry || entry.value.kind === 'alias') return null;
  return tool.signature;
}
