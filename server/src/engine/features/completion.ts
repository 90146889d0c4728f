/**
 * Completion in a bundle config: the keys each mapping is missing (required
 * ones first), whole tool and argument skeletons in the file's style, argument
 * names inside a signature, placeholders for an argument's `name`, and the
 * values of `type`, `required` and `argument_format`. Given the bundle's
 * `bin/` scripts (the server lists them), also a tool for each script no tool
 * declares, and the scripts as the value of `state_command`.
 *
 * Where the cursor is comes from the text (the cursor's line and the
 * indentation of the lines above, completion/lineContext.ts), so a
 * half-typed line works. What the mappings hold comes from a parsed model:
 * the document's own when it loads, otherwise the text with the cursor's line
 * repaired (the partial key or value blanked out), and failing that with
 * every other chunk blanked too. Repairs keep every offset in place.
 */
import { stateCommandScript } from '../swe/checkBundle';
import { BundleModel, analyzeWhole } from '../document/bundleModel';
import { ChunkSpec, resplitChunks, splitIntoChunks } from '../document/chunker';
import { sourceTextOf } from '../document/sourceText';
import { JSON_SCHEMA_TYPES, STANDALONE_OPTIONS, fieldsOf } from '../swe/checkTool';
import type { NameRepeat } from '../python/argumentNamePattern';
import { Placeholder, signaturePlaceholders } from '../swe/placeholders';
import { asDict, laxBool } from '../swe/pydanticLax';
import { valueSpans } from '../swe/valueSpans';
import { DictEntry, dictEntries, strValue } from '../yaml/pyNode';
import { ArgumentView, BundleView, ToolView } from '../document/bundleView';
import { Placement } from '../document/placement';
import { CompletionEntry, CompletionKind, Draft, finishDrafts } from './completion/entry';
import { ARGUMENT_KEYS, ITEMS_KEYS, KeyInfo, ROOT_KEYS, TOOL_KEYS } from './completion/keyCatalog';
import { Frame, LineShape, LineTable, enclosingFrames, framesOf, keysAround } from './completion/lineContext';
import { Part } from './completion/snippet';
import { argumentBody, itemIndicator, keyWithValue, toolSkeleton } from './completion/skeletons';
import { FileStyle, fileStyle, plainSafe } from './completion/style';
import { quoteIfNeeded, valueText, valueToken } from './completion/valueToken';
import { charged, spend } from '../work';

export type { CompletionEntry, CompletionKind } from './completion/entry';

export interface CompletionOptions {
  /** The client accepts snippets (`completionItem.snippetSupport`). */
  snippets: boolean;
  /**
   * The names of the regular files in the bundle's `bin/` folder, when the
   * document is a bundle config on disk: offered as tools to declare and as
   * the state command.
   */
  binScripts?: readonly string[];
  /**
   * The split the host holds (`splitIntoChunks` of `text`), read when it is
   * of the model's text: a request then reads the lines around the cursor
   * and splits again only where it changes the text, instead of all of it.
   */
  split?: { text: string; specs: readonly ChunkSpec[] | null };
  /**
   * The model of a repair of the model's text (the same length): the host
   * makes it from the chunks the text shares with the document's, as it makes
   * the document's own. By default, the text parsed whole (`analyzeWhole`).
   */
  analyze?: (text: string) => BundleModel;
}

/** What the cursor's line says about the position. */
type Site =
  | {
      kind: 'key';
      line: LineShape;
      /** Column where the key (or item) goes. */
      col: number;
      /** Columns of the partial key the completion replaces. */
      tokenStart: number;
      tokenEnd: number;
      /** The line already has `key:`; only the key is replaced. */
      hasColon: boolean;
      /** The cursor is right after a `-`: the insertion starts with a space. */
      needsSpace: boolean;
      own: Frame[];
    }
  | { kind: 'value'; line: LineShape; own: Frame[] }
  | { kind: 'text'; line: LineShape; own: Frame[] };

type State = 'root' | 'tools' | 'tool' | 'arguments' | 'argument' | 'items' | 'other';

interface Context {
  /** A key position in a mapping (or an item position in `arguments`), or a value position. */
  position: Exclude<State, 'other'> | 'value';
  owner?: State;
  key?: string;
  /** In a scalar that continues on the lines below its key. */
  continuation?: boolean;
  tool?: Frame;
  argument?: Frame;
}

function siteAt(line: LineShape, col: number): Site | null {
  const text = line.text;
  if (line.blank) {
    if (text.trim() !== '') return null;
    return { kind: 'key', line, col, tokenStart: col, tokenEnd: col, hasColon: false, needsSpace: false, own: [] };
  }
  if (col < line.contentCol) return null;
  const frames = framesOf(line);
  const items = charged(frames).filter((frame) => frame.kind === 'item');
  if (line.key) {
    if (col <= line.key.end) {
      if (!line.key.plain) return null;
      return { kind: 'key', line, col: line.contentCol, tokenStart: line.contentCol, tokenEnd: line.key.end, hasColon: true, needsSpace: false, own: items };
    }
    if (col <= line.key.colon || line.value === 'block') return null;
    return { kind: 'value', line, own: frames };
  }
  const content = text.slice(line.contentCol);
  const word = /^[A-Za-z0-9_-]*/.exec(content)![0];
  if (content.slice(word.length).trim() === '' && col <= line.contentCol + word.length) {
    const lastDash = line.dashes[line.dashes.length - 1];
    const needsSpace = content === '' && lastDash !== undefined && line.contentCol === lastDash + 1;
    const keyCol = needsSpace ? line.contentCol + 1 : line.contentCol;
    return { kind: 'key', line, col: keyCol, tokenStart: line.contentCol, tokenEnd: line.contentCol + word.length, hasColon: false, needsSpace, own: items };
  }
  return items.length === 0 ? { kind: 'text', line, own: [] } : null;
}

function nextState(state: State, frame: Frame): State {
  if (frame.kind === 'item') return state === 'arguments' ? 'argument' : 'other';
  if (frame.kind !== 'key') return 'other';
  if (state === 'root') return frame.name === 'tools' ? 'tools' : 'other';
  if (state === 'tools') return 'tool';
  if (state === 'tool') return frame.name === 'arguments' ? 'arguments' : 'other';
  if (state === 'argument') return frame.name === 'items' ? 'items' : 'other';
  return 'other';
}

/**
 * The frames enclosing a sequence when a key position sits at the column of
 * the `-` of the item above it (`- name: a`, then the cursor under the `-`):
 * the position is a new item of that sequence, also when the sequence is not
 * indented past its key (`arguments:` and `- name: a` at the same column).
 */
function sequencePath(table: LineTable, index: number, col: number): Frame[] | null {
  const tools = table.toolsBodyAt(index);
  for (let i = table.above(index); i !== -1; i = table.above(i)) {
    spend();
    // Left of the tool keys, every line among the tools is blank or indented past the column, up to the `tools:` line.
    if (tools && i > tools.header && col < tools.indent) i = tools.header;
    // A line indented past the column is passed over, blank or not: no need to parse it.
    if (table.spacesAt(i) > col) continue;
    const line = table.line(i);
    if (line.blank) continue;
    if (line.indent < col || line.dashes[0] !== col) return null;
    return enclosingFrames(table, i, col, framesOf(line).slice(0, 1)).slice(0, -1);
  }
  return null;
}

function contextOf(table: LineTable, index: number, site: Site): Context | null {
  const col = site.kind === 'key' ? site.col : site.line.indent;
  const sequence = site.kind === 'key' && site.own.length === 0 ? sequencePath(table, index, col) : null;
  const path = sequence ?? enclosingFrames(table, index, col, site.own);
  let state: State = 'root';
  let tool: Frame | undefined;
  let argument: Frame | undefined;
  for (let i = 0; i < path.length; i++) {
    spend();
    const frame = path[i];
    if (frame.kind === 'text') return null;
    if (frame.kind === 'key') {
      const onCursorLine = frame.line === site.line;
      if (onCursorLine || frame.value !== 'empty' || path[i + 1]?.kind === 'text') {
        return { position: 'value', owner: state, key: frame.name, continuation: !onCursorLine, tool, argument };
      }
    }
    const next = nextState(state, frame);
    if (state === 'tools') tool = frame;
    if (next === 'argument') argument = frame;
    state = next;
  }
  if (site.kind !== 'key' || state === 'other') return null;
  return { position: state, tool, argument };
}

function loadsCleanly(model: BundleModel): boolean {
  return model.mode === 'chunked' || charged(model.chunks).every((chunk) => chunk.parsed.load.problems.length === 0);
}

/** The text with the cursor's partial key or value blanked (same length), or null when there is nothing to blank. */
function repairedText(text: string, site: Site): string | null {
  const line = site.line;
  let from: number | undefined;
  if (site.kind === 'key' && !site.hasColon && site.tokenEnd > site.tokenStart) from = site.tokenStart;
  else if (site.kind === 'value' && line.valueCol! < line.text.length) from = line.valueCol;
  if (from === undefined) return null;
  return text.slice(0, line.start + from) + ' '.repeat(line.text.length - from) + text.slice(line.start + line.text.length);
}

/** The text with every chunk (`chunks`, its split) but the cursor's (and the `tools:` line above a tool) blanked, or null when it does not split. */
function isolatedText(text: string, chunks: readonly ChunkSpec[] | null, offset: number): string | null {
  if (!chunks) return null;
  let index = charged(chunks).findIndex((chunk) => chunk.start <= offset && offset < chunk.end);
  if (index === -1) index = chunks.length - 1;
  const keep = new Set([index]);
  for (let i = index - 1; chunks[index].role === 'tool' && i >= 0; i--) {
    spend();
    if (chunks[i].role === 'tools-header') {
      keep.add(i);
      break;
    }
  }
  // The chunks cover the text: the runs between the kept ones are blanked a line at a time (a character at a time, 52,000 lines took 80 ms).
  let isolated = '';
  let from = 0;
  for (const i of charged([...keep]).sort((a, b) => a - b)) {
    spend();
    isolated += blankedText(text.slice(from, chunks[i].start)) + text.slice(chunks[i].start, chunks[i].end);
    from = chunks[i].end;
  }
  return isolated + blankedText(text.slice(from));
}

/** A text with every character but the line breaks made a space. */
function blankedText(text: string): string {
  const lines: string[] = [];
  let from = 0;
  for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', end + 1)) {
    spend();
    lines.push(' '.repeat(end - from));
    from = end + 1;
  }
  lines.push(' '.repeat(text.length - from));
  return lines.join('\n');
}

/**
 * A model of the document's structure that loads: the document's own, or the
 * text with the cursor's line repaired, or with only the cursor's chunk left
 * (`partial`: the other top-level keys are gone from it).
 */
function structureModel(model: BundleModel, site: Site, offset: number, chunks: readonly ChunkSpec[] | null | undefined, analyze: (text: string) => BundleModel): { model: BundleModel; partial: boolean } | null {
  if (loadsCleanly(model)) return { model, partial: false };
  const text = model.source.normalized;
  const repaired = repairedText(text, site);
  if (repaired !== null && repaired !== text) {
    const parsed = analyze(repaired);
    if (loadsCleanly(parsed)) return { model: parsed, partial: false };
  }
  // The split of the text to isolate: the host's split of the text (made again around the cursor's line when that is repaired), else made here.
  const split = chunks === undefined ? splitIntoChunks(repaired ?? text) : repaired === null ? chunks : resplitChunks(text, chunks, repaired).specs;
  const isolated = isolatedText(repaired ?? text, split, offset);
  if (isolated !== null && isolated !== text) {
    const parsed = analyze(isolated);
    if (loadsCleanly(parsed)) return { model: parsed, partial: true };
  }
  return null;
}

/** The argument whose item starts at a `-` (its node may start after the `- `, or on the next line). */
function argumentAfterDash(view: BundleView, tool: ToolView, dash: number): ArgumentView | undefined {
  const text = view.text;
  return charged(tool.arguments).find((argument) => {
    const start = view.at.itemStart(argument.node);
    return start === dash || (start > dash && text.slice(dash + 1, start).trim() === '');
  });
}

function isOptional(argument: ArgumentView): boolean {
  const required = argument.fields.get('required');
  if (!required) return false;
  const value = laxBool(required.value);
  return value.ok && !value.value;
}

function signatureOf(tool: ToolView | undefined): string | undefined {
  return tool?.signature ? strValue(tool.signature) : undefined;
}

/** Whether an argument looks optional from how the signature spells it (only `[<x>]` or `--x`). */
function optionalInSignature(tool: ToolView | undefined, name: string | undefined, repeat: NameRepeat): boolean {
  const signature = signatureOf(tool);
  const spellings = signature !== undefined && name ? charged(signaturePlaceholders(signature, repeat)).filter((p) => p.name === name) : [];
  return spellings.length > 0 && charged(spellings).every((p) => !requiredSpelling(p));
}

/** The signature's placeholders (one per name, in order) that no argument but `except` claims. */
function unclaimedPlaceholders(tool: ToolView | undefined, repeat: NameRepeat, except?: ArgumentView): Placeholder[] {
  const signature = signatureOf(tool);
  if (!tool || signature === undefined) return [];
  const claimed = new Set(charged(tool.arguments).filter((a) => a !== except && a.name !== undefined).map((a) => a.name));
  const seen = new Set<string>();
  return charged(signaturePlaceholders(signature, repeat)).filter((p) => {
    if (claimed.has(p.name) || seen.has(p.name)) return false;
    seen.add(p.name);
    return true;
  });
}

/** `<x>` and `{x}` stand for required arguments, `[<x>]` and `--x` for optional ones. */
function requiredSpelling(p: Placeholder): boolean {
  return p.spelling === 'angle' || p.spelling === 'brace';
}

function spellingText(p: Placeholder): string {
  return p.spelling === 'angle' ? `<${p.name}>` : p.spelling === 'optional' ? `[<${p.name}>]` : p.spelling === 'brace' ? `{${p.name}}` : `--${p.name}`;
}

/** The signature a tool's arguments call for: its name, `<x>` per required and `[<x>]` per optional argument. */
function suggestedSignature(tool: ToolView): string | undefined {
  if (tool.name === undefined) return undefined;
  const names = charged(tool.arguments).filter((a) => a.name !== undefined).map((a) => (isOptional(a) ? ` [<${a.name}>]` : ` <${a.name}>`));
  return tool.name + names.join('');
}

function formatPatterns(name: string | undefined, type: string | undefined): string[] {
  const flag = name ? `--${name} ` : undefined;
  const plain = ['{{value}}', ...(flag ? [`${flag}{{value}}`] : [])];
  const joined = ["{{value|join(' ')}}", ...(flag ? [`${flag}{{value|join(' ')}}`] : [])];
  return type === 'array' ? [...joined, ...plain] : plain;
}

function formatDetail(pattern: string): string {
  const flag = /^--(\S+) /.exec(pattern);
  const join = pattern.includes('join');
  if (flag) return join ? `array items after --${flag[1]}` : `the value after --${flag[1]}`;
  return join ? 'array items separated by spaces' : 'the value as is (the default)';
}

function typeDetail(argument: ArgumentView): string {
  const type = argument.fields.get('type');
  const name = type ? strValue(type.value) : undefined;
  return `${name ? name + ' ' : ''}argument${isOptional(argument) ? ', optional' : ''}`;
}

/** Keys written in a mapping, other than on the cursor's line. */
function presentKeys(at: Placement, fields: Map<string, DictEntry>, line: LineShape): Set<string> {
  const present = new Set<string>();
  for (const [key, entry] of fields) {
    spend();
    const elsewhere = charged(entry.occurrences).some((pair) => {
      const start = at.start(pair.key);
      return start < line.start || start > line.start + line.text.length;
    });
    if (elsewhere) present.add(key);
  }
  return present;
}

interface Resolved {
  view: BundleView | null;
  /** The view holds the cursor's chunk only. */
  partial: boolean;
  tool?: ToolView;
  argument?: ArgumentView;
  /** Read only by the items that lay out text or name scripts (each looks at every tool): made when first read. */
  readonly style: FileStyle;
  readonly bin: BinScripts;
  /** The chosen SWE-agent's argument-name pattern: which placeholders the signature has. */
  repeat: NameRepeat;
}

/** The bundle's `bin/` scripts, sorted (no dot files: `chmod +x bin/*` leaves them out too). */
interface BinScripts {
  names: string[];
  /** The tools declared, other than on the cursor's line (where one may be being typed). */
  tools: Set<string>;
  /** The script the state command runs. */
  state: string | null;
}

/** The state command's script read from the text, when the file does not load. */
const STATE_LINE = /^state_command[ \t]*:[ \t]*["']?([A-Za-z0-9_.-]+)(?=[\s"']|$)/m;

function binScripts(model: BundleModel, structure: BundleModel | null, table: LineTable, index: number, site: Site, names: readonly string[] | undefined): BinScripts {
  if (!names || names.length === 0) return { names: [], tools: new Set(), state: null };
  const line = site.line;
  const tools = new Set<string>();
  for (const checked of [model, structure]) {
    spend();
    for (const entry of checked?.check.toolEntries ?? []) {
      spend();
      const start = checked!.placement.start(entry.keyNode);
      const name = strValue(entry.keyNode);
      if (name !== undefined && (start < line.start || start > line.start + line.text.length)) tools.add(name);
    }
  }
  // Tool keys written next to the cursor's line count too when the text does not load.
  if (site.kind === 'key') for (const name of keysAround(table, index, site.col)) {
    spend();
    tools.add(name);
  }
  const command = structure?.check.stateCommand ?? model.check.stateCommand;
  const state = command ? stateCommandScript(command.value) : (STATE_LINE.exec(model.source.normalized)?.[1] ?? null);
  return { names: [...new Set(charged(names).filter((name) => !name.startsWith('.')))].sort(), tools, state };
}

function keyItems(keys: readonly KeyInfo[], present: Set<string>, site: Extract<Site, { kind: 'key' }>, resolved: Resolved, context: Context): Draft[] {
  const { tool, argument, repeat } = resolved;
  const start = site.line.start + site.tokenStart;
  const end = site.line.start + site.tokenEnd;
  return charged(keys)
    .filter((info) => !present.has(info.key))
    .map((info): Draft => {
      let parts: Part[];
      if (site.hasColon) parts = [info.key];
      else {
        const unclaimed = charged(unclaimedPlaceholders(tool, repeat, argument)).map((p) => ({ name: p.name, required: requiredSpelling(p) }));
        const name = argument?.name;
        const type = argument?.fields.get('type');
        parts = keyWithValue(info.key, {
          style: resolved.style,
          keyCol: site.col,
          signature: tool ? suggestedSignature(tool) : context.tool?.kind === 'key' ? context.tool.name : undefined,
          unclaimed,
          required: !optionalInSignature(tool, name, repeat),
          formats: formatPatterns(name, type ? strValue(type.value) : undefined),
        });
        if (site.needsSpace) parts = [' ', ...parts];
      }
      return { label: info.key, kind: 'property', detail: info.detail, documentation: info.documentation, start, end, parts };
    });
}

function argumentSkeletons(site: Extract<Site, { kind: 'key' }>, resolved: Resolved, withIndicator: boolean): Draft[] {
  const { tool, style, repeat } = resolved;
  const start = site.line.start + site.tokenStart;
  const end = site.line.start + site.tokenEnd;
  const contentCol = withIndicator ? site.col + style.itemIndent : site.col;
  const prefix: Part[] = [...(site.needsSpace ? [' '] : []), ...(withIndicator ? [itemIndicator(style)] : [])];
  const drafts: Draft[] = charged(unclaimedPlaceholders(tool, repeat)).map((p) => {
    const required = requiredSpelling(p);
    return {
      label: `new argument: ${p.name}`,
      kind: 'snippet',
      detail: `for ${spellingText(p)} in the signature`,
      documentation: `Declares the argument the signature writes as \`${spellingText(p)}\`, ${required ? 'as required' : 'as optional'}, with the keys SWE-agent needs.`,
      start,
      end,
      parts: [...prefix, ...argumentBody(style, contentCol, { name: p.name, required })],
    };
  });
  const offset = site.line.start + site.col;
  const at = resolved.view?.at;
  const afterOptional = (at && charged(tool?.arguments)?.some((a) => at.itemStart(a.node) < offset && isOptional(a))) ?? false;
  drafts.push({
    label: 'new argument',
    kind: 'snippet',
    detail: 'argument skeleton',
    documentation: `An argument with \`name\`, \`type\`, \`description\` and \`required\`${afterOptional ? ' (optional, since an optional argument comes before it)' : ''}. Mention it in the signature too.`,
    start,
    end,
    parts: [...prefix, ...argumentBody(style, contentCol, { name: 'arg_name', required: !afterOptional })],
  });
  return drafts;
}

/** A tool skeleton named after each `bin/` script that no tool declares (and that is not the state command). */
function scriptToolItems(site: Extract<Site, { kind: 'key' }>, resolved: Resolved): Draft[] {
  const { bin, style } = resolved;
  // Only names that make a plain key and a command word: a script `my tool` or `null` is no tool name to suggest.
  return charged(bin.names)
    .filter((name) => !bin.tools.has(name) && name !== bin.state && !/\s/.test(name) && plainSafe(name))
    .map((name) => ({
      label: name,
      kind: 'snippet',
      detail: `bin/${name} has no tool yet`,
      documentation: `Declares the tool that runs \`bin/${name}\`: a signature, a docstring and one argument, laid out like the rest of this file.`,
      start: site.line.start + site.tokenStart,
      end: site.line.start + site.tokenEnd,
      parts: toolSkeleton(style, site.col, name),
    }));
}

function toolSkeletonItem(site: Extract<Site, { kind: 'key' }>, style: FileStyle): Draft {
  const word = site.line.text.slice(site.tokenStart, site.tokenEnd);
  return {
    label: 'new tool',
    kind: 'snippet',
    detail: 'tool skeleton',
    documentation: 'A tool with a signature, a docstring and one argument that the signature mentions, laid out like the rest of this file.',
    filterText: word || undefined,
    start: site.line.start + site.tokenStart,
    end: site.line.start + site.tokenEnd,
    parts: toolSkeleton(style, site.col, word || 'tool_name'),
  };
}

/** Argument names after `<`, `[<`, `{` or `--` in a signature: the declared ones the signature does not use yet first. */
function signatureItems(site: Site, col: number, offset: number, resolved: Resolved): Draft[] {
  const { tool, repeat } = resolved;
  const line = site.line;
  const from = site.kind === 'value' ? line.valueCol! : line.contentCol;
  const before = line.text.slice(from, col);
  const match = /(\[<|<|\{|--)([A-Za-z_][A-Za-z0-9_-]*|)$/.exec(before);
  if (!tool || !match) return [];
  const trigger = match[1];
  if (trigger === '{' && /\{+$/.exec(before.slice(0, match.index + 1))![0].length % 2 === 0) return [];
  const after = /^[A-Za-z0-9_-]*/.exec(line.text.slice(col))![0];
  const rest = line.text.slice(col + after.length);
  const closing = { '<': '>', '[<': '>]', '{': '}', '--': '' }[trigger]!;
  // The closing already after the cursor, whole or in part (what was typed of it, or the `]` an
  // auto-closing editor put after `[<`), is replaced rather than doubled; finishDrafts then leaves
  // in place the part the item's text ends with.
  let present = 0;
  for (let m = closing.length; m > 0 && present === 0; m--) {
    spend();
    if (rest.startsWith(closing.slice(0, m)) || rest.startsWith(closing.slice(closing.length - m))) present = m;
  }
  const used = new Set<string>();
  const signature = tool.signature;
  if (signature && strValue(signature) !== undefined) {
    const spanOfPiece = valueSpans(signature);
    for (const p of signaturePlaceholders(strValue(signature)!, repeat)) {
      spend();
      const span = spanOfPiece(p.nameStart, p.nameEnd);
      const start = resolved.view!.at.base(span.origin) + span.start;
      if (start <= offset && offset <= start + (span.end - span.start)) continue;
      used.add(p.name);
    }
  } else {
    for (const p of signaturePlaceholders(line.text.slice(from), repeat)) {
      spend();
      if (from + p.nameStart <= col && col <= from + p.nameEnd) continue;
      used.add(p.name);
    }
  }
  const seen = new Set<string>();
  const declared = charged(tool.arguments).filter((a) => a.name !== undefined && !seen.has(a.name) && Boolean(seen.add(a.name)));
  const ordered = [...charged(declared).filter((a) => !used.has(a.name!)), ...charged(declared).filter((a) => used.has(a.name!))];
  return charged(ordered).map((argument): Draft => {
    const description = argument.fields.get('description');
    const text = description ? strValue(description.value) : undefined;
    return {
      label: argument.name!,
      kind: 'variable',
      detail: typeDetail(argument) + (used.has(argument.name!) ? ', already in the signature' : ''),
      documentation: text,
      start: line.start + col - match[2].length,
      end: line.start + col + after.length + present,
      parts: [argument.name! + closing],
    };
  });
}

function valueItems(site: Extract<Site, { kind: 'value' }>, col: number, context: Context, resolved: Resolved): Draft[] {
  const token = valueToken(site.line, col);
  if (!token) return [];
  const { tool, argument } = resolved;
  const start = site.line.start + token.start;
  const end = site.line.start + token.end;
  const draft = (label: string, kind: CompletionKind, detail: string | undefined, quoteAs: 'double' | 'single' | null = null): Draft => ({
    label,
    kind,
    detail,
    start,
    end,
    parts: [valueText(label, token, quoteAs)],
  });
  const owner = context.owner;
  const key = context.key;
  if (key === 'type' && (owner === 'argument' || owner === 'items')) return charged(JSON_SCHEMA_TYPES).map((type) => draft(type, 'value', 'JSON Schema type'));
  if (owner === 'argument' && key === 'required') {
    const values = optionalInSignature(tool, argument?.name, resolved.repeat) ? ['false', 'true'] : ['true', 'false'];
    return charged(values).map((value) => draft(value, 'value', undefined));
  }
  if (owner === 'argument' && key === 'name') {
    return charged(unclaimedPlaceholders(tool, resolved.repeat, argument)).map((p) => draft(p.name, 'variable', `${spellingText(p)} in the signature`));
  }
  if (owner === 'argument' && key === 'argument_format') {
    const type = argument?.fields.get('type');
    return charged(formatPatterns(argument?.name, type ? strValue(type.value) : undefined)).map((pattern) => draft(pattern, 'value', formatDetail(pattern), resolved.style.argumentFormat));
  }
  if (owner === 'tool' && key === 'signature' && tool && site.line.text.slice(site.line.valueCol!).trim() === '') {
    const signature = suggestedSignature(tool);
    if (signature === undefined) return [];
    return [{ ...draft(signature, 'value', 'from the declared arguments', resolved.style.signature === 'single' ? 'single' : 'double'), documentation: 'The tool\'s name followed by each argument: `<name>` when it is required, `[<name>]` when it is optional.' }];
  }
  if (owner === 'root' && key === 'state_command') {
    const { tools } = resolved.bin;
    // What the bin/ check reads as the script of a state command: one word of these characters.
    const names = charged(resolved.bin.names).filter((name) => /^[A-Za-z0-9_.-]+$/.test(name));
    const ordered = [...charged(names).filter((name) => !tools.has(name)), ...charged(names).filter((name) => tools.has(name))];
    return charged(ordered).map((name) => draft(name, 'file', tools.has(name) ? `bin/${name}, the script of the tool ${name}` : `bin/${name}`, quoteIfNeeded(name)));
  }
  return [];
}

function resolve(structure: { model: BundleModel; partial: boolean } | null, context: Context, repeat: NameRepeat, bin: (structure: BundleModel | null) => BinScripts): Resolved {
  const view = structure ? structure.model.view : null;
  const toolFrame = context.tool;
  const tool = view && toolFrame ? charged(view.tools).find((t) => view.at.start(t.keyNode) === toolFrame.offset) : undefined;
  const argument = tool && context.argument ? argumentAfterDash(view!, tool, context.argument.offset) : undefined;
  let style: FileStyle | undefined;
  let scripts: BinScripts | undefined;
  return {
    view,
    partial: structure?.partial ?? false,
    tool,
    argument,
    get style() {
      return (style ??= fileStyle(view));
    },
    get bin() {
      return (scripts ??= bin(structure?.model ?? null));
    },
    repeat,
  };
}

function fieldsAt(context: Context, resolved: Resolved): Map<string, DictEntry> | undefined {
  if (context.position === 'root') return resolved.partial ? undefined : resolved.view?.rootFields;
  if (context.position === 'tool') return resolved.tool?.fields;
  if (context.position === 'argument') return resolved.argument?.fields;
  const items = resolved.argument?.fields.get('items');
  const map = items ? asDict(items.value) : null;
  return map ? fieldsOf(dictEntries(map)) : undefined;
}

function drafts(table: LineTable, index: number, site: Site, offset: number, context: Context, resolved: Resolved): Draft[] {
  const col = offset - site.line.start;
  if (context.position === 'value') {
    if (context.owner === 'tool' && context.key === 'signature') {
      const names = signatureItems(site, col, offset, resolved);
      if (names.length > 0 || site.kind !== 'value') return names;
    }
    return site.kind === 'value' && !context.continuation ? valueItems(site, col, context, resolved) : [];
  }
  if (site.kind !== 'key') return [];
  switch (context.position) {
    case 'tools':
      return site.hasColon ? [] : [...scriptToolItems(site, resolved), toolSkeletonItem(site, resolved.style)];
    case 'arguments':
      return site.hasColon ? [] : argumentSkeletons(site, resolved, true);
    case 'root':
    case 'tool':
    case 'argument':
    case 'items': {
      const keys = { root: ROOT_KEYS, tool: TOOL_KEYS, argument: ARGUMENT_KEYS, items: ITEMS_KEYS }[context.position];
      const fields = fieldsAt(context, resolved);
      const present = fields ? presentKeys(resolved.view!.at, fields, site.line) : keysAround(table, index, site.col);
      const newItem = context.position === 'argument' && context.argument?.line === site.line && present.size === 0 && !site.hasColon;
      return [...(newItem ? argumentSkeletons(site, resolved, false) : []), ...keyItems(keys, present, site, resolved, context)];
    }
  }
}

export function completions(model: BundleModel, offset: number, options: CompletionOptions): CompletionEntry[] {
  const text = model.source.normalized;
  if (!Number.isInteger(offset) || offset < 0 || offset > text.length) return [];
  const chunks = options.split?.text === text ? options.split.specs : undefined;
  const table = new LineTable(text, chunks);
  const index = table.indexAt(offset);
  const line = table.line(index);
  const col = offset - line.start;
  const site = siteAt(line, col);
  if (!site) return [];
  const context = contextOf(table, index, site);
  if (!context) return [];
  const analyze = options.analyze ?? ((candidate: string) => analyzeWhole(sourceTextOf(candidate), STANDALONE_OPTIONS));
  const resolved = resolve(structureModel(model, site, offset, chunks, analyze), context, model.facts.argumentNamePattern, (structure) => binScripts(model, structure, table, index, site, options.binScripts));
  return finishDrafts(drafts(table, index, site, offset, context, resolved), options.snippets, { text, cursor: offset });
}
