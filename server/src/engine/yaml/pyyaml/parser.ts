/**
 * PyYAML 6's Parser (lib/yaml/parser.py), ported for behaviour: the same
 * LL(1) state machine over the scanner's tokens, the same events, and the
 * same ParserErrors with PyYAML's words and marks. It keeps a stack of
 * states instead of recursing, as PyYAML's does, so nesting costs no stack.
 *
 * Events also carry `contentStart`, where a node's content begins after its
 * properties (PyYAML's `start_mark` includes the anchor and tag), which the
 * engine uses for source ranges.
 */
import { MarkedYamlError } from './errors';
import { Mark } from './marks';
import { pyReprString } from '../../python/pyObject';
import { Scanner } from './scanner';
import { ScalarStyleChar, Token, TokenId, TokenOf } from './tokens';
import { spend } from '../../work';

interface Marked {
  start: Mark;
  end: Mark;
}

interface NodeEventBase extends Marked {
  anchor: string | null;
  tag: string | null;
  /** Where the node's content starts: after its anchor and tag. */
  contentStart: Mark;
}

export type ParserEvent =
  | (Marked & { kind: 'StreamStart' | 'StreamEnd' | 'DocumentEnd' | 'SequenceEnd' | 'MappingEnd' })
  | (Marked & { kind: 'DocumentStart'; explicit: boolean })
  | (Marked & { kind: 'Alias'; anchor: string })
  | (NodeEventBase & { kind: 'Scalar'; implicit: [boolean, boolean]; value: string; style: ScalarStyleChar; rangeEnd: number })
  | (NodeEventBase & { kind: 'SequenceStart' | 'MappingStart'; implicit: boolean; flowStyle: boolean });

export type EventKind = ParserEvent['kind'];

const DEFAULT_TAGS: ReadonlyMap<string, string> = new Map([
  ['!', '!'],
  ['!!', 'tag:yaml.org,2002:'],
]);

type State = () => ParserEvent;

function parserError(context: string | null, contextMark: Mark | null, problem: string, problemMark: Mark): MarkedYamlError {
  return new MarkedYamlError('ParserError', context, contextMark, problem, problemMark);
}

export class Parser {
  private readonly scanner: Scanner;
  private currentEvent: ParserEvent | null = null;
  private yamlVersion: [number, number] | null = null;
  private tagHandles: Map<string, string> = new Map();
  private states: State[] = [];
  private marks: Mark[] = [];
  private state: State | null;

  constructor(text: string) {
    this.scanner = new Scanner(text);
    this.state = this.parseStreamStart;
  }

  checkEvent(...choices: EventKind[]): boolean {
    const event = this.peekEvent();
    return event !== null && (choices.length === 0 || choices.includes(event.kind));
  }

  peekEvent(): ParserEvent | null {
    if (this.currentEvent === null && this.state) this.currentEvent = this.state();
    return this.currentEvent;
  }

  getEvent(): ParserEvent | null {
    const event = this.peekEvent();
    this.currentEvent = null;
    return event;
  }

  // Token access: the scanner always has a token until STREAM-END has been taken, after which the parser stops.

  private check(...ids: TokenId[]): boolean {
    return this.scanner.checkToken(...ids);
  }

  private peek(): Token {
    return this.scanner.peekToken()!;
  }

  private take(): Token {
    return this.scanner.getToken()!;
  }

  private popState(): State {
    return this.states.pop()!;
  }

  // stream ::= STREAM-START implicit_document? explicit_document* STREAM-END

  private parseStreamStart: State = () => {
    const token = this.take();
    this.state = this.parseImplicitDocumentStart;
    return { kind: 'StreamStart', start: token.start, end: token.end };
  };

  private parseImplicitDocumentStart: State = () => {
    if (!this.check('<directive>', '<document start>', '<stream end>')) {
      this.tagHandles = new Map(DEFAULT_TAGS);
      const mark = this.peek().start;
      this.states.push(this.parseDocumentEnd);
      this.state = this.parseBlockNode;
      return { kind: 'DocumentStart', start: mark, end: mark, explicit: false };
    }
    return this.parseDocumentStart();
  };

  private parseDocumentStart: State = () => {
    // Parse any extra document end indicators.
    while (this.check('<document end>')) {
      spend();
      this.take();
    }
    if (!this.check('<stream end>')) {
      const start = this.peek().start;
      this.processDirectives();
      if (!this.check('<document start>')) {
        const token = this.peek();
        throw parserError(null, null, `expected '<document start>', but found ${pyReprString(token.id)}`, token.start);
      }
      const token = this.take();
      this.states.push(this.parseDocumentEnd);
      this.state = this.parseDocumentContent;
      return { kind: 'DocumentStart', start, end: token.end, explicit: true };
    }
    const token = this.take();
    this.state = null;
    return { kind: 'StreamEnd', start: token.start, end: token.end };
  };

  private parseDocumentEnd: State = () => {
    let token = this.peek();
    const start = token.start;
    let end = start;
    if (this.check('<document end>')) {
      token = this.take();
      end = token.end;
    }
    this.state = this.parseDocumentStart;
    return { kind: 'DocumentEnd', start, end };
  };

  private parseDocumentContent: State = () => {
    if (this.check('<directive>', '<document start>', '<document end>', '<stream end>')) {
      const event = this.processEmptyScalar(this.peek().start);
      this.state = this.popState();
      return event;
    }
    return this.parseBlockNode();
  };

  private processDirectives(): void {
    this.yamlVersion = null;
    this.tagHandles = new Map();
    while (this.check('<directive>')) {
      spend();
      const token = this.take() as TokenOf<'<directive>'>;
      if (token.name === 'YAML') {
        if (this.yamlVersion !== null) throw parserError(null, null, 'found duplicate YAML directive', token.start);
        const [major] = token.value as [number, number];
        if (major !== 1) throw parserError(null, null, 'found incompatible YAML document (version 1.* is required)', token.start);
        this.yamlVersion = token.value as [number, number];
      } else if (token.name === 'TAG') {
        const [handle, prefix] = token.value as [string, string];
        if (this.tagHandles.has(handle)) throw parserError(null, null, `duplicate tag handle ${pyReprString(handle)}`, token.start);
        this.tagHandles.set(handle, prefix);
      }
    }
    for (const [handle, prefix] of DEFAULT_TAGS) {
      spend();
      if (!this.tagHandles.has(handle)) this.tagHandles.set(handle, prefix);
    }
  }

  // Nodes.

  private parseBlockNode: State = () => this.parseNode(true, false);

  private parseFlowNode: State = () => this.parseNode(false, false);

  private parseBlockNodeOrIndentlessSequence: State = () => this.parseNode(true, true);

  private parseNode(block: boolean, indentlessSequence: boolean): ParserEvent {
    if (this.check('<alias>')) {
      const token = this.take() as TokenOf<'<alias>'>;
      this.state = this.popState();
      return { kind: 'Alias', anchor: token.value, start: token.start, end: token.end };
    }
    let anchor: string | null = null;
    let tagToken: TokenOf<'<tag>'> | null = null;
    let start: Mark | null = null;
    let end: Mark | null = null;
    let tagMark: Mark | null = null;
    if (this.check('<anchor>')) {
      const token = this.take() as TokenOf<'<anchor>'>;
      start = token.start;
      end = token.end;
      anchor = token.value;
      if (this.check('<tag>')) {
        tagToken = this.take() as TokenOf<'<tag>'>;
        tagMark = tagToken.start;
        end = tagToken.end;
      }
    } else if (this.check('<tag>')) {
      tagToken = this.take() as TokenOf<'<tag>'>;
      start = tagMark = tagToken.start;
      end = tagToken.end;
      if (this.check('<anchor>')) {
        const token = this.take() as TokenOf<'<anchor>'>;
        end = token.end;
        anchor = token.value;
      }
    }
    let tag: string | null = null;
    if (tagToken) {
      if (tagToken.handle !== null) {
        const prefix = this.tagHandles.get(tagToken.handle);
        if (prefix === undefined) throw parserError('while parsing a node', start, `found undefined tag handle ${pyReprString(tagToken.handle)}`, tagMark!);
        tag = prefix + tagToken.suffix;
      } else {
        tag = tagToken.suffix;
      }
    }
    const next = this.peek();
    const contentStart = next.start;
    if (start === null) start = end = contentStart;
    const implicit = tag === null || tag === '!';
    if (indentlessSequence && next.id === '-') {
      this.state = this.parseIndentlessSequenceEntry;
      return { kind: 'SequenceStart', anchor, tag, implicit, start, end: next.end, contentStart, flowStyle: false };
    }
    if (next.id === '<scalar>') {
      const token = this.take() as TokenOf<'<scalar>'>;
      const scalarImplicit: [boolean, boolean] = (token.plain && tag === null) || tag === '!' ? [true, false] : tag === null ? [false, true] : [false, false];
      this.state = this.popState();
      return { kind: 'Scalar', anchor, tag, implicit: scalarImplicit, value: token.value, start, end: token.end, contentStart, style: token.style, rangeEnd: token.rangeEnd };
    }
    if (next.id === '[') {
      this.state = this.parseFlowSequenceFirstEntry;
      return { kind: 'SequenceStart', anchor, tag, implicit, start, end: next.end, contentStart, flowStyle: true };
    }
    if (next.id === '{') {
      this.state = this.parseFlowMappingFirstKey;
      return { kind: 'MappingStart', anchor, tag, implicit, start, end: next.end, contentStart, flowStyle: true };
    }
    if (block && next.id === '<block sequence start>') {
      this.state = this.parseBlockSequenceFirstEntry;
      return { kind: 'SequenceStart', anchor, tag, implicit, start, end: next.start, contentStart, flowStyle: false };
    }
    if (block && next.id === '<block mapping start>') {
      this.state = this.parseBlockMappingFirstKey;
      return { kind: 'MappingStart', anchor, tag, implicit, start, end: next.start, contentStart, flowStyle: false };
    }
    if (anchor !== null || tag !== null) {
      // Empty scalars are allowed even if a tag or an anchor is specified.
      this.state = this.popState();
      return { kind: 'Scalar', anchor, tag, implicit: [implicit, false], value: '', start, end: end!, contentStart: end!, style: null, rangeEnd: end!.offset };
    }
    throw parserError(`while parsing a ${block ? 'block' : 'flow'} node`, start, `expected the node content, but found ${pyReprString(next.id)}`, next.start);
  }

  // block_sequence ::= BLOCK-SEQUENCE-START (BLOCK-ENTRY block_node?)* BLOCK-END

  private parseBlockSequenceFirstEntry: State = () => {
    this.marks.push(this.take().start);
    return this.parseBlockSequenceEntry();
  };

  private parseBlockSequenceEntry: State = () => {
    if (this.check('-')) {
      const token = this.take();
      if (!this.check('-', '<block end>')) {
        this.states.push(this.parseBlockSequenceEntry);
        return this.parseBlockNode();
      }
      this.state = this.parseBlockSequenceEntry;
      return this.processEmptyScalar(token.end);
    }
    if (!this.check('<block end>')) {
      const token = this.peek();
      throw parserError('while parsing a block collection', this.marks[this.marks.length - 1], `expected <block end>, but found ${pyReprString(token.id)}`, token.start);
    }
    const token = this.take();
    this.state = this.popState();
    this.marks.pop();
    return { kind: 'SequenceEnd', start: token.start, end: token.end };
  };

  // indentless_sequence ::= (BLOCK-ENTRY block_node?)+

  private parseIndentlessSequenceEntry: State = () => {
    if (this.check('-')) {
      const token = this.take();
      if (!this.check('-', '?', ':', '<block end>')) {
        this.states.push(this.parseIndentlessSequenceEntry);
        return this.parseBlockNode();
      }
      this.state = this.parseIndentlessSequenceEntry;
      return this.processEmptyScalar(token.end);
    }
    const token = this.peek();
    this.state = this.popState();
    return { kind: 'SequenceEnd', start: token.start, end: token.start };
  };

  // block_mapping ::= BLOCK-MAPPING_START ((KEY block_node_or_indentless_sequence?)? (VALUE block_node_or_indentless_sequence?)?)* BLOCK-END

  private parseBlockMappingFirstKey: State = () => {
    this.marks.push(this.take().start);
    return this.parseBlockMappingKey();
  };

  private parseBlockMappingKey: State = () => {
    if (this.check('?')) {
      const token = this.take();
      if (!this.check('?', ':', '<block end>')) {
        this.states.push(this.parseBlockMappingValue);
        return this.parseBlockNodeOrIndentlessSequence();
      }
      this.state = this.parseBlockMappingValue;
      return this.processEmptyScalar(token.end);
    }
    if (!this.check('<block end>')) {
      const token = this.peek();
      throw parserError('while parsing a block mapping', this.marks[this.marks.length - 1], `expected <block end>, but found ${pyReprString(token.id)}`, token.start);
    }
    const token = this.take();
    this.state = this.popState();
    this.marks.pop();
    return { kind: 'MappingEnd', start: token.start, end: token.end };
  };

  private parseBlockMappingValue: State = () => {
    if (this.check(':')) {
      const token = this.take();
      if (!this.check('?', ':', '<block end>')) {
        this.states.push(this.parseBlockMappingKey);
        return this.parseBlockNodeOrIndentlessSequence();
      }
      this.state = this.parseBlockMappingKey;
      return this.processEmptyScalar(token.end);
    }
    this.state = this.parseBlockMappingKey;
    return this.processEmptyScalar(this.peek().start);
  };

  // flow_sequence ::= FLOW-SEQUENCE-START (flow_sequence_entry FLOW-ENTRY)* flow_sequence_entry? FLOW-SEQUENCE-END
  // flow_sequence_entry ::= flow_node | KEY flow_node? (VALUE flow_node?)?   (the KEY form is a single-pair mapping)

  private parseFlowSequenceFirstEntry: State = () => {
    this.marks.push(this.take().start);
    return this.flowSequenceEntry(true);
  };

  private parseFlowSequenceEntry: State = () => this.flowSequenceEntry(false);

  private flowSequenceEntry(first: boolean): ParserEvent {
    if (!this.check(']')) {
      if (!first) {
        if (this.check(',')) {
          this.take();
        } else {
          const token = this.peek();
          throw parserError('while parsing a flow sequence', this.marks[this.marks.length - 1], `expected ',' or ']', but got ${pyReprString(token.id)}`, token.start);
        }
      }
      if (this.check('?')) {
        const token = this.peek();
        this.state = this.parseFlowSequenceEntryMappingKey;
        return { kind: 'MappingStart', anchor: null, tag: null, implicit: true, start: token.start, end: token.end, contentStart: token.start, flowStyle: true };
      }
      if (!this.check(']')) {
        this.states.push(this.parseFlowSequenceEntry);
        return this.parseFlowNode();
      }
    }
    const token = this.take();
    this.state = this.popState();
    this.marks.pop();
    return { kind: 'SequenceEnd', start: token.start, end: token.end };
  }

  private parseFlowSequenceEntryMappingKey: State = () => {
    const token = this.take();
    if (!this.check(':', ',', ']')) {
      this.states.push(this.parseFlowSequenceEntryMappingValue);
      return this.parseFlowNode();
    }
    this.state = this.parseFlowSequenceEntryMappingValue;
    return this.processEmptyScalar(token.end);
  };

  private parseFlowSequenceEntryMappingValue: State = () => {
    if (this.check(':')) {
      const token = this.take();
      if (!this.check(',', ']')) {
        this.states.push(this.parseFlowSequenceEntryMappingEnd);
        return this.parseFlowNode();
      }
      this.state = this.parseFlowSequenceEntryMappingEnd;
      return this.processEmptyScalar(token.end);
    }
    this.state = this.parseFlowSequenceEntryMappingEnd;
    return this.processEmptyScalar(this.peek().start);
  };

  private parseFlowSequenceEntryMappingEnd: State = () => {
    this.state = this.parseFlowSequenceEntry;
    const mark = this.peek().start;
    return { kind: 'MappingEnd', start: mark, end: mark };
  };

  // flow_mapping ::= FLOW-MAPPING-START (flow_mapping_entry FLOW-ENTRY)* flow_mapping_entry? FLOW-MAPPING-END

  private parseFlowMappingFirstKey: State = () => {
    this.marks.push(this.take().start);
    return this.flowMappingKey(true);
  };

  private parseFlowMappingKey: State = () => this.flowMappingKey(false);

  private flowMappingKey(first: boolean): ParserEvent {
    if (!this.check('}')) {
      if (!first) {
        if (this.check(',')) {
          this.take();
        } else {
          const token = this.peek();
          throw parserError('while parsing a flow mapping', this.marks[this.marks.length - 1], `expected ',' or '}', but got ${pyReprString(token.id)}`, token.start);
        }
      }
      if (this.check('?')) {
        const token = this.take();
        if (!this.check(':', ',', '}')) {
          this.states.push(this.parseFlowMappingValue);
          return this.parseFlowNode();
        }
        this.state = this.parseFlowMappingValue;
        return this.processEmptyScalar(token.end);
      }
      if (!this.check('}')) {
        this.states.push(this.parseFlowMappingEmptyValue);
        return this.parseFlowNode();
      }
    }
    const token = this.take();
    this.state = this.popState();
    this.marks.pop();
    return { kind: 'MappingEnd', start: token.start, end: token.end };
  }

  private parseFlowMappingValue: State = () => {
    if (this.check(':')) {
      const token = this.take();
      if (!this.check(',', '}')) {
        this.states.push(this.parseFlowMappingKey);
        return this.parseFlowNode();
      }
      this.state = this.parseFlowMappingKey;
      return this.processEmptyScalar(token.end);
    }
    this.state = this.parseFlowMappingKey;
    return this.processEmptyScalar(this.peek().start);
  };

  private parseFlowMappingEmptyValue: State = () => {
    this.state = this.parseFlowMappingKey;
    return this.processEmptyScalar(this.peek().start);
  };

  private processEmptyScalar(mark: Mark): ParserEvent {
    return { kind: 'Scalar', anchor: null, tag: null, implicit: [true, false], value: '', start: mark, end: mark, contentStart: mark, style: null, rangeEnd: mark.offset };
  }
}
