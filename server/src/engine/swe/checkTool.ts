/**
 * One tool of a bundle, checked the way SWE-agent loads it:
 * `BundleConfig.tools` (str key, dict value), `Command(name=tool, **config)`
 * (keyword rules, pydantic fields, `validate_arguments`, `invoke_format`),
 * `generate_command_docs`, and ToolConfig's built-in bash tool. Then the
 * warnings for what loads but is wrong. Every independent problem is reported.
 */
import { probablySingleBraces } from '../python/jinja';
import { DiagnosticBuilder } from '../diagnosticBuilder';
import { Span, ToolName, spanOf } from '../diagnostics';
import { PlaceholderRewrite, argumentNameMatchLength, findAngleSpellings, isArgumentName, placeholderSpellings } from '../python/argumentNamePattern';
import { FormatField, extractKeys, parseFormatString } from '../python/formatString';
import { isDecimalString } from '../python/unicodeDigits';
import { pyRepr, pyReprString, pyReprStringSet } from '../python/pyObject';
import { PyNode, ScalarNode, deref, dictEntries, DictEntry, isNone, strValue } from '../yaml/pyNode';
import { plainTextIsNotString } from '../yaml/resolver';
import { LoadedArgument, LoadedCommand, DEFAULT_ARGUMENT_FORMAT } from './commandModel';
import { checkDocstring } from './checkDocstring';
import { spansInValues, valueSpans } from './valueSpans';
import { QuoteData, RenameMismatch } from '../rules/fixData';
import { EnvContext, UNKNOWN_ENV, envFieldName, unknownEnv } from './env';
import { MappedInvokeFormat, invokeFromArguments, invokeFromSignature } from './invokeFormat';
import { pyLocItem, describeKey } from './pyLocItem';
import { Lax, PydanticIssue, asDict, laxBool, laxListItems, laxOptionalStr, laxStr, laxStrDict, laxStrList } from './pydanticLax';
import { checkCallability } from './checkCallability';
import { checkBooleanFlags } from './checkBooleanFlag';
import { multilineSignatureCrash } from './commandDocs';
import { suggestName } from '../util/suggest';
import { typePhrase } from './typePhrase';
import { warnDuplicateKeys } from './duplicateKeys';
import { BundleFacts, MAIN_BUNDLE_FACTS, bundleFactsKey } from './bundleFacts';
import { BUDGETS } from '../budgets';
import { shortPrefix } from '../util/shortPrefix';
import { reportUnknownKeys } from './unknownKeys';
import { WorkBudgetExhausted, charged, spend } from '../work';

export interface ToolCheckOptions {
  env: EnvContext;
  enableBashTool: boolean;
  /** The chosen SWE-agent's bundle code: how Command validates arguments. */
  facts: BundleFacts;
}

/** The options a bundle is checked with when no agent config uses it: env unknown, bash on, SWE-agent main. */
export const STANDALONE_OPTIONS: ToolCheckOptions = { env: UNKNOWN_ENV, enableBashTool: true, facts: MAIN_BUNDLE_FACTS };

/** The standalone options of a chosen SWE-agent, its ToolConfig's default env assumed (STANDALONE_OPTIONS itself for main's facts). */
export function standaloneOptions(facts: BundleFacts): ToolCheckOptions {
  return facts === MAIN_BUNDLE_FACTS ? STANDALONE_OPTIONS : { ...STANDALONE_OPTIONS, env: unknownEnv(facts), facts };
}

export interface ToolCheck {
  tool: ToolName;
  diagnostics: ReturnType<DiagnosticBuilder['add']>[];
  /** The Command SWE-agent builds, or null when building it fails. */
  command: LoadedCommand | null;
  /** Passed BundleConfig's `dict[str, dict]` check for this entry. */
  bundleStageOk: boolean;
}

/**
 * What of a tool's check does not depend on the assembly: all of it but the
 * docstring's `str.format` with the env and the clash with the built-in bash
 * tool. An unchanged tool keeps it across versions and agent configs; only
 * the part that depends on the assembly is checked again per context.
 */
export interface ToolBaseCheck extends ToolCheck {
  /** The docstring `generate_command_docs` formats with the env, when the tool gets that far. */
  docstring: { toolName: string; text: string; node: PyNode } | null;
  /** The env variables the docstring's replacement fields name: all of the env its check reads. */
  envNames: readonly string[];
  /** The tool is named `bash`, which clashes with the built-in bash tool when that is on. */
  isBash: boolean;
  /** The tool's key, where the bash clash is reported. */
  keySpan: Span;
}

const TOOL_FIELDS = ['signature', 'docstring', 'end_name', 'arguments'] as const;
const ARGUMENT_FIELDS = ['name', 'type', 'description', 'required', 'enum', 'items', 'argument_format'] as const;
export const JSON_SCHEMA_TYPES = ['string', 'number', 'integer', 'boolean', 'array', 'object', 'null'] as const;

/** The str-keyed fields of a mapping, Python dict semantics (last duplicate wins). */
export function fieldsOf(entries: DictEntry[]): Map<string, DictEntry> {
  const fields = new Map<string, DictEntry>();
  for (const entry of entries) {
    spend();
    const key = deref(entry.key);
    if (key.kind === 'scalar' && key.value.type === 'str') fields.set(key.value.value, entry);
  }
  return fields;
}

/** The quick fix for a scalar PyYAML reads as a bool/number/date/null where a string is needed. */
function quoteData(node: PyNode): QuoteData | undefined {
  const target = deref(node);
  if (node.kind === 'alias' || target.kind !== 'scalar' || target.style !== 'plain') return undefined;
  if (!plainTextIsNotString(target.text)) return undefined;
  return { quote: { text: target.text } };
}

/**
 * What `checkToolInContext` reads of the options for this tool, as a string:
 * two contexts with the same key give the same check (the env's other
 * variables do not reach the docstring).
 */
export function toolContextKey(base: ToolBaseCheck, options: ToolCheckOptions): string {
  // The base check itself is by the options' bundle facts.
  const bash = `${bundleFactsKey(options.facts)}${base.isBash && options.enableBashTool ? ' bash' : ''}`;
  if (!base.docstring) return bash;
  const env = options.env;
  return [bash, env.known ? 'known' : 'unknown', ...charged(base.envNames).map((name) => (env.variables.has(name) ? `${name}=${pyRepr(env.variables.get(name)!)}` : name))].join('\0');
}

/** The tool's check in an assembly: its base check, the docstring formatted with the env, the bash clash. */
export function checkToolInContext(base: ToolBaseCheck, options: ToolCheckOptions): ToolCheck {
  const out = new DiagnosticBuilder(base.tool);
  if (base.docstring) checkDocstring(base.docstring.toolName, base.docstring.text, base.docstring.node, options.env, out);
  if (base.isBash && options.enableBashTool) {
    out.add(
      'bash-tool-clash',
      base.keySpan,
      "Tool `bash` clashes with SWE-agent's built-in bash tool.",
      { detail: [sweAgentFails("ValueError: Tool 'bash' is defined multiple times"), 'Rename the tool, or set `enable_bash_tool: false` in the agent config.'] },
    );
  }
  const diagnostics = out.diagnostics.length === 0 ? base.diagnostics : [...base.diagnostics, ...out.diagnostics];
  return { tool: base.tool, diagnostics, command: base.command, bundleStageOk: base.bundleStageOk };
}

/**
 * A tool's check in a context that ran out of the work budget (the docstring
 * formatted with the env, one pass per unknown variable): its base check,
 * with the command it builds, and a notice that the rest was not made, so
 * that the bundle's other tools are still reported.
 */
export function contextCheckStopped(base: ToolBaseCheck, error: WorkBudgetExhausted): ToolCheck {
  const out = new DiagnosticBuilder(base.tool);
  const what = base.docstring ? `the docstring of \`${base.docstring.toolName}\` with the env` : 'this tool in this context';
  out.add('resource-limit', base.keySpan, `Stopped checking ${what}: ${error.message}.`);
  return { tool: base.tool, diagnostics: [...base.diagnostics, ...out.diagnostics], command: base.command, bundleStageOk: base.bundleStageOk };
}

/** The first names of a docstring's replacement fields that could be env variables, in order, once each. */
function envNamesOf(docstring: string): string[] {
  const names = new Set<string>();
  for (const item of parseFormatString(docstring).items) {
    spend();
    const name = item.field && envFieldName(item.field.name);
    if (name) names.add(name);
  }
  return [...names];
}

export function checkToolBase(keyNode: PyNode, valueNode: PyNode, facts: BundleFacts = MAIN_BUNDLE_FACTS): ToolBaseCheck {
  const tool = pyLocItem(keyNode);
  const out = new DiagnosticBuilder(tool);
  const keySpan = spanOf(keyNode);
  const result: ToolBaseCheck = { tool, keySpan, diagnostics: out.diagnostics, command: null, bundleStageOk: false, docstring: null, envNames: [], isBash: false };
  warnDuplicateKeys(valueNode, ` in tool \`${describeKey(keyNode)}\``, out);

  // BundleConfig: tools: dict[str, dict]
  const name = laxStr(keyNode);
  if (!name.ok) {
    out.add(
      'wrong-type',
      keySpan,
      `Tool name ${describeKey(keyNode)} is read as ${typePhrase(keyNode)}, but SWE-agent needs tool names to be strings.`,
      { data: quoteData(keyNode), detail: [`pydantic: ${name.issues[0].message}`, 'Quote it.'] },
    );
  }
  const toolMap = asDict(valueNode);
  if (!toolMap) {
    out.add(
      'wrong-type',
      spanOf(valueNode),
      `Tool \`${describeKey(keyNode)}\` must be a mapping with \`docstring\`, \`signature\` and \`arguments\`, but it is ${typePhrase(valueNode)}.`,
      { detail: 'pydantic: Input should be a valid dictionary' },
    );
  }
  if (!name.ok || !toolMap) return result;
  result.bundleStageOk = true;
  const toolName = name.value;
  const entries = dictEntries(toolMap);

  // Command(name=tool, **config): keyword arguments must be strings, and `name` is taken.
  let kwargsOk = true;
  const nonStringKeys = charged(entries).filter((entry) => {
    const key = deref(entry.key);
    return !(key.kind === 'scalar' && key.value.type === 'str');
  });
  if (nonStringKeys.length > 0) kwargsOk = false;
  reportUnknownKeys(nonStringKeys, (entry) => entry.key, `tool \`${shortPrefix(toolName, 32)}\``, out, (entry) =>
    out.add(
      'non-string-key',
      spanOf(entry.key),
      `Key ${describeKey(entry.key)} in tool \`${toolName}\` is read as ${typePhrase(entry.key)}, not a string.`,
      { data: quoteData(entry.key), detail: ['SWE-agent passes these keys as keyword arguments, which must be strings.', sweAgentFails('TypeError: keywords must be strings'), 'Quote it or remove it.'] },
    ),
  );
  const fields = fieldsOf(entries);
  const nameField = fields.get('name');
  if (nameField) {
    kwargsOk = false;
    out.add(
      'name-key-conflict',
      spanOf(nameField.key),
      `Tool \`${toolName}\` sets \`name:\`, but SWE-agent already passes the key \`${toolName}\` as the name.`,
      { data: { removeKey: true }, detail: [sweAgentFails("TypeError: got multiple values for keyword argument 'name'"), "The tool's name is its key; remove this line."] },
    );
  }
  const unknownFields = charged([...fields]).filter(([field]) => !(TOOL_FIELDS as readonly string[]).includes(field) && field !== 'name');
  reportUnknownKeys(unknownFields, ([, entry]) => entry.key, `tool \`${shortPrefix(toolName, 32)}\``, out, ([field, entry]) => {
    const suggestion = suggestName(field, TOOL_FIELDS);
    out.add(
      'unknown-key',
      spanOf(entry.key),
      `SWE-agent ignores \`${field}\` in tool \`${toolName}\`${suggestion ? `; did you mean \`${suggestion}\`?` : '. Known keys: ' + TOOL_FIELDS.join(', ') + '.'}`,
      { data: suggestion ? { replaceWith: suggestion } : undefined, unnecessary: !suggestion },
    );
  });

  // pydantic field validation of Command.
  let fieldsOk = true;
  const fieldIssue = (issues: PydanticIssue[], describe: (issue: PydanticIssue) => string) => {
    fieldsOk = false;
    for (const issue of issues) {
      spend();
      out.add('wrong-type', spanOf(issue.node), describe(issue), { data: quoteData(issue.node), detail: `pydantic: ${issue.message}` });
    }
  };
  const docstringEntry = fields.get('docstring');
  let docstring: string | null = null;
  if (!docstringEntry) {
    fieldsOk = false;
    out.add(
      'missing-field',
      keySpan,
      `Tool \`${toolName}\` has no \`docstring\`, which SWE-agent requires.`,
      { data: { addField: 'docstring' }, detail: ['pydantic: Field required', 'Add a description for the model, or `docstring: null`.'] },
    );
  } else {
    const value = laxOptionalStr(docstringEntry.value);
    if (value.ok) docstring = value.value;
    else fieldIssue(value.issues, (i) => `The docstring of \`${toolName}\` must be a string or null, but it is ${typePhrase(i.node)}.`);
  }
  const optionalStrField = (field: 'signature' | 'end_name'): { value: string | null; ok: boolean } => {
    const entry = fields.get(field);
    if (!entry) return { value: null, ok: true };
    const value = laxOptionalStr(entry.value);
    if (value.ok) return { value: value.value, ok: true };
    fieldIssue(value.issues, (i) => `\`${field}\` of \`${toolName}\` must be a string or null, but it is ${typePhrase(i.node)}.`);
    return { value: null, ok: false };
  };
  const signature = optionalStrField('signature');
  const endName = optionalStrField('end_name');

  const argumentsEntry = fields.get('arguments');
  const loadedArguments: LoadedArgument[] = [];
  let argumentsOk = true;
  if (argumentsEntry) {
    const items = laxListItems(argumentsEntry.value);
    if (!items.ok) {
      argumentsOk = false;
      fieldIssue(items.issues, (i) => `\`arguments\` of \`${toolName}\` must be a list of argument mappings, but it is ${typePhrase(i.node)}.`);
    } else {
      charged(items.value).forEach((item, index) => {
        const argument = checkArgument(item, index, toolName, out);
        if (argument) loadedArguments.push(argument);
        else argumentsOk = false;
      });
      if (!argumentsOk) fieldsOk = false;
    }
  }

  // Command.validate_arguments and invoke_format: only meaningful once the arguments and signature loaded.
  let validatorOk = true;
  let invoke: MappedInvokeFormat | null = null;
  if (argumentsOk && signature.ok && loadedArguments.length > 0) {
    validatorOk = validateArguments(toolName, keyNode, fields, signature.value, loadedArguments, facts, out);
  }
  if (argumentsOk && signature.ok) {
    const signatureNode = fields.get('signature')?.value;
    invoke = signature.value ? invokeFromSignature(signature.value, signatureNode!, facts.argumentNamePattern) : invokeFromArguments(toolName, keyNode, loadedArguments);
  }

  // generate_command_docs: the docstring's str.format (with the assembly's env: checkToolInContext), and get_signature for multi-line tools.
  if (docstring !== null && docstringEntry) {
    result.docstring = { toolName, text: docstring, node: docstringEntry.value };
    result.envNames = envNamesOf(docstring);
  }
  const endNameEntry = fields.get('end_name');
  if (endNameEntry && endName.ok && endName.value !== null && signature.ok && signature.value === null) {
    const crash = multilineSignatureCrash(loadedArguments.length);
    out.add(
      'multiline-without-signature',
      spanOf(endNameEntry.key),
      `Tool \`${toolName}\` sets \`end_name\` but has no \`signature\`, so SWE-agent's docs generation crashes.`,
      {
        data: { addSignature: true },
        detail: [
          sweAgentFails(`${crash.exceptionType}: ${crash.message}`),
          `Add a signature, e.g. \`signature: "${toolName}${charged(loadedArguments).map((a) => (a.required ? ` <${a.name}>` : ` [<${a.name}>]`)).join('')}"\`.`,
        ],
      },
    );
  }

  // ToolConfig: the built-in bash tool (checkToolInContext, which knows whether it is on).
  result.isBash = toolName === 'bash';

  if (kwargsOk && fieldsOk && validatorOk && invoke) {
    result.command = {
      name: toolName,
      docstring,
      signature: signature.value,
      endName: endName.value,
      arguments: loadedArguments,
      invokeFormat: invoke.text,
    };
    checkCallability(result.command, invoke, out);
    checkBooleanFlags(result.command, out);
  }
  if (signature.ok && signature.value && argumentsOk) checkOptionalMismatch(toolName, fields.get('signature')!.value as ScalarNode, signature.value, loadedArguments, facts, out);
  return result;
}

function issueMessage(toolName: string, label: string, field: string, fieldNode: PyNode, issue: PydanticIssue, expected: string): string {
  const where = `\`${field}\` of ${label} of \`${toolName}\``;
  if (issue.node === fieldNode) return `${where} must be ${expected}, but it is ${typePhrase(issue.node)}.`;
  const part = issue.isKey ? 'this key' : 'this item';
  return `${capitalize(where)} must be ${expected}; ${part} is ${typePhrase(issue.node)}.`;
}

function checkArgument(item: PyNode, index: number, toolName: string, out: DiagnosticBuilder): LoadedArgument | null {
  const map = asDict(item);
  if (!map) {
    out.add(
      'wrong-type',
      spanOf(item),
      `Argument ${index + 1} of \`${toolName}\` must be a mapping with name, type, description and required, but it is ${typePhrase(item)}.`,
      { detail: 'pydantic: Input should be a valid dictionary or instance of Argument' },
    );
    return null;
  }
  const entries = dictEntries(map);
  const fields = fieldsOf(entries);
  const label = (() => {
    const name = fields.get('name');
    const text = name ? strValue(name.value) : undefined;
    return text !== undefined ? `argument \`${text}\`` : `argument ${index + 1}`;
  })();
  const where = `${shortPrefix(label, 48)} of \`${shortPrefix(toolName, 32)}\``;
  const nonStringKeys = charged(entries).filter((entry) => strValue(entry.key) === undefined);
  reportUnknownKeys(nonStringKeys, (entry) => entry.key, where, out, (entry) =>
    out.add('unknown-key', spanOf(entry.key), `SWE-agent ignores the key ${describeKey(entry.key)} (${typePhrase(entry.key)}) in ${label} of \`${toolName}\`.`, { unnecessary: true }),
  );
  const unknownFields = charged([...fields]).filter(([field]) => !(ARGUMENT_FIELDS as readonly string[]).includes(field));
  reportUnknownKeys(unknownFields, ([, entry]) => entry.key, where, out, ([field, entry]) => {
    const suggestion = suggestName(field, ARGUMENT_FIELDS);
    out.add(
      'unknown-key',
      spanOf(entry.key),
      `SWE-agent ignores \`${field}\` in ${label} of \`${toolName}\`${suggestion ? `; did you mean \`${suggestion}\`?` : '. Known keys: ' + ARGUMENT_FIELDS.join(', ') + '.'}`,
      { data: suggestion ? { replaceWith: suggestion } : undefined, unnecessary: !suggestion },
    );
  });
  let ok = true;
  const required = <T>(field: string, validate: (node: PyNode) => Lax<T>, expected: string): T | undefined => {
    const entry = fields.get(field);
    if (!entry) {
      ok = false;
      out.add(
        'missing-field',
        firstLineOf(item, map),
        `${capitalize(label)} of \`${toolName}\` has no \`${field}\`, which SWE-agent requires.`,
        { data: { addField: field, argumentIndex: index }, detail: 'pydantic: Field required' },
      );
      return undefined;
    }
    const value = validate(entry.value);
    if (value.ok) return value.value;
    ok = false;
    for (const issue of value.issues) {
      spend();
      out.add('wrong-type', spanOf(issue.node), issueMessage(toolName, label, field, entry.value, issue, expected), { data: quoteData(issue.node), detail: `pydantic: ${issue.message}` });
    }
    return undefined;
  };
  const optional = <T>(field: string, validate: (node: PyNode) => Lax<T>, expected: string, fallback: T): T => {
    const entry = fields.get(field);
    if (!entry) return fallback;
    const value = validate(entry.value);
    if (value.ok) return value.value;
    ok = false;
    for (const issue of value.issues) {
      spend();
      out.add('wrong-type', spanOf(issue.node), issueMessage(toolName, label, field, entry.value, issue, expected), { data: quoteData(issue.node), detail: `pydantic: ${issue.message}` });
    }
    return fallback;
  };
  const nullable = <T>(validate: (node: PyNode) => Lax<T>) => (node: PyNode): Lax<T | null> => (isNone(node) ? { ok: true, value: null } : validate(node));
  const name = required('name', laxStr, 'a string');
  const type = required('type', laxStr, 'a string');
  const description = required('description', laxStr, 'a string');
  const isRequired = required('required', laxBool, 'a boolean (true or false)');
  const items = optional('items', nullable(laxStrDict), 'a mapping of strings (e.g. `{type: string}`) or null', null);
  const enumValues = optional('enum', nullable(laxStrList), 'a list of strings or null', null);
  const argumentFormat = optional('argument_format', laxStr, 'a string', DEFAULT_ARGUMENT_FORMAT);
  const formatEntry = fields.get('argument_format');
  if (formatEntry && strValue(formatEntry.value) !== undefined) checkJinjaHeuristic(toolName, label, formatEntry.value, argumentFormat, out);
  if (type !== undefined && fields.get('type')) checkSchemaType(toolName, label, fields, type, items, enumValues, out);
  if (!ok || name === undefined || type === undefined || description === undefined || isRequired === undefined) return null;
  return { name, type, items, description, required: isRequired, enum: enumValues, argumentFormat, node: item, nameNode: fields.get('name')!.value, formatNode: formatEntry?.value };
}

function capitalize(text: string): string {
  return text[0].toUpperCase() + text.slice(1);
}

/** The first line of a mapping: where "this mapping lacks a field" is reported when it has no key of its own. */
function firstLineOf(item: PyNode, map: { origin: Span['origin']; start: number; end: number }): Span {
  const text = item.origin.text;
  const lineEnd = text.indexOf('\n', map.start);
  return { origin: item.origin, start: map.start, end: lineEnd === -1 || lineEnd > map.end ? map.end : lineEnd };
}

/** SWE-agent's `_warn_probably_wrong_jinja_syntax`. */
function checkJinjaHeuristic(toolName: string, label: string, node: PyNode, template: string, out: DiagnosticBuilder): void {
  if (!probablySingleBraces(template)) return;
  const single = /\{\s*value\s*\}/.exec(template);
  out.add(
    'argument-format-jinja',
    spanOf(node),
    `\`argument_format\` of ${label} in \`${toolName}\` is a Jinja template: write \`{{value}}\`, not \`{value}\`.`,
    { data: single ? { jinja: { from: single[0], to: '{{value}}' } } : undefined, detail: `SWE-agent warns: Probably wrong Jinja syntax in template: ${template}` },
  );
}

function checkSchemaType(
  toolName: string,
  label: string,
  fields: Map<string, DictEntry>,
  type: string,
  items: Map<string, string> | null,
  enumValues: string[] | null,
  out: DiagnosticBuilder,
): void {
  const typeNode = fields.get('type')!.value;
  if (!(JSON_SCHEMA_TYPES as readonly string[]).includes(type)) {
    const suggestion = suggestName(type, [...JSON_SCHEMA_TYPES, 'str', 'int', 'float', 'bool', 'list', 'dict']);
    const mapped: Record<string, string> = { str: 'string', int: 'integer', float: 'number', bool: 'boolean', list: 'array', dict: 'object' };
    const proposal = suggestion ? mapped[suggestion] ?? suggestion : null;
    out.add(
      'unknown-json-schema-type',
      spanOf(typeNode),
      `\`type: ${type}\` of ${label} in \`${toolName}\` is not a JSON Schema type${proposal ? `; did you mean \`${proposal}\`?` : '.'}`,
      { data: proposal ? { replaceWith: proposal } : undefined, detail: ['SWE-agent sends it to the model as is.', `Use one of ${JSON_SCHEMA_TYPES.join(', ')}.`] },
    );
  }
  if (type === 'array' && (!items || items.size === 0)) {
    out.add(
      'array-without-items',
      spanOf(typeNode),
      `${capitalize(label)} of \`${toolName}\` is an \`array\` without \`items\`, which many model APIs reject.`,
      { data: { addItems: true }, detail: 'Add `items: {type: string}`.' },
    );
  }
  const enumEntry = fields.get('enum');
  if (enumValues && enumValues.length > 0 && enumEntry && type !== 'string' && (JSON_SCHEMA_TYPES as readonly string[]).includes(type)) {
    out.add(
      'enum-type-mismatch',
      spanOf(typeNode),
      `${capitalize(label)} of \`${toolName}\` has \`type: ${type}\` and an \`enum\`, but SWE-agent sends enum values as strings.`,
      {
        data: { replaceWith: 'string' },
        detail: ['Argument.enum is a list of strings, so the model gets a schema no value satisfies.', 'Use `type: string`.'],
        related: [{ ...spanOf(enumEntry.value), message: 'the enum' }],
      },
    );
  }
}

/** What SWE-agent's exception says, as related information, so that it can be matched to a traceback (pydantic prefixes it with `Value error, `). */
const sweAgentFails = (sentence: string) => `SWE-agent fails: ${sentence}`;

/**
 * Command.validate_arguments, every check, every culprit. Returns whether
 * SWE-agent would accept it. SWE-agent stops at the first failing check;
 * each diagnostic quotes what it says when that problem is the first.
 */
function validateArguments(
  toolName: string,
  keyNode: PyNode,
  fields: Map<string, DictEntry>,
  signature: string | null,
  args: LoadedArgument[],
  facts: BundleFacts,
  out: DiagnosticBuilder,
): boolean {
  let ok = true;
  const firstOptional = charged(args).findIndex((a) => !a.required);
  charged(args).forEach((argument, index) => {
    if (firstOptional === -1 || index <= firstOptional || !argument.required) return;
    ok = false;
    out.add(
      'required-after-optional',
      spanOf(argument.nameNode),
      `Required argument \`${argument.name}\` of \`${toolName}\` comes after optional argument \`${args[firstOptional].name}\`.`,
      {
        data: { argumentIndex: index, targetIndex: firstOptional },
        detail: [sweAgentFails(`Command '${toolName}': Required argument '${argument.name}' cannot come after optional arguments`), 'SWE-agent requires required arguments first; move it up.'],
        related: [{ ...spanOf(args[firstOptional].nameNode), message: `first optional argument \`${args[firstOptional].name}\`` }],
      },
    );
  });
  // By name at main; up to 1.1.0 `arguments.count(arg) > 1`, pydantic's equality of every field.
  const same = facts.duplicateArguments === 'name' ? (a: LoadedArgument, b: LoadedArgument) => a.name === b.name : sameArgument;
  // Compared within a name only, so that many arguments of distinct names cost linear time.
  const byName = new Map<string, LoadedArgument[]>();
  for (const a of args) {
    spend();
    const group = byName.get(a.name);
    if (group) group.push(a);
    else byName.set(a.name, [a]);
  }
  const duplicated = new Set(charged([...byName]).filter(([, group]) => charged(group).some((a, i) => charged(group).findIndex((b) => same(a, b)) !== i)).map(([name]) => name));
  charged(args).forEach((argument, index) => {
    const group = byName.get(argument.name)!;
    const first = group[0];
    if (first === argument) return;
    // An earlier argument of the same name that is the same (by name at main, the first one already).
    let fails = false;
    for (let j = 0; group[j] !== argument && !fails; j++) {
      spend();
      fails = same(argument, group[j]);
    }
    if (fails) ok = false;
    out.add(
      'duplicate-argument',
      spanOf(argument.nameNode),
      fails ? `Tool \`${toolName}\` already has an argument named \`${argument.name}\`.` : `Tool \`${toolName}\` already has an argument named \`${argument.name}\`, which the model's schema keeps only once.`,
      {
        data: { argumentIndex: index },
        detail: fails
          ? [sweAgentFails(`Command '${toolName}': Duplicate argument names: ${pyReprStringSet(duplicated)}`), 'Rename or remove this one.']
          : ['This SWE-agent loads it: only equal arguments fail.', 'Rename or remove it.'],
        related: [{ ...spanOf(first.nameNode), message: `first \`${argument.name}\`` }],
        severity: fails ? undefined : 'warning',
      },
    );
  });
  for (const argument of args) {
    spend();
    const matched = argumentNameMatchLength(argument.name, facts.argumentNamePattern);
    if (matched === 0) {
      ok = false;
      out.add(
        'invalid-argument-name',
        // An argument that is an alias of another tool's is reported on the alias, in this tool.
        argument.node.kind === 'alias' ? spanOf(argument.node) : spanOf(argument.nameNode),
        `Argument name ${pyReprString(argument.name)} of \`${toolName}\` is invalid.`,
        {
          detail: [
            sweAgentFails(`Command '${toolName}': Invalid argument name: '${argument.name}'`),
            `SWE-agent requires it to start with a letter or underscore and continue with ${facts.argumentNamePattern === '+' ? 'at least one more letter, digit' : 'letters, digits'}, \`_\` or \`-\`.`,
          ],
        },
      );
    } else if (matched < argument.name.length) {
      out.add(
        'argument-name-prefix-only',
        spanOf(argument.nameNode),
        `Argument name ${pyReprString(argument.name)} of \`${toolName}\` cannot be a placeholder past ${pyReprString(argument.name.slice(0, matched))}.`,
        {
          detail: [
            `It passes SWE-agent's check only because \`re.match\` tests a prefix (${pyReprString(argument.name.slice(0, matched))}).`,
            'Use letters, digits, `_` and `-` only.',
          ],
        },
      );
    }
  }
  const signatureNode = fields.get('signature')?.value;
  const missingFromSignature = new Set<string>();
  const invoke = signature ? invokeFromSignature(signature, signatureNode!, facts.argumentNamePattern) : invokeFromArguments(toolName, keyNode, args);
  const extracted = extractKeys(invoke.text);
  const names = new Set(charged(args).map((a) => a.name));
  /** Arguments the signature was not searched for (a budget): neither missing nor placeholders, as far as this check knows. */
  const unsearched = new Set<string>();
  // Each argument searches the whole signature: 10,000 arguments of a 100 KB signature would search a gigabyte.
  const searchable = signature ? Math.max(1, Math.floor(BUDGETS.signatureSearchChars / signature.length)) : args.length;
  const inSignature = (argument: LoadedArgument) => charged(placeholderSpellings(argument.name, facts.dashDashNamesArgument)).some((spelling) => signature!.includes(spelling));
  const missing = signature ? charged(args.slice(0, searchable)).filter((a) => !inSignature(a)) : [];
  const renamed = signature ? renameMismatch(missing, 'error' in extracted ? [] : extracted.fields, names, invoke, keyNode, facts) : undefined;
  if (signature) {
    const signatureStart = shortPrefix(signature, BUDGETS.messageChars);
    if (args.length > searchable) {
      ok = false;
      out.add(
        'resource-limit',
        signatureNode ? spanOf(signatureNode) : spanOf(keyNode),
        `Stopped checking which arguments the signature of \`${toolName}\` names after ${searchable.toLocaleString('en-US')} of ${args.length.toLocaleString('en-US')} (signatureSearchChars).`,
        { detail: `Searching a signature of ${signature.length.toLocaleString('en-US')} characters once per argument passes the budget of ${BUDGETS.signatureSearchChars.toLocaleString('en-US')} characters searched.` },
      );
      for (const argument of args.slice(searchable)) {
        spend();
        unsearched.add(argument.name);
      }
    }
    for (const argument of missing) {
      spend();
      const spellings = placeholderSpellings(argument.name, facts.dashDashNamesArgument);
      ok = false;
      missingFromSignature.add(argument.name);
      out.add(
        'signature-missing-argument',
        spanOf(argument.nameNode),
        `Argument \`${argument.name}\` is not in the signature of \`${toolName}\`.`,
        {
          data: { name: argument.name, required: argument.required, mismatch: renamed },
          detail: [sweAgentFails(missingArgumentsMessage(argument.name, signatureStart, facts)), `Write ${spellings.slice(0, -1).join(', ')} or ${spellings[spellings.length - 1]} in the signature.`],
          related: signatureNode ? [{ ...spanOf(signatureNode), message: 'the signature' }] : undefined,
        },
      );
    }
  }
  const shownInvoke = quoted(invoke.text);
  const spanIn = spansInValues();
  if ('error' in extracted) {
    const origin = invoke.origins[Math.min(extracted.error.offset, invoke.origins.length - 1)];
    out.add(
      'format-string-error',
      origin ? spanIn(origin.node, origin.index, origin.index + origin.length) : spanOf(keyNode),
      `The invoke format of \`${toolName}\` is not a valid Python format string.`,
      { detail: [`The invoke format ${shownInvoke} fails: ${extracted.error.message}`, 'Write a literal brace as {{ or }}.'] },
    );
    return false;
  }
  // The keys are a set, whose order Python varies from run to run; it is written sorted.
  // Cut once here, not in each message: 10,000 placeholders would each quote all 10,000 names and the whole invoke format.
  const mismatch = sweAgentFails(`Command '${toolName}': Argument names (${shortPrefix(pyReprStringSet(extracted.keys), BUDGETS.messageChars)}) in signature / invoke_format ${shownInvoke} do not match argument names`);
  for (const field of extracted.fields) {
    spend();
    if (names.has(field.name)) continue;
    ok = false;
    const origin = invoke.origins[field.start];
    const fromToolName = !origin || origin.node === keyNode;
    const where = fromToolName ? spanOf(keyNode) : spanIn(origin.node, origin.index, origin.index + Math.max(origin.length, field.end - field.start));
    const positional = field.name === '' || isDecimalString(field.name);
    out.add(
      'signature-unknown-placeholder',
      where,
      fromToolName
        ? `The name of tool \`${toolName}\` contains ${pyReprString(invoke.text.slice(field.start, field.end))}, which SWE-agent reads as a placeholder with no argument.`
        : positional
          ? `Placeholder \`${invoke.text.slice(field.start, field.end)}\` in the signature of \`${toolName}\` is positional, but SWE-agent fills placeholders by name.`
          : `Placeholder \`${sourceSpelling(origin, invoke.text.slice(field.start, field.end))}\` in the signature of \`${toolName}\` has no argument named ${pyReprString(field.name)}.`,
      {
        data: fromToolName ? undefined : { name: field.name, mismatch: renamed },
        detail: [
          mismatch,
          fromToolName
            ? 'Add a signature.'
            : positional
              ? 'Name it after an argument, or write a literal brace as {{ or }}.'
              : `Add the argument${origin && origin.length > 1 ? '' : ', or write a literal brace as {{ or }}'}.`,
        ],
      },
    );
  }
  for (const argument of args) {
    spend();
    if (extracted.keys.has(argument.name) || missingFromSignature.has(argument.name) || unsearched.has(argument.name)) continue;
    ok = false;
    const onlyFlag = signature?.includes(`--${argument.name}`);
    out.add(
      'argument-not-a-placeholder',
      spanOf(argument.nameNode),
      onlyFlag
        ? `The signature of \`${toolName}\` has \`--${argument.name}\` but no placeholder for its value.`
        : `Argument \`${argument.name}\` of \`${toolName}\` never becomes a placeholder in the invoke format.`,
      {
        data: onlyFlag ? { flagWithoutValue: argument.name } : undefined,
        detail: onlyFlag
          ? [mismatch, `The invoke format never receives \`${argument.name}\`; write \`--${argument.name} <${argument.name}>\`.`]
          : [mismatch, `SWE-agent only rewrites names like <name> made of letters, digits, \`_\` and \`-\`${facts.argumentNamePattern === '+' ? ' (two characters at least)' : ''}; the invoke format is ${shownInvoke}.`],
      },
    );
  }
  return ok;
}

/**
 * The one placeholder without an argument and the one argument missing from
 * the signature, when a tool has exactly one of each and either name could
 * take the other's place: one mismatch, which renaming either side resolves.
 */
function renameMismatch(missing: LoadedArgument[], fields: FormatField[], names: Set<string>, invoke: MappedInvokeFormat, keyNode: PyNode, facts: BundleFacts): RenameMismatch | undefined {
  const unknown = charged(fields).filter((f) => !names.has(f.name));
  if (missing.length !== 1 || new Set(charged(unknown).map((f) => f.name)).size !== 1) return undefined;
  // A placeholder of the signature, not `{x:>5}` or `{x!s}` (more likely shell text) nor a brace in the tool's name.
  const fromSignature = charged(unknown).every((f) => f.spec === '' && f.conversion === null && (invoke.origins[f.start]?.node ?? keyNode) !== keyNode);
  const placeholder = unknown[0].name;
  const argument = missing[0].name;
  return fromSignature && isArgumentName(placeholder, facts.argumentNamePattern) && isArgumentName(argument, facts.argumentNamePattern) ? { placeholder, argument } : undefined;
}

/** pydantic's equality of two Arguments: every field equal (`items` as a dict, `enum` as a list). */
function sameArgument(a: LoadedArgument, b: LoadedArgument): boolean {
  const sameItems = a.items === null || b.items === null ? a.items === b.items : a.items.size === b.items.size && charged([...a.items]).every(([k, v]) => b.items!.get(k) === v);
  const sameEnum = a.enum === null || b.enum === null ? a.enum === b.enum : a.enum.length === b.enum.length && charged(a.enum).every((v, i) => v === b.enum![i]);
  return a.name === b.name && a.type === b.type && a.description === b.description && a.required === b.required && a.argumentFormat === b.argumentFormat && sameItems && sameEnum;
}

/** What `invoke_format` raises for an argument missing from the signature: once for all before main, per argument at main. */
function missingArgumentsMessage(name: string, signature: string, facts: BundleFacts): string {
  if (facts.missingArgumentWording === 'all') {
    return `Missing arguments in signature: ${signature}. Did you format the signature correctly? You must include all argument names in the signature with <name>, [<name>], or {name} notation.`;
  }
  return `Missing argument ${name} in signature: ${signature}. Did you format the signature correctly? You must include all argument names in the signature with <${name}>, [<${name}>], {${name}}, or --${name} notation.`;
}

/** A text quoted in a message as Python prints it, cut at the message budget (the whole message is cut there anyway). */
const quoted = (text: string) => shortPrefix(pyReprString(text), BUDGETS.messageChars);

/** How a placeholder is written in the signature (`<x>` rather than the `{x}` it becomes). */
function sourceSpelling(origin: MappedInvokeFormat['origins'][number], fallback: string): string {
  const signature = origin ? strValue(origin.node) : undefined;
  return origin && signature !== undefined && origin.length > 1 ? signature.slice(origin.index, origin.index + origin.length) : fallback;
}

/** A signature that writes an argument as optional (`[<x>]`) while it is required, or the reverse. */
function checkOptionalMismatch(toolName: string, signatureNode: ScalarNode, signature: string, args: LoadedArgument[], facts: BundleFacts, out: DiagnosticBuilder): void {
  const firstSpelling = new Map<string, PlaceholderRewrite>();
  for (const spelling of findAngleSpellings(signature, facts.argumentNamePattern)) {
    spend();
    if (!firstSpelling.has(spelling.name)) firstSpelling.set(spelling.name, spelling);
  }
  const spanOfPiece = valueSpans(signatureNode);
  for (const argument of args) {
    spend();
    const spelling = firstSpelling.get(argument.name);
    if (!spelling) continue;
    if (spelling.optional === !argument.required) continue;
    const span = spanOfPiece(spelling.start, spelling.end);
    out.add(
      'optional-mismatch',
      span,
      spelling.optional
        ? `The signature of \`${toolName}\` shows \`${argument.name}\` as optional ([<${argument.name}>]), but it is \`required: true\`.`
        : `The signature of \`${toolName}\` shows \`${argument.name}\` as required (<${argument.name}>), but it is \`required: false\`.`,
      { data: { name: argument.name, makeOptional: !argument.required }, detail: spelling.optional ? 'Make them agree.' : `Write [<${argument.name}>], or make it required.` },
    );
  }
}
