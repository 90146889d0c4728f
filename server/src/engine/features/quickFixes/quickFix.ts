/**
 * What a quick fix is, and what its provider gets: the analyzed bundle, the
 * engine diagnostic it answers (with the `data` its check attached), and the
 * tool the diagnostic belongs to. Providers return edits in the engine's
 * (newline-normalized) text; the server converts them at the edge. A fix
 * outside the document (a file to create, a mode to change) is only
 * described here: the server turns it into a workspace edit or a command.
 */
import { BundleModel } from '../../document/bundleModel';
import { FileDiagnostic } from '../../diagnostics';
import { FixData } from '../../rules/fixData';
import { RuleCode } from '../../rules/ruleCatalog';
import { Placement } from '../../document/placement';
import { laxBool } from '../../swe/pydanticLax';
import { PyNode, ScalarNode } from '../../yaml/pyNode';
import { OffsetEdit } from '../edits';
import { ArgumentView, BundleView, ToolView, toolAt } from '../../document/bundleView';
import { charged } from '../../work';

export interface QuickFix {
  title: string;
  edits: OffsetEdit[];
  /** The obvious fix for its diagnostic (editors apply it with one key). */
  isPreferred?: boolean;
  /** A file to create, `path` relative to the document's folder (`/`-separated); the server makes it a workspace edit. `overwrite`: replace the file that is there. */
  createFile?: { path: string; content: string; overwrite?: true };
  /** A file, relative to the document's folder, to give the execute bits its read bits allow; the server makes it a command the user runs. */
  makeExecutable?: string;
}

/** What a fix that only edits YAML needs: the text, its loaded tree, and the diagnostic. Agent configs have no more than this. */
export interface YamlFixContext<C extends RuleCode = RuleCode> {
  /** The engine's (newline-normalized) text. */
  text: string;
  /** The document as PyYAML loads it, or null when it does not load. */
  root: PyNode | null;
  /** Where the tree's nodes are in the text. */
  at: Placement;
  diagnostic: FileDiagnostic;
  /** What the diagnostic's check attached for this fix (rules/fixData.ts), if anything. */
  data: FixData<C> | undefined;
  /** Absolute offsets of the diagnostic. */
  start: number;
  end: number;
}

export interface FixContext<C extends RuleCode = RuleCode> extends YamlFixContext<C> {
  model: BundleModel;
  view: BundleView;
  /** The tool whose key or value holds the diagnostic. */
  tool: ToolView | undefined;
}

/** The fix of the diagnostics of the codes `C` (a provider may serve several codes). */
export type QuickFixProvider<C extends RuleCode> = (context: FixContext<C>) => QuickFix[];
export type YamlQuickFixProvider<C extends RuleCode> = (context: YamlFixContext<C>) => QuickFix[];

/** The fixes of a bundle config, per code: each provider reads the data of the codes it is registered for. */
export type QuickFixRegistry = { [C in RuleCode]?: QuickFixProvider<C> };
/** The fixes of an agent config, per code. */
export type YamlQuickFixRegistry = { [C in RuleCode]?: YamlQuickFixProvider<C> };

export function yamlFixContext(text: string, root: PyNode | null, at: Placement, diagnostic: FileDiagnostic): YamlFixContext {
  return { text, root, at, diagnostic, data: diagnostic.data, start: diagnostic.start, end: diagnostic.end };
}

export function fixContext(model: BundleModel, diagnostic: FileDiagnostic): FixContext {
  const view = model.view;
  const start = diagnostic.start;
  const at = view.at;
  return {
    ...yamlFixContext(model.source.normalized, model.root, at, diagnostic),
    model,
    view,
    tool: charged(view.tools).find((t) => t.check.tool === diagnostic.tool && (at.contains(t.keyNode, start) || at.contains(t.valueNode, start))) ?? toolAt(view, start),
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
