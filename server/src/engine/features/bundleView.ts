/**
 * A navigable view of an analyzed bundle for editing features: its tools,
 * each tool's fields and arguments, with the nodes they come from. Built once
 * per model and cached on it.
 */
import { BundleModel } from '../document/bundleModel';
import { ToolEntry } from '../swe/checkBundle';
import { ToolCheck, fieldsOf } from '../swe/checkTool';
import { LoadedCommand } from '../swe/commandModel';
import { asDict, laxListItems } from '../swe/pydanticLax';
import { DictEntry, MapNode, PyNode, ScalarNode, deref, dictEntries, strValue } from '../yaml/pyNode';
import { Placement } from '../document/placement';

export interface ArgumentView {
  index: number;
  node: PyNode;
  map: MapNode | null;
  fields: Map<string, DictEntry>;
  name: string | undefined;
  nameNode: PyNode | undefined;
}

export interface ToolView {
  /** The tool's name when its key is a string. */
  name: string | undefined;
  keyNode: PyNode;
  valueNode: PyNode;
  map: MapNode | null;
  fields: Map<string, DictEntry>;
  signature: ScalarNode | undefined;
  docstring: ScalarNode | undefined;
  arguments: ArgumentView[];
  check: ToolCheck;
  command: LoadedCommand | null;
}

export interface BundleView {
  model: BundleModel;
  /** The model's placement: absolute offsets of its nodes. */
  at: Placement;
  root: MapNode | null;
  rootFields: Map<string, DictEntry>;
  tools: ToolView[];
}

const views = new WeakMap<BundleModel, BundleView>();
/**
 * Tool views by the check they were built with: an incremental analysis
 * reuses an unchanged tool's nodes and check, so a new version's view reuses
 * its tool views instead of walking every tool again.
 */
const toolViews = new WeakMap<ToolCheck, ToolView>();

function strScalar(node: PyNode | undefined): ScalarNode | undefined {
  if (!node) return undefined;
  const target = deref(node);
  return target.kind === 'scalar' && target.value.type === 'str' ? target : undefined;
}

export function bundleView(model: BundleModel): BundleView {
  const cached = views.get(model);
  if (cached) return cached;
  const root = model.root ? asDict(model.root) : null;
  const rootFields = root ? fieldsOf(dictEntries(root)) : new Map<string, DictEntry>();
  const tools = model.check.toolEntries.map((entry, i): ToolView => {
    const check = model.check.tools[i];
    const reused = toolViews.get(check);
    if (reused && reused.keyNode === entry.keyNode && reused.valueNode === entry.valueNode) return reused;
    const view = toolView(entry, check);
    if (check) toolViews.set(check, view);
    return view;
  });
  const view = { model, at: model.placement, root, rootFields, tools };
  views.set(model, view);
  return view;
}

function toolView(entry: ToolEntry, check: ToolCheck): ToolView {
  const map = asDict(entry.valueNode);
  const fields = map ? fieldsOf(dictEntries(map)) : new Map<string, DictEntry>();
  const argumentsEntry = fields.get('arguments');
  const items = argumentsEntry ? laxListItems(argumentsEntry.value) : null;
  const args = (items?.ok ? items.value : []).map((node, index): ArgumentView => {
    const argumentMap = asDict(node);
    const argumentFields = argumentMap ? fieldsOf(dictEntries(argumentMap)) : new Map<string, DictEntry>();
    const nameEntry = argumentFields.get('name');
    return { index, node, map: argumentMap, fields: argumentFields, name: nameEntry ? strValue(nameEntry.value) : undefined, nameNode: nameEntry?.value };
  });
  return {
    name: strValue(entry.keyNode),
    keyNode: entry.keyNode,
    valueNode: entry.valueNode,
    map,
    fields,
    signature: strScalar(fields.get('signature')?.value),
    docstring: strScalar(fields.get('docstring')?.value),
    arguments: args,
    check,
    command: check?.command ?? null,
  };
}

/** The tool whose key or value holds the offset. */
export function toolAt(view: BundleView, offset: number): ToolView | undefined {
  return view.tools.find((tool) => view.at.contains(tool.keyNode, offset) || view.at.contains(tool.valueNode, offset));
}

export function argumentAt(view: BundleView, tool: ToolView, offset: number): ArgumentView | undefined {
  return tool.arguments.find((argument) => view.at.contains(argument.node, offset));
}

/**
 * A tool field's string scalar when it is written in the tool itself: not
 * reached through an alias or a merge key (that text belongs to another entry).
 */
export function ownStrScalar(tool: ToolView, field: 'signature' | 'docstring'): ScalarNode | undefined {
  const node = tool[field];
  if (!node || tool.valueNode.kind === 'alias') return undefined;
  // Written in the tool itself means parsed with it: the same origin, inside the value's range.
  return node.origin === tool.valueNode.origin && node.start >= tool.valueNode.start && node.end <= tool.valueNode.end ? node : undefined;
}

/** The tools in document order, for features that stop at a limit. */
export function toolsInOrder(model: BundleModel): ToolView[] {
  const at = model.placement;
  return [...bundleView(model).tools].sort((a, b) => at.start(a.keyNode) - at.start(b.keyNode));
}

/** Whether a tool's entry can hold anything in `range` (absolute offsets, ends included). */
export function toolTouches(view: BundleView, tool: ToolView, range: { start: number; end: number } | undefined): boolean {
  return !range || (view.at.start(tool.keyNode) <= range.end && Math.max(view.at.end(tool.keyNode), view.at.end(tool.valueNode)) >= range.start);
}
