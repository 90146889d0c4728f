/**
 * SWE-agent's configuration models read from its Python source: from
 * `RunSingleConfig` and `RunBatchConfig` down, every pydantic model they
 * reach (across modules and packages), with fields, types, defaults, aliases,
 * `extra`, union modes, discriminators and validators. What cannot be read
 * (a type we do not know, a base class outside the sources) is recorded in
 * `notUnderstood`, never dropped. Nothing is executed.
 */
import { DataType, FieldData, ModelData, NotUnderstood, ProfileData, ValidatorData } from '../profileData';
import { ClassInfo, Expr, ModuleInfo, PythonParses, readPythonModule } from './pythonSource';
import { TEMPLATE_BODIES, extractTemplateVariables } from './templateVariables';
import { charged, spend } from '../../work';

/** Where a module's source comes from: its text and file, or null when it is not part of the sources. */
export interface PythonSources {
  module(name: string): { text: string; file: string; isPackage: boolean } | null;
}

const RUN_SINGLE_ROOT = 'sweagent.run.run_single.RunSingleConfig';
const RUN_BATCH_ROOT = 'sweagent.run.run_batch.RunBatchConfig';

type Symbol =
  | { kind: 'class'; module: string; cls: ClassInfo }
  | { kind: 'alias'; module: string; expr: Expr; name: string }
  | { kind: 'module'; module: string }
  | { kind: 'external'; qualified: string };

interface FieldMeta {
  discriminator?: string;
  unionMode?: 'smart' | 'left_to_right';
}

const MODEL_ROOTS: Record<string, 'forbid' | 'ignore'> = {
  'pydantic.BaseModel': 'ignore',
  'pydantic.main.BaseModel': 'ignore',
  'pydantic_settings.BaseSettings': 'forbid',
  'pydantic_settings.main.BaseSettings': 'forbid',
};

const SCALARS: Record<string, DataType> = {
  'builtins.str': { t: 'str' },
  'builtins.int': { t: 'int' },
  'builtins.float': { t: 'float' },
  'builtins.bool': { t: 'bool' },
  'pathlib.Path': { t: 'path' },
  'pathlib.PurePath': { t: 'path' },
  'pydantic.SecretStr': { t: 'secret' },
  'pydantic.types.SecretStr': { t: 'secret' },
  'typing.Any': { t: 'any' },
  'builtins.object': { t: 'any' },
  'builtins.dict': { t: 'dict', key: { t: 'any' }, value: { t: 'any' } },
  'builtins.list': { t: 'list', of: { t: 'any' } },
  'builtins.set': { t: 'set', of: { t: 'any' } },
};

const LISTS = new Set(['builtins.list', 'typing.List', 'typing.Sequence', 'collections.abc.Sequence']);
const SETS = new Set(['builtins.set', 'typing.Set', 'builtins.frozenset', 'typing.FrozenSet']);
const DICTS = new Set(['builtins.dict', 'typing.Dict', 'typing.Mapping', 'collections.abc.Mapping']);
const TUPLES = new Set(['builtins.tuple', 'typing.Tuple']);
const FIELD_FUNCTIONS = new Set(['pydantic.Field', 'pydantic.fields.Field', 'dataclasses.field']);

const NONE = Symbol('None');
type TypeOrNone = DataType | typeof NONE;

/** Long defaults are cut: the committed profiles keep facts, not SWE-agent's prose. */
function shortDefault(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 60 ? `${flat.slice(0, 56)} ...` : flat;
}

function normalizeExternal(qualified: string): string {
  return qualified.replace(/^typing_extensions\./, 'typing.');
}

export interface ExtractOptions {
  roots?: { runSingle: string; runBatch: string };
  /** Where models from outside the sources (SWE-ReX's `swerex.*`) are taken from: a built-in profile's data. */
  fallback?: ProfileData;
  /** The parses to share with the caller's other reads of the same sources. */
  parses?: PythonParses;
}

export function extractModels(sources: PythonSources, options: ExtractOptions = {}): ProfileData {
  const roots = options.roots ?? { runSingle: RUN_SINGLE_ROOT, runBatch: RUN_BATCH_ROOT };
  const fallback = options.fallback;
  const parses = options.parses ?? new PythonParses(TEMPLATE_BODIES);
  const modules = new Map<string, ModuleInfo | null>();
  const files = new Map<string, string>();
  const notUnderstood: NotUnderstood[] = [];
  const models = new Map<string, ModelData>();
  const inProgress = new Set<string>();

  const load = (name: string): ModuleInfo | null => {
    if (!modules.has(name)) {
      const source = sources.module(name);
      modules.set(name, source ? readPythonModule(source.text, name, source.isPackage, parses) : null);
      if (source) files.set(name, source.file);
    }
    return modules.get(name)!;
  };
  const say = (module: string, line: number, message: string) => {
    const file = files.get(module) ?? module;
    if (!charged(notUnderstood).some((n) => n.file === file && n.line === line && n.message === message)) notUnderstood.push({ file, line, message });
  };

  const resolveName = (module: string, name: string, depth = 0): Symbol => {
    spend();
    const info = load(module);
    if (depth > 20) return { kind: 'external', qualified: `${module}.${name}` };
    if (info === null) {
      // A submodule of an external package reads as a module; otherwise the name is the package's own.
      return { kind: 'external', qualified: normalizeExternal(`${module}.${name}`) };
    }
    const cls = info.classes.get(name);
    if (cls) return { kind: 'class', module, cls };
    const alias = info.assignments.get(name);
    if (alias) return { kind: 'alias', module, expr: alias, name };
    const imported = info.imports.get(name);
    if (imported) {
      if (imported.name === undefined) return { kind: 'module', module: imported.module };
      if (load(`${imported.module}.${imported.name}`) !== null) return { kind: 'module', module: `${imported.module}.${imported.name}` };
      return resolveName(imported.module, imported.name, depth + 1);
    }
    return { kind: 'external', qualified: `builtins.${name}` };
  };

  const resolveExpr = (module: string, expr: Expr): Symbol | null => {
    spend();
    if (expr.k === 'name') return resolveName(module, expr.id);
    if (expr.k === 'attr') {
      const obj = resolveExpr(module, expr.obj);
      if (obj?.kind === 'module') return load(obj.module) === null ? { kind: 'external', qualified: normalizeExternal(`${obj.module}.${expr.name}`) } : resolveName(obj.module, expr.name);
      if (obj?.kind === 'external') return { kind: 'external', qualified: `${obj.qualified}.${expr.name}` };
      return null;
    }
    return null;
  };

  const qualifiedOf = (module: string, expr: Expr): string | null => {
    const symbol = resolveExpr(module, expr);
    return symbol?.kind === 'external' ? symbol.qualified : symbol?.kind === 'class' ? `${symbol.module}.${symbol.cls.name}` : null;
  };

  /** The model root a class derives from (`ignore`/`forbid` default), or null when it is not a pydantic model. */
  const modelRootOf = (module: string, cls: ClassInfo, seen = new Set<string>()): 'forbid' | 'ignore' | null | 'unknown' => {
    spend();
    const key = `${module}.${cls.name}`;
    if (seen.has(key)) return null;
    seen.add(key);
    let unknown = false;
    for (const base of cls.bases) {
      spend();
      const symbol = resolveExpr(module, base.k === 'sub' ? base.obj : base);
      if (symbol?.kind === 'external') {
        const root = MODEL_ROOTS[symbol.qualified];
        if (root) return root;
        if (!symbol.qualified.startsWith('builtins.') && !symbol.qualified.startsWith('typing.') && !symbol.qualified.startsWith('abc.')) unknown = true;
      } else if (symbol?.kind === 'class') {
        const root = modelRootOf(symbol.module, symbol.cls, seen);
        if (root) return root;
      }
    }
    return unknown ? 'unknown' : null;
  };

  const fieldMetaOf = (call: Expr | undefined): FieldMeta => {
    if (call?.k !== 'call') return {};
    const meta: FieldMeta = {};
    const discriminator = call.kwargs.discriminator;
    if (discriminator?.k === 'str') meta.discriminator = discriminator.value;
    const mode = call.kwargs.union_mode;
    if (mode?.k === 'str' && (mode.value === 'smart' || mode.value === 'left_to_right')) meta.unionMode = mode.value;
    return meta;
  };

  const isFieldCall = (module: string, expr: Expr | undefined): expr is Extract<Expr, { k: 'call' }> => {
    if (expr?.k !== 'call') return false;
    const q = qualifiedOf(module, expr.fn);
    return q !== null && FIELD_FUNCTIONS.has(q);
  };

  const aliasesInProgress = new Set<string>();

  const typeOf = (module: string, expr: Expr, line: number, meta: FieldMeta = {}): TypeOrNone => {
    spend();
    if (expr.k === 'const' && expr.value === null) return NONE;
    if (expr.k === 'union') {
      const members: TypeOrNone[] = [];
      const flatten = (e: Expr): void => {
        spend();
        if (e.k === 'union') {
          flatten(e.left);
          flatten(e.right);
        } else members.push(typeOf(module, e, line));
      };
      flatten(expr);
      return unionOf(module, members, line, meta);
    }
    if (expr.k === 'str') {
      // A forward reference: the annotation written as a string.
      return unchecked(module, line, `the forward reference "${expr.value}"`);
    }
    if (expr.k === 'sub') {
      const q = qualifiedOf(module, expr.obj);
      const items = expr.items;
      const item = (i: number) => asType(module, typeOf(module, items[i], line), line);
      if (q === 'typing.Literal') {
        const values: (string | boolean)[] = [];
        for (const it of items) {
          spend();
          if (it.k === 'str') values.push(it.value);
          else if (it.k === 'const' && typeof it.value === 'boolean') values.push(it.value);
          else return unchecked(module, line, `the literal value ${it.text}`);
        }
        return { t: 'literal', values };
      }
      if (q === 'typing.Optional' && items.length === 1) return unionOf(module, [typeOf(module, items[0], line), NONE], line, meta);
      if (q === 'typing.Union') return unionOf(module, charged(items).map((it) => typeOf(module, it, line)), line, meta);
      if (q === 'typing.Annotated' && items.length >= 1) {
        const inner = charged(items.slice(1)).find((it) => isFieldCall(module, it));
        return typeOf(module, items[0], line, { ...meta, ...fieldMetaOf(inner) });
      }
      if (q !== null && LISTS.has(q) && items.length === 1) return { t: 'list', of: item(0) };
      if (q !== null && SETS.has(q) && items.length === 1) return { t: 'set', of: item(0) };
      if (q !== null && DICTS.has(q) && items.length === 2) return { t: 'dict', key: item(0), value: item(1) };
      if (q !== null && TUPLES.has(q)) {
        if (items.length === 2 && items[1].k === 'const' && items[1].value === 'Ellipsis') return { t: 'list', of: item(0) };
        return { t: 'tuple', of: charged(items).map((_, i) => item(i)) };
      }
      return unchecked(module, line, `the type ${expr.text}`);
    }
    const symbol = resolveExpr(module, expr);
    if (symbol?.kind === 'external') {
      const scalar = SCALARS[symbol.qualified];
      if (scalar) return scalar;
      const borrowed = fromFallback(symbol.qualified);
      if (borrowed) return borrowed;
      return unchecked(module, line, `the type ${expr.text} (${symbol.qualified})`);
    }
    if (symbol?.kind === 'class') {
      const key = modelKey(symbol.module, symbol.cls);
      return key === null ? unchecked(module, line, `the class ${symbol.cls.name}, which is not a pydantic model`) : { t: 'ref', model: key };
    }
    if (symbol?.kind === 'alias') {
      const aliasKey = `${symbol.module}.${symbol.name}`;
      if (aliasesInProgress.has(aliasKey)) return unchecked(module, line, `the recursive type ${symbol.name}`);
      aliasesInProgress.add(aliasKey);
      try {
        return typeOf(symbol.module, symbol.expr, line, meta);
      } finally {
        aliasesInProgress.delete(aliasKey);
      }
    }
    return unchecked(module, line, `the type ${expr.text}`);
  };

  /** A SWE-ReX type the sources import, as the fallback profile has it (its models copied along). */
  const fromFallback = (qualified: string): DataType | null => {
    if (!fallback || !qualified.startsWith('swerex.')) return null;
    const name = qualified.slice(qualified.lastIndexOf('.') + 1);
    const type: DataType | undefined = fallback.models[name] ? { t: 'ref', model: name } : name === 'DeploymentConfig' ? charged(fallback.models.EnvironmentConfig?.fields).find((f) => f.name === 'deployment')?.type : undefined;
    if (!type) return null;
    const copy = (t: DataType): void => {
      spend();
      if (t.t === 'ref' || t.t === 'tagged') {
        for (const key of t.t === 'ref' ? [t.model] : t.members) {
          spend();
          if (models.has(key) || !fallback.models[key]) continue;
          models.set(key, fallback.models[key]);
          for (const f of fallback.models[key].fields) {
            spend();
            copy(f.type);
          }
        }
      } else if (t.t === 'optional' || t.t === 'list' || t.t === 'set') copy(t.of);
      else if (t.t === 'tuple') charged(t.of).forEach(copy);
      else if (t.t === 'dict') {
        copy(t.key);
        copy(t.value);
      }
      else if (t.t === 'union') charged(t.members).forEach(copy);
    };
    copy(type);
    return type;
  };

  const asType = (module: string, type: TypeOrNone, line: number): DataType => (type === NONE ? unchecked(module, line, 'None alone as a type') : type);

  const unchecked = (module: string, line: number, what: string): DataType => {
    say(module, line, `${what} is not understood by this tool; values of it are not checked`);
    return { t: 'unchecked', what };
  };

  const unionOf = (module: string, members: TypeOrNone[], line: number, meta: FieldMeta): DataType => {
    const nullable = members.includes(NONE);
    const rest = charged(members).filter((m): m is DataType => m !== NONE);
    let type: DataType;
    if (rest.length === 0) return unchecked(module, line, 'None alone as a type');
    if (rest.length === 1) type = rest[0];
    else if (meta.discriminator !== undefined) {
      if (charged(rest).every((m) => m.t === 'ref')) type = { t: 'tagged', members: charged(rest).map((m) => (m as { model: string }).model), discriminator: meta.discriminator };
      else type = unchecked(module, line, `a discriminated union over types that are not all models`);
    } else type = { t: 'union', members: rest, mode: meta.unionMode ?? 'smart' };
    return nullable ? { t: 'optional', of: type } : type;
  };

  const defaultFactoryText = (module: string, factory: Expr): string => {
    const q = qualifiedOf(module, factory);
    if (q === 'builtins.list') return '[]';
    if (q === 'builtins.dict') return '{}';
    if (q === 'builtins.set') return 'set()';
    if (factory.k === 'name' || factory.k === 'attr') return `${factory.text}()`;
    return shortDefault(factory.text.replace(/^lambda\s*:\s*/, ''));
  };

  const fieldOf = (module: string, cls: ClassInfo, field: ClassInfo['fields'][number]): FieldData | null => {
    if (field.name.startsWith('_')) return null;
    const annotation = field.annotation;
    if (annotation.k === 'sub' && qualifiedOf(module, annotation.obj) === 'typing.ClassVar') return null;
    if (annotation.k === 'name' || annotation.k === 'attr') {
      if (qualifiedOf(module, annotation) === 'typing.ClassVar') return null;
    }
    let meta: FieldMeta = {};
    let defaultText: string | undefined;
    let name = field.name;
    let description: string | undefined;
    const value = field.value;
    if (isFieldCall(module, value)) {
      meta = fieldMetaOf(value);
      const given = value.kwargs.default ?? value.args[0];
      if (given && !(given.k === 'const' && given.value === 'Ellipsis')) defaultText = shortDefault(given.text);
      const factory = value.kwargs.default_factory;
      if (factory) defaultText = defaultFactoryText(module, factory);
      const alias = value.kwargs.validation_alias ?? value.kwargs.alias;
      if (alias?.k === 'str') name = alias.value;
      else if (alias) say(module, field.line, `the alias ${alias.text} of ${cls.name}.${field.name} is not understood by this tool`);
      const desc = value.kwargs.description;
      if (desc?.k === 'str') description = desc.value;
    } else if (value) defaultText = shortDefault(value.text);
    const type = asType(module, typeOf(module, annotation, field.line, meta), field.line);
    return { name, type, ...(defaultText !== undefined ? { default: defaultText } : {}), ...(description !== undefined ? { description } : {}) };
  };

  const keys = new Map<string, string>();
  /** The key of a model class (building it on first use), or null when the class is not a pydantic model. */
  const modelKey = (module: string, cls: ClassInfo): string | null => {
    const qualified = `${module}.${cls.name}`;
    if (keys.has(qualified)) return keys.get(qualified)!;
    const root = modelRootOf(module, cls);
    if (root === null) return null;
    keys.set(qualified, qualified);
    if (!inProgress.has(qualified)) {
      inProgress.add(qualified);
      models.set(qualified, buildModel(module, cls, root));
    }
    return qualified;
  };

  const buildModel = (module: string, cls: ClassInfo, root: 'forbid' | 'ignore' | 'unknown'): ModelData => {
    if (root === 'unknown') say(module, cls.line, `${cls.name} derives from a class outside the sources read, whose fields and validators are not known to this tool`);
    const fields = new Map<string, FieldData>();
    const validators: ValidatorData[] = [];
    let extra: 'forbid' | 'ignore' | undefined;
    // Bases first, last base first (Python's MRO, reversed, for single chains and simple mixins); an override keeps its place.
    for (const base of [...cls.bases].reverse()) {
      spend();
      const symbol = resolveExpr(module, base.k === 'sub' ? base.obj : base);
      if (symbol?.kind !== 'class') continue;
      const key = modelKey(symbol.module, symbol.cls);
      const baseModel = key === null ? undefined : models.get(key);
      if (!baseModel) continue;
      for (const f of baseModel.fields) {
        spend();
        fields.set(f.name, f);
      }
      validators.push(...baseModel.validators);
      extra = baseModel.extra;
    }
    const configExtra = cls.keywords.extra ?? cls.config?.extra;
    if (configExtra?.k === 'str') extra = configExtra.value === 'forbid' ? 'forbid' : 'ignore';
    else if (configExtra) say(module, cls.line, `the extra setting ${configExtra.text} of ${cls.name} is not understood by this tool`);
    for (const f of cls.fields) {
      spend();
      const field = fieldOf(module, cls, f);
      // An overridden field keeps its base's place (pydantic collects annotations along the reversed MRO).
      if (field) fields.set(field.name, field);
    }
    for (const m of cls.methods) {
      spend();
      validators.push({ name: m.name, kind: m.kind, definedIn: cls.name, fields: m.fields });
    }
    return {
      name: cls.name,
      file: files.get(module) ?? module,
      line: cls.line,
      extra: extra ?? (root === 'forbid' ? 'forbid' : 'ignore'),
      fields: [...fields.values()],
      validators,
    };
  };

  const rootKey = (qualified: string): string => {
    const dot = qualified.lastIndexOf('.');
    const module = qualified.slice(0, dot);
    const symbol = resolveName(module, qualified.slice(dot + 1));
    if (symbol.kind === 'class') {
      const key = modelKey(symbol.module, symbol.cls);
      if (key !== null) return key;
    }
    say(module, 1, `${qualified} was not found as a pydantic model`);
    return qualified;
  };

  const runSingle = rootKey(roots.runSingle);
  const runBatch = rootKey(roots.runBatch);
  const templateVariables = extractTemplateVariables(sources, fallback?.templateVariables, parses);
  return shortKeys({ provenance: [], runSingle, runBatch, models: Object.fromEntries(models), notUnderstood, templateVariables });
}

/** Models keyed by their class name where it is unique, by module and name where two modules share one. */
function shortKeys(data: ProfileData): ProfileData {
  const count = new Map<string, number>();
  for (const m of Object.values(data.models)) {
    spend();
    count.set(m.name, (count.get(m.name) ?? 0) + 1);
  }
  const rename = (key: string) => {
    const m = data.models[key];
    return m && count.get(m.name) === 1 ? m.name : key;
  };
  const renameType = (type: DataType): DataType => {
    spend();
    switch (type.t) {
      case 'ref':
        return { t: 'ref', model: rename(type.model) };
      case 'optional':
      case 'list':
      case 'set':
        return { t: type.t, of: renameType(type.of) };
      case 'tuple':
        return { t: 'tuple', of: charged(type.of).map(renameType) };
      case 'dict':
        return { t: 'dict', key: renameType(type.key), value: renameType(type.value) };
      case 'union':
        return { ...type, members: charged(type.members).map(renameType) };
      case 'tagged':
        return { ...type, members: charged(type.members).map(rename) };
      default:
        return type;
    }
  };
  const models: Record<string, ModelData> = {};
  for (const [key, m] of Object.entries(data.models)) {
    spend();
    models[rename(key)] = { ...m, fields: charged(m.fields).map((f) => ({ ...f, type: renameType(f.type) })) };
  }
  return { ...data, runSingle: rename(data.runSingle), runBatch: rename(data.runBatch), models };
}
