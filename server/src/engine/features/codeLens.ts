/**
 * Code lenses: one on each tool's name, offering a preview of the tool as the
 * model sees it (the docs text and the function-calling schema, from
 * `toolPreview`), which `previewToolMarkdown` renders; and one on an agent
 * config's `agent` key (or its first line), offering the preview of the
 * prompt (promptPreview.ts).
 */
import { BundleModel } from '../document/bundleModel';
import { Placement } from '../document/placement';
import { PyNode, dictEntries, deref, strValue } from '../yaml/pyNode';
import { ViewContext, modelViewBlocks, renderMarkdown, toolNameOf } from './toolPreview';
import { BUDGETS } from '../budgets';
import { charged } from '../work';

export interface ToolLens {
  kind: 'tool';
  /** Absolute offsets of the tool's key. */
  start: number;
  end: number;
  /** The tool's name (pydantic's name for a key that is not a string). */
  tool: string;
}

/** Like json.maxItemsComputed: huge files get at most this many lenses. */
const MAX_CODE_LENSES = BUDGETS.itemsPerRequest;

export function toolLenses(model: BundleModel, limit = MAX_CODE_LENSES): ToolLens[] {
  return charged(model.view.tools).map((tool) => ({ kind: 'tool' as const, ...model.placement.range(tool.keyNode), tool: toolNameOf(tool) }))
    .sort((a, b) => a.start - b.start)
    .slice(0, limit);
}

/**
 * The preview of the named tool as Markdown, as the hover shows it (where
 * SWE-agent refuses the bundle or cannot build the tool, that first). Null
 * when the document has no such tool (any more).
 */
export function previewToolMarkdown(model: BundleModel, toolName: string, context: ViewContext): string | null {
  const tool = charged(model.view.tools).find((t) => toolNameOf(t) === toolName);
  return tool ? renderMarkdown(modelViewBlocks(tool, context)) : null;
}

/** "Preview the prompt" on an agent config: on its top-level `agent` key, else at the start of the file. */
export interface PromptLens {
  kind: 'prompt';
  start: number;
  end: number;
}

export function promptLens(root: PyNode | null, at: Placement): PromptLens {
  const target = root ? deref(root) : null;
  const agentKey = target?.kind === 'map' ? charged(dictEntries(target)).find((e) => strValue(e.key) === 'agent')?.key : undefined;
  return { kind: 'prompt', ...(agentKey ? at.range(agentKey) : { start: 0, end: 0 }) };
}
