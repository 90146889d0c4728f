/**
 * A navigable view of an analyzed bundle for editing features: its tools,
 * each tool's fields and arguments, with the nodes they come from. Part of
 * the model (`BundleModel.view`), built with it; a tool's view is built with
 * the tool's check, so an unchanged tool keeps its view across versions
 * wherever its check is memoized (the analysis host's tool-check query).
 */
import type { BundleModel } from './bundleModel';
import { ToolEntry } from '../swe/checkBundle';
import { ToolCheck, fieldsOf } from '../swe/checkTool';
import { LoadedCommand } from '../swe/commandModel';
import { asDict, laxListItems } from '../swe/pydanticLax';
import { DictEntry, MapNode, PyNode, ScalarNode, ScalarStyle, deref, dictEntries, strValue } from '../yaml/pyNode';
import { Placement } from './placement';
import type { SourceText } from './sourceText';
import { charged } from '../work';

export interface ArgumentView {
  index: number;
  node: PyNode;
  map: MapNode | null;
  fields: Map<string, DictEntry>;
  name: string | undefined;
  nameNode: PyNode | undefined;
}

/** How a tool's strings are written (null: not a string), which completion's skeletons follow. */
interface ToolStringStyles {
  signature: ScalarStyle | null;
  docstring: ScalarStyle | null;
  descriptions: (ScalarStyle | null)[];
  argumentFormats: (ScalarStyle | null)[];
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
  styles: ToolStringStyles;
  check: ToolCheck;
  command: LoadedCommand | null;
}

export interface BundleView {
  /** The model's normalized text. */
  text: string;
  /** The model's placement: absolute offsets of its nodes. */
  at: Placement;
  root: MapNode | null;
  rootFields: Map<string, DictEntry>;
  tools: ToolView[];
}

function strScalar(node: PyNode | undefined): ScalarNode | undefined {
  if (!node) return undefined;
  const target = deref(node);
  return target.kind === 'scalar' && target.value.type === 'str' ? target : undefined;
}

/** The style of a string written in place (an alias is not), or null. */
function stringStyle(node: PyNode | undefined): ScalarStyle | null {
  if (!node || node.kind === 'alias') return null;
  const target = deref(node);
  return target.kind === 'scalar' && target.value.type === 'str' ? target.style : null;
}

/** The view of a version but for its tools (which are viewed with their checks, per assembly). */
export function rootView(source: SourceText, root: PyNode | null, at: Placement): Omit<BundleView, 'tools'> {
  const map = root ? asDict(root) : null;
  return { text: source.normalized, at, root: map, rootFields: map ? fieldsOf(dictEntries(map)) : new Map<string, DictEntry>() };
}

export function toolView(entry: ToolEntry, check: ToolCheck): ToolView {
  const map = asDict(entry.valueNode);
  const fields = map ? fieldsOf(dictEntries(map)) : new Map<string, DictEntry>();
  const argumentsEntry = fields.get('arguments');
  const items = argumentsEntry ? laxListItems(argumentsEntry.value) : null;
  const args = charged((items?.ok ? items.value : [])).map((node, index): ArgumentView => {
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
    styles: {
      signature: stringStyle(fields.get('signature')?.value),
      docstring: stringStyle(fields.get('docstring')?.value),
      descriptions: charged(args).map((argument) => stringStyle(argument.fields.get('description')?.value)),
      argumentFormats: charged(args).map((argument) => stringStyle(argument.fields.get('argument_format')?.value)),
    },
    check,
    command: check?.command ?? null,
  };
}

/** The tool whose key or value holds the offset. */
export function toolAt(view: BundleView, offset: number): ToolView | undefined {
  return charged(view.tools).find((tool) => view.at.contains(tool.keyNode, offset) || view.at.contains(tool.valueNode, offset));
}

export function argumentAt(view: BundleView, tool: ToolView, offset: number): ArgumentView | undefined {
  return charged(tool.arguments).find((argument) => view.at.contains(argument.node, offset));
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
  return charged([...model.view.tools]).sort((a, b) => at.start(a.keyNode) - at.start(b.keyNode));
}

/** Whether a tool's entry can hold anything in `range` (absolute offsets, ends included). */
export function toolTouches(view: BundleView, tool: ToolView, range: { start: number; end: number } | undefined): boolean {
  return !range || (view.at.start(tool.keyNode) <= range.end && Math.max(view.at.end(tool.keyNode), view.at.end(tool.valueNode)) >= range.start);
}
