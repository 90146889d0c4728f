/**
 * `yaml.safe_load(text)` as PyYAML 6 does it, on top of the `yaml` package's
 * CST parser and composer: the PyNode tree, or the reasons it fails. Never throws.
 *
 * PyYAML stops at the first reader, scanner, parser or composer error, so
 * only the earliest of those is kept. Constructor problems are independent of
 * each other (each is one scalar or mapping), so all of them are kept.
 */
import { Composer, CST, Document, Parser } from 'yaml';
import { composePy, YamlFeatures } from './composePy';
import { Origin, PyNode } from './pyNode';
import { pyyamlSyntaxProblems } from './pyyamlSyntax';
import { padFlowContinuations } from './flowIndentRepair';
import { YamlProblem } from './yamlProblem';
import { LIMITS } from './limits';
import { pushAll } from '../util/pushAll';

export interface YamlLoad {
  root: PyNode | null;
  /** Empty when `safe_load` succeeds; otherwise the first is what PyYAML raises. */
  problems: YamlProblem[];
  features: YamlFeatures;
}

/** PyYAML's Reader.NON_PRINTABLE: checked over the whole text before scanning starts. */
const NON_PRINTABLE = /[^\t\n\r\x20-\x7E\x85\xA0-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

const NO_FEATURES: YamlFeatures = { anchors: false, aliases: false, mergeKeys: false };

export function loadYaml(text: string, origin: Origin): YamlLoad {
  const nonPrintable = NON_PRINTABLE.exec(text);
  if (nonPrintable) {
    const code = nonPrintable[0].codePointAt(0)!;
    return {
      root: null,
      features: NO_FEATURES,
      problems: [
        {
          pyClass: 'ReaderError',
          kind: 'non-printable',
          message: `unacceptable character #x${code.toString(16).padStart(4, '0')}: special characters are not allowed`,
          start: nonPrintable.index,
          end: nonPrintable.index + nonPrintable[0].length,
        },
      ],
    };
  }
  const tooDeep = flowNestingBeyond(text, LIMITS.maxBracketDepth);
  if (tooDeep !== -1) {
    return {
      root: null,
      features: NO_FEATURES,
      problems: [{ ...resourceProblem(`the YAML nests more than ${LIMITS.maxBracketDepth} levels deep here; PyYAML's composer hits Python's recursion limit (RecursionError) at about ${LIMITS.maxDepth}`), start: tooDeep, end: tooDeep + 1 }],
    };
  }
  let parsed: ParsedText;
  try {
    parsed = parseRepairingFlowIndentation(text);
  } catch (e) {
    // The `yaml` package recurses per nesting level; a stack overflow here means absurd nesting.
    if (!(e instanceof RangeError)) throw e;
    return { root: null, features: NO_FEATURES, problems: [resourceProblem('the YAML nesting is too deep to parse')] };
  }
  const { documents, toOriginal } = parsed;
  const first = documents[0] as Document.Parsed | undefined;
  const secondStart = documents.length > 1 ? documentStart(documents[1]) : Infinity;
  const syntax: YamlProblem[] = [];
  for (const error of first?.errors ?? []) {
    const at = pyyamlErrorOffset(parsed.text, error.code, error.pos);
    syntax.push({ pyClass: 'ScannerError', kind: 'syntax', message: error.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, ''), start: at, end: Math.max(at + 1, error.pos[1]) });
  }
  pushAll(syntax, pyyamlSyntaxProblems(parsed.text, parsed.tokens).filter((p) => p.start < secondStart));
  let composed: ReturnType<typeof composePy> | null = null;
  if (first) {
    try {
      composed = composePy(first.contents, origin, documentStart(first), parsed.text, toOriginal);
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
      return { root: null, features: NO_FEATURES, problems: [resourceProblem('the YAML nesting is too deep to compose')] };
    }
  }
  const features = composed?.features ?? NO_FEATURES;
  const blocking = [...syntax.map((p) => remapProblem(p, toOriginal)), ...(composed?.composerProblems ?? [])].sort((a, b) => a.start - b.start);
  if (blocking.length > 0) return { root: null, features, problems: [blocking[0]] };
  if (documents.length > 1) {
    return {
      root: null,
      features,
      problems: [
        {
          pyClass: 'ComposerError',
          kind: 'multiple-documents',
          message: 'found another document; safe_load expects a single document in the stream',
          start: toOriginal(secondStart),
          end: toOriginal(secondStart) + 3,
          context: { message: 'the first document', start: first ? toOriginal(documentStart(first)) : 0 },
        },
      ],
    };
  }
  if (composed && composed.constructorProblems.length > 0) return { root: null, features, problems: composed.constructorProblems };
  return { root: composed?.root ?? null, features, problems: [] };
}

/**
 * Where PyYAML reports what `yaml` reports as `code` at `pos`. PyYAML complains
 * at the ':' that ends a key running over a line break, at the ':' that
 * follows a plain value that (by continuing onto a deeper line) became a key,
 * and at the first token of a badly indented line.
 */
function pyyamlErrorOffset(text: string, code: string, pos: [number, number]): number {
  if (code === 'MULTILINE_IMPLICIT_KEY') return pos[1];
  if (code === 'BAD_INDENT') {
    // `yaml` points before the line break; PyYAML at the misplaced token itself.
    const next = /[^ \t\r\n]/g;
    next.lastIndex = pos[0];
    const match = next.exec(text);
    if (match) return match.index;
  }
  if (code === 'BLOCK_AS_IMPLICIT_KEY') {
    const colon = /:(?=[ \t\r\n]|$)/g;
    colon.lastIndex = pos[0];
    const match = colon.exec(text);
    if (match) return match.index;
  }
  return pos[0];
}

interface ParsedText {
  /** The text `yaml` parsed: the input, possibly with continuation lines padded. */
  text: string;
  tokens: CST.Token[];
  documents: Document.Parsed[];
  toOriginal(offset: number): number;
}

function parseText(text: string): { tokens: CST.Token[]; documents: Document.Parsed[] } {
  const tokens = [...new Parser().parse(text)];
  const documents = [...new Composer({ schema: 'failsafe', uniqueKeys: false }).compose(tokens, false, text.length)];
  return { tokens, documents };
}

/** Parses, and re-parses with padded continuation lines where `yaml` cut a quoted scalar or flow collection short. */
function parseRepairingFlowIndentation(text: string): ParsedText {
  let current: ParsedText = { text, ...parseText(text), toOriginal: (offset) => offset };
  for (let round = 0; round < 3 && (current.documents[0]?.errors.length ?? 0) > 0; round++) {
    const padded = padFlowContinuations(current.text, current.tokens);
    if (!padded) break;
    const outer = current.toOriginal;
    current = { text: padded.text, ...parseText(padded.text), toOriginal: (offset) => outer(padded.toOriginal(offset)) };
  }
  return current;
}

function remapProblem(problem: YamlProblem, toOriginal: (offset: number) => number): YamlProblem {
  const context = problem.context && { ...problem.context, start: toOriginal(problem.context.start) };
  return { ...problem, start: toOriginal(problem.start), end: toOriginal(problem.end), context };
}

function documentStart(document: Document.Parsed): number {
  return document.range[0];
}

/** Where `[`/`{` nesting first exceeds `limit` (a cheap scan before parsing, which would recurse that deep), or -1. */
function flowNestingBeyond(text: string, limit: number): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 91 /* [ */ || ch === 123 /* { */) {
      if (++depth > limit) return i;
    } else if ((ch === 93 /* ] */ || ch === 125) /* } */ && depth > 0) {
      depth--;
    }
  }
  return -1;
}

function resourceProblem(message: string): YamlProblem {
  return { pyClass: 'ComposerError', kind: 'resource-limit', message, start: 0, end: 0 };
}
