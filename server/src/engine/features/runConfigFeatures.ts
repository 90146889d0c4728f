/**
 * Editing features of an agent config, from the chosen SWE-agent's model tables (sweAgent/),
 * so they say what validation checks: completion of every key at every level
 * (a union's members by the `type` or `name` the mapping has) and of literal
 * values, hover on every key (what SWE-agent does with it, its type and
 * default), and the outline. Where the cursor is comes from the text, as in
 * a bundle (features/completion/lineContext.ts); what the mappings hold comes
 * from the parsed document when there is one.
 */
import { CompletionEntry, Draft, finishDrafts } from './completion/entry';
import { Frame, LineTable, enclosingFrames, framesOf, keysAround } from './completion/lineContext';
import { valueText, valueToken, quoteIfNeeded } from './completion/valueToken';
import { HoverResult } from './hover';
import { Block, code, para, strong } from './toolPreview';
import { Placement } from '../document/placement';
import { asDict } from '../swe/pydanticLax';
import { PyNode, deref, dictEntries, strValue } from '../yaml/pyNode';
import { loadBlanked } from '../yaml/loadYaml';
import { runConfigKindOf } from '../runConfig/classify';
import { MAIN_PROFILE } from '../sweAgent/builtinProfiles';
import { SweAgentProfile } from '../sweAgent/profile';
import { FieldSchema, FieldType, ModelSchema, describeType, literalOf } from '../runConfig/schema';
import { BUDGETS } from '../budgets';
import { charged, spend } from '../work';

/** The schema at a place in the document: its type, and the document's node there when it parses. */
interface Spot {
  type: FieldType;
  node: PyNode | null;
}

function rootModel(root: PyNode | null, profile: SweAgentProfile): ModelSchema {
  return runConfigKindOf(root) === 'run-batch' ? profile.runBatch : profile.runSingle;
}

function fieldsByKey(node: PyNode | null): Map<string, PyNode> {
  const map = node ? asDict(node) : null;
  return new Map(map ? charged(dictEntries(map)).flatMap((e) => (strValue(e.key) !== undefined ? [[strValue(e.key)!, e.value] as const] : [])) : []);
}

/**
 * The models a mapping of this type is read as: a union's member chosen by
 * the `type` (or `name`) the mapping has, else the member a config without
 * `type` means, else every member.
 */
function modelsAt(spot: Spot): ModelSchema[] {
  spend();
  const type = spot.type;
  if (type.t === 'optional') return modelsAt({ type: type.of, node: spot.node });
  if (type.t === 'model') return [type.model];
  const members = type.t === 'tagged' ? [...type.members] : type.t === 'union' ? charged(type.members).flatMap((m) => (m.t === 'model' ? [m.model] : [])) : [];
  if (members.length === 0) return [];
  const given = fieldsByKey(spot.node);
  for (const key of ['type', 'name']) {
    spend();
    const value = given.get(key);
    const text = value ? strValue(value) : undefined;
    if (text === undefined) continue;
    // A literal that matches; else the member whose field takes any string (a model `name` like gpt-4o).
    const member = charged(members).find((m) => (literalOf(m, key) ?? []).includes(text)) ?? charged(members).find((m) => charged(m.fields).some((f) => f.name === key && f.type.t === 'str'));
    if (member) return [member];
  }
  if (type.t === 'union' && type.defaultMember !== undefined && !given.has('type')) return [members[type.defaultMember]];
  return members;
}

/** The field of that name in any of the models (the first that has it). */
function fieldIn(models: ModelSchema[], name: string): FieldSchema | undefined {
  for (const m of models) {
    spend();
    const field = charged(m.fields).find((f) => f.name === name);
    if (field) return field;
  }
  return undefined;
}

/** The type of a list's items, a dict's values, through an optional. */
function innerType(type: FieldType): FieldType | null {
  spend();
  if (type.t === 'optional') return innerType(type.of);
  if (type.t === 'list' || type.t === 'set') return type.of;
  if (type.t === 'dict') return type.value;
  return null;
}

/** One step into the document and the schema: a key of a mapping, or an item of a list. */
function step(spot: Spot, part: { key: string } | { itemAt: number; at: Placement }): Spot | null {
  if ('key' in part) {
    const models = modelsAt(spot);
    if (models.length > 0) {
      const field = fieldIn(models, part.key);
      return field ? { type: field.type, node: fieldsByKey(spot.node).get(part.key) ?? null } : null;
    }
    const inner = innerType(spot.type);
    return inner && (spot.type.t === 'dict' || (spot.type.t === 'optional' && innerType(spot.type) === inner)) ? { type: inner, node: fieldsByKey(spot.node).get(part.key) ?? null } : null;
  }
  const inner = innerType(spot.type);
  if (!inner) return null;
  const seq = spot.node ? deref(spot.node) : null;
  // The item the frame's `- ` opens: the first that starts at or after it.
  const item = seq?.kind === 'seq' ? (charged(seq.items).filter((i) => part.at.start(i) >= part.itemAt).sort((a, b) => part.at.start(a) - part.at.start(b))[0] ?? null) : null;
  return { type: inner, node: item };
}

/** The spot a chain of frames (outermost first) leads to. */
function spotOfFrames(root: PyNode | null, at: Placement | null, frames: Frame[], profile: SweAgentProfile): Spot | null {
  let spot: Spot | null = { type: { t: 'model', model: rootModel(root, profile) }, node: root };
  for (const frame of frames) {
    spend();
    if (!spot) return null;
    if (frame.kind === 'key') spot = step(spot, { key: frame.name });
    else if (frame.kind === 'item') spot = at ? step(spot, { itemAt: frame.offset, at }) : step({ ...spot, node: null }, { itemAt: frame.offset, at: Placement.whole({ text: '' }) });
    else return null;
  }
  return spot;
}

function fieldDetail(field: FieldSchema): string {
  return `${describeType(field.type)}${field.default === undefined ? ', required' : ''}`;
}

function fieldDocumentation(field: FieldSchema, model: ModelSchema): string {
  const unknownKeys = model.extra === 'forbid' ? 'refuses unknown keys' : 'ignores unknown keys';
  return `${field.doc}\n\n${field.default === undefined ? 'Required.' : `Default: \`${field.default}\`.`} In \`${model.name}\`, which ${unknownKeys}.`;
}

/** The literal values a field takes, or a union's `type` tags; true/false for a bool. */
/** The values a field takes, as YAML text: strings quoted where YAML would read them as something else, booleans plain. */
function valuesOf(type: FieldType, parentTags: string[] | null): { label: string; quoteAs: 'double' | null }[] {
  spend();
  if (parentTags) return charged(parentTags).map((label) => ({ label, quoteAs: quoteIfNeeded(label) }));
  if (type.t === 'optional') return valuesOf(type.of, null);
  if (type.t === 'literal') return charged(type.values).map((v) => (typeof v === 'string' ? { label: v, quoteAs: quoteIfNeeded(v) } : { label: v ? 'true' : 'false', quoteAs: null }));
  if (type.t === 'bool') return [{ label: 'true', quoteAs: null }, { label: 'false', quoteAs: null }];
  return [];
}

/** A union's tags for its `type` key (every member's), when the mapping is read through a union. */
function unionTags(type: FieldType): string[] | null {
  const inner = type.t === 'optional' ? type.of : type;
  const members = inner.t === 'tagged' ? [...inner.members] : inner.t === 'union' ? charged(inner.members).flatMap((m) => (m.t === 'model' ? [m.model] : [])) : [];
  const tags = charged(members).flatMap((m) => charged((literalOf(m, 'type') ?? [])).filter((v): v is string => typeof v === 'string'));
  return tags.length > 1 ? tags : null;
}

const KEY_PREFIX = /^[A-Za-z_][A-Za-z0-9_]*$|^$/;

/** The document with the cursor's line blanked, parsed: what the mappings around a half-typed key hold. */
function rootWithoutLine(text: string, start: number, end: number): { root: PyNode | null; at: Placement } {
  const { origin, load } = loadBlanked(text, start, end);
  return { root: load.root, at: Placement.whole(origin) };
}

/**
 * Completion of keys and literal values in an agent config; null when the
 * cursor is at neither. `root` is the parsed document, null when it does not
 * parse (then the cursor's line is left out to read the rest).
 */
export function runConfigCompletions(text: string, parsed: { root: PyNode | null; at: Placement } | null, offset: number, snippets: boolean, profile: SweAgentProfile = MAIN_PROFILE): CompletionEntry[] | null {
  if (!Number.isInteger(offset) || offset < 0 || offset > text.length) return null;
  const table = new LineTable(text);
  const index = table.indexAt(offset);
  const line = table.line(index);
  const { root, at } = parsed?.root ? parsed : rootWithoutLine(text, line.start + (line.key ? (line.valueCol ?? line.text.length) : line.contentCol), line.start + line.text.length);
  const col = offset - line.start;
  const own = charged(framesOf(line)).filter((f) => f.kind === 'item' && f.col < col);
  if (line.key && col > line.key.colon) {
    // A value: `key: |`.
    const frames = enclosingFrames(table, index, line.contentCol, own);
    const parent = spotOfFrames(root, at, frames, profile);
    const spot = parent && step(parent, { key: line.key.name });
    if (!parent || !spot) return null;
    const token = valueToken(line, col);
    if (!token) return null;
    const tags = line.key.name === 'type' ? unionTags(parent.type) : null;
    const drafts = charged(valuesOf(spot.type, tags)).map(({ label, quoteAs }): Draft => ({ label, kind: 'value', start: line.start + token.start, end: line.start + token.end, parts: [valueText(label, token, quoteAs)] }));
    return drafts.length > 0 ? finishDrafts(drafts, snippets, { text, cursor: offset }) : null;
  }
  // A key: a blank line, or a word being typed where a key goes.
  const keyCol = line.blank ? col : line.contentCol;
  const typed = line.blank ? '' : text.slice(line.start + line.contentCol, line.key ? line.start + line.contentCol + line.key.name.length : line.start + line.text.trimEnd().length);
  if (!KEY_PREFIX.test(typed) || col < keyCol) return null;
  const frames = enclosingFrames(table, index, keyCol, own);
  const spot = spotOfFrames(root, at, frames, profile);
  const models = spot ? modelsAt(spot) : [];
  if (models.length === 0) return null;
  const present = keysAround(table, index, keyCol);
  const seen = new Set<string>();
  const drafts: Draft[] = [];
  for (const model of models) {
    spend();
    for (const field of model.fields) {
      spend();
      if (present.has(field.name) || seen.has(field.name)) continue;
      seen.add(field.name);
      const start = line.start + keyCol;
      const end = line.start + keyCol + typed.length;
      drafts.push({ label: field.name, kind: 'property', detail: fieldDetail(field), documentation: fieldDocumentation(field, model), start, end, parts: [line.key ? field.name : `${field.name}: `] });
    }
  }
  // Required fields first, as in a bundle's completion.
  charged(drafts).sort((a, b) => Number(a.detail!.endsWith('required') ? 0 : 1) - Number(b.detail!.endsWith('required') ? 0 : 1));
  return finishDrafts(drafts, snippets, { text, cursor: offset });
}

/** The chain of keys (and items) from the root to the key at an offset, with the spot of the mapping that holds it. */
function keyAt(root: PyNode, at: Placement, offset: number, profile: SweAgentProfile): { key: PyNode; name: string; parent: Spot; loc: (string | number)[] } | null {
  let spot: Spot = { type: { t: 'model', model: rootModel(root, profile) }, node: root };
  const loc: (string | number)[] = [];
  for (let depth = 0; depth < 64; depth++) {
    spend();
    const target = spot.node ? deref(spot.node) : null;
    if (!target) return null;
    if (target.kind === 'map') {
      const pair = charged(target.ownPairs).find((p) => (at.start(p.value) <= offset && offset <= Math.max(at.end(p.key), at.trimmedEnd(p.value))) || at.contains(p.key, offset));
      if (!pair) return null;
      const name = strValue(pair.key);
      if (name === undefined) return null;
      if (at.contains(pair.key, offset)) return { key: pair.key, name, parent: spot, loc: [...loc, name] };
      const next = step(spot, { key: name });
      if (!next) return null;
      loc.push(name);
      spot = { type: next.type, node: pair.value };
    } else if (target.kind === 'seq') {
      const i = charged(target.items).findIndex((item) => at.start(item) <= offset && offset <= at.trimmedEnd(item));
      if (i === -1) return null;
      const inner = innerType(spot.type);
      if (!inner) return null;
      loc.push(i);
      spot = { type: inner, node: target.items[i] };
    } else return null;
  }
  return null;
}

/** Hover on a key: what SWE-agent does with it, its type, its default. */
export function runConfigHover(root: PyNode | null, at: Placement, offset: number, profile: SweAgentProfile = MAIN_PROFILE): HoverResult | null {
  if (!root) return null;
  const found = keyAt(root, at, offset, profile);
  if (!found) return null;
  const models = modelsAt(found.parent);
  const model = charged(models).find((m) => charged(m.fields).some((f) => f.name === found.name));
  const field = charged(model?.fields)?.find((f) => f.name === found.name);
  if (!model || !field) return null;
  const blocks: Block[] = [
    para(strong(found.loc.join('.')), ': ', code(describeType(field.type)), field.default === undefined ? ', required' : ', default ', ...(field.default === undefined ? [] : [code(field.default)])),
    para(field.doc),
    para(`In ${model.name}, which ${model.extra === 'forbid' ? 'refuses unknown keys: a key it does not have stops SWE-agent' : 'ignores unknown keys'}.`),
    para(`Judged by ${profile.label}: ${profile.reason}.`),
  ];
  return { ...at.range(found.key), blocks };
}

export interface ConfigSymbol {
  name: string;
  /** The model or type the value is read as. */
  detail: string;
  kind: 'object' | 'array' | 'property';
  start: number;
  end: number;
  selectionStart: number;
  selectionEnd: number;
  children: ConfigSymbol[];
}

const MAX_SYMBOLS = BUDGETS.runConfigSymbols;

/** The outline: every key of the models, nested as the file nests them (list items by their `type`, `name` or `path`). */
export function runConfigSymbols(root: PyNode | null, at: Placement, profile: SweAgentProfile = MAIN_PROFILE): ConfigSymbol[] {
  let budget = MAX_SYMBOLS;
  const walk = (spot: Spot, depth: number): ConfigSymbol[] => {
    spend();
    const target = spot.node ? deref(spot.node) : null;
    if (!target || depth > 12 || budget <= 0) return [];
    if (target.kind === 'map' && spot.node!.kind !== 'alias') {
      return charged(target.ownPairs).flatMap((pair): ConfigSymbol[] => {
        const name = strValue(pair.key);
        if (name === undefined || --budget < 0) return [];
        const next = step(spot, { key: name });
        return [symbol(at, name, pair.key, pair.value, next, walk(next ?? { type: { t: 'any' }, node: null }, depth + 1))];
      });
    }
    if (target.kind === 'seq' && spot.node!.kind !== 'alias') {
      const inner = innerType(spot.type);
      return charged(target.items).flatMap((item, i): ConfigSymbol[] => {
        if (!inner || deref(item).kind !== 'map' || --budget < 0) return [];
        const fields = fieldsByKey(item);
        const label = charged(['type', 'name', 'path']).map((k) => fields.get(k)).map((n) => (n ? strValue(n) : undefined)).find((v) => v !== undefined);
        const next = { type: inner, node: item };
        return [symbol(at, `${i}${label ? `: ${label}` : ''}`, item, item, next, walk(next, depth + 1))];
      });
    }
    return [];
  };
  return root ? walk({ type: { t: 'model', model: rootModel(root, profile) }, node: root }, 0) : [];
}

function symbol(at: Placement, name: string, key: PyNode, value: PyNode, spot: Spot | null, children: ConfigSymbol[]): ConfigSymbol {
  const target = deref(value);
  const models = spot ? modelsAt(spot) : [];
  const detail = models.length === 1 ? models[0].name : spot ? describeType(spot.type) : 'unknown key';
  const kind = target.kind === 'map' ? 'object' : target.kind === 'seq' ? 'array' : 'property';
  return { name, detail, kind, start: at.start(key), end: Math.max(at.end(key), at.trimmedEnd(value)), selectionStart: at.start(key), selectionEnd: at.end(key), children };
}
