/**
 * A bundle's `config.yaml`, checked as SWE-agent's `Bundle` loads it:
 * `yaml.safe_load`, `BundleConfig(**data)`, then one `Command` per tool.
 * The bundle's own structure does not depend on the assembly that uses it
 * (`checkBundleStructure`); its tools' checks do, and are put with it per
 * assembly (`bundleCheckOf`), so that a caller keeps each part as long as it holds.
 */
import { DiagnosticBuilder } from '../diagnosticBuilder';
import { EngineDiagnostic, Span, spanOf } from '../diagnostics';
import { RuleCode } from '../rules/ruleCatalog';
import { suggestName } from '../util/suggest';
import { YamlLoad } from '../yaml/loadYaml';
import { MapNode, Origin, PyNode, deref, dictEntries } from '../yaml/pyNode';
import { YamlProblem, YamlProblemKind } from '../yaml/yamlProblem';
import { warnAliasBomb } from './aliasBomb';
import { ToolCheck, fieldsOf } from './checkTool';
import { warnDuplicateKeys } from './duplicateKeys';
import { describeKey } from './pyLocItem';
import { typePhrase } from './typePhrase';
import { asDict, laxOptionalStr } from './pydanticLax';
import { reportUnknownKeys } from './unknownKeys';
import { charged, spend } from '../work';

const BUNDLE_FIELDS = ['tools', 'state_command'] as const;

export interface ToolEntry {
  /** The key of the occurrence whose value PyYAML keeps. */
  keyNode: PyNode;
  valueNode: PyNode;
}

export interface BundleCheck {
  /** `Bundle.commands` succeeds: the YAML loads, BundleConfig validates and every Command builds. */
  loads: boolean;
  diagnostics: EngineDiagnostic[];
  toolEntries: ToolEntry[];
  tools: ToolCheck[];
  stateCommand: { value: string; node: PyNode } | null;
}

/**
 * The fields of the agent's ToolConfig (runConfig/models.ts, which this layer
 * cannot import; a test keeps the two equal): written at the top of a bundle's
 * config.yaml, they are a setting one level off (key-misplaced).
 */
export const AGENT_TOOL_SETTINGS: readonly string[] = [
  'filter', 'bundles', 'propagate_env_variables', 'env_variables', 'registry_variables', 'submit_command', 'parse_function', 'enable_bash_tool', 'format_error_template',
  'command_docs', 'multi_line_command_endings', 'submit_command_end_name', 'reset_commands', 'execution_timeout', 'install_timeout', 'total_execution_timeout', 'max_consecutive_execution_timeouts',
];

/** The script a state command runs: its first word, when that names a file (no path, no shell syntax). */
export function stateCommandScript(command: string): string | null {
  const word = command.trim().split(/\s+/)[0] ?? '';
  return /^[A-Za-z0-9_.-]+$/.test(word) ? word : null;
}

/** What of a bundle's check holds in every assembly: the YAML, BundleConfig's fields, and which tools there are. */
export interface BundleStructure {
  /** What BundleConfig says, but for the tools' own checks. */
  diagnostics: EngineDiagnostic[];
  toolEntries: ToolEntry[];
  stateCommand: { value: string; node: PyNode } | null;
  /** BundleConfig validates as far as the structure goes (each tool's own check comes on top). */
  ok: boolean;
}

const YAML_CODES: Record<YamlProblemKind, RuleCode> = {
  'non-printable': 'yaml-non-printable',
  syntax: 'yaml-syntax',
  tab: 'yaml-syntax',
  'yaml-version': 'yaml-syntax',
  'multiple-documents': 'yaml-multiple-documents',
  'undefined-alias': 'yaml-undefined-alias',
  'duplicate-anchor': 'yaml-duplicate-anchor',
  'unknown-tag': 'yaml-unknown-tag',
  'value-indicator': 'yaml-value-tag',
  'unhashable-key': 'yaml-unhashable-key',
  'bad-merge': 'yaml-bad-merge',
  'bad-value': 'yaml-bad-value',
  'resource-limit': 'yaml-resource-limit',
  'check-budget': 'resource-limit',
};

/** The message of a YAML problem, and what goes beside it (related information at its place). */
function problemMessage(problem: YamlProblem): { message: string; detail?: string[] } {
  if (problem.kind === 'value-indicator') {
    return {
      message: "PyYAML reads a bare `=` as YAML 1.1's value indicator and has no constructor for it.",
      detail: ["PyYAML fails: could not determine a constructor for the tag 'tag:yaml.org,2002:value'", 'Quote it: "=".'],
    };
  }
  if (problem.kind === 'tab') {
    return { message: 'PyYAML does not allow tabs here.', detail: ["PyYAML fails: found character '\\t' that cannot start any token, while scanning for the next token", 'Indent with spaces.'] };
  }
  if (problem.kind === 'check-budget') return { message: `Stopped checking this file: ${problem.message}.` };
  if (problem.kind === 'resource-limit') return { message: `PyYAML cannot load this file: ${problem.message}.` };
  if (problem.pyClass === 'Crash') {
    const stage = problem.kind === 'syntax' ? 'reads this text' : 'constructs this value';
    // A bundle is loaded inside a pydantic validator, which turns a ValueError into a validation error.
    const wrapped = problem.exceptionType === 'ValueError' ? [`For a bundle, SWE-agent reports it as a validation error of Bundle: \`Value error, ${problem.message}\`.`] : [];
    return { message: `SWE-agent crashes while PyYAML ${stage}, with ${problem.exceptionType}.`, detail: [`${problem.exceptionType}: ${problem.message}`, ...wrapped] };
  }
  // PyYAML's own words: its problem, and its context ("while parsing a block mapping"), whose place is a related location.
  const context = problem.context?.message;
  if (problem.kind === 'multiple-documents') return { message: `PyYAML cannot load this file: ${context}, ${problem.message}.` };
  if (problem.kind === 'duplicate-anchor') return { message: `PyYAML cannot load this file: ${context} (the related location), ${problem.message} here.` };
  return { message: `PyYAML cannot load this file: ${problem.message}${context ? ` (${context})` : ''}.` };
}

export function yamlProblemDiagnostics(problems: YamlProblem[], origin: Origin): EngineDiagnostic[] {
  const out = new DiagnosticBuilder(null);
  for (const problem of problems) {
    spend();
    const related =
      problem.context && problem.context.start !== problem.start
        ? [{ origin, start: problem.context.start, end: problem.context.start, message: problem.context.message }]
        : undefined;
    const text = origin.text.slice(problem.start, problem.end);
    const { message, detail } = problemMessage(problem);
    out.add(YAML_CODES[problem.kind], { origin, start: problem.start, end: Math.max(problem.end, problem.start) }, message, {
      related,
      detail,
      severity: problem.kind === 'check-budget' ? 'warning' : undefined,
      data: problem.kind === 'value-indicator' ? { quote: { text } } : undefined,
    });
  }
  return out.diagnostics;
}

function firstLine(node: PyNode): Span {
  const lineEnd = node.origin.text.indexOf('\n', node.start);
  return { origin: node.origin, start: node.start, end: lineEnd === -1 || lineEnd > node.end ? node.end : lineEnd };
}

/** A bundle's check from its structure and its tools' checks in an assembly (in the order of `structure.toolEntries`). */
export function bundleCheckOf(structure: BundleStructure, tools: ToolCheck[]): BundleCheck {
  return {
    loads: structure.ok && charged(tools).every((t) => t.bundleStageOk && t.command !== null),
    diagnostics: structure.diagnostics,
    toolEntries: structure.toolEntries,
    tools,
    stateCommand: structure.stateCommand,
  };
}

export function checkBundleStructure(load: YamlLoad, origin: Origin): BundleStructure {
  const result: BundleStructure = { ok: false, diagnostics: [], toolEntries: [], stateCommand: null };
  if (load.problems.length > 0) {
    result.diagnostics = yamlProblemDiagnostics(load.problems, origin);
    return result;
  }
  const out = new DiagnosticBuilder(null);
  result.diagnostics = out.diagnostics;
  const root = load.root ? deref(load.root) : null;
  const rootMap = root ? asDict(root) : null;
  if (!root || !rootMap) {
    const found = !root ? 'empty' : root.kind === 'seq' ? 'a list' : root.kind === 'map' ? 'a set' : `a single ${root.value.type === 'str' ? 'string' : root.value.type} value`;
    out.add(
      'not-a-mapping',
      root ? firstLine(root) : { origin, start: 0, end: 0 },
      `A bundle's config.yaml must be a mapping with \`tools:\`, but this file is ${found}.`,
      { detail: 'SWE-agent fails: TypeError: BundleConfig() argument after ** must be a mapping' },
    );
    return result;
  }
  if (load.features.aliases) warnAliasBomb(rootMap, out);
  warnDuplicateKeys(rootMap, '', out, true);
  const entries = dictEntries(rootMap);
  let bundleOk = true;
  for (const entry of entries) {
    spend();
    const key = deref(entry.key);
    if (key.kind === 'scalar' && key.value.type === 'str') continue;
    bundleOk = false;
    out.add(
      'non-string-key',
      spanOf(entry.key),
      `Top-level key ${describeKey(entry.key)} is read as ${typePhrase(entry.key)}, not a string.`,
      { detail: ['SWE-agent passes top-level keys as keyword arguments, which must be strings.', 'SWE-agent fails: TypeError: keywords must be strings', 'Quote it or remove it.'] },
    );
  }
  const fields = fieldsOf(entries);
  const unknownFields = charged([...fields]).filter(([field]) => !(BUNDLE_FIELDS as readonly string[]).includes(field));
  reportUnknownKeys(unknownFields, ([, entry]) => entry.key, 'the bundle config', out, ([field, entry]) => {
    warnDuplicateKeys(entry.value, '', out);
    if (AGENT_TOOL_SETTINGS.includes(field)) {
      out.add('key-misplaced', spanOf(entry.key), `\`${field}\` is an agent setting (\`agent.tools.${field}\` in the agent config); SWE-agent ignores it in a bundle's config.yaml.`);
      return;
    }
    const suggestion = suggestName(field, BUNDLE_FIELDS);
    out.add(
      'unknown-key',
      spanOf(entry.key),
      `SWE-agent ignores the top-level key \`${field}\`${suggestion ? `; did you mean \`${suggestion}\`?` : '. A bundle config has `tools` and `state_command`.'}`,
      { data: suggestion ? { replaceWith: suggestion } : undefined, unnecessary: !suggestion },
    );
  });
  const stateEntry = fields.get('state_command');
  if (stateEntry) {
    const value = laxOptionalStr(stateEntry.value);
    if (!value.ok) {
      bundleOk = false;
      out.add('wrong-type', spanOf(stateEntry.value), '`state_command` must be a string or null.', { detail: `pydantic: ${value.issues[0].message}` });
    } else if (value.value !== null) {
      result.stateCommand = { value: value.value, node: stateEntry.value };
    }
  }
  const toolsEntry = fields.get('tools');
  if (!toolsEntry) {
    out.add('missing-field', firstLine(rootMap), 'This bundle config has no `tools:`, which SWE-agent requires.', {
      data: { addField: 'tools' },
      detail: ['pydantic: Field required', 'Add `tools:` with at least one tool.'],
    });
    return result;
  }
  const toolsMap = asDict(toolsEntry.value);
  if (!toolsMap) {
    const looksLikeList = deref(toolsEntry.value).kind === 'seq';
    out.add(
      'wrong-type',
      spanOf(toolsEntry.value),
      `\`tools\` must be a mapping from tool name to tool (pydantic: Input should be a valid dictionary)${looksLikeList ? '; write `tools:` followed by `  my_tool:` entries, not a list' : ''}.`,
    );
    return result;
  }
  warnDuplicateKeys(toolsMap, ' in `tools`', out, true);
  result.toolEntries = toolEntries(toolsMap);
  result.ok = bundleOk;
  return result;
}

/** The tools of the `tools:` mapping in Python dict order, each with the key of the occurrence that wins. */
function toolEntries(toolsMap: MapNode): ToolEntry[] {
  return charged(dictEntries(toolsMap)).map((entry) => ({ keyNode: entry.occurrences[entry.occurrences.length - 1].key, valueNode: entry.value }));
}
