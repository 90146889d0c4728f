/**
 * The analysis of one version of a bundle config, built incrementally.
 *
 * The text is split into chunks (chunker.ts); each chunk is parsed on its own
 * and cached by its text, and each tool's check is cached by its chunk's
 * text. An edit inside one tool re-parses and re-checks that tool only;
 * chunks that merely moved get a new `origin.base`. When the split does not
 * hold (a chunk fails to parse alone, or uses anchors, aliases or merge keys,
 * which can reach across chunks) the whole text is parsed instead. Both paths
 * give the same result; a property test holds them to it.
 */
import { EngineDiagnostic } from '../diagnostics';
import { BundleCheck, ToolEntry, checkBundle } from '../swe/checkBundle';
import { ToolCheck, ToolCheckOptions, checkTool } from '../swe/checkTool';
import { YamlLoad, loadYaml } from '../yaml/loadYaml';
import { MapNode, Origin, PyNode, PyPair, deref } from '../yaml/pyNode';
import { TAG } from '../yaml/resolver';
import { ChunkRole, splitIntoChunks } from './chunker';
import { LIMITS } from '../yaml/limits';
import { SourceText, sourceTextOf } from './sourceText';

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
  /** Every diagnostic: the file's and each tool's. */
  diagnostics: EngineDiagnostic[];
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

function syntheticMap(origin: Origin, pairs: PyPair[]): MapNode {
  const first = pairs[0];
  const last = pairs[pairs.length - 1];
  return {
    kind: 'map',
    origin,
    start: first.key.origin.base + first.key.start,
    end: last.value.origin.base + last.value.end,
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

/** Re-parses and re-checks only what changed between calls. One per open document. */
export class BundleAnalyzer {
  private chunkCache = new Map<string, ParsedChunk>();
  /** The last version's chunks in document order. */
  private chunkOrder: ParsedChunk[] = [];

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

  private tryChunked(source: SourceText, options: ToolCheckOptions): BundleModel | null {
    const text = source.normalized;
    const specs = splitIntoChunks(text);
    if (!specs || specs.length < 2) {
      this.chunkCache.clear();
      this.chunkOrder = [];
      return null;
    }
    const previous = this.chunkCache;
    const previousOrder = this.chunkOrder;
    const current = new Map<string, ParsedChunk>();
    const chunks: ParsedChunk[] = [];
    // The previous chunk expected next: most chunks are where the last version had them, or shifted by the edit.
    let next = 0;
    let previousIndex: Map<ParsedChunk, number> | undefined;
    for (const spec of specs) {
      const chunkText = text.slice(spec.start, spec.end);
      let chunk: ParsedChunk | undefined = previousOrder[next];
      if (chunk && chunk.role === spec.role && chunk.origin.text === chunkText && !current.has(chunk.origin.text)) {
        // Compared with the chunk expected here (a memory compare); its own text's hash is cached, the new slice is never hashed.
        next++;
      } else {
        chunk = previous.get(chunkText);
        if (chunk && chunk.role === spec.role && !current.has(chunkText)) {
          previousIndex ??= new Map(previousOrder.map((c, i) => [c, i]));
          next = (previousIndex.get(chunk) ?? next) + 1;
        } else {
          const own = detach(chunkText);
          const origin: Origin = { base: spec.start, text: own };
          chunk = { role: spec.role, origin, load: loadYaml(own, origin) };
          next++;
        }
      }
      chunk.origin.base = spec.start;
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
    const documentOrigin: Origin = { base: 0, text };
    const topPairs: PyPair[] = [];
    for (let i = 0; i < chunks.length; i++) {
      const chunk = chunks[i];
      if (chunk.role === 'tool') continue;
      const pair = onlyPair(chunk);
      const tools: PyPair[] = [];
      for (let j = i + 1; j < chunks.length && chunks[j].role === 'tool'; j++) tools.push(onlyPair(chunks[j]));
      topPairs.push(chunk.role === 'tools-header' && tools.length > 0 ? { key: pair.key, value: syntheticMap(documentOrigin, tools) } : pair);
    }
    const root = syntheticMap(documentOrigin, topPairs);
    const load: YamlLoad = { root, problems: [], features: { anchors: false, aliases: false, mergeKeys: false } };
    // A tool's check is kept on its chunk: it lives exactly as long as the parse it was made from.
    const chunkOf = new Map(chunks.map((chunk) => [chunk.origin, chunk]));
    const checkCached = (entry: ToolEntry, checkOptions: ToolCheckOptions): ToolCheck => {
      const chunk = entry.keyNode.origin === entry.valueNode.origin ? chunkOf.get(entry.keyNode.origin) : undefined;
      const cached = chunk?.toolChecks?.get(checkOptions);
      if (cached) return cached;
      const check = checkTool(entry.keyNode, entry.valueNode, checkOptions);
      if (chunk) {
        chunk.toolChecks ??= new Map();
        if (chunk.toolChecks.size >= MAX_OPTIONS_PER_CHUNK) chunk.toolChecks.clear();
        chunk.toolChecks.set(checkOptions, check);
      }
      return check;
    };
    const check = checkBundle(load, documentOrigin, options, checkCached);
    return { source, root, check, diagnostics: allDiagnostics(check), mode: 'chunked', chunks };
  }
}

function allDiagnostics(check: BundleCheck): EngineDiagnostic[] {
  return [...check.diagnostics, ...check.tools.flatMap((t) => t.diagnostics)];
}

/** A document over the size budget: one diagnostic saying so, nothing else. */
function tooLarge(source: SourceText): BundleModel {
  const origin: Origin = { base: 0, text: source.normalized };
  const problem = {
    pyClass: 'ComposerError' as const,
    kind: 'check-budget' as const,
    message: `the file has ${(Math.ceil((source.normalized.length / 1048576) * 100) / 100).toFixed(2)} MB, more than the ${LIMITS.maxDocumentLength / 1048576} MB this checker reads`,
    start: 0,
    end: 0,
  };
  const load: YamlLoad = { root: null, problems: [problem], features: { anchors: false, aliases: false, mergeKeys: false } };
  const check = checkBundle(load, origin, { env: { known: false, variables: new Map() }, enableBashTool: true });
  return { source, root: null, check, diagnostics: check.diagnostics, mode: 'whole', chunks: [] };
}

/** The reference path: parse and check the whole text at once. */
export function analyzeWhole(source: SourceText, options: ToolCheckOptions): BundleModel {
  if (source.normalized.length > LIMITS.maxDocumentLength) return tooLarge(source);
  const origin: Origin = { base: 0, text: source.normalized };
  const load = loadYaml(source.normalized, origin);
  const check = checkBundle(load, origin, options);
  return { source, root: load.root, check, diagnostics: allDiagnostics(check), mode: 'whole', chunks: [{ role: 'top', origin, load }] };
}

/** One-shot analysis (the CLI, tests): no caches kept. */
export function analyzeBundleText(text: string, options: ToolCheckOptions): BundleModel {
  return new BundleAnalyzer().analyze(text, options);
}

