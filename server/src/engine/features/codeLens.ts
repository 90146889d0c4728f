/**
 * Code lenses: one on each tool's name, offering a preview of the tool as the
 * model sees it (the docs text and the function-calling schema, from
 * `toolPreview`), which `previewToolMarkdown` renders.
 */
import { BundleModel } from '../document/bundleModel';
import { EnvContext } from '../swe/env';
import { toolPreview, toolPreviewMarkdown } from './toolPreview';
import { BUDGETS } from '../budgets';

export interface ToolLens {
  /** Absolute offsets of the tool's key. */
  start: number;
  end: number;
  /** The tool's name (pydantic's name for a key that is not a string). */
  tool: string;
}

/** Like json.maxItemsComputed: huge files get at most this many lenses. */
export const MAX_CODE_LENSES = BUDGETS.itemsPerRequest;

export function toolLenses(model: BundleModel, limit = MAX_CODE_LENSES): ToolLens[] {
  return model.view
    .tools.map((tool) => ({ ...model.placement.range(tool.keyNode), tool: tool.name ?? String(tool.check.tool) }))
    .sort((a, b) => a.start - b.start)
    .slice(0, limit);
}

/**
 * The preview of the named tool as Markdown; for a tool SWE-agent cannot
 * load, why not. Null when the document has no such tool (any more).
 */
export function previewToolMarkdown(model: BundleModel, toolName: string, env: EnvContext): string | null {
  const tool = model.view.tools.find((t) => (t.name ?? String(t.check.tool)) === toolName);
  if (!tool) return null;
  if (tool.command) return toolPreviewMarkdown(toolPreview(tool.command, env));
  const errors = tool.check.diagnostics.filter((d) => d.severity === 'error').map((d) => `- ${d.message}`);
  return [`**${toolName}**: SWE-agent cannot load this tool, so the model sees nothing of it.`, ...(errors.length > 0 ? ['', ...errors] : [])].join('\n');
}
