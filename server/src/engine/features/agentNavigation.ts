/**
 * Editing features on an agent config: what sits under the cursor (a bundle
 * `path:` or a `hidden_tools` entry), where it leads (go to definition) and
 * what it holds (hover). Answers come from the assembly check the project
 * already made, so the bundles are those SWE-agent would load.
 */
import * as path from 'path';
import { pickAt } from './navigation';
import { Block, Inline, code, oneLine, para, strong, toolPreview, toolPreviewBlocks } from './toolPreview';
import { EnvContext } from '../swe/env';
import { PyNode, strValue } from '../yaml/pyNode';
import { BundleRef, HiddenTool } from '../workspace/agentConfig';
import { AgentAnalysis, BundleInContext, resolveBundlePath } from '../workspace/checkAgentConfig';
import { charged, spend } from '../work';

type AgentTarget = {
  tokenStart: number;
  tokenEnd: number;
  ref: BundleRef;
  /** The bundle as loaded in this assembly; undefined when its path does not resolve to a readable bundle. */
  bundle: BundleInContext | undefined;
  configRoot: string;
  /** The env this assembly renders docs with. */
  env: EnvContext;
} & ({ kind: 'bundle-path' } | { kind: 'hidden-tool'; hidden: HiddenTool });

/** The bundle path or hidden tool at an offset. An aliased entry (`- *viewer`) is found at its anchor, where its text is. */
function agentTargetAt(analysis: AgentAnalysis, configRoot: string, offset: number): AgentTarget | null {
  const targets: AgentTarget[] = [];
  for (const { tools, check } of analysis.sections) {
    spend();
    for (const ref of tools.bundles) {
      spend();
      const bundle = charged(check.bundles).find((b) => b.ref === ref);
      const token = (node: PyNode) => ({ tokenStart: analysis.at.start(node), tokenEnd: analysis.at.end(node), ref, bundle, configRoot, env: check.options.env });
      if (ref.pathNode && ref.path !== undefined) targets.push({ ...token(ref.pathNode), kind: 'bundle-path' });
      for (const hidden of ref.hidden) {
        spend();
        targets.push({ ...token(hidden.node), kind: 'hidden-tool', hidden });
      }
    }
  }
  return pickAt(targets, offset) ?? null;
}

export interface AgentDefinition {
  origin: { start: number; end: number };
  /** The bundle config it leads to. */
  file: string;
  /** Offsets there: the whole target (the tool's entry) and the part to select (its name); the file's start for a bundle. */
  target: { start: number; end: number };
  selection: { start: number; end: number };
}

const FILE_START = { start: 0, end: 0 };

function toolKeyOf(bundle: BundleInContext, name: string): PyNode | undefined {
  return charged(bundle.model.check.toolEntries).find((entry) => strValue(entry.keyNode) === name)?.keyNode;
}

/** A bundle path leads to the bundle's config.yaml; a hidden tool to its definition there. */
export function agentDefinitionAt(analysis: AgentAnalysis, configRoot: string, offset: number): AgentDefinition | null {
  const target = agentTargetAt(analysis, configRoot, offset);
  if (!target?.bundle) return null;
  const { source, model } = target.bundle;
  const origin = { start: target.tokenStart, end: target.tokenEnd };
  if (target.kind === 'bundle-path') return { origin, file: source.configPath, target: FILE_START, selection: FILE_START };
  const key = toolKeyOf(target.bundle, target.hidden.name);
  if (!key) return null;
  const tool = charged(model.view.tools).find((t) => t.keyNode === key)!;
  const at = model.placement;
  return { origin, file: source.configPath, target: { start: at.start(key), end: Math.max(at.end(key), at.trimmedEnd(tool.valueNode)) }, selection: at.range(key) };
}

export interface AgentHover {
  start: number;
  end: number;
  blocks: Block[];
}

/** The first non-blank line of a docstring, trimmed. */
export function firstLine(text: string | null): string {
  return text === null ? '' : (charged(text.split('\n')).find((line) => line.trim() !== '') ?? '').trim();
}

function bundleBlocks(target: AgentTarget): Block[] {
  const { ref, bundle } = target;
  const resolved = resolveBundlePath(target.configRoot, ref.path!);
  const where = para('Bundle ', code(oneLine(ref.path!)), ', at ', code(oneLine(path.join(resolved, 'config.yaml'))), '.');
  if (!bundle) return [where, para('SWE-agent cannot load it from here; see the diagnostic on this path.')];
  const tools = charged(bundle.model.view.tools).filter((t) => t.name !== undefined);
  if (tools.length === 0) return [where, para('It defines no tools.')];
  const visible = charged(tools).filter((t) => !bundle.hidden.has(t.name!)).length;
  const blocks: Block[] = [
    where,
    para(`${tools.length} tool${tools.length === 1 ? '' : 's'}`, visible === tools.length ? '' : `, ${visible} shown to the model`, ':'),
  ];
  for (const tool of tools) {
    spend();
    const line: Inline[] = [code(oneLine(tool.command?.signature ?? tool.name!))];
    if (bundle.hidden.has(tool.name!)) line.push(' (hidden)');
    const summary = firstLine(tool.command?.docstring ?? null);
    if (summary) line.push(': ', oneLine(summary));
    blocks.push(para(...line));
  }
  return blocks;
}

function hiddenToolBlocks(target: AgentTarget & { kind: 'hidden-tool' }): Block[] {
  const { bundle, hidden } = target;
  if (!bundle) return [para(code(oneLine(hidden.name)), ': the bundle does not load from here, so its tools are unknown.')];
  const tool = charged(bundle.model.view.tools).find((t) => t.name === hidden.name);
  if (!tool) return [para(strong(oneLine(hidden.name)), ': bundle ', code(oneLine(target.ref.path!)), ' has no such tool.')];
  const head = para(strong(oneLine(hidden.name)), ': hidden. SWE-agent installs bundle ', code(oneLine(target.ref.path!)), ' but does not show this tool to the model.');
  return tool.command ? [head, ...toolPreviewBlocks(toolPreview(tool.command, { env: target.env, from: "this agent config's env" }))] : [head];
}

/** Hover on a bundle path (the bundle's tools) or a hidden tool (what is hidden). */
export function agentHoverAt(analysis: AgentAnalysis, configRoot: string, offset: number): AgentHover | null {
  const target = agentTargetAt(analysis, configRoot, offset);
  if (!target) return null;
  return { start: target.tokenStart, end: target.tokenEnd, blocks: target.kind === 'bundle-path' ? bundleBlocks(target) : hiddenToolBlocks(target) };
}
