/**
 * pydantic v2's validation of SWE-agent's configuration models (the tables
 * in `models.ts`) over PyNodes: lax coercion, literals, unions, required
 * fields, `extra="forbid"` and the validators SWE-agent adds.
 *
 * Why no schema library (ajv, zod, ...): what we need is exactly pydantic's
 * verdict on the Python values PyYAML builds (YAML 1.1 booleans, `!!binary`,
 * dates, sets, non-string keys), with the node of every problem for its
 * position, union members chosen and reported as pydantic tries them, and
 * pydantic's own messages. A JSON Schema validator sees JSON values and
 * reports its own errors; mapping both back would cost more than this file.
 *
 * For a union, every member is tried (as pydantic does). When none
 * validates, the problems reported are those of the member the config means:
 * by its `type` (or a model's `name`), else the one with the fewest errors;
 * the other members' problems are dropped, as the verdicts' `errors[]` and
 * `other_branch_errors[]` split them.
 */
import { looksLikeToolDefinition } from './misplacedKeys';
import { RuleCode } from '../rules/ruleCatalog';
import { Lax, PydanticIssue, asDict, laxBool, laxCollectionItems, laxFloat, laxInt, laxListItems, laxPath, laxStr } from '../swe/pydanticLax';
import { pyLocItem } from '../swe/pyLocItem';
import { suggestName } from '../util/suggest';
import { MapNode, PyNode, DictEntry, deref, dictEntries, isNone, strValue } from '../yaml/pyNode';
import { FieldSchema, FieldType, ModelSchema, describeType, literalOf } from './schema';
import { AnyFixData, FixData, ReplaceData } from '../rules/fixData';
import { BUDGETS } from '../budgets';
import { MESSAGE_LIMIT } from '../rules/messageLimit';
import { charged, spend } from '../work';

export type Loc = readonly (string | number)[];

export interface ConfigIssue {
  severity: 'error' | 'warning' | 'information';
  code: RuleCode;
  /** Our location of the problem (union members left out), e.g. `agent.tools.enable_bash_tool`. */
  loc: Loc;
  /** Where it is reported: a value, a key, or the mapping that lacks a field. */
  at: PyNode | null;
  message: string;
  /** What the quick fix of `code` reads (rules/fixData.ts; each producer here says which shape it gives). */
  data?: AnyFixData;
  /** SWE-agent's (pydantic's) own words, and what else the one-line message leaves out, shown beside it (related information, `--verbose`). */
  detail?: string | readonly string[];
  /** A missing field the command line can give: the option that gives it (`--agent.model.name`). */
  commandLineFlag?: string;
}

/** A model validated in the branch the config means, for the checks that follow (templates, tool assemblies). */
export interface ModelVisit {
  model: ModelSchema;
  node: MapNode;
  loc: Loc;
}

interface Outcome {
  /** pydantic errors (warnings do not count). */
  errors: number;
  issues: ConfigIssue[];
  visits: ModelVisit[];
  /** The validated value, for field validators: bigint, number, string, boolean, or undefined. */
  value?: unknown;
}

/** Nodes validated before giving up: aliases can make a small file a huge tree. */
const NODE_BUDGET = BUDGETS.runConfigNodes;

export interface ValidationResult {
  issues: ConfigIssue[];
  visits: ModelVisit[];
  /** The budget ran out: the rest was not checked. */
  truncated: boolean;
}

/** Where a value sits: its key (for reporting on the key) and the node. */
interface Place {
  node: PyNode;
  key: PyNode | null;
  loc: Loc;
}

/**
 * The command-line option that gives a missing field, for a field reachable
 * by a dotted path: down through the first required field of a model, and
 * the member a union tries first (`agent.model` is given by
 * `--agent.model.name`); null inside a list, or where no one value gives it
 * (a union picked by `type`).
 */
function commandLineFlag(loc: Loc, type: FieldType): string | null {
  if (!charged(loc).every((part) => typeof part === 'string')) return null;
  const path = [...loc];
  let current: FieldType = type;
  for (let depth = 0; depth < 8; depth++) {
    spend();
    if (current.t === 'union' && (current.defaultMember !== undefined || current.mode === 'left_to_right')) current = current.members[current.defaultMember ?? 0];
    else if (current.t === 'model') {
      const required: FieldSchema | undefined = charged(current.model.fields).find((f) => f.default === undefined);
      if (!required) return null;
      path.push(required.name);
      current = required.type;
    } else if (current.t === 'union' || current.t === 'tagged' || current.t === 'unchecked') return null;
    else return `--${path.join('.')}`;
  }
  return null;
}

export const locText = (loc: Loc): string => (loc.length === 0 ? 'the top level' : loc.join('.'));

const ok = (visits: ModelVisit[] = [], value?: unknown): Outcome => ({ errors: 0, issues: [], visits, value });

function join(outcomes: Outcome[]): Outcome {
  const out: Outcome = { errors: 0, issues: [], visits: [] };
  for (const o of outcomes) {
    spend();
    out.errors += o.errors;
    for (const issue of o.issues) {
      spend();
      out.issues.push(issue);
    }
    for (const visit of o.visits) {
      spend();
      out.visits.push(visit);
    }
  }
  return out;
}

/** A short rendering of a value for messages. */
function describeValue(node: PyNode): string {
  const target = deref(node);
  if (target.kind === 'map') return target.python === 'set' ? 'a set' : 'a mapping';
  if (target.kind === 'seq') return 'a list';
  const v = target.value;
  if (v.type === 'NoneType') return 'null (None)';
  // A plain scalar is shown by its text: a value inside a command-line option's JSON has the whole option as its span.
  const text = (target.style === 'plain' ? target.text : target.origin.text.slice(target.start, target.end)).split('\n')[0];
  const shown = text.length > 40 ? text.slice(0, 37) + '...' : text;
  return `\`${shown}\` (${v.type === 'date' ? 'a date' : v.type === 'datetime' ? 'a datetime' : `a Python ${v.type}`})`;
}

function expectation(type: FieldType): string {
  switch (type.t) {
    case 'str':
    case 'secret':
      return 'a string';
    case 'int':
      return 'an integer';
    case 'float':
      return 'a number';
    case 'bool':
      return 'a boolean (true/false, yes/no, on/off, 1/0)';
    case 'path':
      return 'a path (a string)';
    case 'list':
      return 'a list';
    case 'set':
      return 'a list (read as a set)';
    case 'tuple':
      return `a list of ${type.of.length}`;
    case 'dict':
      return 'a mapping';
    case 'model':
      return `a mapping (${type.model.name})`;
    default:
      return describeType(type);
  }
}

function pydanticError(place: Place, type: FieldType, issue: PydanticIssue): ConfigIssue {
  const at = issue.node ?? place.node;
  return {
    severity: 'error',
    code: 'wrong-type',
    loc: place.loc,
    at,
    message: `\`${locText(place.loc)}\` must be ${expectation(type)}, not ${describeValue(at)} (pydantic: ${issue.message}).`,
  };
}

function fromLax<T>(place: Place, type: FieldType, result: Lax<T>): Outcome {
  if (result.ok) return ok([], result.value);
  return { errors: result.issues.length, issues: charged(result.issues).map((i) => pydanticError(place, type, i)), visits: [] };
}

function literalText(value: string | boolean): string {
  return typeof value === 'string' ? `'${value}'` : value ? 'True' : 'False';
}

/** pydantic's literal message: `Input should be 'a'`, `'a' or 'b'`, `'a', 'b' or 'c'`. */
function literalMessage(values: readonly (string | boolean)[]): string {
  const texts = charged(values).map(literalText);
  return `Input should be ${texts.length === 1 ? texts[0] : `${texts.slice(0, -1).join(', ')} or ${texts[texts.length - 1]}`}`;
}

function matchesLiteral(node: PyNode, value: string | boolean): boolean {
  const target = deref(node);
  if (target.kind !== 'scalar') return false;
  if (typeof value === 'string') return target.value.type === 'str' && target.value.value === value;
  // Literal[True]: pydantic accepts True (and 1, which equals it).
  return (target.value.type === 'bool' && target.value.value === value) || (target.value.type === 'int' && target.value.value === (value ? 1n : 0n));
}

/** The later SWE-agent release that has `Model.field`, when the judged one lacks it (a migration to name), else undefined. */
type AddedLater = (model: string, field: string) => string | undefined;

class Validator {
  private budget = NODE_BUDGET;
  truncated = false;

  constructor(private readonly addedLater: AddedLater) {}

  value(place: Place, type: FieldType): Outcome {
    spend();
    if (--this.budget < 0) {
      this.truncated = true;
      return ok();
    }
    const node = place.node;
    switch (type.t) {
      case 'any':
        return ok();
      case 'unchecked':
        return ok();
      case 'str':
      case 'secret':
        return fromLax(place, type, laxStr(node));
      case 'int':
        return fromLax(place, type, laxInt(node));
      case 'float':
        return fromLax(place, type, laxFloat(node));
      case 'bool':
        return fromLax(place, type, laxBool(node));
      case 'path':
        return fromLax(place, type, laxPath(node));
      case 'literal':
        return this.literal(place, type.values);
      case 'optional':
        return isNone(node) ? ok([], null) : this.value(place, type.of);
      case 'list':
      case 'set': {
        const items = type.t === 'list' ? laxListItems(node) : laxCollectionItems(node, 'set');
        if (!items.ok) return fromLax(place, type, items);
        const outcomes = charged(items.value).map((item, i) => this.value({ node: item, key: null, loc: [...place.loc, i] }, type.of));
        const result = join(outcomes);
        result.value = charged(outcomes).map((o) => o.value);
        return result;
      }
      case 'tuple':
        return this.tuple(place, type);
      case 'dict':
        return this.dict(place, type);
      case 'model':
        return this.model(place, type.model);
      case 'union':
        return this.union(place, type);
      case 'tagged':
        return this.tagged(place, type.members);
    }
  }

  private literal(place: Place, values: readonly (string | boolean)[]): Outcome {
    if (charged(values).some((v) => matchesLiteral(place.node, v))) return ok([], strValue(place.node));
    return { errors: 1, issues: [this.literalIssue(place, values, values)], visits: [] };
  }

  /** A literal error; `allowed` are the values worth naming (a union's every member), `own` pydantic's. */
  private literalIssue(place: Place, allowed: readonly (string | boolean)[], own: readonly (string | boolean)[]): ConfigIssue {
    const given = strValue(place.node);
    const names = charged(allowed).filter((v): v is string => typeof v === 'string');
    const suggestion = given !== undefined ? suggestName(given, names) : null;
    const choices = allowed.length === 1 ? literalText(allowed[0]) : `one of ${charged(allowed).map(literalText).join(', ')}`;
    const ending = `, not ${describeValue(place.node)}${suggestion ? `; did you mean '${suggestion}'?` : '.'}`;
    // A long list of values is named beside the message, which says how many there are.
    const listed = `\`${locText(place.loc)}\` must be ${choices}${ending}`;
    const short = listed.length <= MESSAGE_LIMIT;
    return {
      severity: 'error',
      code: 'invalid-choice',
      loc: place.loc,
      at: place.node,
      message: short ? listed : `\`${locText(place.loc)}\` must be one of ${allowed.length} values${ending}`,
      // pydantic names the values of the union member it tried, which may be fewer than the config could use.
      detail: [
        ...(short ? [] : [`The values: ${charged(allowed).map(literalText).join(', ')}.`]),
        `pydantic${own.length < allowed.length ? `, for the member ${own.length === 1 ? 'whose value is' : 'whose values are'} ${charged(own).map(literalText).join(', ')}` : ''}: ${literalMessage(own)}`,
      ],
      data: suggestion ? ({ replaceWith: suggestion } satisfies FixData<'invalid-choice'>) : undefined,
    };
  }

  private tuple(place: Place, type: Extract<FieldType, { t: 'tuple' }>): Outcome {
    const items = laxCollectionItems(place.node, 'tuple');
    if (!items.ok) return fromLax(place, type, items);
    const outcomes = charged(type.of).map((itemType, i): Outcome => {
      const item = items.value[i];
      if (item) return this.value({ node: item, key: null, loc: [...place.loc, i] }, itemType);
      return { errors: 1, issues: [{ severity: 'error', code: 'missing-field', loc: [...place.loc, i], at: place.node, message: `\`${locText(place.loc)}\` needs ${type.of.length} items, not ${items.value.length} (pydantic: ${[...place.loc, i].join('.')} Field required).` }], visits: [] };
    });
    if (items.value.length > type.of.length) {
      outcomes.push({
        errors: 1,
        issues: [{ severity: 'error', code: 'wrong-type', loc: place.loc, at: place.node, message: `\`${locText(place.loc)}\` needs ${type.of.length} items, not ${items.value.length} (pydantic: Tuple should have at most ${type.of.length} items after validation, not ${items.value.length}).` }],
        visits: [],
      });
    }
    return join(outcomes);
  }

  private dict(place: Place, type: Extract<FieldType, { t: 'dict' }>): Outcome {
    const map = asDict(place.node);
    if (!map) return fromLax(place, type, { ok: false, issues: [{ node: place.node, type: 'dict_type', message: 'Input should be a valid dictionary' }] });
    const outcomes: Outcome[] = [];
    for (const entry of dictEntries(map)) {
      spend();
      const item = pyLocItem(entry.key);
      const keyOutcome = this.value({ node: entry.key, key: null, loc: [...place.loc, item, '[key]'] }, type.key);
      outcomes.push(keyOutcome);
      outcomes.push(this.value({ node: entry.value, key: entry.key, loc: [...place.loc, item] }, type.value));
    }
    return join(outcomes);
  }

  model(place: Place, schema: ModelSchema): Outcome {
    const map = asDict(place.node);
    if (!map) {
      // A bare `- tools/x` bundle entry has a fix: `- path: tools/x`.
      const bareBundlePath = schema.name === 'Bundle' && strValue(place.node) !== undefined;
      return {
        errors: 1,
        issues: [
          {
            severity: 'error',
            code: 'wrong-type',
            loc: place.loc,
            at: place.node,
            message: `\`${locText(place.loc)}\` must be a mapping (${schema.name}${bareBundlePath ? ', `path: ...`' : ''}), not ${describeValue(place.node)} (pydantic: Input should be a valid dictionary or instance of ${schema.name}).`,
            data: bareBundlePath ? ({ wrapPath: true } satisfies FixData<'wrong-type'>) : undefined,
          },
        ],
        visits: [],
      };
    }
    const entries = new Map<string, DictEntry>();
    const outcomes: Outcome[] = [];
    const names = charged(schema.fields).map((f) => f.name);
    for (const entry of dictEntries(map)) {
      spend();
      const key = strValue(entry.key);
      if (key === undefined) {
        // pydantic names a model's keys by str(); an ignoring model drops a non-string key, a forbidding one refuses it.
        if (schema.extra === 'forbid') {
          outcomes.push({
            errors: 1,
            issues: [{ severity: 'error', code: 'non-string-key', loc: [...place.loc, pyLocItem(entry.key)], at: entry.key, message: `The keys of \`${locText(place.loc)}\` must be strings; ${describeValue(entry.key)} is not (pydantic: Keys should be strings).` }],
            visits: [],
          });
        }
        continue;
      }
      if (names.includes(key)) {
        entries.set(key, entry);
        continue;
      }
      outcomes.push(this.extraKey(place, schema, key, entry));
    }
    const values = new Map<string, unknown>();
    for (const field of schema.fields) {
      spend();
      const entry = entries.get(field.name);
      const loc = [...place.loc, field.name];
      if (!entry) {
        if (field.default === undefined) outcomes.push(this.missing(place, schema, field));
        continue;
      }
      const outcome = this.value({ node: entry.value, key: entry.key, loc }, field.type);
      outcomes.push(outcome);
      if (outcome.errors === 0) {
        values.set(field.name, outcome.value);
        const problem = field.validator?.(outcome.value);
        if (problem) outcomes.push({ errors: 1, issues: [{ severity: 'error', code: 'invalid-value', loc, at: entry.value, message: `\`${locText(loc)}\`: ${problem} (pydantic: Value error, ${problem}).` }], visits: [] });
      }
    }
    if (schema.check && charged(outcomes).every((o) => o.errors === 0)) outcomes.push(this.modelProblems(place, schema, entries, values));
    const result = join(outcomes);
    result.visits.unshift({ model: schema, node: map, loc: place.loc });
    result.value = values;
    return result;
  }

  private modelProblems(place: Place, schema: ModelSchema, entries: Map<string, DictEntry>, values: Map<string, unknown>): Outcome {
    const problems = schema.check!(values);
    return {
      errors: charged(problems).filter((p) => p.severity === 'error').length,
      issues: charged(problems).map((p) => ({
        severity: p.severity,
        code: p.severity === 'error' ? 'invalid-value' : 'sweagent-warning',
        loc: p.field ? [...place.loc, p.field] : place.loc,
        at: (p.field ? entries.get(p.field)?.value : undefined) ?? place.key ?? place.node,
        message: p.message,
        detail: p.detail,
      })),
      visits: [],
    };
  }

  private extraKey(place: Place, schema: ModelSchema, key: string, entry: DictEntry): Outcome {
    const loc = [...place.loc, key];
    const candidates = charged(schema.fields).map((f) => f.name);
    const suggestion = suggestName(key, candidates);
    const under = place.loc.length === 0 ? 'the top level' : `\`${locText(place.loc)}\``;
    const later = this.addedLater(schema.name, key);
    // A field of a later release is named with it, not taken for a misspelling.
    const hint = later ? `; it is a field since SWE-agent ${later}` : suggestion ? `; did you mean \`${suggestion}\`?` : '';
    if (schema.extra === 'forbid') {
      return {
        errors: 1,
        issues: [
          {
            severity: 'error',
            code: 'forbidden-key',
            loc,
            at: entry.key,
            message: `\`${key}\` is not a field of ${under} (${schema.name}), which refuses unknown keys${hint} (pydantic: Extra inputs are not permitted).`,
            data: suggestion && !later ? ({ replaceWith: suggestion } satisfies ReplaceData) : undefined,
          },
        ],
        visits: [],
      };
    }
    // `bundles:` under templates has a rule of its own (bundles-misplaced), with a move for its fix.
    if (schema.name === 'TemplateConfig' && key === 'bundles') return ok();
    // A tool defined under `agent.tools` has one too (key-misplaced, misplacedKeys.ts).
    if (schema.name === 'ToolConfig' && looksLikeToolDefinition(entry.value)) return ok();
    return {
      errors: 0,
      issues: [
        {
          severity: 'warning',
          code: 'unknown-key',
          loc,
          at: entry.key,
          message:
            key === 'command_files' && schema.name === 'ToolConfig'
              ? 'SWE-agent ignores `command_files`: since SWE-agent 1.0, tools come in bundles (`bundles: [{path: tools/...}]`).'
              : `SWE-agent ignores \`${key}\` under ${under} (${schema.name} drops unknown keys)${hint || '.'}`,
          data: suggestion && !later ? ({ replaceWith: suggestion } satisfies ReplaceData) : undefined,
        },
      ],
      visits: [],
    };
  }

  private missing(place: Place, schema: ModelSchema, field: FieldSchema): Outcome {
    const loc = [...place.loc, field.name];
    const where = place.loc.length === 0 ? 'The file' : `\`${locText(place.loc)}\``;
    const flag = commandLineFlag(loc, field.type);
    return {
      errors: 1,
      issues: [
        {
          severity: 'error',
          code: 'missing-field',
          loc,
          // On the key of the mapping that lacks it, else (the top level, a list item) on its first key.
          at: place.key ?? asDict(place.node)?.ownPairs[0]?.key ?? place.node,
          message: `${where} has no \`${field.name}\`, which ${schema.name} requires.`,
          detail: `pydantic: ${locText(loc)} Field required`,
          ...(flag ? { commandLineFlag: flag } : {}),
        },
      ],
      visits: [],
    };
  }

  private union(place: Place, type: Extract<FieldType, { t: 'union' }>): Outcome {
    const outcomes = charged(type.members).map((member) => this.value(place, member));
    const firstValid = charged(outcomes).findIndex((o) => o.errors === 0);
    if (firstValid !== -1) return outcomes[firstValid];
    const meant = this.meantMember(place.node, type, outcomes);
    const chosen = outcomes[meant];
    // A misspelt `type` is a literal error in every member: name every member's value, not the one pydantic names first.
    const tags = charged(type.members).flatMap((m) => (m.t === 'model' ? (literalOf(m.model, 'type') ?? []) : []));
    if (tags.length > 1) {
      chosen.issues = charged(chosen.issues).map((issue) => {
        const memberModel = type.members[meant];
        if (issue.code !== 'invalid-choice' || memberModel.t !== 'model' || issue.loc.length !== place.loc.length + 1 || issue.loc[issue.loc.length - 1] !== 'type') return issue;
        return this.literalIssue({ node: issue.at!, key: null, loc: issue.loc }, tags, literalOf(memberModel.model, 'type')!);
      });
    }
    return chosen;
  }

  /** The member a config means: by its `type` or `name` value, then (for the agent union) `default` when `type` is absent, then the closest. */
  private meantMember(node: PyNode, type: Extract<FieldType, { t: 'union' }>, outcomes: Outcome[]): number {
    const map = asDict(node);
    if (map) {
      const fields = new Map(charged(dictEntries(map)).flatMap((e) => (strValue(e.key) !== undefined ? [[strValue(e.key)!, e.value] as const] : [])));
      for (const key of ['type', 'name']) {
        spend();
        const given = fields.get(key);
        if (!given) continue;
        const index = charged(type.members).findIndex((m) => m.t === 'model' && charged((literalOf(m.model, key) ?? [])).some((v) => matchesLiteral(given, v)));
        if (index !== -1) return index;
      }
      if (!fields.has('type') && type.defaultMember !== undefined) return type.defaultMember;
    }
    // The fewest errors; between equals, the member that knows most of the keys given (an ignoring model does not count them).
    const given = map ? charged(dictEntries(map)).flatMap((e) => (strValue(e.key) !== undefined ? [strValue(e.key)!] : [])) : [];
    const known = (m: FieldType) => (m.t === 'model' ? charged(given).filter((k) => charged(m.model.fields).some((f) => f.name === k)).length : 0);
    let best = 0;
    charged(outcomes).forEach((o, i) => {
      const better = o.errors < outcomes[best].errors || (o.errors === outcomes[best].errors && known(type.members[i]) > known(type.members[best]));
      if (better) best = i;
    });
    return best;
  }

  private tagged(place: Place, members: readonly ModelSchema[]): Outcome {
    const map = asDict(place.node);
    const fail = (code: RuleCode, message: string, at: PyNode, data?: ReplaceData): Outcome => ({ errors: 1, issues: [{ severity: 'error', code, loc: place.loc, at, message, data }], visits: [] });
    const tags = charged(members).map((m) => literalOf(m, 'type')![0] as string);
    if (!map) return fail('wrong-type', `\`${locText(place.loc)}\` must be a mapping with \`type:\`, not ${describeValue(place.node)} (pydantic: Input should be a valid dictionary or object to extract fields from).`, place.node);
    const typeEntry = charged(dictEntries(map)).find((e) => strValue(e.key) === 'type');
    const expected = charged(tags).map((t) => `'${t}'`).join(', ');
    if (!typeEntry) {
      return fail('missing-field', `\`${locText(place.loc)}\` has no \`type\`, which SWE-agent needs to pick one of ${expected} (pydantic: Unable to extract tag using discriminator 'type').`, map.ownPairs[0]?.key ?? place.node);
    }
    const given = strValue(typeEntry.value);
    const index = given === undefined ? -1 : tags.indexOf(given);
    if (index === -1) {
      const suggestion = given !== undefined ? suggestName(given, tags) : null;
      const shown = given ?? String(pyLocItem(typeEntry.value));
      const ending = suggestion ? `; did you mean '${suggestion}'?` : '.';
      const listed = `\`${locText(place.loc)}\`: \`type: ${shown}\` is none of ${expected}${ending}`;
      // A long list of types is left to pydantic's words beside the message.
      return fail(
        'invalid-choice',
        `${listed.length <= MESSAGE_LIMIT ? listed : `\`${locText(place.loc)}\`: \`type: ${shown}\` is none of its ${tags.length} types${ending}`} (pydantic: Input tag '${shown}' found using 'type' does not match any of the expected tags: ${expected})`,
        typeEntry.value,
        suggestion ? { replaceWith: suggestion } : undefined,
      );
    }
    return this.model(place, members[index]);
  }
}

export function validateModel(root: PyNode, schema: ModelSchema, addedLater: AddedLater = () => undefined): ValidationResult {
  const validator = new Validator(addedLater);
  const outcome = validator.model({ node: root, key: null, loc: [] }, schema);
  return { issues: outcome.issues, visits: outcome.visits, truncated: validator.truncated };
}
