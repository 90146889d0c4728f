/**
 * An agent config judged as `sweagent run --config FILE...` (or
 * `sweagent run-batch`) judges it, start to end: each file loaded by PyYAML,
 * the files merged and the command-line overrides laid over them
 * (merge.ts), the top-level keys passed as keyword arguments, the whole
 * RunSingleConfig (RunBatchConfig) validated (validate.ts), the templates
 * checked (templates.ts), and every ToolConfig's assembly built with its
 * bundles (workspace/checkAgentConfig.ts).
 *
 * A pure function: the files come parsed, the bundles through the context's
 * resolver. Each diagnostic sits on the origin of the file it is about; what
 * comes from the command line is reported at the start of the first file.
 */
import { DiagnosticBuilder } from '../diagnosticBuilder';
import { EngineDiagnostic, Span, spanOf } from '../diagnostics';
import { yamlProblemDiagnostics } from '../swe/checkBundle';
import { warnDuplicateKeys } from '../swe/duplicateKeys';
import { describeKey } from '../swe/pyLocItem';
import { AgentCheck, AgentCheckContext, checkAgentConfig } from '../workspace/checkAgentConfig';
import { AgentTools, agentToolsOf } from '../workspace/agentConfig';
import { YamlLoad } from '../yaml/loadYaml';
import { MapNode, Origin, PyNode, deref, dictEntries, strValue } from '../yaml/pyNode';
import { RunConfigKind, runConfigKindOf } from './classify';
import { CommandLineOverride, isKnownPath } from './commandLine';
import { mergeConfigs } from './merge';
import { misplacedKeyDiagnostics } from './misplacedKeys';
import { RUN_BATCH_CONFIG, RUN_SINGLE_CONFIG } from './models';
import { templateDiagnostics } from './templates';
import { assemblyVariables, templateVariableDiagnostics } from './templateVariables';
import { ConfigIssue, ModelVisit, locText, validateModel } from './validate';

export interface RunConfigFile {
  load: YamlLoad;
  /** The origin the file was parsed with: its text (as PyYAML sees it) and where its diagnostics go. */
  origin: Origin;
}

export interface RunConfigInput {
  /** The `--config` files, in order. */
  files: readonly RunConfigFile[];
  /** SWE-agent's command-line overrides (`--agent.model.name=gpt-4o`), in order. */
  overrides?: readonly CommandLineOverride[];
  /** The command; by default what the merged file looks like (`instances:` means run-batch). */
  kind?: RunConfigKind;
}

export interface RunConfigCheck {
  kind: RunConfigKind;
  /** SWE-agent gets past configuration with these files: nothing here or in the bundles is an error. */
  loads: boolean;
  diagnostics: EngineDiagnostic[];
  /** Each ToolConfig of the config (a retry agent has several) and its assembly check. */
  sections: { tools: AgentTools; check: AgentCheck }[];
  /** The merged mapping pydantic validates (null: none, the check stopped before). */
  root: MapNode | null;
}

/** The part of a node to underline: a collection's first line, a scalar whole. */
function spanFor(node: PyNode): Span {
  const target = deref(node);
  if (node.kind !== 'alias' && target.kind !== 'scalar') {
    const lineEnd = node.origin.text.indexOf('\n', node.start);
    return { origin: node.origin, start: node.start, end: lineEnd === -1 || lineEnd > node.end ? node.end : lineEnd };
  }
  return spanOf(node);
}

export function checkRunConfig(input: RunConfigInput, context: AgentCheckContext): RunConfigCheck {
  const out = new DiagnosticBuilder(null);
  const files = input.files;
  const first = files[0]?.origin ?? { text: '' };
  const fileStart = (origin: Origin): Span => ({ origin, start: 0, end: 0 });
  const stop = (kind: RunConfigKind): RunConfigCheck => ({ kind, loads: false, diagnostics: out.diagnostics, sections: [], root: null });

  // PyYAML: the first file that does not load stops SWE-agent.
  for (const file of files) {
    if (file.load.root) warnDuplicateKeys(file.load.root, '', out);
    if (file.load.problems.length > 0) {
      for (const d of yamlProblemDiagnostics(file.load.problems, file.origin)) out.diagnostics.push(d);
      if (out.hasErrors()) return stop(input.kind ?? 'run-single');
    }
  }

  const overrides = (input.overrides ?? []).filter((o) => {
    if (isKnownPath(input.kind === 'run-batch' ? RUN_BATCH_CONFIG : RUN_SINGLE_CONFIG, o.path)) return true;
    out.add('unknown-option', fileStart(first), `The command-line option \`${o.arg}\` names no configuration field (SWE-agent fails: error parsing CLI: unrecognized arguments: --${o.path.join('.')}).`);
    return false;
  });
  const merged = mergeConfigs(files.map((f) => ({ root: f.load.root, origin: f.origin })), overrides);
  for (const problem of merged.problems) {
    if (problem.kind === 'empty-file') {
      out.add('sweagent-warning', fileStart(problem.file.origin), 'The file is empty: SWE-agent skips it (it logs: Config file ... is empty).');
    } else {
      out.add(
        'not-a-mapping',
        problem.at && problem.at.origin === problem.file.origin ? spanFor(problem.at) : fileStart(problem.file.origin),
        `SWE-agent needs a mapping of settings here (\`agent:\`, \`env:\`, ...), and merging this config fails: ${problem.message.startsWith("'") && problem.message.includes('attribute') ? 'AttributeError' : 'TypeError'}: ${problem.message}.`,
      );
    }
  }
  const kind = input.kind ?? (runConfigKindOf(merged.root) === 'run-batch' ? 'run-batch' : 'run-single');
  if (merged.failed) return stop(kind);

  // `CliApp.run(RunSingleConfig, args, **config)`: the top-level keys are keyword arguments.
  const root: MapNode = merged.root ?? { kind: 'map', origin: first, start: 0, end: 0, tag: 'tag:yaml.org,2002:map', python: 'dict', pairs: [], ownPairs: [] };
  for (const entry of dictEntries(root)) {
    if (strValue(entry.key) === undefined) {
      out.add('non-string-key', spanOf(entry.key), `The top-level key \`${describeKey(entry.key)}\` is not a string; SWE-agent passes these keys as keyword arguments (it fails: TypeError: keywords must be strings).`);
    }
  }

  const schema = kind === 'run-batch' ? RUN_BATCH_CONFIG : RUN_SINGLE_CONFIG;
  const validation = validateModel(root, schema);
  const topLevelKeyIssue = (issue: ConfigIssue) => issue.code === 'non-string-key' && issue.loc.length === 1;
  for (const issue of validation.issues) {
    if (topLevelKeyIssue(issue)) continue;
    const span = issue.at ? spanFor(issue.at) : fileStart(first);
    out.add(issue.code, span, issue.message, { severity: issue.severity, data: issue.data });
  }
  if (validation.truncated) out.add('resource-limit', fileStart(first), 'The config expands (through aliases) to more nodes than the checker reads; the rest was not checked.');
  for (const visit of validation.visits) notChecked(visit, out);
  for (const d of templateDiagnostics(validation.visits)) out.diagnostics.push(d);
  for (const d of misplacedKeyDiagnostics(validation.visits)) out.diagnostics.push(d);

  const sections = agentToolsOf(root).map((tools) => ({ tools, check: checkAgentConfig(tools, context) }));
  for (const section of sections) for (const d of section.check.diagnostics) out.diagnostics.push(d);
  const assemblies = sections.map((s) => assemblyVariables(s.tools, s.check));
  for (const d of templateVariableDiagnostics(validation.visits, assemblies)) out.diagnostics.push(d);

  const fileOrigins = new Set(files.map((f) => f.origin));
  const diagnostics = out.diagnostics.map((d) => (fileOrigins.has(d.origin) ? d : fromCommandLine(d, first, overrides)));
  return { kind, loads: !diagnostics.some((d) => d.severity === 'error') && sections.every((s) => s.check.loads), diagnostics, sections, root };
}

/** A problem with a value given on the command line, reported at the start of the first file. */
function fromCommandLine(diagnostic: EngineDiagnostic, first: Origin, overrides: readonly CommandLineOverride[]): EngineDiagnostic {
  const override = overrides.find((o) => o.value.origin === diagnostic.origin);
  const given = override ? `\`${override.arg}\`` : 'an option';
  return { ...diagnostic, origin: first, start: 0, end: 0, message: `On the command line, ${given}: ${diagnostic.message}`, data: undefined };
}

/** The parts we do not port are said to be unchecked, on their key. */
function notChecked(visit: ModelVisit, out: DiagnosticBuilder): void {
  for (const entry of dictEntries(visit.node)) {
    const name = strValue(entry.key);
    const field = name === undefined ? undefined : visit.model.fields.find((f) => f.name === name);
    if (field?.type.t === 'unchecked') {
      out.add('not-checked', spanOf(entry.key), `\`${locText([...visit.loc, name!])}\` is not checked here: it is a ${field.type.what} (docker, modal, local, ...), which this checker does not model. SWE-agent validates it when it starts.`);
    }
  }
  if (visit.model.name === 'FileProblemStatement') {
    const entry = dictEntries(visit.node).find((e) => strValue(e.key) === 'path');
    if (entry) out.add('not-checked', spanOf(entry.key), '`problem_statement.path` is not checked here: SWE-agent reads the file when it starts (a relative path starts in the folder sweagent runs in).');
  }
}
