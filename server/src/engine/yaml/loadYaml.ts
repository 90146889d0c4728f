/**
 * `yaml.safe_load(text)` as PyYAML 6 does it: the PyNode tree, or the
 * reasons it fails. Never throws.
 *
 * The text goes through a port of PyYAML's reader, scanner, parser and
 * composer (pyyaml/), which stop at the first error as PyYAML does, then
 * through its SafeConstructor (pyyaml/constructor.ts), whose problems are
 * all kept, PyYAML's first one first.
 */
import { Origin, PyNode } from './pyNode';
import { YamlProblem, YamlProblemKind } from './yamlProblem';
import { Composer, ComposedStream } from './pyyaml/composer';
import { constructDocument } from './pyyaml/constructor';
import { MarkedYamlError } from './pyyaml/errors';
import { RecursionLimit } from './pyyaml/recursionLimit';
import { PythonCrash } from './pyyaml/scanner';

interface YamlFeatures {
  anchors: boolean;
  aliases: boolean;
  mergeKeys: boolean;
}

export interface YamlLoad {
  root: PyNode | null;
  /** Empty when `safe_load` succeeds; otherwise the first is what PyYAML raises. */
  problems: YamlProblem[];
  features: YamlFeatures;
}

const NO_FEATURES: YamlFeatures = { anchors: false, aliases: false, mergeKeys: false };

/** `enclosing`: the block collections around the text when it is a chunk of a document (see pyyaml/composer.ts). */
export function loadYaml(text: string, origin: Origin, enclosing = 0): YamlLoad {
  let composed: ComposedStream;
  try {
    composed = new Composer(text, enclosing).getSingleNode();
  } catch (e) {
    const problem = syntaxProblem(e, text);
    // Anything else is not PyYAML's (the work budget running out among them): it ends the analysis.
    if (!problem) throw e;
    return { root: null, features: NO_FEATURES, problems: [problem] };
  }
  const constructed = constructDocument(composed.root, origin, composed);
  const features = { anchors: composed.anchors, aliases: composed.aliases, mergeKeys: constructed.mergeKeys };
  if (constructed.problems.length > 0) return { root: null, features, problems: constructed.problems };
  return { root: constructed.root, features, problems: [] };
}

/**
 * The text with `[start, end)` blanked (spaces; line breaks kept, so offsets
 * stay), loaded: what a file that does not load reads as without its broken
 * part, for what is worked out while a line is half-typed.
 */
export function loadBlanked(text: string, start: number, end: number): { origin: Origin; load: YamlLoad } {
  const blanked = text.slice(0, start) + text.slice(start, end).replace(/[^\n]/g, ' ') + text.slice(end);
  const origin = { text: blanked };
  return { origin, load: loadYaml(blanked, origin) };
}

/** What the reader, scanner, parser or composer raised, as a problem at PyYAML's marks; null for what PyYAML does not raise. */
function syntaxProblem(e: unknown, text: string): YamlProblem | null {
  if (e instanceof RecursionLimit) return e.problem();
  if (e instanceof PythonCrash) return { pyClass: 'Crash', kind: 'syntax', exceptionType: e.exceptionType, message: e.pyMessage, start: e.mark.offset, end: characterEnd(text, e.mark.offset) };
  if (!(e instanceof MarkedYamlError)) return null;
  const start = e.problemMark.offset;
  return {
    pyClass: e.pyClass,
    kind: kindOf(e),
    message: e.problem,
    start,
    end: characterEnd(text, start),
    context: e.context === null ? undefined : { message: e.context, start: e.contextMark?.offset ?? start },
  };
}

function kindOf(e: MarkedYamlError): YamlProblemKind {
  if (e.pyClass === 'ReaderError') return 'non-printable';
  if (e.pyClass === 'ComposerError') {
    if (e.problem.startsWith('found undefined alias')) return 'undefined-alias';
    if (e.problem === 'second occurrence') return 'duplicate-anchor';
    return 'multiple-documents';
  }
  if (e.problem === "found character '\\t' that cannot start any token") return 'tab';
  if (e.problem === 'found duplicate YAML directive' || e.problem.startsWith('found incompatible YAML document')) return 'yaml-version';
  return 'syntax';
}

/** The end of the character at `offset` (a surrogate pair is one), or `offset` at the end of the text. */
function characterEnd(text: string, offset: number): number {
  if (offset >= text.length) return offset;
  return offset + ((text.codePointAt(offset) ?? 0) > 0xffff ? 2 : 1);
}
