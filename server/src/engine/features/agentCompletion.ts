/**
 * Completion in an agent config, inside a bundle entry of `bundles:`: its
 * keys (`path`, `hidden_tools`), the project's bundle folders on `path:`, and
 * the bundle's tools inside `hidden_tools`.
 *
 * Where the cursor is comes from the text (the cursor's line and the lines
 * above, as in a bundle config: features/completion/lineContext.ts), or, in a
 * flow list the line does not show whole, from the parsed document. What the
 * bundle holds comes from the project's assembly check: of the document, or,
 * when a half-typed line keeps the bundle from loading, of the text with
 * that line repaired (the partial word blanked, an unclosed `[` closed).
 */
import * as path from 'path';
import { CompletionEntry, Draft, finishDrafts } from './completion/entry';
import { Frame, LineShape, LineTable, enclosingFrames, framesOf, keysAround } from './completion/lineContext';
import { Part, stop } from './completion/snippet';
import { plainSafe, quoteContent } from './completion/style';
import { quoteIfNeeded, valueText, valueToken } from './completion/valueToken';
import { PyNode, deref, strValue } from '../yaml/pyNode';
import { Placement } from '../document/placement';
import { BundleRef } from '../workspace/agentConfig';
import { firstLine } from './agentNavigation';
import { AgentAnalysis, AgentCheck, resolveBundlePath } from '../workspace/checkAgentConfig';
import { charged, spend } from '../work';


/** What agent-config completion needs of the workspace around the file. */
export interface AgentCompletionWorkspace {
  /** The bundle configs of the workspace. */
  bundlePaths: readonly string[];
  /** The names of the tools a bundle config defines. */
  toolNames(configPath: string): string[];
  /** Where the file's bundle paths start. */
  configRoot: string;
  /** The analysis the file would have with this text (a half-typed line repaired), or null when it would not be an agent config. */
  analyzeText(text: string): AgentAnalysis | null;
}

export interface AgentCompletionOptions {
  /** The client accepts snippets. */
  snippets: boolean;
}

/** Where the cursor is in a bundle entry, and what it replaces (absolute offsets). */
type Site =
  /**
   * A tool name in `hidden_tools`: `wrap` when the list itself is to be written (`hidden_tools: |`);
   * `quote` when the name is being typed inside quotes, `closed` when the closing one is already there.
   */
  | { kind: 'hidden'; start: number; end: number; prefix: string; wrap: boolean; flow: boolean; entry: number | null; quote?: Quote }
  | { kind: 'key'; start: number; end: number; prefix: string; hasColon: boolean; present: Set<string> }
  | { kind: 'path'; line: LineShape; col: number; entry: number };

const BUNDLE_KEYS: { key: string; detail: string; documentation: string; parts: Part[] }[] = [
  {
    key: 'path',
    detail: 'bundle folder (required)',
    documentation: "The bundle's folder, relative to the config root (SWE_AGENT_CONFIG_ROOT): it holds the bundle's `config.yaml` and `bin/`.",
    parts: ['path: ', stop('path')],
  },
  {
    key: 'hidden_tools',
    detail: 'list of tool names (optional)',
    documentation: 'Tools of this bundle that SWE-agent installs but does not show to the model.',
    parts: ['hidden_tools: [', stop('hidden'), ']'],
  },
];

/** The quotes a flow item is being typed in, and whether its closing one is there (an auto-closing editor's). */
interface Quote {
  mark: '"' | "'";
  closed: boolean;
}

/** Characters of a tool name or path being typed (anything a flow list or a comment would not hold). */
const WORD_BEFORE = /[^\s,[\]{}#]*$/;
const WORD_AFTER = /^[^\s,[\]{}#]*/;
const PLAIN_WORD = /^[A-Za-z0-9_./-]*$/;

function keyFrame(frame: Frame | undefined, name: string): boolean {
  return frame?.kind === 'key' && frame.name === name;
}

/** The `- ` item of `bundles:` that a frame path ends in (the bundle entry), or null. */
function bundleEntry(path: Frame[]): Frame | null {
  const item = path[path.length - 1];
  if (item?.kind !== 'item' || !keyFrame(path[path.length - 2], 'bundles') || !keyFrame(path[path.length - 3], 'tools')) return null;
  return item;
}

/** The column of an entry's keys: the content after its `- `, when the entry's first key is on that line. */
function entryColumn(entry: Frame): number | null {
  const line = entry.line;
  return line.dashes[line.dashes.length - 1] === entry.col && line.contentCol < line.text.length ? line.contentCol : null;
}

function keySite(table: LineTable, index: number, line: LineShape, start: number, end: number, hasColon: boolean, prefix = ''): Site {
  const col = start + (prefix ? 1 : 0);
  return { kind: 'key', start: line.start + start, end: line.start + end, prefix, hasColon, present: keysAround(table, index, col) };
}

/** The site on the cursor's line, read from the text. */
function textSite(table: LineTable, offset: number): Site | null {
  const index = table.indexAt(offset);
  const line = table.line(index);
  const col = offset - line.start;
  const text = line.text;
  const itemFrames = charged(framesOf(line)).filter((frame) => frame.kind === 'item');
  const lastDash = line.dashes[line.dashes.length - 1];
  const needsSpace = lastDash !== undefined && line.contentCol === lastDash + 1 && col === line.contentCol ? ' ' : '';
  if (line.key) {
    const key = line.key;
    if (col >= line.contentCol && col <= key.end) {
      const entry = bundleEntry(enclosingFrames(table, index, line.contentCol, itemFrames));
      return key.plain && entry && entryColumn(entry) === line.contentCol ? keySite(table, index, line, line.contentCol, key.end, true) : null;
    }
    if (col <= key.colon || (key.name !== 'hidden_tools' && key.name !== 'path')) return null;
    const path = enclosingFrames(table, index, line.contentCol, itemFrames);
    const entry = bundleEntry(path);
    if (!entry || entryColumn(entry) !== line.contentCol) return null;
    if (key.name === 'path') return { kind: 'path', line, col, entry: entry.offset };
    if (line.value === 'flow') {
      if (!/^\[[^[\]{}]*$/.test(text.slice(line.valueCol!, col))) return null;
      return hiddenItem(line, col, entry.offset);
    }
    const prefix = col === key.colon + 1 ? ' ' : '';
    if (line.value === 'empty') return { kind: 'hidden', start: offset, end: offset, prefix, wrap: true, flow: true, entry: entry.offset };
    // A word typed after `hidden_tools: ` becomes the list.
    const word = text.slice(line.valueCol!).replace(/[ \t]+#.*$/, '').trimEnd();
    if (line.value !== 'scalar' || !PLAIN_WORD.test(word) || col < line.valueCol! || col > line.valueCol! + word.length) return null;
    return { kind: 'hidden', start: line.start + line.valueCol!, end: line.start + line.valueCol! + word.length, prefix: '', wrap: true, flow: true, entry: entry.offset };
  }
  const content = text.slice(line.contentCol);
  if (col < line.contentCol || !PLAIN_WORD.test(content.trimEnd()) || col > line.contentCol + content.trimEnd().length) return null;
  const end = line.contentCol + content.trimEnd().length;
  if (itemFrames.length > 0) {
    // `- |` or `- word|`: a hidden tool of the list above, or the first key of a new bundle entry.
    const path = enclosingFrames(table, index, col, itemFrames);
    const list = path[path.length - 2];
    const owner = bundleEntry(path.slice(0, -2));
    if (itemFrames.length === 1 && keyFrame(list, 'hidden_tools') && owner) {
      return { kind: 'hidden', start: line.start + line.contentCol, end: line.start + end, prefix: needsSpace, wrap: false, flow: false, entry: owner.offset };
    }
    if (!bundleEntry(path) || itemFrames.length !== 1) return null;
    return keySite(table, index, line, line.contentCol, end, false, needsSpace);
  }
  // A blank line or a word at the column of an entry's keys.
  const keyCol = line.blank ? col : line.contentCol;
  const entry = bundleEntry(enclosingFrames(table, index, keyCol, []));
  if (!entry || entryColumn(entry) !== keyCol) return null;
  return keySite(table, index, line, keyCol, line.blank ? col : end, false);
}

/**
 * A tool name at the cursor in a flow list (`[a, |]`): the partial word it
 * replaces; inside quotes (`["|"]`, the closing one typed or put there by
 * the editor), only what is between them.
 */
function hiddenItem(line: LineShape, col: number, entry: number | null): Extract<Site, { kind: 'hidden' }> {
  const text = line.text;
  const start = col - WORD_BEFORE.exec(text.slice(0, col))![0].length;
  const end = col + WORD_AFTER.exec(text.slice(col))![0].length;
  const site: Extract<Site, { kind: 'hidden' }> = { kind: 'hidden', start: line.start + start, end: line.start + end, prefix: text[start - 1] === ',' ? ' ' : '', wrap: false, flow: true, entry };
  const mark = text[start];
  if ((mark !== '"' && mark !== "'") || start === col) return site;
  // The name's end: the first closing quote after the cursor (an escaped or doubled one does not close).
  const inner = (mark === '"' ? /^(?:[^"\\]|\\.)*/ : /^(?:[^']|'')*/).exec(text.slice(start + 1))![0];
  const close = start + 1 + inner.length;
  const closed = close < text.length && close >= col;
  return { ...site, start: line.start + start + 1, end: line.start + (closed ? close : end), prefix: '', quote: { mark, closed } };
}

/** Whether a node is a flow sequence with the offset between its brackets. */
function inFlowList(at: Placement, node: PyNode | undefined, offset: number): boolean {
  if (!node || node.kind === 'alias') return false;
  const seq = deref(node);
  return seq.kind === 'seq' && seq.origin.text[seq.start] === '[' && at.start(seq) < offset && offset < at.end(seq);
}

/** The site in a flow `hidden_tools` list the cursor's line does not show whole (a flow entry, a list over several lines). */
function flowSite(analysis: AgentAnalysis, table: LineTable, offset: number): { site: Extract<Site, { kind: 'hidden' }>; ref: BundleRef; check: AgentCheck } | null {
  for (const { tools, check } of analysis.sections) {
    spend();
    for (const ref of tools.bundles) {
      spend();
      if (!inFlowList(analysis.at, ref.fields.get('hidden_tools')?.value, offset)) continue;
      const line = table.line(table.indexAt(offset));
      return { site: hiddenItem(line, offset - line.start, null), ref, check };
    }
  }
  return null;
}

type Section = AgentAnalysis['sections'][number];

/** The bundle entry whose `- ` is at `dash`, with its section. */
function entryAt(analysis: AgentAnalysis, text: string, dash: number): { ref: BundleRef; section: Section } | null {
  for (const section of analysis.sections) {
    spend();
    for (const ref of section.tools.bundles) {
      spend();
      const start = analysis.at.start(ref.node);
      if (start === dash || (start > dash && text[dash] === '-' && text.slice(dash + 1, start).trim() === '')) return { ref, section };
    }
  }
  return null;
}

/**
 * The text with the cursor's line repaired so that it loads: the partial
 * word at the cursor blanked, and the flow collections the line leaves open
 * closed at its end. Offsets up to the line's end stay in place.
 */
function repairedText(text: string, table: LineTable, offset: number): { text: string; closed: boolean } {
  const line = table.line(table.indexAt(offset));
  const col = offset - line.start;
  const start = col - /[^\s,[\]{}#:]*$/.exec(line.text.slice(0, col))![0].length;
  const end = col + /^[^\s,[\]{}#:]*/.exec(line.text.slice(col))![0].length;
  const blanked = line.text.slice(0, start) + ' '.repeat(end - start) + line.text.slice(end);
  const open: string[] = [];
  let quote: string | null = null;
  let cut = blanked.length;
  for (let i = 0; i < blanked.length; i++) {
    spend();
    const c = blanked[i];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '#' && (i === 0 || /[ \t]/.test(blanked[i - 1]))) {
      cut = i;
      break;
    } else if (c === '[' || c === '{') open.push(c === '[' ? ']' : '}');
    else if ((c === ']' || c === '}') && open[open.length - 1] === c) open.pop();
  }
  const repaired = blanked.slice(0, cut) + open.reverse().join('') + blanked.slice(cut);
  return { text: text.slice(0, line.start) + repaired + text.slice(line.start + line.text.length), closed: open.length > 0 };
}

function toolItems(at: Placement, site: Extract<Site, { kind: 'hidden' }>, ref: BundleRef, check: AgentCheck, offset: number): Draft[] {
  const bundle = charged(check.bundles).find((b) => b.ref === ref);
  if (!bundle) return [];
  const hidden = new Set(charged(ref.hidden).filter((h) => !at.contains(h.node, offset)).map((h) => h.name));
  const seen = new Set<string>();
  return charged(bundle.model.view.tools).flatMap((tool): Draft[] => {
    const name = tool.name;
    if (name === undefined || hidden.has(name) || seen.has(name)) return [];
    seen.add(name);
    const safe = plainSafe(name) && !(site.flow && /[,[\]{}]/.test(name));
    const quote = site.quote;
    const written = quote ? quoteContent(quote.mark === '"' ? 'double' : 'single', name) + (quote.closed ? '' : quote.mark) : safe ? name : JSON.stringify(name);
    const summary = firstLine(tool.command?.docstring ?? (tool.docstring ? (strValue(tool.docstring) ?? null) : null));
    const draft: Draft = {
      label: name,
      kind: 'function',
      detail: tool.command?.signature ?? (tool.signature ? strValue(tool.signature) : undefined) ?? name,
      start: site.start,
      end: site.end,
      parts: [site.prefix + (site.wrap ? `[${written}]` : written)],
    };
    if (summary) draft.documentation = summary;
    return [draft];
  });
}

function keyItems(site: Extract<Site, { kind: 'key' }>): Draft[] {
  return charged(BUNDLE_KEYS).filter(({ key }) => !site.present.has(key)).map(({ key, detail, documentation, parts }) => ({
    label: key,
    kind: 'property',
    detail,
    documentation,
    start: site.start,
    end: site.end,
    parts: site.hasColon ? [key] : [...(site.prefix ? [site.prefix] : []), ...parts],
  }));
}

/** `/`-separated, as agent configs write bundle paths. */
function portable(relative: string): string {
  return relative.split(path.sep).join('/');
}

function pathItems(site: Extract<Site, { kind: 'path' }>, workspace: AgentCompletionWorkspace, section: Section, current: BundleRef | null): Draft[] {
  const configRoot = workspace.configRoot;
  const token = valueToken(site.line, site.col);
  if (!token) return [];
  const listed = new Set(charged(section.tools.bundles).filter((ref) => ref !== current && ref.path !== undefined).map((ref) => resolveBundlePath(configRoot, ref.path!)));
  const folders = new Map<string, string>();
  for (const configPath of workspace.bundlePaths) {
    spend();
    const dir = path.dirname(configPath);
    if (!listed.has(dir) && !folders.has(dir)) folders.set(dir, configPath);
  }
  const entries = charged([...folders]).map(([dir, configPath]) => ({ relative: portable(path.relative(configRoot, dir)) || '.', configPath }));
  const outside = (relative: string) => relative === '..' || relative.startsWith('../');
  charged(entries).sort((a, b) => Number(outside(a.relative)) - Number(outside(b.relative)) || (a.relative < b.relative ? -1 : a.relative > b.relative ? 1 : 0));
  return charged(entries).map(({ relative, configPath }): Draft => {
    const names = workspace.toolNames(configPath);
    const draft: Draft = {
      label: relative,
      kind: 'folder',
      detail: `${names.length} tool${names.length === 1 ? '' : 's'}`,
      start: site.line.start + token.start,
      end: site.line.start + token.end,
      parts: [valueText(relative, token, quoteIfNeeded(relative))],
    };
    if (names.length > 0) draft.documentation = charged(names).map((n) => `\`${n.replace(/`/g, "'")}\``).join(', ');
    return draft;
  });
}

function isAgent(analysis: AgentAnalysis | null): analysis is AgentAnalysis {
  return analysis !== null && analysis.sections.length > 0;
}

function drafts(site: Site, analysis: AgentAnalysis, text: string, offset: number, workspace: AgentCompletionWorkspace): Draft[] | null {
  if (site.kind === 'key') return keyItems(site);
  const found = site.entry === null ? null : entryAt(analysis, text, site.entry);
  if (site.kind === 'hidden') return found ? toolItems(analysis.at, site, found.ref, found.section.check, offset) : null;
  // A `path:` of an entry that does not load yet: the other entries of the list still count.
  const section = found?.section ?? charged(analysis.sections).find(({ tools }) => tools.bundlesEntry && analysis.at.contains(tools.bundlesEntry.value, offset));
  return section ? pathItems(site, workspace, section, found?.ref ?? null) : null;
}

/**
 * Completion items in an agent config (`text` is its newline-normalized
 * text, `own` the project's analysis of it, null when the text does not read
 * as an agent config). Null when neither the text nor its repair is an agent
 * config, so the caller can try other completions.
 */
export function agentCompletions(workspace: AgentCompletionWorkspace, text: string, offset: number, own: AgentAnalysis | null, options: AgentCompletionOptions): CompletionEntry[] | null {
  if (!Number.isInteger(offset) || offset < 0 || offset > text.length) return isAgent(own) ? [] : null;
  const table = new LineTable(text);
  const site = textSite(table, offset);
  const attempt = (analysis: AgentAnalysis): Draft[] | null => {
    if (site) return drafts(site, analysis, text, offset, workspace);
    const flow = flowSite(analysis, table, offset);
    return flow ? toolItems(analysis.at, flow.site, flow.ref, flow.check, offset) : null;
  };
  let found = isAgent(own) ? attempt(own) : null;
  let agent = isAgent(own);
  if (found === null) {
    // Repair only what may keep the cursor's bundle from loading: there is a site, or the line leaves a list open.
    const repaired = repairedText(text, table, offset);
    if (!agent || site || repaired.closed) {
      const analysis = workspace.analyzeText(repaired.text);
      if (isAgent(analysis)) {
        agent = true;
        found = attempt(analysis);
      }
    }
  }
  if (!agent) return null;
  return finishDrafts(found ?? [], options.snippets, { text, cursor: offset });
}
