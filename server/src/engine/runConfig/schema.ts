import { charged, spend } from '../work';
/**
 * The vocabulary of a SWE-agent profile's model tables (`sweAgent/buildProfile.ts`): a pydantic v2 field type
 * as SWE-agent declares it, a field (name, type, default, what SWE-agent does
 * with it) and a model (its fields and whether it forbids extra keys). One
 * table drives validation (`validate.ts`), completion, hover and quick fixes
 * (`features/runConfigFeatures.ts`), so the three cannot disagree.
 */

export type FieldType =
  | { t: 'str' }
  | { t: 'int' }
  | { t: 'float' }
  | { t: 'bool' }
  /** `pathlib.Path`. */
  | { t: 'path' }
  /** `pydantic.SecretStr`: a str. */
  | { t: 'secret' }
  /** `Any`: every value passes. */
  | { t: 'any' }
  | { t: 'literal'; values: readonly (string | boolean)[] }
  /** `X | None`: pydantic's nullable schema (no union member in locations). */
  | { t: 'optional'; of: FieldType }
  | { t: 'list'; of: FieldType }
  | { t: 'set'; of: FieldType }
  | { t: 'tuple'; of: readonly FieldType[] }
  | { t: 'dict'; key: FieldType; value: FieldType }
  | { t: 'model'; model: ModelSchema }
  /**
   * A union without a discriminator. `left_to_right`: the first member that
   * validates wins; `smart`: the best of those that validate. Either way the
   * union fails only when every member fails.
   */
  | { t: 'union'; members: readonly FieldType[]; mode: 'smart' | 'left_to_right'; /** The member a config without `type` means (the agent union: default). */ defaultMember?: number }
  /** `Field(discriminator="type")`: the member is picked by the `type` key alone. */
  | { t: 'tagged'; members: readonly ModelSchema[] }
  /** A model we do not port (swerex's deployment configs): not checked, and said so. */
  | { t: 'unchecked'; what: string };

/** A validator SWE-agent runs on a field's value (`field_validator`); returns the ValueError's message. */
export type FieldValidator = (value: unknown) => string | null;

export interface FieldSchema {
  name: string;
  type: FieldType;
  /** The default as Python writes it; absent when the field is required. */
  default?: string;
  /** What SWE-agent does with the field, in our words. */
  doc: string;
  validator?: FieldValidator;
}

/** A problem a model's own validator finds (`model_validator`, `model_post_init`), on one of its fields or on the model. */
export interface ModelProblem {
  field?: string;
  severity: 'error' | 'warning';
  /** Our words, one sentence. */
  message: string;
  /** What SWE-agent raises or logs, and the fix: beside the message (related information). */
  detail?: readonly string[];
}

export interface ModelSchema {
  /** The class name, as pydantic names a union member in an error location. */
  name: string;
  /** `extra="forbid"` (an unknown key is an error) or pydantic's default, `ignore`. */
  extra: 'forbid' | 'ignore';
  doc: string;
  fields: readonly FieldSchema[];
  /** The model's own validators, given the validated values of the fields present; run only when every field validates, as pydantic does. */
  check?: (values: ReadonlyMap<string, unknown>) => ModelProblem[];
  /** Validators of the model's source that this tool does not run (`MaxStepAgentConfig.check_steps`), said where the model is used. */
  notRun?: readonly string[];
}

export function fieldOf(schema: ModelSchema, name: string): FieldSchema | undefined {
  return charged(schema.fields).find((f) => f.name === name);
}

/** The value of a model's `type` literal (its tag), if it has one. */
export function literalOf(schema: ModelSchema, field: string): readonly (string | boolean)[] | null {
  const type = fieldOf(schema, field)?.type;
  return type?.t === 'literal' ? type.values : null;
}

/** The models a type can hold a mapping for: itself, a union's members, an optional's inner type. */
export function modelsOf(type: FieldType): ModelSchema[] {
  spend();
  switch (type.t) {
    case 'model':
      return [type.model];
    case 'optional':
      return modelsOf(type.of);
    case 'union':
      return charged(type.members).flatMap(modelsOf);
    case 'tagged':
      return [...type.members];
    default:
      return [];
  }
}

/** How a type reads in our messages and hovers: `int`, `list[str]`, `ToolConfig`, `'a' | 'b'`. */
export function describeType(type: FieldType): string {
  spend();
  switch (type.t) {
    case 'str':
    case 'int':
    case 'float':
    case 'bool':
    case 'any':
      return type.t;
    case 'path':
      return 'Path';
    case 'secret':
      return 'SecretStr';
    case 'literal':
      return charged(type.values).map((v) => (typeof v === 'string' ? `'${v}'` : v ? 'True' : 'False')).join(' | ');
    case 'optional':
      return `${describeType(type.of)} | None`;
    case 'list':
      return `list[${describeType(type.of)}]`;
    case 'set':
      return `set[${describeType(type.of)}]`;
    case 'tuple':
      return `tuple[${charged(type.of).map(describeType).join(', ')}]`;
    case 'dict':
      return `dict[${describeType(type.key)}, ${describeType(type.value)}]`;
    case 'model':
      return type.model.name;
    case 'union':
      return charged(type.members).map(describeType).join(' | ');
    case 'tagged':
      return charged(type.members).map((m) => m.name).join(' | ');
    case 'unchecked':
      return type.what;
  }
}

