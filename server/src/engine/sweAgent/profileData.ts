/**
 * A profile's models as data: what the extraction (`extract/pydanticModels.ts`)
 * reads from a `sweagent` package and what the built-in profiles commit
 * (`profiles/*.json`). Models refer to each other by key; the engine's model
 * tables (`runConfig/schema.ts`) are built from this by `buildProfile.ts`.
 */

export type DataType =
  | { t: 'str' | 'int' | 'float' | 'bool' | 'path' | 'secret' | 'any' }
  | { t: 'literal'; values: (string | boolean)[] }
  | { t: 'optional' | 'list' | 'set'; of: DataType }
  | { t: 'tuple'; of: DataType[] }
  | { t: 'dict'; key: DataType; value: DataType }
  | { t: 'ref'; model: string }
  | { t: 'union'; members: DataType[]; mode: 'smart' | 'left_to_right' }
  /** `Field(discriminator=...)` over models. */
  | { t: 'tagged'; members: string[]; discriminator: string }
  /** A type this tool does not check (said where it is used). */
  | { t: 'unchecked'; what: string };

export interface FieldData {
  /** The key a config uses: the alias when the field has one. */
  name: string;
  type: DataType;
  /** The default as Python writes it (long ones shortened); absent when required. */
  default?: string;
  /** `Field(description=...)`: kept only for a package read at run time, never in the committed built-in profiles. */
  description?: string;
}

export interface ValidatorData {
  name: string;
  /** `field_validator`, `model_validator`, `validator`, `root_validator`, `__init__`, `model_post_init`. */
  kind: string;
  /** The class that defines it (a model inherits its bases' validators). */
  definedIn: string;
  fields: string[];
}

export interface ModelData {
  /** The class name, as pydantic names a union member in an error location. */
  name: string;
  /** The Python file, relative to the package's parent (`sweagent/agent/agents.py`). */
  file: string;
  line: number;
  extra: 'forbid' | 'ignore';
  fields: FieldData[];
  validators: ValidatorData[];
}

export interface NotUnderstood {
  file: string;
  line: number;
  message: string;
}

/** What a version's agent code gives its templates (`extract/templateVariables.ts`). */
export interface TemplateVariablesData {
  /** The keywords of `_get_format_dict`'s dict, which every template gets (besides the env, the extra fields and the call's keywords). */
  formatDict: string[];
  /** The keys of `StepOutput.to_template_format_dict()`, which the error templates get (besides the state). */
  step: string[];
  /** What of the source was not read: its variables are not known. */
  notRead: string[];
}

export interface ProfileData {
  provenance: { source: string; commit?: string }[];
  /** `__version__` of the package, when it says. */
  version?: string;
  runSingle: string;
  runBatch: string;
  models: Record<string, ModelData>;
  notUnderstood: NotUnderstood[];
  templateVariables: TemplateVariablesData;
}
