/**
 * Holds the engine's `loadYaml` to PyYAML's answer for one text: the same
 * verdict, the same problem and context text, the same marks (PyYAML's
 * index, line and column of the engine's offsets), and when the text
 * loads, the same Python value (dict keys merged as Python merges them).
 */
import { BUNDLE, analysisOfBundle } from '../helpers/fixture';
import { sourceTextOf } from '../../server/src/engine/document/sourceText';
import { loadYaml } from '../../server/src/engine/yaml/loadYaml';
import { PyNode, deref, dictEntries } from '../../server/src/engine/yaml/pyNode';
import { YamlProblem } from '../../server/src/engine/yaml/yamlProblem';
import { pyyamlMark } from '../../server/src/engine/yaml/pyyaml/marks';
import { pyReprFloat } from '../../server/src/engine/python/pyObject';
import { Mark, OracleAnswer, OracleValue } from './pyyamlOracle';

/** How a test parses a whole text: the text is its own origin. */
export function loadWhole(text: string) {
  return loadYaml(text, { text });
}

function markAt(text: string, offset: number): Mark {
  const mark = pyyamlMark(text, offset);
  return [mark.index, mark.line, mark.column];
}

function hex(value: bigint): string {
  return value < 0n ? '-0x' + (-value).toString(16) : '0x' + value.toString(16);
}

/** The oracle's canonical form of the Python value a node loads to. */
export function encodeValue(node: PyNode, path = new Set<PyNode>()): OracleValue {
  const target = deref(node);
  if (target.kind === 'scalar') {
    const v = target.value;
    switch (v.type) {
      case 'NoneType':
        return null;
      case 'bool':
        return { b: v.value };
      case 'int':
        return { i: hex(v.value) };
      case 'float':
        return { f: pyReprFloat(v.value) };
      case 'str':
        return { s: v.value };
      case 'bytes':
        return { y: Buffer.from(v.value).toString('hex') };
      case 'date':
        return { d: v.iso };
      case 'datetime':
        return { dt: v.iso };
    }
  }
  if (path.has(target)) return { cycle: true };
  path.add(target);
  try {
    if (target.kind === 'seq') {
      const items = target.items.map((item) => encodeValue(item, path));
      return target.python === 'tuple' ? { t: items } : { l: items };
    }
    const entries = dictEntries(target);
    if (target.python === 'set') {
      const keys = entries.map((entry) => encodeValue(entry.key, path));
      return { set: keys.sort((a, b) => (canonical(a) < canonical(b) ? -1 : canonical(a) > canonical(b) ? 1 : 0)) };
    }
    return { m: entries.map((entry) => [encodeValue(entry.key, path), encodeValue(entry.value, path)]) };
  } finally {
    path.delete(target);
  }
}

/** The oracle orders set items by their `json.dumps(item, separators=(',', ':'))`, which escapes non-ASCII. */
function canonical(value: unknown): string {
  return JSON.stringify(value).replace(/[\u0080-\uffff]/g, (unit) => '\\u' + unit.charCodeAt(0).toString(16).padStart(4, '0'));
}

const MARKED = new Set(['ScannerError', 'ParserError', 'ComposerError', 'ConstructorError']);

/**
 * Null when a bundle's chunked syntax gate (document/bundleModel.ts: the text
 * split into chunks, each parsed alone, the file's mapping composed from
 * them) agrees with PyYAML about `text`, else what differs. A text the gate
 * sends to the whole parse is `loadYaml`'s, which `wholeDisagreement` checks.
 */
function chunkedGateDisagreement(text: string, answer: OracleAnswer): string | null {
  if (sourceTextOf(text).normalized !== text) return null;
  const model = analysisOfBundle(text).bundleModel(BUNDLE)!;
  if (model.mode !== 'chunked') return null;
  const differ = (what: string) => `${what}\n  PyYAML: ${JSON.stringify(answer)}\n  chunked: ${JSON.stringify(encodeValue(model.root!))}`;
  if (!answer.ok) return differ('PyYAML fails, the chunked gate loads it');
  if (JSON.stringify(answer.value) === JSON.stringify({ too_big: true })) return null;
  return JSON.stringify(encodeValue(model.root!)) === JSON.stringify(answer.value) ? null : differ('the chunked gate loads another value');
}

/** Null when the engine, whole and through a bundle's chunked gate, agrees with PyYAML about `text`, else what differs. */
export function disagreement(text: string, answer: OracleAnswer): string | null {
  return chunkedGateDisagreement(text, answer) ?? wholeDisagreement(text, answer);
}

function wholeDisagreement(text: string, answer: OracleAnswer): string | null {
  const load = loadWhole(text);
  const first: YamlProblem | undefined = load.problems[0];
  const ours = first ? `${first.pyClass}${first.exceptionType ? ` ${first.exceptionType}` : ''} (${first.kind}) ${JSON.stringify(first.message)} at ${JSON.stringify(markAt(text, first.start))}${first.context ? ` context ${JSON.stringify(first.context.message)} at ${JSON.stringify(markAt(text, first.context.start))}` : ''}` : 'loads';
  const differ = (what: string) => `${what}\n  PyYAML: ${JSON.stringify(answer)}\n  engine: ${ours}`;
  if (answer.ok) {
    if (first) return differ('PyYAML loads it, the engine does not');
    if (JSON.stringify(answer.value) === JSON.stringify({ too_big: true })) return null;
    const value = load.root ? encodeValue(load.root) : null;
    if (JSON.stringify(value) !== JSON.stringify(answer.value)) return differ(`the loaded values differ: engine ${JSON.stringify(value)}`);
    return null;
  }
  if (!first) return differ('PyYAML fails, the engine loads it');
  if (first.kind === 'check-budget') return null;
  if (answer.cls === 'RecursionError') return first.kind === 'resource-limit' ? null : differ('PyYAML hits its recursion limit');
  if (first.kind === 'resource-limit') return differ('the engine reports RecursionError');
  if (answer.cls === 'ReaderError') {
    const reader = answer as unknown as { position: number };
    return first.pyClass === 'ReaderError' && markAt(text, first.start)[0] === reader.position ? null : differ('the reader error differs');
  }
  if (MARKED.has(answer.cls)) {
    const marked = answer as unknown as { cls: string; problem: string; pm: Mark | null; context: string | null; cm: Mark | null };
    if (first.pyClass !== marked.cls) return differ('the error class differs');
    if (first.message !== marked.problem) return differ('the problem text differs');
    if (marked.pm && JSON.stringify(markAt(text, first.start)) !== JSON.stringify(marked.pm)) return differ('the problem mark differs');
    if ((first.context?.message ?? null) !== marked.context) return differ('the context text differs');
    if (marked.cm && first.context && JSON.stringify(markAt(text, first.context.start)) !== JSON.stringify(marked.cm)) return differ('the context mark differs');
    return null;
  }
  const crash = answer as { cls: string; message: string };
  if (first.pyClass !== 'Crash' || first.exceptionType !== crash.cls || first.message !== crash.message) return differ('the Python exception differs');
  return null;
}
