/**
 * The analysis of one version of a bundle config, built incrementally.
 *
 * The text is split into chunks (chunker.ts); each chunk is parsed on its own
 * and cached by its text, and each tool's check is cached by its chunk's
 * text. An edit inside one tool re-parses and re-checks that tool only;
 * chunks that merely moved keep their trees, and the version's `placement`
 * says where each now starts. When the split does not
 * hold (a chunk fails to parse alone, or uses anchors, aliases or merge keys,
 * which can reach across chunks) the whole text is parsed instead. Both paths
 * give the same result; a property test holds them to it.
 */
import { FileDiagnostic, placeDiagnostics } from '../diagnostics';
import { BundleCheck, ToolEntry, checkBundle } from '../swe/checkBundle';
import { ToolCheck, ToolCheckOptions, checkTool } from '../swe/checkTool';
import { YamlLoad, loadYaml } from '../yaml/loadYaml';
import { MapNode, Origin, PyNode, PyPair, deref } from '../yaml/pyNode';
import { TAG } from '../yaml/resolver';
import { ChunkRole, ChunkSpec, splitIntoChunks } from './chunker';
import { LIMITS } from '../yaml/limits';
import { SourceText, sourceTextOf } from './sourceText';
import { Placement } from './placement';

export interface ParsedChunk {
  role: ChunkRole;
  origin: Origin;
  load: YamlLoad;
  /** The checks of the tool this chunk holds, per options object (a few: one per agent config env in use). */
  toolChecks?: Map<ToolCheckOptions, ToolCheck>;
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
  chunks: readonly ParsedChunk[];
}

/** Tool checks kept per chunk: enough for the agent configs that share a bundle, bounded all the same. */
const MAX_OPTIONS_PER_CHUNK = 8;

/** A chunk is usable alone when it loads cleanly to a single `key: value` and nothing in it can refer elsewhere. */
function standsAlone(chunk: ParsedChunk): boolean {
  const { load } = chunk;
  if (load.problems.length > 0 || load.features.anchors || load.features.aliases || load.features.mergeKeys) return false;
  const root = load.root;
  if (!root || root.kind !== 'map' || root.python !== 'dict' || root.ownPairs.length !== 1 || root.pairs.length !== 1) return false;
  const key = deref(root.ownPairs[0].key);
  if (key.kind !== 'scalar' || key.value.type !== 'str' || key.tag !== TAG.str || key.style !== 'plain') return false;
  if (chunk.role === 'tools-header') {
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

/**
 * A copy of a slice that does not keep the whole text alive. V8 makes a slice
 * a view into its parent; a chunk kept across versions would pin the whole
 * text of the version it was cut from, one per edited tool.
 */
function detach(slice: string): string {
  return (' ' + slice).slice(1);
}

/** Where the lookup of a version's chunks stands: the index of the previous chunk expected next. */
interface ChunkCursor {
  next: number;
  previousIndex?: Map<ParsedChunk, number>;
}

function parseChunk(spec: ChunkSpec, chunkText: string): ParsedChunk {
  const own = detach(chunkText);
  const origin: Origin = { text: own };
  return { role: spec.role, origin, load: loadYaml(own, origin) };
}

/** A tool's check, kept on its chunk: it lives exactly as long as the parse it was made from. */
function toolCheckOn(chunk: ParsedChunk | undefined, keyNode: PyNode, valueNode: PyNode, options: ToolCheckOptions): ToolCheck {
  const cached = chunk?.toolChecks?.get(options);
  if (cached) return cached;
  const check = checkTool(keyNode, valueNode, options);
  if (chunk) {
    chunk.toolChecks ??= new Map();
    if (chunk.toolChecks.size >= MAX_OPTIONS_PER_CHUNK) chunk.toolChecks.clear();
    chunk.toolChecks.set(options, check);
  }
  return check;
}

/** Re-parses and re-checks only what changed between calls. One per open document. */
export class BundleAnalyzer {
  private chunkCache = new Map<string, ParsedChunk>();
  /** The last version's chunks in document order. */
  private chunkOrder: ParsedChunk[] = [];
  /** The last split, so that preparing and then analysing one text splits it once. */
  private lastSplit: { text: string; specs: ChunkSpec[] | null } | undefined;
  /** How far `prepare` got with a text: the chunks before `index` are parsed and checked with `options`. */
  private progress: { text: string; options: ToolCheckOptions; index: number } | undefined;

  analyze(text: string, options: ToolCheckOptions): BundleModel {
    const source = sourceTextOf(text);
    if (source.normalized.length > LIMITS.maxDocumentLength) {
      this.chunkCache.clear();
      this.chunkOrder = [];
      return tooLarge(source);
    }
    const chunked = this.tryChunked(source, options);
    return chunked ?? analyzeWhole(source, options);
  }

  /**
   * Parses the chunks of `text` the cache lacks, and checks its tools with
   * `options`, for as long as `hasTime()` allows, so that `analyze(text,
   * options)` afterwards only assembles. A server runs it in slices, so a big
   * document never holds up other requests. True when nothing is left to do,
   * also when the text will be analysed whole (which cannot be sliced).
   */
  prepare(text: string, options: ToolCheckOptions, hasTime: () => boolean): boolean {
    const normalized = sourceTextOf(text).normalized;
    if (normalized.length > LIMITS.maxDocumentLength) return true;
    const specs = this.split(normalized);
    if (!specs || specs.length < 2) return true;
    const cursor: ChunkCursor = { next: 0 };
    // A later slice for the same text and options goes on where the last one stopped. Only a warm-up:
    // `analyze` parses whatever it does not find, so a chunk evicted meanwhile costs time, not correctness.
    const resume = this.progress?.text === normalized && this.progress.options === options ? this.progress.index : 0;
    const stopAt = (index: number) => {
      this.progress = { text: normalized, options, index };
      return false;
    };
    for (let index = resume; index < specs.length; index++) {
      const spec = specs[index];
      const chunkText = normalized.slice(spec.start, spec.end);
      let chunk = this.cachedChunk(spec, chunkText, cursor, this.chunkCache, null);
      if (!chunk) {
        if (!hasTime()) return stopAt(index);
        chunk = parseChunk(spec, chunkText);
        this.chunkCache.set(chunk.origin.text, chunk);
      }
      if (!standsAlone(chunk)) break;
      if (chunk.role === 'tool' && !chunk.toolChecks?.has(options)) {
        if (!hasTime()) return stopAt(index);
        const pair = onlyPair(chunk);
        toolCheckOn(chunk, pair.key, pair.value, options);
      }
    }
    this.progress = undefined;
    return true;
  }

  private split(text: string): ChunkSpec[] | null {
    if (this.lastSplit?.text !== text) this.lastSplit = { text, specs: splitIntoChunks(text) };
    return this.lastSplit.specs;
  }

  /**
   * The cached chunk for `spec`: the one the last version had where the
   * cursor expects it (a memory compare; the new slice is never hashed), else
   * one with the same text. `taken`: chunks this version already uses, which
   * a repeated text must not share.
   */
  private cachedChunk(spec: ChunkSpec, chunkText: string, cursor: ChunkCursor, cache: Map<string, ParsedChunk>, taken: Map<string, ParsedChunk> | null): ParsedChunk | undefined {
    const expected = this.chunkOrder[cursor.next];
    if (expected && expected.role === spec.role && expected.origin.text === chunkText && !taken?.has(chunkText)) {
      cursor.next++;
      return expected;
    }
    const chunk = cache.get(chunkText);
    if (!chunk || chunk.role !== spec.role || taken?.has(chunkText)) return undefined;
    cursor.previousIndex ??= new Map(this.chunkOrder.map((c, i) => [c, i]));
    cursor.next = (cursor.previousIndex.get(chunk) ?? cursor.next) + 1;
    return chunk;
  }

  private tryChunked(source: SourceText, options: ToolCheckOptions): BundleModel | null {
    const text = source.normalized;
    const specs = this.split(text);
    if (!specs || specs.length < 2) {
      this.chunkCache.clear();
      this.chunkOrder = [];
      return null;
    }
    const previous = this.chunkCache;
    const current = new Map<string, ParsedChunk>();
    const chunks: ParsedChunk[] = [];
    const documentOrigin: Origin = { text };
    const bases = new Map<Origin, number>([[documentOrigin, 0]]);
    const cursor: ChunkCursor = { next: 0 };
    for (const spec of specs) {
      const chunkText = text.slice(spec.start, spec.end);
      let chunk = this.cachedChunk(spec, chunkText, cursor, previous, current);
      if (!chunk) {
        chunk = parseChunk(spec, chunkText);
        cursor.next++;
      }
      bases.set(chunk.origin, spec.start);
      current.set(chunk.origin.text, chunk);
      chunks.push(chunk);
      if (!standsAlone(chunk)) {
        this.chunkCache = current;
        this.chunkOrder = chunks;
        return null;
      }
    }
    this.chunkCache = current;
    this.chunkOrder = chunks;
    const placement = Placement.ofChunks(bases);
    const topPairs: PyPair[] = [];
    for (let i = 0; i < chunks.length; i++) {
      const chunk = chunks[i];
      if (chunk.role === 'tool') continue;
      const pair = onlyPair(chunk);
      const tools: PyPair[] = [];
      for (let j = i + 1; j < chunks.length && chunks[j].role === 'tool'; j++) tools.push(onlyPair(chunks[j]));
      topPairs.push(chunk.role === 'tools-header' && tools.length > 0 ? { key: pair.key, value: syntheticMap(documentOrigin, tools, placement) } : pair);
    }
    const root = syntheticMap(documentOrigin, topPairs, placement);
    const load: YamlLoad = { root, problems: [], features: { anchors: false, aliases: false, mergeKeys: false } };
    const chunkOf = new Map(chunks.map((chunk) => [chunk.origin, chunk]));
    const checkCached = (entry: ToolEntry, checkOptions: ToolCheckOptions): ToolCheck =>
      toolCheckOn(entry.keyNode.origin === entry.valueNode.origin ? chunkOf.get(entry.keyNode.origin) : undefined, entry.keyNode, entry.valueNode, checkOptions);
    const check = checkBundle(load, documentOrigin, options, checkCached);
    return { source, root, check, placement, diagnostics: allDiagnostics(check, placement), mode: 'chunked', chunks };
  }
}

function allDiagnostics(check: BundleCheck, at: Placement): FileDiagnostic[] {
  return placeDiagnostics([...check.diagnostics, ...check.tools.flatMap((t) => t.diagnostics)], at);
}

/** A document over the size budget: one diagnostic saying so, nothing else. */
function tooLarge(source: SourceText): BundleModel {
  const origin: Origin = { text: source.normalized };
  const problem = {
    pyClass: 'ComposerError' as const,
    kind: 'check-budget' as const,
    message: `the file has ${(Math.ceil((source.normalized.length / 1048576) * 100) / 100).toFixed(2)} MB, more than the ${LIMITS.maxDocumentLength / 1048576} MB this checker reads`,
    start: 0,
    end: 0,
  };
  const load: YamlLoad = { root: null, problems: [problem], features: { anchors: false, aliases: false, mergeKeys: false } };
  const check = checkBundle(load, origin, { env: { known: false, variables: new Map() }, enableBashTool: true });
  const placement = Placement.whole(origin);
  return { source, root: null, check, placement, diagnostics: placeDiagnostics(check.diagnostics, placement), mode: 'whole', chunks: [] };
}

/** The reference path: parse and check the whole text at once. */
export function analyzeWhole(source: SourceText, options: ToolCheckOptions): BundleModel {
  if (source.normalized.length > LIMITS.maxDocumentLength) return tooLarge(source);
  const origin: Origin = { text: source.normalized };
  const load = loadYaml(source.normalized, origin);
  const check = checkBundle(load, origin, options);
  const placement = Placement.whole(origin);
  return { source, root: load.root, check, placement, diagnostics: allDiagnostics(check, placement), mode: 'whole', chunks: [{ role: 'top', origin, load }] };
}

/** One-shot analysis (the CLI, tests): no caches kept. */
export function analyzeBundleText(text: string, options: ToolCheckOptions): BundleModel {
  return new BundleAnalyzer().analyze(text, options);
}

