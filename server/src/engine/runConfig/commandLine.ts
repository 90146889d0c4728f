/**
 * SWE-agent's command-line overrides (`--agent.model.name=gpt-4o`,
 * `--agent.model.name gpt-4o`), as pydantic-settings' CLI source reads them
 * for `sweagent run`: a dotted path into the config and a value. Values are
 * strings (pydantic coerces them as usual), `null` is None, and a value that
 * is a JSON list or object is read as JSON, as for list and dict fields.
 */
import { Origin, PyNode } from '../yaml/pyNode';
import { FieldType, ModelSchema, fieldOf, modelsOf } from './schema';
import { BUDGETS } from '../budgets';
import { nestingBeyond } from '../util/jsonNesting';
import { shortPrefix } from '../util/shortPrefix';

export interface CommandLineOverride {
  /** The argument as given, for messages. */
  arg: string;
  path: string[];
  value: PyNode;
}

const STR_TAG = 'tag:yaml.org,2002:str';

/** A node for a value given on the command line: its origin's text is the value itself. */
function nodeOf(value: unknown, origin: Origin, depth = 0): PyNode {
  const base = { origin, start: 0, end: origin.text.length };
  if (depth < 64 && Array.isArray(value)) return { ...base, kind: 'seq', tag: 'tag:yaml.org,2002:seq', python: 'list', items: value.map((v) => nodeOf(v, origin, depth + 1)) };
  if (depth < 64 && value !== null && typeof value === 'object') {
    const pairs = Object.entries(value as Record<string, unknown>).map(([k, v]) => ({ key: nodeOf(k, origin, depth + 1), value: nodeOf(v, origin, depth + 1) }));
    return { ...base, kind: 'map', tag: 'tag:yaml.org,2002:map', python: 'dict', pairs, ownPairs: pairs };
  }
  const scalar = { ...base, kind: 'scalar' as const, style: 'plain' as const, contentStart: 0, contentEnd: origin.text.length };
  if (value === null) return { ...scalar, tag: 'tag:yaml.org,2002:null', text: 'null', value: { type: 'NoneType' } };
  if (typeof value === 'boolean') return { ...scalar, tag: 'tag:yaml.org,2002:bool', text: String(value), value: { type: 'bool', value } };
  if (typeof value === 'number') {
    return Number.isInteger(value)
      ? { ...scalar, tag: 'tag:yaml.org,2002:int', text: String(value), value: { type: 'int', value: BigInt(value) } }
      : { ...scalar, tag: 'tag:yaml.org,2002:float', text: String(value), value: { type: 'float', value } };
  }
  const text = String(value);
  return { ...scalar, tag: STR_TAG, text, value: { type: 'str', value: text } };
}

function valueOf(text: string): unknown {
  if (text === 'null') return null;
  if (/^\s*[[{]/.test(text)) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/** Reads override arguments; what is not `--path=value` or `--path value` is a problem. */
export function parseOverrides(args: readonly string[]): { overrides: CommandLineOverride[]; problems: string[] } {
  const overrides: CommandLineOverride[] = [];
  const problems: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (!arg.startsWith('--') || arg.length === 2) {
      problems.push(`\`${arg}\` is not an override; write --a.b.c=value`);
      continue;
    }
    const eq = arg.indexOf('=');
    let key: string;
    let value: string;
    let shown = arg;
    if (eq !== -1) {
      key = arg.slice(2, eq);
      value = arg.slice(eq + 1);
    } else if (i + 1 < args.length && !args[i + 1].startsWith('--')) {
      key = arg.slice(2);
      value = args[++i];
      shown = `${arg} ${value}`;
    } else {
      problems.push(`\`${arg}\` needs a value (--${arg.slice(2)}=value)`);
      continue;
    }
    const path = key.split('.');
    if (path.some((part) => part === '')) {
      problems.push(`\`${shown}\` has an empty part in its path`);
      continue;
    }
    // The settings' depth check does not see inside a string: a JSON value nested 20,000 deep would overflow the stack.
    if (nestingBeyond(value, BUDGETS.valueDepth) !== -1) {
      problems.push(`\`${shortPrefix(shown, 40)}\` nests more than ${BUDGETS.valueDepth} levels deep, more than this checker reads; it is left out`);
      continue;
    }
    overrides.push({ arg: shown, path, value: nodeOf(valueOf(value), { text: value }) });
  }
  return { overrides, problems };
}

/**
 * Whether pydantic-settings knows the path: each part a field of the model
 * reached so far (of any member, for a union); below a dict or `Any` field
 * anything goes.
 */
export function isKnownPath(root: ModelSchema, path: readonly string[]): boolean {
  let models: ModelSchema[] = [root];
  for (let i = 0; i < path.length; i++) {
    const types: FieldType[] = models.flatMap((m) => {
      const field = fieldOf(m, path[i]);
      return field ? [field.type] : [];
    });
    if (types.length === 0) return false;
    if (i === path.length - 1) return true;
    if (types.some(opensUp)) return true;
    models = types.flatMap(modelsOf);
  }
  return true;
}

function opensUp(type: FieldType): boolean {
  if (type.t === 'optional') return opensUp(type.of);
  return type.t === 'dict' || type.t === 'any' || type.t === 'unchecked';
}
