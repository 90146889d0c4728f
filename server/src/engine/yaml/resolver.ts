import { spend } from '../work';
/**
 * PyYAML's implicit resolvers (YAML 1.1), as registered on its `Resolver`:
 * which tag a plain scalar gets from its text. The order of the candidate
 * resolvers per first character matters and follows PyYAML's registration
 * order: bool, float, int, merge, null, timestamp, value, yaml.
 */

export const TAG = {
  str: 'tag:yaml.org,2002:str',
  int: 'tag:yaml.org,2002:int',
  float: 'tag:yaml.org,2002:float',
  bool: 'tag:yaml.org,2002:bool',
  null: 'tag:yaml.org,2002:null',
  timestamp: 'tag:yaml.org,2002:timestamp',
  binary: 'tag:yaml.org,2002:binary',
  merge: 'tag:yaml.org,2002:merge',
  value: 'tag:yaml.org,2002:value',
  yaml: 'tag:yaml.org,2002:yaml',
  seq: 'tag:yaml.org,2002:seq',
  map: 'tag:yaml.org,2002:map',
  set: 'tag:yaml.org,2002:set',
  omap: 'tag:yaml.org,2002:omap',
  pairs: 'tag:yaml.org,2002:pairs',
} as const;

const BOOL = /^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$/;
const FLOAT =
  /^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;
const INT = /^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$/;
const MERGE = /^(?:<<)$/;
const NULL = /^(?:~|null|Null|NULL|)$/;
const TIMESTAMP =
  /^(?:[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]|[0-9][0-9][0-9][0-9]-[0-9][0-9]?-[0-9][0-9]?(?:[Tt]|[ \t]+)[0-9][0-9]?:[0-9][0-9]:[0-9][0-9](?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9][0-9]?(?::[0-9][0-9])?))?)$/;
const VALUE = /^(?:=)$/;
const YAML = /^(?:!|&|\*)$/;

type Resolver = [tag: string, pattern: RegExp];

/** The resolvers to try for a scalar, by its first character, in PyYAML's order of registration. */
const BY_FIRST_CHAR: ReadonlyMap<string, readonly Resolver[]> = byFirstChar([
  [TAG.bool, BOOL, [...'yYnNtTfFoO']],
  [TAG.float, FLOAT, [...'-+0123456789.']],
  [TAG.int, INT, [...'-+0123456789']],
  [TAG.merge, MERGE, ['<']],
  [TAG.null, NULL, ['~', 'n', 'N', '']],
  [TAG.timestamp, TIMESTAMP, [...'0123456789']],
  [TAG.value, VALUE, ['=']],
  // Plain scalars cannot start with these, but `! '*'` is resolved implicitly too.
  [TAG.yaml, YAML, ['!', '&', '*']],
]);

function byFirstChar(registered: [tag: string, pattern: RegExp, first: string[]][]): Map<string, Resolver[]> {
  const table = new Map<string, Resolver[]>();
  for (const [tag, pattern, first] of registered) {
    spend();
    for (const ch of first) {
      spend();
      const list = table.get(ch) ?? [];
      list.push([tag, pattern]);
      table.set(ch, list);
    }
  }
  return table;
}

/** The tag PyYAML's Resolver gives a scalar that is resolved implicitly. */
export function resolveImplicit(text: string): string {
  const resolvers = BY_FIRST_CHAR.get(text === '' ? '' : text[0]) ?? [];
  // Python's `$` also matches before a final newline (reachable with `! "1\n"`).
  const subject = text.endsWith('\n') ? text.slice(0, -1) : text;
  for (const [tag, pattern] of resolvers) {
    spend();
    if (pattern.test(subject)) return tag;
  }
  return TAG.str;
}

/** True when PyYAML would not read this plain text as a string (the quick fix quotes it). */
export function plainTextIsNotString(text: string): boolean {
  return resolveImplicit(text) !== TAG.str;
}
