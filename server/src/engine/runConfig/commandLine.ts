/**
 * SWE-agent's command-line overrides (`--agent.model.name=gpt-4o`,
 * `--agent.model.name gpt-4o`), as pydantic-settings' CLI source reads them
 * for `sweagent run` (pydantic-settings 2.14, RunSingleConfig being
 * case-insensitive): a dotted path into the config, its option name read in
 * lower case, and a value. An option that names a field exactly is known
 * (nothing below a list or dict field is). A scalar field takes the value as
 * a string (pydantic coerces it as usual; `null` is None), a model or union
 * field takes JSON, and a list or dict field is an `append` option whose
 * values are merged (cliCollections.ts). An option without a value is
 * argparse's "expected one argument".
 */
import { Origin, PyNode } from '../yaml/pyNode';
import { CollectionKind, readCollectionOption } from './cliCollections';
import { FieldType, ModelSchema, fieldOf, modelsOf } from './schema';
import { BUDGETS } from '../budgets';
import { nestingBeyond } from '../util/jsonNesting';
import { shortPrefix } from '../util/shortPrefix';
import { WorkBudgetExhausted, charged, spend } from '../work';

export interface CommandLineOverride {
  /** The argument as given, for messages. */
  arg: string;
  /** The option's path, in lower case as pydantic-settings reads it. */
  path: string[];
  /** The value as given; null for an option given without one. */
  text: string | null;
  /** The value as a string (None for `null`), before the field's type says how to read it (readOverrides). */
  value: PyNode;
}

const STR_TAG = 'tag:yaml.org,2002:str';

/** A node for a value given on the command line: its origin's text is the value itself. */
function nodeOf(value: unknown, origin: Origin, depth = 0): PyNode {
  spend();
  const base = { origin, start: 0, end: origin.text.length };
  if (depth < 64 && Array.isArray(value)) return { ...base, kind: 'seq', tag: 'tag:yaml.org,2002:seq', python: 'list', items: charged(value).map((v) => nodeOf(v, origin, depth + 1)) };
  if (depth < 64 && value !== null && typeof value === 'object') {
    const pairs = charged(Object.entries(value as Record<string, unknown>)).map(([k, v]) => ({ key: nodeOf(k, origin, depth + 1), value: nodeOf(v, origin, depth + 1) }));
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

/** argparse takes the next argument as the option's value unless it looks like an option (a negative number does not). */
export function isOptionValue(next: string): boolean {
  return !next.startsWith('-') || next === '-' || /^-\d+$|^-\d*\.\d+$/.test(next);
}

/** Reads override arguments; what is not `--path=value`, `--path value` or a bare `--path` is a problem. */
export function parseOverrides(args: readonly string[]): { overrides: CommandLineOverride[]; problems: string[] } {
  const overrides: CommandLineOverride[] = [];
  const problems: string[] = [];
  for (let i = 0; i < args.length; i++) {
    spend();
    const arg = args[i];
    if (!arg.startsWith('--') || arg.length === 2) {
      problems.push(`\`${shortPrefix(arg, BUDGETS.shownArgumentChars)}\` is not an override; write --a.b.c=value`);
      continue;
    }
    const eq = arg.indexOf('=');
    let key: string;
    let text: string | null;
    let shown = arg;
    if (eq !== -1) {
      key = arg.slice(2, eq);
      text = arg.slice(eq + 1);
    } else if (i + 1 < args.length && isOptionValue(args[i + 1])) {
      key = arg.slice(2);
      text = args[++i];
      shown = `${arg} ${text}`;
    } else {
      key = arg.slice(2);
      text = null;
    }
    const path = key.toLowerCase().split('.');
    if (charged(path).some((part) => part === '')) {
      problems.push(`\`${shortPrefix(shown, BUDGETS.shownArgumentChars)}\` has an empty part in its path`);
      continue;
    }
    // The settings' depth check does not see inside a string: a JSON value nested 20,000 deep would overflow the stack
    // where the value is read as a list or mapping (cliCollections.ts).
    if (text !== null && nestingBeyond(text, BUDGETS.valueDepth) !== -1) {
      problems.push(`\`${shortPrefix(shown, 40)}\` nests more than ${BUDGETS.valueDepth} levels deep, more than this checker reads; it is left out`);
      continue;
    }
    const origin = { text: text ?? '' };
    overrides.push({ arg: shown, path, text, value: nodeOf(text === null || text === 'null' ? null : text, origin) });
  }
  return { overrides, problems };
}

/** The types of the field a path names (one per union member that has it); empty when it names none. */
function fieldTypesAt(root: ModelSchema, path: readonly string[]): FieldType[] {
  let models: ModelSchema[] = [root];
  for (let i = 0; i < path.length; i++) {
    spend();
    const types: FieldType[] = charged(models).flatMap((m) => {
      const field = fieldOf(m, path[i]);
      return field ? [field.type] : [];
    });
    if (i === path.length - 1 || types.length === 0) return types;
    // A model we do not port (SWE-ReX's deployments) has options we cannot list: any path below it passes.
    if (charged(types).some((t) => charged(unwrap(t)).some((u) => u.t === 'unchecked'))) return [{ t: 'unchecked', what: 'a SWE-ReX deployment config' }];
    models = charged(types).flatMap(modelsOf);
  }
  return [];
}

/** A type's members: the type itself, an optional's inner type, a union's members. */
function unwrap(type: FieldType): FieldType[] {
  spend();
  if (type.t === 'optional') return unwrap(type.of);
  if (type.t === 'union') return charged(type.members).flatMap(unwrap);
  return [type];
}

/** Whether a type holds a list, set or dict anywhere (not inside a model); which merge pydantic-settings uses for it. */
function collectionKindOf(type: FieldType): CollectionKind | null {
  const holds = (t: FieldType, kinds: readonly string[]): boolean => {
    spend();
    if (kinds.includes(t.t)) return true;
    if (t.t === 'optional' || t.t === 'list' || t.t === 'set') return holds(t.of, kinds);
    if (t.t === 'dict') return holds(t.value, kinds);
    if (t.t === 'union') return charged(t.members).some((m) => holds(m, kinds));
    if (t.t === 'tuple') return charged(t.of).some((m) => holds(m, kinds));
    return false;
  };
  if (holds(type, ['dict'])) return 'dict';
  return holds(type, ['list', 'set']) ? 'list' : null;
}

/** A list whose item type keeps `'1'` a str (`list[str]`, `list[Any]`): pydantic-settings writes its number items as strings. */
function hasStringItems(type: FieldType): boolean {
  return charged(unwrap(type)).some((t) => (t.t === 'list' || t.t === 'set') && charged(unwrap(t.of)).some((item) => item.t === 'str' || item.t === 'any'));
}

/** An override read against the config's fields: its value as pydantic-settings hands it on, or why SWE-agent stops. */
export type ReadOverride =
  | { kind: 'value'; override: CommandLineOverride }
  | { kind: 'unknown'; override: CommandLineOverride }
  | { kind: 'no-value'; override: CommandLineOverride }
  | { kind: 'unparsable'; override: CommandLineOverride; message: string };

/**
 * The overrides as pydantic-settings reads them for `root` (RunSingleConfig or
 * RunBatchConfig), in order; the values of a list or dict option given several
 * times are merged into its first place.
 */
export function readOverrides(root: ModelSchema, overrides: readonly CommandLineOverride[]): ReadOverride[] {
  const read: ReadOverride[] = [];
  const collections = new Map<string, { at: number; kind: CollectionKind; numbersAsStrings: boolean; given: CommandLineOverride[] }>();
  for (const override of overrides) {
    spend();
    const types = fieldTypesAt(root, override.path);
    if (types.length === 0) read.push({ kind: 'unknown', override });
    else if (override.text === null) read.push({ kind: 'no-value', override });
    else {
      const kind = charged(types).map(collectionKindOf).find((k) => k !== null) ?? null;
      const key = override.path.join('.');
      const seen = collections.get(key);
      if (kind && seen) seen.given.push(override);
      else if (kind) {
        collections.set(key, { at: read.length, kind, numbersAsStrings: charged(types).some(hasStringItems), given: [override] });
        read.push({ kind: 'value', override });
      } else {
        const json = charged(types).some((t) => charged(unwrap(t)).some((u) => u.t === 'model' || u.t === 'tagged' || u.t === 'unchecked'));
        read.push({ kind: 'value', override: json ? asJson(override) : override });
      }
    }
  }
  for (const { at, kind, numbersAsStrings, given } of collections.values()) {
    spend();
    const first = given[0];
    const merged = readCollectionOption(charged(given).map((o) => o.text!), kind, numbersAsStrings);
    const arg = charged(given).map((o) => o.arg).join(' ');
    const override = { ...first, arg, value: merged.ok ? nodeOf(merged.value, first.value.origin) : first.value };
    read[at] = merged.ok ? { kind: 'value', override } : { kind: 'unparsable', override, message: `Parsing error encountered for ${first.path.join('.')}: ${merged.message}` };
  }
  return read;
}

/** A model's value is JSON; a text that is not stays a string, which pydantic then refuses. */
function asJson(override: CommandLineOverride): CommandLineOverride {
  if (override.text === null || override.text === 'null') return override;
  try {
    return { ...override, value: nodeOf(JSON.parse(override.text) as unknown, override.value.origin) };
  } catch (e) {
    if (e instanceof WorkBudgetExhausted) throw e;
    return override;
  }
}
