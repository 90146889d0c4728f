/**
 * Rename an argument (from its name, a placeholder or a docstring mention):
 * its `name` value, every placeholder spelling in the signature and every
 * `<name>` mention in the docstring change together. Rename a tool (from its
 * key): the key, and the signature's first word when it is the tool's name.
 * Names SWE-agent would reject, or that clash, are refused with a reason.
 */
import { BundleModel } from '../document/bundleModel';
import { MapNode, PyNode, ScalarNode } from '../yaml/pyNode';
import { Placement } from '../document/placement';
import { plainTextIsNotString } from '../yaml/resolver';
import { ToolView } from '../document/bundleView';
import { OffsetEdit } from './edits';
import { argumentNameRule, isArgumentName } from '../python/argumentNamePattern';
import { ArgumentTarget, TextRange, argumentTargetAt, occurrencesOf, pickAt, strScalarOf, valueRange } from './navigation';
import { pushAll } from '../util/pushAll';
import { BUDGETS } from '../budgets';
import { charged, spend } from '../work';

export type PrepareRenameResult = { ok: true; start: number; end: number; placeholder: string } | { ok: false; message: string };
export type RenameResult = { ok: true; edits: OffsetEdit[] } | { ok: false; message: string };

// ---------------------------------------------------------------- shared nodes

/**
 * Source ranges of nodes that appear in more than one place (anchored and
 * aliased, or merged with `<<`). A chunked model has none: a chunk with an
 * anchor, alias or merge key does not stand alone, and the text is parsed whole.
 */
function sharedRanges(model: BundleModel): TextRange[] {
  const ranges: TextRange[] = [];
  if (model.mode === 'chunked') return ranges;
  const add = (node: PyNode) => ranges.push(model.placement.range(node));
  if (model.root) {
    const stack: PyNode[] = [model.root];
    while (stack.length > 0) {
      spend();
      const node = stack.pop()!;
      if (node.kind === 'alias') add(node.target);
      else if (node.kind === 'seq') pushAll(stack, node.items);
      else if (node.kind === 'map') {
        const own = new Set((node as MapNode).ownPairs);
        for (const pair of node.pairs) {
          spend();
          if (!own.has(pair)) {
            add(pair.key);
            add(pair.value);
          }
        }
        for (const pair of node.ownPairs) {
          spend();
          stack.push(pair.key, pair.value);
        }
      }
    }
  }
  return ranges;
}

/**
 * Whether any of the ranges lies in text that appears in more than one place.
 * The shared ranges are sorted by start and each range is looked up by binary
 * search against the running maximum of their ends, so 100,000 shared ranges
 * and as many occurrences cost n log n, not n times m.
 */
function anyShared(model: BundleModel, ranges: readonly TextRange[]): boolean {
  const shared = charged(sharedRanges(model)).sort((a, b) => a.start - b.start);
  if (shared.length === 0) return false;
  // reach[i]: the furthest end of shared[0..i], each starting at or before shared[i].start.
  const reach: number[] = [];
  let furthest = -Infinity;
  for (const r of shared) {
    spend();
    reach.push((furthest = Math.max(furthest, r.end)));
  }
  return charged(ranges).some((range) => {
    // The last shared range that starts at or before this one: a range containing it starts there or before.
    let low = 0;
    let high = shared.length - 1;
    let last = -1;
    while (low <= high) {
      spend();
      const middle = (low + high) >> 1;
      if (shared[middle].start <= range.start) {
        last = middle;
        low = middle + 1;
      } else high = middle - 1;
    }
    return last >= 0 && reach[last] >= range.end;
  });
}

// ---------------------------------------------------------------- YAML text

/** Text that reads back as this string when written as a plain scalar, conservatively. */
function plainSafe(text: string): boolean {
  return /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/.test(text) && !plainTextIsNotString(text);
}

/** A double-quoted YAML scalar (JSON's escapes are YAML's; names with control characters are refused before this). */
function doubleQuoted(text: string): string {
  return JSON.stringify(text);
}

/** `text` written inside a scalar of this style, where it replaces some characters of the value. */
function inStyle(node: ScalarNode, text: string): string {
  if (node.style === 'double') return doubleQuoted(text).slice(1, -1);
  if (node.style === 'single') return text.replace(/'/g, "''");
  return text;
}

// ---------------------------------------------------------------- arguments

function argumentProblem(model: BundleModel, target: ArgumentTarget): string | null {
  const toolName = target.tool.name ?? 'this tool';
  if (target.arguments.length > 1) return `Tool \`${toolName}\` has ${target.arguments.length} arguments named \`${target.name}\`; rename one of them by hand first.`;
  if (!target.complete) return `Some mention of \`${target.name}\` in \`${toolName}\` cannot be located exactly in the file, so it cannot be renamed safely.`;
  const nameOccurrence = charged(target.occurrences).find((o) => o.kind === 'name');
  if (!nameOccurrence) return `The name of argument \`${target.name}\` cannot be located in the file.`;
  if (nameOccurrence.node.style === 'literal' || nameOccurrence.node.style === 'folded') return `The name \`${target.name}\` is written as a block scalar; rewrite it as \`name: ${target.name}\` first.`;
  if (anyShared(model, target.occurrences)) {
    return `Argument \`${target.name}\` is named in text shared through a YAML anchor or merge key, so renaming it here would change other places too.`;
  }
  return null;
}

function renameArgument(model: BundleModel, target: ArgumentTarget, newName: string): RenameResult {
  const toolName = target.tool.name ?? 'this tool';
  // Matched in full, by the SWE-agent the file is judged by: a prefix match lets the rest fall out of the placeholder.
  if (!isArgumentName(newName, model.facts.argumentNamePattern)) {
    return { ok: false, message: `\`${newName}\` is not a valid argument name: SWE-agent needs ${argumentNameRule(model.facts.argumentNamePattern)}.` };
  }
  const problem = argumentProblem(model, target);
  if (problem) return { ok: false, message: problem };
  if (newName === target.name) return { ok: true, edits: [] };
  if (charged(target.tool.arguments).some((a) => a.name === newName)) return { ok: false, message: `Tool \`${toolName}\` already has an argument named \`${newName}\`.` };
  const tooMany = editBudgetProblem(target.name, target.occurrences.length);
  if (tooMany) return { ok: false, message: tooMany };
  const edits = charged(target.occurrences).map((o): OffsetEdit => {
    // A plain name that would read as a bool or null (`yes`, `null`) must be quoted.
    const text = o.kind === 'name' && o.node.style === 'plain' && !plainSafe(newName) ? doubleQuoted(newName) : newName;
    return { start: o.start, end: o.end, newText: text };
  });
  return { ok: true, edits };
}

/** A rename of more places than one answer may edit is refused whole: a part of it would leave the file inconsistent. */
function editBudgetProblem(name: string, count: number): string | null {
  if (count <= BUDGETS.renameEdits) return null;
  return `Renaming \`${name}\` would edit ${count} places, more than the ${BUDGETS.renameEdits} one rename may (the renameEdits budget).`;
}

/** Renames the tool's argument `name` (its name, its placeholders, its docstring mentions), as a rename from any of them would. */
export function renameArgumentNamed(model: BundleModel, tool: ToolView, name: string, newName: string): RenameResult {
  const { occurrences, complete } = occurrencesOf(model.view.at, tool, name, model.facts.argumentNamePattern);
  if (occurrences.length === 0) return { ok: false, message: `Tool \`${tool.name ?? 'this tool'}\` names no \`${name}\` that can be located in the file.` };
  return renameArgument(model, { tool, name, arguments: charged(tool.arguments).filter((a) => a.name === name), occurrences, complete, at: occurrences[0] }, newName);
}

/** Renames the placeholders (and docstring mentions) of `name`, a name no argument of the tool has. */
export function renamePlaceholder(model: BundleModel, tool: ToolView, name: string, newName: string): RenameResult {
  const { occurrences, complete } = occurrencesOf(model.view.at, tool, name, model.facts.argumentNamePattern);
  if (!isArgumentName(newName, model.facts.argumentNamePattern) || occurrences.length === 0 || charged(occurrences).some((o) => o.kind === 'name')) {
    return { ok: false, message: `\`${name}\` is not a placeholder without an argument, or \`${newName}\` is not a valid argument name.` };
  }
  if (!complete) return { ok: false, message: `Some mention of \`${name}\` cannot be located exactly in the file, so it cannot be renamed safely.` };
  if (anyShared(model, occurrences)) return { ok: false, message: `\`${name}\` is named in text shared through a YAML anchor or merge key.` };
  const tooMany = editBudgetProblem(name, occurrences.length);
  if (tooMany) return { ok: false, message: tooMany };
  return { ok: true, edits: charged(occurrences).map((o) => ({ start: o.start, end: o.end, newText: newName })) };
}

// ---------------------------------------------------------------- tools

function toolKeyAt(model: BundleModel, offset: number): ToolView | undefined {
  const view = model.view;
  const tokens = charged(view.tools).filter((t) => t.name !== undefined).map((tool) => ({ tool, tokenStart: view.at.start(tool.keyNode), tokenEnd: view.at.end(tool.keyNode) }));
  return pickAt(tokens, offset)?.tool;
}

/** The tool's key as a string scalar, and where its characters are. */
function toolKey(at: Placement, tool: ToolView): { node: ScalarNode; range: TextRange } | null {
  if (tool.keyNode.kind === 'alias') return null;
  const node = strScalarOf(tool.keyNode);
  if (!node || tool.name === undefined || tool.name.length === 0) return null;
  if (node.style === 'literal' || node.style === 'folded') return null;
  const range = valueRange(at, node, 0, tool.name.length);
  return range ? { node, range } : null;
}

function toolProblem(model: BundleModel, tool: ToolView): string | null {
  const key = toolKey(model.placement, tool);
  if (!key) return `The name of tool \`${tool.name}\` cannot be located exactly in the file.`;
  if (anyShared(model, [key.range])) return `The name of tool \`${tool.name}\` is shared through a YAML anchor, so renaming it here would change other places too.`;
  return null;
}

/** The signature's first word, when it is the tool's name (the command SWE-agent runs, by convention). */
function signatureCommand(at: Placement, tool: ToolView): { node: ScalarNode; range: TextRange } | null {
  const node = tool.signature;
  const name = tool.name;
  if (!node || node.value.type !== 'str' || name === undefined) return null;
  const value = node.value.value;
  if (!value.startsWith(name) || (value.length > name.length && !/\s/.test(value[name.length]))) return null;
  const range = valueRange(at, node, 0, name.length);
  return range ? { node, range } : null;
}

function toolNameProblem(name: string): string | null {
  if (name.length === 0) return 'A tool name cannot be empty.';
  if (/\s/.test(name) || /[^\x20-\x7e\xa0-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u.test(name)) {
    return `\`${name}\` cannot be a tool name: SWE-agent runs a tool by its name as one shell word, so it cannot hold spaces or control characters.`;
  }
  if (/[{}]/.test(name)) return `\`${name}\` cannot be a tool name: SWE-agent would read braces in the invoke format as a placeholder.`;
  if (name === 'bash') return "`bash` is SWE-agent's built-in bash tool; a bundle tool with that name stops SWE-agent.";
  return null;
}

function renameTool(model: BundleModel, tool: ToolView, newName: string): RenameResult {
  const problem = toolProblem(model, tool) ?? toolNameProblem(newName);
  if (problem) return { ok: false, message: problem };
  const oldName = tool.name!;
  if (newName === oldName) return { ok: true, edits: [] };
  if (charged(model.view.tools).some((t) => t !== tool && t.name === newName)) return { ok: false, message: `A tool named \`${newName}\` already exists in \`tools\`.` };
  const at = model.placement;
  const key = toolKey(at, tool)!;
  const keyNode = key.node;
  const keyText =
    keyNode.style === 'plain' ? (plainSafe(newName) ? newName : doubleQuoted(newName)) : keyNode.style === 'single' ? `'${inStyle(keyNode, newName)}'` : doubleQuoted(newName);
  const edits: OffsetEdit[] = [{ ...at.range(keyNode), newText: keyText }];
  const command = signatureCommand(at, tool);
  if (command) {
    if (anyShared(model, [command.range])) return { ok: false, message: `The signature of \`${oldName}\` is shared through a YAML anchor, so renaming it here would change other places too.` };
    const node = command.node;
    const value = (node.value as { value: string }).value;
    const renamed = newName + value.slice(oldName.length);
    if (node.style === 'plain' && (!plainSafe(newName) || plainTextIsNotString(renamed))) {
      // The new first word cannot stay plain here: write the whole signature double-quoted.
      edits.push({ ...at.range(node), newText: doubleQuoted(renamed) });
    } else {
      edits.push({ start: command.range.start, end: command.range.end, newText: inStyle(node, newName) });
    }
  }
  return { ok: true, edits };
}

// ---------------------------------------------------------------- entry points

/**
 * Whether the offset is on something renamable: the range to rename and its
 * current text, a reason it cannot be renamed, or null when there is nothing there.
 */
export function prepareRename(model: BundleModel, offset: number): PrepareRenameResult | null {
  const target = argumentTargetAt(model, offset);
  if (target) {
    const problem = argumentProblem(model, target);
    if (problem) return { ok: false, message: problem };
    return { ok: true, start: target.at.start, end: target.at.end, placeholder: target.name };
  }
  const tool = toolKeyAt(model, offset);
  if (tool) {
    const problem = toolProblem(model, tool);
    if (problem) return { ok: false, message: problem };
    const key = toolKey(model.placement, tool)!;
    return { ok: true, start: key.range.start, end: key.range.end, placeholder: tool.name! };
  }
  return null;
}

/** The edits renaming what is at the offset to `newName`, a reason not to, or null when there is nothing to rename there. */
export function rename(model: BundleModel, offset: number, newName: string): RenameResult | null {
  const target = argumentTargetAt(model, offset);
  if (target) return renameArgument(model, target, newName);
  const tool = toolKeyAt(model, offset);
  if (tool) return renameTool(model, tool, newName);
  return null;
}

