/**
 * A profile's model tables (`runConfig/schema.ts`) built from its data: our
 * docs where we have them (`modelDocs.ts`), else the source's own
 * description; the validators we port (`portedValidators.ts`) attached by
 * qualified name, the others listed as not run.
 */
import { FieldSchema, FieldType, ModelProblem, ModelSchema } from '../runConfig/schema';
import { MODEL_DOCS } from './modelDocs';
import { PORTED_VALIDATORS } from './portedValidators';
import { DataType, ModelData, ProfileData } from './profileData';
import { SweAgentFacts, SweAgentProfile, SweAgentVersion, UnportedCode } from './profile';
import { charged, spend } from '../work';

export interface ProfileIdentity {
  kind: SweAgentProfile['kind'];
  label: string;
  reason: string;
  base: SweAgentVersion;
  facts: SweAgentFacts;
  root?: string;
  packageVersion?: string;
}

export function buildProfile(data: ProfileData, identity: ProfileIdentity): SweAgentProfile {
  const built = new Map<string, ModelSchema>();
  const unported: UnportedCode[] = [];

  const schemaOf = (key: string): ModelSchema => {
    const existing = built.get(key);
    if (existing) return existing;
    const model = data.models[key];
    // Filled in place, so that models that refer to each other share one object.
    const schema: { -readonly [K in keyof ModelSchema]: ModelSchema[K] } = { name: model?.name ?? key, extra: model?.extra ?? 'ignore', doc: '', fields: [] };
    built.set(key, schema);
    if (!model) return schema;
    schema.doc = MODEL_DOCS[model.name] ?? `\`${model.name}\` (${model.file}).`;
    const fieldValidators = new Map<string, FieldSchema['validator']>();
    const checks: ((values: ReadonlyMap<string, unknown>) => ModelProblem[])[] = [];
    const notRun: string[] = [];
    for (const v of model.validators) {
      spend();
      const qualified = `${v.definedIn}.${v.name}`;
      const ported = PORTED_VALIDATORS[qualified];
      if (!ported) {
        notRun.push(qualified);
        if (v.definedIn === model.name) unported.push({ qualifiedName: qualified, model: model.name, file: model.file, what: whatOf(v.kind) });
        continue;
      }
      if (ported.field) fieldValidators.set(ported.field.name, ported.field.validator);
      if (ported.check) checks.push(ported.check);
    }
    schema.fields = charged(model.fields).map((f) => fieldSchema(model, f, fieldValidators.get(f.name)));
    if (checks.length > 0) schema.check = (values) => charged(checks).flatMap((check) => check(values));
    if (notRun.length > 0) schema.notRun = notRun;
    return schema;
  };

  const fieldSchema = (model: ModelData, field: ModelData['fields'][number], validator: FieldSchema['validator'] | undefined): FieldSchema => ({
    name: field.name,
    type: typeOf(field.type),
    ...(field.default !== undefined ? { default: field.default } : {}),
    doc: MODEL_DOCS[`${model.name}.${field.name}`] ?? field.description ?? '',
    ...(validator ? { validator } : {}),
  });

  const typeOf = (type: DataType): FieldType => {
    spend();
    switch (type.t) {
      case 'ref':
        return { t: 'model', model: schemaOf(type.model) };
      case 'optional':
      case 'list':
      case 'set':
        return { t: type.t, of: typeOf(type.of) };
      case 'tuple':
        return { t: 'tuple', of: charged(type.of).map(typeOf) };
      case 'dict':
        return { t: 'dict', key: typeOf(type.key), value: typeOf(type.value) };
      case 'union': {
        const members = charged(type.members).map(typeOf);
        // A config without `type` means the first member of a left-to-right union of tagged models (the agent union: default).
        const tagged = type.mode === 'left_to_right' && charged(members).every((m) => m.t === 'model' && charged(m.model.fields).some((f) => f.name === 'type' && f.type.t === 'literal' && f.default !== undefined));
        return { t: 'union', members, mode: type.mode, ...(tagged ? { defaultMember: 0 } : {}) };
      }
      case 'tagged':
        return type.discriminator === 'type' ? { t: 'tagged', members: charged(type.members).map(schemaOf) } : { t: 'unchecked', what: `union picked by \`${type.discriminator}\`` };
      default:
        return type;
    }
  };

  const runSingle = schemaOf(data.runSingle);
  const runBatch = schemaOf(data.runBatch);
  for (const n of data.notUnderstood) {
    spend();
    unported.push({ qualifiedName: n.message, model: '', file: n.file, what: 'construct' });
  }
  return { ...identity, runSingle, runBatch, unported, provenance: data.provenance, templateVariables: data.templateVariables };
}

function whatOf(kind: string): UnportedCode['what'] {
  if (kind === '__init__' || kind === 'model_post_init') return kind;
  return kind === 'field_validator' || kind === 'validator' ? 'field_validator' : 'model_validator';
}
