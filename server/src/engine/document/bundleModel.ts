/**
 * The analysis of one version of a bundle config, assembled from pieces that
 * survive edits.
 *
 * The text is split into chunks (chunker.ts): one per top-level key and one
 * per tool. A chunk is parsed on its own, and a tool's check is made in two
 * parts (swe/checkTool.ts): what depends only on the tool's text, and what
 * the assembly's env and bash setting decide. Each piece is a pure function
 * of its text (and context), so an unchanged chunk's parse and checks serve
 * every version, every agent config and every document that contains it; a
 * `ChunkMemo` keeps them (the analysis host's queries), and the version's
 * `Placement` says where each chunk now starts. When the split does not hold
 * (a chunk fails to parse alone, or uses anchors, aliases or merge keys,
 * which can reach across chunks) the whole text is parsed instead. Both paths
 * give the same result; a property test holds them to it, and
 * test/pyyaml/chunkedGate.pyyaml.ts holds the chunked verdict and value to
 * the real PyYAML's.
 *
 * Why the composition is PyYAML's verdict (so the syntax gate is per chunk,
 * and PyYAML's `safe_load` of the whole text runs only when a chunk does not
 * stand alone or the text does not split). Suppose every chunk stands alone:
 * it loads without error to one pair with a plain str key, with no anchor,
 * alias or merge key, and holds no line break PyYAML sees but `\n` (a NEL,
 * U+2028 or U+2029 starts a line the chunker does not see, where a `...` or
 * `---` at column 0 could end the document). Then:
 * 1. Every chunk starts at a line start, at a key in column c (0 for a
 *    top-level key, the tools' indent for a tool); every other line but
 *    comments and blank lines is indented past c (chunker.ts). No line
 *    starts with a tab, a BOM can only be at index 0, and directives and
 *    document markers (column 0 only) cannot occur. The chunks cover the text.
 * 2. PyYAML's scanner carries from one line to the next only its flow level,
 *    its indents, its pending simple keys and an unfinished scalar. A chunk
 *    that loaded alone ended at flow level 0 (an open `[` or `{` at the end
 *    of the stream is an error), inside no quoted scalar (also an error), and
 *    a plain or block scalar in it stops at the next chunk's key line in the
 *    whole text as at the chunk's end: both stop at a non-blank line indented
 *    less than indent + 1, and the indent is at least c while the chunk's own
 *    mapping (at column c) is open. A pending simple key is on an earlier
 *    line, so the whole scan drops it at the key line as the chunk's scan
 *    drops it at its end (a required one fails the chunk). The key line at
 *    column c closes every indent deeper than c, as the chunk's end does. So
 *    the whole scan makes, from each chunk's text, the chunk's own tokens
 *    (marks moved by the chunk's start, columns the same): KEY, VALUE and
 *    the value of one pair of the mapping at column c.
 * 3. The parser and composer make the same pair from the same tokens; no
 *    alias can refer to, and no anchor repeat, another chunk's. The
 *    composer's recursion count (yaml/pyyaml/composer.ts) sees the
 *    collections around a chunk: every chunk is parsed as if one block
 *    mapping enclosed it, which is exact for a tool (the tools mapping) and
 *    one level more than a top-level key has, which can only send a file
 *    nested within a level of PyYAML's limit to the whole parse.
 * 4. SafeConstructor builds each pair from its own nodes, and the dict from
 *    the pairs in order; equal keys keep the first key and the last value,
 *    as `dictEntries` reads the mapping composed here.
 * So the whole text loads, to the mapping composed here. The one budget of
 * our own counted per tree (`LIMITS.maxNodes`) is counted per chunk here;
 * PyYAML has no such limit.
 */
import { FileDiagnostic } from '../diagnostics';
import { BundleCheck, BundleStructure, bundleCheckOf, checkBundleStructure } from '../swe/checkBundle';
import { ToolBaseCheck, ToolCheck, ToolCheckOptions, checkToolBase, checkToolInContext } from '../swe/checkTool';
import { BundleFacts } from '../swe/bundleFacts';
import { YamlLoad, loadYaml } from '../yaml/loadYaml';
import { MapNode, Origin, PyNode, PyPair, deref } from '../yaml/pyNode';
import { TAG } from '../yaml/resolver';
import { CarriedChunks, ChunkRole, ChunkSpec, splitIntoChunks } from './chunker';
import { LIMITS } from '../yaml/limits';
import { SourceText } from './sourceText';
import { Placement, placeDiagnostic, placeDiagnostics } from './placement';
import { BundleView, ToolView, rootView, toolView } from './bundleView';
import { charged, spend } from '../work';

export interface ParsedChunk {
  origin: Origin;
  load: YamlLoad;
  /** The text holds a line break PyYAML sees and the chunker does not (NEL, U+2028, U+2029). */
  otherLineBreaks: boolean;
}

/** A chunk of one version: what its text parsed to, and the role the split gave it. */
interface PlacedChunk {
  role: ChunkRole;
  start: number;
  parsed: ParsedChunk;
}

export interface BundleModel {
  source: SourceText;
  /** The YAML as PyYAML loads it, or null when it does not load. */
  root: PyNode | null;
  check: BundleCheck;
  /** Where each tree of this version (chunk or whole document) starts in the normalized text. */
  placement: Placement;
  /** Every diagnostic, the file's and each tool's, placed in this version. */
  diagnostics: FileDiagnostic[];
  mode: 'chunked' | 'whole';
  chunks: readonly PlacedChunk[];
  /** The navigable view editing features use. */
  view: BundleView;
  /** The chosen SWE-agent's bundle code the tools were checked by (its argument-name pattern, ...). */
  facts: BundleFacts;
  /** The shape it was made from: the next version's model takes the views of the tools the two share from it. */
  shape: BundleShape;
}

/** A chunk's identity as a memo key: its text, and how many equal chunks come before it (equal chunks are distinct trees). */
export interface ChunkKey {
  text: string;
  occurrence: number;
}

/**
 * Where the pieces come from. The analysis host keeps them as queries; a
 * one-shot analysis (`analyzeWhole`) makes them on the spot.
 */
export interface ChunkMemo {
  chunk(key: ChunkKey): ParsedChunk;
  toolBase(key: ChunkKey, chunk: ParsedChunk, facts: BundleFacts): ToolBaseCheck;
  /** A tool chunk checked in a context, with its view (which is built with the check, so that it is kept with it). */
  toolInContext(key: ChunkKey, chunk: ParsedChunk, base: ToolBaseCheck, options: ToolCheckOptions): ToolView;
  /**
   * The pieces the last shape (`pieces: 'shape'`: parses and base checks) or
   * the last model (`'views'`) of this version's file read, taken again as
   * they were but for those of the chunks `gone`, by their key's text
   * (`chunkKeyText`): true when they stand, so the new shape or model takes
   * them from the last one's value, without asking for each; false when they
   * cannot be taken (then each is asked for). Without it, never.
   */
  carry?(pieces: 'shape' | 'views', gone: ReadonlySet<string>): boolean;
}

/** A chunk key as text: the memo's key for it. */
export const chunkKeyText = (key: ChunkKey) => (key.occurrence === 0 ? key.text : `${key.occurrence}\0${key.text}`);

/**
 * A copy of a slice that does not keep the whole text alive. V8 makes a slice
 * a view into its parent; a chunk key kept across versions (in the memo's
 * tables, beside its parse) would pin the whole text of the version it was
 * cut from, one per edited tool.
 */
function detach(slice: string): string {
  return (' ' + slice).slice(1);
}

/** The block collections a chunk is parsed inside of: the tools mapping around a tool (see the header). */
const CHUNK_ENCLOSING = 1;

/** A chunk's text parsed alone (the text of a `ChunkKey`, which holds no larger text). */
export function parseChunk(text: string): ParsedChunk {
  const origin: Origin = { text };
  return { origin, load: loadYaml(text, origin, CHUNK_ENCLOSING), otherLineBreaks: /[\x85\u2028\u2029]/.test(text) };
}

/** The check of a tool chunk that stands alone (its only pair is the tool), by the chosen SWE-agent's bundle code. */
export function toolBaseOf(chunk: ParsedChunk, facts: BundleFacts): ToolBaseCheck {
  const pair = onlyPair(chunk);
  return checkToolBase(pair.key, pair.value, facts);
}

/** A tool chunk's view, with its check in a context. */
export function chunkToolView(chunk: ParsedChunk, check: ToolCheck): ToolView {
  const pair = onlyPair(chunk);
  return toolView({ keyNode: pair.key, valueNode: pair.value }, check);
}

/** Makes every piece on the spot: for one-shot analyses and tests. */
const NO_MEMO: ChunkMemo = {
  chunk: (key) => parseChunk(key.text),
  toolBase: (_key, chunk, facts) => toolBaseOf(chunk, facts),
  toolInContext: (_key, chunk, base, options) => chunkToolView(chunk, checkToolInContext(base, options)),
};

/** A chunk is usable alone when it loads cleanly to a single `key: value` and nothing in it can refer elsewhere. */
export function standsAlone(role: ChunkRole, chunk: ParsedChunk): boolean {
  const { load } = chunk;
  if (chunk.otherLineBreaks || load.problems.length > 0 || load.features.anchors || load.features.aliases || load.features.mergeKeys) return false;
  const root = load.root;
  if (!root || root.kind !== 'map' || root.python !== 'dict' || root.ownPairs.length !== 1 || root.pairs.length !== 1) return false;
  const key = deref(root.ownPairs[0].key);
  if (key.kind !== 'scalar' || key.value.type !== 'str' || key.tag !== TAG.str || key.style !== 'plain') return false;
  if (role === 'tools-header') {
    const value = deref(root.ownPairs[0].value);
    return value.kind === 'scalar' && value.value.type === 'NoneType' && value.text === '';
  }
  return true;
}

function onlyPair(chunk: ParsedChunk): PyPair {
  return (chunk.load.root as MapNode).ownPairs[0];
}

/** A mapping of pairs from several chunks, on the document's own origin (which starts at 0). */
function syntheticMap(origin: Origin, pairs: PyPair[], at: Placement): MapNode {
  const first = pairs[0];
  const last = pairs[pairs.length - 1];
  return {
    kind: 'map',
    origin,
    start: at.start(first.key),
    end: at.end(last.value),
    tag: TAG.map,
    python: 'dict',
    pairs,
    ownPairs: pairs,
  };
}

/** A version's chunks and their memo keys: made once per version, and shared by every context the file is checked in. */
export interface BundleSplit {
  specs: readonly ChunkSpec[];
  keys: readonly ChunkKey[];
  /** The indices, ascending, of the chunks whose text the previous version's split did not have (every chunk when there was none). */
  fresh: readonly number[];
}

/**
 * The chunks of a text and their memo keys, or null when it is to be parsed
 * whole (it does not split) or not at all (it is over the size budget). `previous`, the split of an earlier version of
 * the same file, only saves work: its keys' texts are compared in place
 * instead of slicing and hashing every chunk again; so does `split`, the
 * text's chunks (`splitIntoChunks`) when the caller has them, and `carried`,
 * which of them the split took over from `previous`'s (`resplitChunks`):
 * their keys are taken without comparing their text.
 */
export function splitBundle(text: string, previous?: BundleSplit | null, split?: readonly ChunkSpec[] | null, carried?: CarriedChunks): BundleSplit | null {
  if (text.length > LIMITS.maxDocumentLength) return null;
  const specs = split === undefined ? splitIntoChunks(text) : split;
  // The chunks the split says are the previous version's, when the previous split is the one it started from.
  const same = carried && previous && carried.from === previous.specs ? carried : undefined;
  if (!specs || specs.length < 2) return null;
  const fresh: number[] = [];
  return { specs, keys: chunkKeys(text, specs, previous?.keys, same, fresh), fresh };
}

/** The memo keys of a version's chunks, equal texts told apart by their count; `carried` chunks take the previous keys as they are. The index of each chunk whose text the previous keys lack goes to `fresh`. */
function chunkKeys(text: string, specs: readonly ChunkSpec[], previous: readonly ChunkKey[] | undefined, carried: CarriedChunks | undefined, fresh: number[]): ChunkKey[] {
  const seen = new Map<string, number>();
  let cursor = 0;
  let previousIndex: Map<string, number> | undefined;
  return charged(specs).map((spec, i) => {
    // The chunk the last version had where this one is expected: compared in place, not sliced and hashed
    // (the usual case after an edit); its text, already a key, is the key again.
    const expected = previous?.[cursor];
    let chunkText: string;
    if (carried && previous && (i < carried.head || i >= carried.tail)) {
      // Text the edit did not touch (the split scanned around the edit only): no comparison needed.
      const from = i < carried.head ? i : carried.tailFrom + i - carried.tail;
      chunkText = previous[from].text;
      cursor = from + 1;
    } else if (expected && spec.end - spec.start === expected.text.length && text.startsWith(expected.text, spec.start)) {
      chunkText = expected.text;
      cursor++;
    } else {
      const slice = text.slice(spec.start, spec.end);
      if (previous) previousIndex ??= new Map(charged(previous).map((key, i) => [key.text, i]));
      const moved = previousIndex?.get(slice);
      if (moved !== undefined) {
        chunkText = previous![moved].text;
        cursor = moved + 1;
      } else {
        chunkText = detach(slice);
        fresh.push(i);
      }
    }
    const occurrence = seen.get(chunkText) ?? 0;
    seen.set(chunkText, occurrence + 1);
    return { text: chunkText, occurrence };
  });
}

/**
 * What of a version's model holds in every assembly that uses the file: its
 * parse, where each tree sits, BundleConfig's structure, and for each tool
 * its base check. It is made once per version; only the tools' checks in
 * context (memoized per chunk) are made per assembly (`modelInContext`).
 */
export interface BundleShape {
  source: SourceText;
  root: PyNode | null;
  structure: BundleStructure;
  placement: Placement;
  /** The structure's diagnostics, placed in this version. */
  diagnostics: FileDiagnostic[];
  mode: 'chunked' | 'whole';
  chunks: readonly PlacedChunk[];
  /** The view but for its tools. */
  view: Omit<BundleView, 'tools'>;
  /** Per tool entry (in the order of `structure.toolEntries`): its base check, and its chunk (and its index among the chunks) when it is checked through the memo. */
  tools: readonly { base: ToolBaseCheck; chunk: { key: ChunkKey; parsed: ParsedChunk; index: number } | null }[];
  /** The split it was made from; null when it was parsed whole. */
  split: BundleSplit | null;
}

function shapeOf(source: SourceText, root: PyNode | null, structure: BundleStructure, placement: Placement, mode: BundleShape['mode'], chunks: readonly PlacedChunk[], tools: BundleShape['tools'], split: BundleSplit | null = null): BundleShape {
  const diagnostics = placeDiagnostics(structure.diagnostics, placement);
  return { source, root, structure, placement, diagnostics, mode, chunks, view: rootView(source, root, placement), tools, split };
}

/**
 * What two splits of one file share, chunk by chunk: as many chunks from the
 * start (`head`) and from the end (`tail`) with the same key and role; the
 * chunks between are the edit's. Keys the split carried over are the same
 * strings, so each comparison is one of identity. `gone`: the texts of the
 * last split's keys between, which the new split does not have (a key is one
 * split's once, so none of them is in the head or the tail).
 */
function sharedChunks(last: BundleSplit, split: BundleSplit): { head: number; tail: number; gone: Set<string> } {
  const same = (i: number, j: number) => last.keys[i].text === split.keys[j].text && last.keys[i].occurrence === split.keys[j].occurrence && last.specs[i].role === split.specs[j].role;
  const m = last.keys.length;
  const n = split.keys.length;
  let head = 0;
  while (head < m && head < n && same(head, head)) {
    spend();
    head++;
  }
  let tail = 0;
  while (tail < m - head && tail < n - head && same(m - 1 - tail, n - 1 - tail)) {
    spend();
    tail++;
  }
  const kept = new Set(charged(split.keys.slice(head, n - tail)).map(chunkKeyText));
  const gone = new Set<string>();
  for (const key of last.keys.slice(head, m - tail)) {
    spend();
    if (!kept.has(chunkKeyText(key))) gone.add(chunkKeyText(key));
  }
  return { head, tail, gone };
}

/** The index in the last split of each chunk of the new one it shares (`sharedChunks`), else -1. */
function lastIndex(shared: { head: number; tail: number }, m: number, n: number): (i: number) => number {
  return (i) => (i < shared.head ? i : i >= n - shared.tail ? i - n + m : -1);
}

/**
 * The shape of a text split into chunks, or null when the split does not
 * hold. `last`, the shape of the file's last version, only saves work: the
 * chunks the two splits share keep their parses and base checks, taken from
 * it (`ChunkMemo.carry`), and only the others are asked of the memo.
 */
function chunkedShape(source: SourceText, split: BundleSplit, memo: ChunkMemo, facts: BundleFacts, last?: BundleShape | null): BundleShape | null {
  const { specs, keys } = split;
  const shared = last?.split ? sharedChunks(last.split, split) : null;
  const from = shared && memo.carry?.('shape', shared.gone) ? lastIndex(shared, last!.split!.keys.length, keys.length) : () => -1;
  // The base check of each of the last shape's tool chunks, by its index.
  const lastBases: (ToolBaseCheck | undefined)[] = [];
  for (const tool of last && shared ? last.tools : []) {
    spend();
    if (tool.chunk) lastBases[tool.chunk.index] = tool.base;
  }
  const documentOrigin: Origin = { text: source.normalized };
  const bases = new Map<Origin, number>([[documentOrigin, 0]]);
  const chunks: PlacedChunk[] = [];
  for (let i = 0; i < specs.length; i++) {
    spend();
    const j = from(i);
    // A chunk the last shape had stood alone there (its role is the same).
    const parsed = j >= 0 ? last!.chunks[j].parsed : memo.chunk(keys[i]);
    if (j < 0 && !standsAlone(specs[i].role, parsed)) return null;
    bases.set(parsed.origin, specs[i].start);
    chunks.push({ role: specs[i].role, start: specs[i].start, parsed });
  }
  const placement = Placement.ofChunks(bases);
  const topPairs: PyPair[] = [];
  const chunkOf = new Map<Origin, number>();
  for (let i = 0; i < chunks.length; i++) {
    spend();
    const chunk = chunks[i];
    chunkOf.set(chunk.parsed.origin, i);
    if (chunk.role === 'tool') continue;
    const pair = onlyPair(chunk.parsed);
    const tools: PyPair[] = [];
    for (let j = i + 1; j < chunks.length && chunks[j].role === 'tool'; j++) {
      spend();
      tools.push(onlyPair(chunks[j].parsed));
    }
    topPairs.push(chunk.role === 'tools-header' && tools.length > 0 ? { key: pair.key, value: syntheticMap(documentOrigin, tools, placement) } : pair);
  }
  const root = syntheticMap(documentOrigin, topPairs, placement);
  const load: YamlLoad = { root, problems: [], features: { anchors: false, aliases: false, mergeKeys: false } };
  const structure = checkBundleStructure(load, documentOrigin);
  const tools = charged(structure.toolEntries).map((entry) => {
    const origin = entry.keyNode.origin;
    const i = origin === entry.valueNode.origin ? chunkOf.get(origin) : undefined;
    // A tool whose key and value sit in one chunk (always, when the split holds) is checked through the memo.
    if (i === undefined) return { base: checkToolBase(entry.keyNode, entry.valueNode, facts), chunk: null };
    const parsed = chunks[i].parsed;
    const j = from(i);
    const base = (j >= 0 ? lastBases[j] : undefined) ?? memo.toolBase(keys[i], parsed, facts);
    return { base, chunk: { key: keys[i], parsed, index: i } };
  });
  return shapeOf(source, root, structure, placement, 'chunked', chunks, tools, split);
}

/** The shape of a text parsed whole (`load`: its parse, when the caller has one). */
function wholeShape(source: SourceText, facts: BundleFacts, load?: { origin: Origin; load: YamlLoad }): BundleShape {
  if (source.normalized.length > LIMITS.maxDocumentLength) return tooLarge(source);
  const origin = load?.origin ?? { text: source.normalized };
  const parsed = load?.load ?? loadYaml(source.normalized, origin);
  const structure = checkBundleStructure(parsed, origin);
  const tools = charged(structure.toolEntries).map((entry) => ({ base: checkToolBase(entry.keyNode, entry.valueNode, facts), chunk: null }));
  return shapeOf(source, parsed.root, structure, Placement.whole(origin), 'whole', [{ role: 'top', start: 0, parsed: { origin, load: parsed, otherLineBreaks: false } }], tools);
}

/** A document over the size budget: one diagnostic saying so, nothing else. */
function tooLarge(source: SourceText): BundleShape {
  const origin: Origin = { text: source.normalized };
  const problem = {
    pyClass: 'ComposerError' as const,
    kind: 'check-budget' as const,
    message: `the file has ${(Math.ceil((source.normalized.length / 1048576) * 100) / 100).toFixed(2)} MB, more than the ${LIMITS.maxDocumentLength / 1048576} MB this checker reads`,
    start: 0,
    end: 0,
  };
  const load: YamlLoad = { root: null, problems: [problem], features: { anchors: false, aliases: false, mergeKeys: false } };
  return shapeOf(source, null, checkBundleStructure(load, origin), Placement.whole(origin), 'whole', [], []);
}

/**
 * A version's shape by the chosen SWE-agent's bundle code: chunked when its
 * split (`splitBundle`) holds, else parsed whole (`whole` gives the whole
 * parse, which the host memoizes).
 */
export function bundleShape(source: SourceText, split: BundleSplit | null, memo: ChunkMemo, facts: BundleFacts, whole?: () => { origin: Origin; load: YamlLoad }, last?: BundleShape | null): BundleShape {
  if (source.normalized.length > LIMITS.maxDocumentLength) return tooLarge(source);
  return (split && chunkedShape(source, split, memo, facts, last)) ?? wholeShape(source, facts, whole?.());
}

/**
 * A version's model in one assembly: its shape, with each tool checked in the
 * assembly's context. `last`, the model of the file's last version in the
 * same context, only saves work: the tool chunks the two shapes share keep
 * their views, taken from it (`ChunkMemo.carry`).
 */
export function modelInContext(shape: BundleShape, options: ToolCheckOptions, memo: ChunkMemo, last?: BundleModel | null): BundleModel {
  const { structure, placement } = shape;
  const lastSplit = last?.shape.split;
  const shared = lastSplit && shape.split ? sharedChunks(lastSplit, shape.split) : null;
  const from = shared && memo.carry?.('views', shared.gone) ? lastIndex(shared, lastSplit!.keys.length, shape.split!.keys.length) : () => -1;
  // The view of each of the last model's tool chunks, by its index.
  const lastViews: (ToolView | undefined)[] = [];
  const lastTools = last && shared ? last.shape.tools : [];
  for (let k = 0; k < lastTools.length; k++) {
    spend();
    const chunk = lastTools[k].chunk;
    if (chunk) lastViews[chunk.index] = last!.view.tools[k];
  }
  const views = charged(shape.tools).map(({ base, chunk }, i): ToolView => {
    const entry = structure.toolEntries[i];
    if (!chunk) return toolView(entry, checkToolInContext(base, options));
    const j = from(chunk.index);
    const view = (j >= 0 ? lastViews[j] : undefined) ?? memo.toolInContext(chunk.key, chunk.parsed, base, options);
    // The memo's view is of the chunk's only pair, which is the entry BundleConfig reads (a view of other nodes would be wrong).
    return view.keyNode === entry.keyNode && view.valueNode === entry.valueNode ? view : toolView(entry, view.check);
  });
  const diagnostics = [...shape.diagnostics];
  for (const view of views) {
    spend();
    for (const diagnostic of view.check.diagnostics) {
    spend();
    diagnostics.push(placeDiagnostic(diagnostic, placement));
  }
  }
  const check = bundleCheckOf(structure, charged(views).map((view) => view.check));
  return { source: shape.source, root: shape.root, check, placement, diagnostics, mode: shape.mode, chunks: shape.chunks, view: { ...shape.view, tools: views }, facts: options.facts, shape };
}

/** The reference path: the whole text parsed and checked at once. */
export function analyzeWhole(source: SourceText, options: ToolCheckOptions): BundleModel {
  return modelInContext(wholeShape(source, options.facts), options, NO_MEMO);
}
