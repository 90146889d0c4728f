/**
 * PyYAML 6's Composer (lib/yaml/composer.py) with its Resolver's default
 * tags: events to a graph of nodes, anchors registered as a node starts,
 * aliases resolved to the anchored node, and the ComposerErrors of
 * `safe_load` (undefined alias, duplicate anchor, a second document).
 *
 * PyYAML's composer recurses once per nesting level, so deep nesting makes
 * `safe_load` raise RecursionError. This one keeps an explicit stack (no
 * nesting can overflow the JavaScript stack) and counts the Python frames
 * PyYAML would use, to fail where PyYAML fails (see limits.ts).
 */
import { MarkedYamlError } from './errors';
import { PythonCrash } from './scanner';
import { Mark } from './marks';
import { ParserEvent, Parser } from './parser';
import { ScalarStyleChar } from './tokens';
import { pyReprString } from '../../python/pyObject';
import { TAG, resolveImplicit } from '../resolver';
import { LIMITS } from '../limits';
import { RecursionLimit } from './recursionLimit';
import { spend } from '../../work';

interface NodeBase {
  tag: string;
  /** PyYAML's `start_mark`: where the node's properties (anchor, tag) or, without them, its content start. */
  start: Mark;
  /** PyYAML's `end_mark`. */
  end: Mark;
  /** The engine's range of the node (offsets): its content without the properties, see `blockCollectionEnd`. */
  contentStart: number;
  rangeEnd: number;
}

export interface ComposedScalar extends NodeBase {
  kind: 'scalar';
  value: string;
  style: ScalarStyleChar;
}

export interface ComposedSequence extends NodeBase {
  kind: 'seq';
  items: ComposedNode[];
  flowStyle: boolean;
}

export interface ComposedMapping extends NodeBase {
  kind: 'map';
  pairs: [ComposedNode, ComposedNode][];
  flowStyle: boolean;
}

/** An alias: PyYAML composes it to the anchored node itself; the engine also keeps where the alias is. */
export interface ComposedAlias {
  kind: 'alias';
  name: string;
  target: ComposedValue;
  start: Mark;
  end: Mark;
}

export type ComposedValue = ComposedScalar | ComposedSequence | ComposedMapping;
export type ComposedNode = ComposedValue | ComposedAlias;

/** The composed node an alias stands for. */
export function valueOf(node: ComposedNode): ComposedValue {
  return node.kind === 'alias' ? node.target : node;
}

export interface ComposedStream {
  root: ComposedNode | null;
  anchors: boolean;
  aliases: boolean;
  /** Whether a node has the merge tag (`<<`, or the tag written out): without one, no mapping merges another. */
  mergeTags: boolean;
}

function composerError(context: string | null, contextMark: Mark | null, problem: string, problemMark: Mark): MarkedYamlError {
  return new MarkedYamlError('ComposerError', context, contextMark, problem, problemMark);
}

/** An open collection on the composer's stack; a mapping keeps its key until the value is composed. */
interface OpenCollection {
  node: ComposedSequence | ComposedMapping;
  key: ComposedNode | null;
}

export class Composer {
  private readonly parser: Parser;
  private anchors = new Map<string, ComposedValue>();
  private sawAnchor = false;
  private sawAlias = false;
  private sawMergeTag = false;

  /**
   * `enclosing`: how many block collections PyYAML has open around this text
   * when it is a piece of a larger document (a chunk, document/chunker.ts);
   * their frames count as if they were on the stack, so that the piece hits
   * the recursion limit where the whole document would.
   */
  constructor(
    private readonly text: string,
    private readonly enclosing = 0,
  ) {
    this.parser = new Parser(text);
  }

  /** `get_single_node`: the root of the only document, or null for an empty stream. */
  getSingleNode(): ComposedStream {
    const parser = this.parser;
    parser.getEvent(); // STREAM-START
    let document: ComposedNode | null = null;
    if (!parser.checkEvent('StreamEnd')) document = this.composeDocument();
    if (!parser.checkEvent('StreamEnd')) {
      const event = parser.getEvent()!;
      throw composerError('expected a single document in the stream', startOf(document!), 'but found another document', event.start);
    }
    parser.getEvent(); // STREAM-END
    return { root: document, anchors: this.sawAnchor, aliases: this.sawAlias, mergeTags: this.sawMergeTag };
  }

  private composeDocument(): ComposedNode {
    this.parser.getEvent(); // DOCUMENT-START
    const node = this.composeNode();
    this.parser.getEvent(); // DOCUMENT-END
    this.anchors = new Map();
    return node;
  }

  /** compose_node, with the recursion turned into a loop over a stack of open collections. */
  private composeNode(): ComposedNode {
    const parser = this.parser;
    const stack: OpenCollection[] = [];
    for (;;) {
      spend();
      let done: ComposedNode;
      this.checkDepth(stack);
      if (parser.checkEvent('Alias')) {
        done = this.alias(parser.getEvent() as Extract<ParserEvent, { kind: 'Alias' }>);
      } else {
        const next = parser.peekEvent() as Extract<ParserEvent, { kind: 'Scalar' | 'SequenceStart' | 'MappingStart' }>;
        this.checkAnchor(next);
        if (next.kind === 'Scalar') {
          done = this.scalar();
        } else {
          stack.push({ node: this.collectionStart(), key: null });
          done = this.closeFinished(stack)!;
          if (!done) continue;
        }
      }
      // Attach the finished node to its collection, and close every collection that ends with it.
      for (;;) {
        spend();
        const open = stack[stack.length - 1];
        if (!open) return done;
        if (open.node.kind === 'seq') {
          open.node.items.push(done);
        } else if (open.key === null) {
          open.key = done;
          break;
        } else {
          open.node.pairs.push([open.key, done]);
          open.key = null;
        }
        const closed = this.closeFinished(stack);
        if (!closed) break;
        done = closed;
      }
    }
  }

  /** Ends the innermost collection if its end event is next; returns it then, else null. */
  private closeFinished(stack: OpenCollection[]): ComposedNode | null {
    const open = stack[stack.length - 1];
    const node = open.node;
    const endKind = node.kind === 'seq' ? 'SequenceEnd' : 'MappingEnd';
    if (!this.parser.checkEvent(endKind)) return null;
    if (node.flowStyle && (node.kind === 'seq' ? node.items.length === 0 : node.pairs.length === 0)) this.checkEmptyDepth(stack, node);
    node.end = this.parser.getEvent()!.end;
    if (node.kind === 'map' && !node.flowStyle) {
      // A simple key starts the mapping: the engine's range starts at the key's content, after its properties.
      const first = node.pairs[0]?.[0];
      if (first && first.start.offset === node.contentStart) node.contentStart = first.kind === 'alias' ? first.start.offset : first.contentStart;
    }
    node.rangeEnd = node.flowStyle ? node.end.offset : this.blockCollectionEnd(node);
    stack.pop();
    return node;
  }

  /**
   * Where the engine's range of a block collection ends (as the `yaml`
   * package's CST, which the editing features were built on, ends it): after
   * its last node and the rest of that node's line (spaces, a comment, the
   * line break), and after the comment lines that follow, up to the last one
   * indented deeper than the collection. An empty last value ends it right
   * there. PyYAML's own end mark is at the next token instead.
   */
  private blockCollectionEnd(node: ComposedSequence | ComposedMapping): number {
    const last = node.kind === 'seq' ? node.items[node.items.length - 1] : node.pairs[node.pairs.length - 1]?.[1];
    if (!last) return node.contentStart;
    const text = this.text;
    let end = last.kind === 'alias' ? last.end.offset : last.rangeEnd;
    const emptyOrBlock = last.kind === 'scalar' ? last.style === null && last.value === '' : last.kind !== 'alias' && !last.flowStyle;
    if (!emptyOrBlock && text.charCodeAt(end - 1) !== 10) end = restOfLine(text, end);
    const indent = node.contentStart - (text.lastIndexOf('\n', node.contentStart - 1) + 1);
    for (let line = end; line < text.length; ) {
      spend();
      let first = line;
      while (text.charCodeAt(first) === 32) {
        spend();
        first++;
      }
      const code = text.charCodeAt(first);
      if (code === 10) {
        line = first + 1;
      } else if (code === 35 /* # */) {
        const deeper = first - line > indent;
        line = restOfLine(text, first);
        if (deeper) end = line;
      } else {
        break;
      }
    }
    return end;
  }

  private alias(event: Extract<ParserEvent, { kind: 'Alias' }>): ComposedAlias {
    this.sawAlias = true;
    const target = this.anchors.get(event.anchor);
    if (!target) throw composerError(null, null, `found undefined alias ${pyReprString(event.anchor)}`, event.start);
    return { kind: 'alias', name: event.anchor, target, start: event.start, end: event.end };
  }

  private checkAnchor(event: { anchor: string | null; start: Mark }): void {
    if (event.anchor === null) return;
    this.sawAnchor = true;
    const first = this.anchors.get(event.anchor);
    if (first) throw composerError(`found duplicate anchor ${pyReprString(event.anchor)}; first occurrence`, first.start, 'second occurrence', event.start);
  }

  private scalar(): ComposedScalar {
    const event = this.parser.getEvent() as Extract<ParserEvent, { kind: 'Scalar' }>;
    const tag = event.tag === null || event.tag === '!' ? (event.implicit[0] ? resolveImplicit(event.value) : TAG.str) : event.tag;
    // An empty scalar (no token) is placed after the spaces that follow its indicator or properties.
    let contentStart = event.contentStart.offset;
    let rangeEnd = event.rangeEnd;
    if (event.style === null && event.value === '') {
      while (this.text.charCodeAt(rangeEnd) === 32) {
        spend();
        rangeEnd++;
      }
      contentStart = rangeEnd;
    }
    const node: ComposedScalar = { kind: 'scalar', tag, value: event.value, style: event.style, start: event.start, end: event.end, contentStart, rangeEnd };
    if (tag === TAG.merge) this.sawMergeTag = true;
    if (event.anchor !== null) this.anchors.set(event.anchor, node);
    return node;
  }

  private collectionStart(): ComposedSequence | ComposedMapping {
    const event = this.parser.getEvent() as Extract<ParserEvent, { kind: 'SequenceStart' | 'MappingStart' }>;
    const explicit = event.tag !== null && event.tag !== '!';
    // The end is known when the collection closes.
    const base = { start: event.start, end: event.end, contentStart: event.contentStart.offset, rangeEnd: event.end.offset, flowStyle: event.flowStyle };
    const node: ComposedSequence | ComposedMapping =
      event.kind === 'SequenceStart'
        ? { kind: 'seq', tag: explicit ? event.tag! : TAG.seq, items: [], ...base }
        : { kind: 'map', tag: explicit ? event.tag! : TAG.map, pairs: [], ...base };
    if (node.tag === TAG.merge) this.sawMergeTag = true;
    if (event.anchor !== null) this.anchors.set(event.anchor, node);
    return node;
  }

  /**
   * PyYAML spends two Python frames per open collection (compose_node and
   * compose_sequence_node or compose_mapping_node), and the parser's and
   * scanner's frames for the node being composed; past what Python's
   * recursion limit leaves, it raises RecursionError (see limits.ts).
   */
  private checkDepth(stack: OpenCollection[]): void {
    const parent = stack[stack.length - 1];
    // The root of a piece is never too deep: a chunk is enclosed by one block mapping at most.
    if (!parent) return;
    const below = LIMITS.pythonFrames.belowNode;
    const frames = 2 * (stack.length + this.enclosing) + (!parent.node.flowStyle ? below.block : parent.node.kind === 'seq' ? below.flowSequence : below.flowMapping);
    if (frames > LIMITS.pythonFrames.available) throw new RecursionLimit(this.nextNodeMark(parent.node));
  }

  /**
   * Where the node that goes too deep starts. PyYAML runs out of frames while
   * it scans that node, so an error the scan would find is never raised:
   * then the collection it is in stands for it.
   */
  private nextNodeMark(parent: ComposedSequence | ComposedMapping): Mark {
    try {
      return this.parser.peekEvent()!.start;
    } catch (e) {
      if (e instanceof MarkedYamlError || e instanceof PythonCrash) return parent.start;
      throw e;
    }
  }

  /** An empty flow collection costs the frames of its own level (its end is scanned from inside it). */
  private checkEmptyDepth(stack: OpenCollection[], node: ComposedSequence | ComposedMapping): void {
    const below = LIMITS.pythonFrames.belowEmpty;
    if (2 * (stack.length + this.enclosing) + (node.kind === 'seq' ? below.flowSequence : below.flowMapping) > LIMITS.pythonFrames.available) throw new RecursionLimit(node.start);
  }
}

/** PyYAML's `start_mark` of a composed node: an alias is the anchored node itself. */
function startOf(node: ComposedNode): Mark {
  return node.kind === 'alias' ? node.target.start : node.start;
}

/** The offset after the rest of the line at `offset`: spaces and tabs, a comment, the line break. */
function restOfLine(text: string, offset: number): number {
  let end = offset;
  while (text.charCodeAt(end) === 32 || text.charCodeAt(end) === 9) {
    spend();
    end++;
  }
  if (text.charCodeAt(end) === 35 /* # */) while (end < text.length && text.charCodeAt(end) !== 10) {
    spend();
    end++;
  }
  if (text.charCodeAt(end) === 10) end++;
  return end;
}
