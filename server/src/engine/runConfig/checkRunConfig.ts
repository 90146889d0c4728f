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
 * comes from the command line is reported at the key the option sets, or the
 * nearest key of its path a file has (optionPlace.ts).
 */
import * as path from 'path';
import { DiagnosticBuilder } from '../diagnosticBuilder';
import { EngineDiagnostic, Span, spanOf } from '../diagnostics';
import { yamlProblemDiagnostics } from '../swe/checkBundle';
import { warnDuplicateKeys } from '../swe/duplicateKeys';
import { describeKey } from '../swe/pyLocItem';
import { AgentCheck, AgentCheckContext, checkAgentConfig } from '../workspace/checkAgentConfig';
import { AgentTools, agentToolsOf } from '../workspace/agentConfig';
import { YamlLoad } from '../yaml/loadYaml';
import { MapNode, Origin, PyNode, deref, dictEntries, strValue } from '../yaml/pyNode';
import { RunConfigKind, runConfigKindOf, sweAgent0xKeys } from './classify';
import { CommandLineOverride, readOverrides } from './commandLine';
import { mergeConfigs } from './merge';
import { optionSpan } from './optionPlace';
import { MAIN_PROFILE, fieldAddedAfter } from '../sweAgent/builtinProfiles';
import { SweAgentProfile } from '../sweAgent/profile';
import { misplacedKeyDiagnostics } from './misplacedKeys';
import { templateDiagnostics } from './templates';
import { assemblyVariables, templateVariableDiagnostics } from './templateVariables';
import { geminiToolSchemaDiagnostics } from './geminiToolSchema';
import { RULES } from '../rules/ruleCatalog';
import { ConfigIssue, ModelVisit, locText, validateModel } from './validate';
import { BUDGETS } from '../budgets';
import { shortPrefix } from '../util/shortPrefix';
import { charged, spend } from '../work';

/**
 * The one required field a config may leave to the command line with no
 * command line configured: the model, which SWE-agent's own configs leave
 * out on purpose and its docs give as `--agent.model.name=gpt-4o`. Any other
 * required field (`instances.path` of a run-batch config, ...) fails
 * `sweagent run --config FILE` as written, so it stays an error.
 */
const MODEL_FLAG = '--agent.model.name';

interface RunConfigFile {
  load: YamlLoad;
  /** The origin the file was parsed with: its text (as PyYAML sees it) and where its diagnostics go. */
  origin: Origin;
}

export interface RunConfigInput {
  /** The `--config` files, in order. */
  files: readonly RunConfigFile[];
  /** SWE-agent's command-line overrides (`--agent.model.name=gpt-4o`), in order. */
  overrides?: readonly CommandLineOverride[];
  /**
   * Whether the settings give these files a command line (`commandLine`,
   * the CLI's overrides). Without one, the model left out (MODEL_FLAG) is only
   * a hint; with one, a model it still lacks is an error.
   */
  commandLineGiven?: boolean;
  /** The command; by default what the merged file looks like (`instances:` means run-batch). */
  kind?: RunConfigKind;
  /** The SWE-agent the config is judged by; main by default. */
  profile?: SweAgentProfile;
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
  const profile = input.profile ?? MAIN_PROFILE;
  const stop = (kind: RunConfigKind): RunConfigCheck => ({ kind, loads: false, diagnostics: out.diagnostics, sections: [], root: null });

  // PyYAML: the first file that does not load stops SWE-agent.
  for (const file of files) {
    spend();
    if (file.load.root) warnDuplicateKeys(file.load.root, '', out);
    if (file.load.problems.length > 0) {
      for (const d of yamlProblemDiagnostics(file.load.problems, file.origin)) {
        spend();
        out.diagnostics.push(d);
      }
      if (out.hasErrors()) return stop(input.kind ?? 'run-single');
    }
  }

  // A SWE-agent 0.x config: 1.x refuses its top-level keys, and its own format is not modelled here.
  // When the SWE-agent chosen is a 0.x package itself (a fork of 0.7), the config is in its own format: not checked, but not refused.
  const own0x = profile.packageVersion?.startsWith('0.') ? profile.packageVersion : null;
  for (const file of files) {
    spend();
    const v0Keys = sweAgent0xKeys(file.load.root);
    if (!v0Keys) continue;
    const named = charged(v0Keys.slice(0, 2)).map((k) => `\`${strValue(k)}\``).join(', ');
    if (own0x) {
      out.add('sweagent-0x-config', spanOf(v0Keys[0]), `A SWE-agent 0.x config (top-level ${named}) in the format of ${profile.label} (${own0x}): not checked here.`, {
        severity: 'warning',
        detail: 'This tool checks the SWE-agent 1.x format only; 1.x nests these keys under `agent:` (see its config/sweagent_0_7/).',
      });
      continue;
    }
    out.add(
      'sweagent-0x-config',
      spanOf(v0Keys[0]),
      `A SWE-agent 0.x config (top-level ${named}) is not checked here, and SWE-agent 1.x refuses it.`,
      { detail: 'SWE-agent 1.x nests these keys under `agent:` (see its config/sweagent_0_7/ for 0.7 agents in the 1.x format).' },
    );
  }
  if (charged(out.diagnostics).some((d) => d.code === 'sweagent-0x-config')) return stop(input.kind ?? 'run-single');

  // pydantic-settings' parser: an unknown option, one without a value or a list it cannot read stops SWE-agent before validation.
  const overrides: CommandLineOverride[] = [];
  const roots = charged(files).map((f) => ({ root: f.load.root, origin: f.origin }));
  for (const read of readOverrides(input.kind === 'run-batch' ? profile.runBatch : profile.runSingle, input.overrides ?? [])) {
    spend();
    const { override } = read;
    const option = `--${override.path.join('.')}`;
    const at = optionSpan(roots, override.path);
    if (read.kind === 'value') overrides.push(override);
    else if (read.kind === 'unknown') {
      const given = override.text === null ? option : `${option}=${override.text}`;
      out.add('unknown-option', at, `The command-line option \`${override.arg}\` names no configuration field.`, { detail: `SWE-agent fails: error parsing CLI: unrecognized arguments: ${given}` });
    } else if (read.kind === 'no-value') {
      out.add('option-without-value', at, `The command-line option \`${override.arg}\` has no value.`, { detail: `SWE-agent fails: error parsing CLI: argument ${option}: expected one argument` });
    } else {
      out.add('option-unparsable', at, `SWE-agent cannot read the command-line option \`${override.arg}\`.`, { detail: `SWE-agent fails: ${read.message}` });
    }
  }
  const merged = mergeConfigs(roots, overrides, profile.facts.configMerge);
  for (const problem of merged.problems) {
    spend();
    if (problem.kind === 'empty-file') {
      out.add('sweagent-warning', fileStart(problem.file.origin), 'The file is empty: SWE-agent skips it.', { detail: 'SWE-agent logs: Config file ... is empty' });
    } else {
      out.add(
        'not-a-mapping',
        problem.at && problem.at.origin === problem.file.origin ? spanFor(problem.at) : fileStart(problem.file.origin),
        'SWE-agent needs a mapping of settings here (`agent:`, `env:`, ...), and merging this config fails.',
        { detail: `SWE-agent fails: ${problem.exception}: ${problem.message}` },
      );
    }
  }
  const kind = input.kind ?? (runConfigKindOf(merged.root) === 'run-batch' ? 'run-batch' : 'run-single');
  if (merged.failed) return stop(kind);

  // `CliApp.run(RunSingleConfig, args, **config)`: the top-level keys are keyword arguments.
  const root: MapNode = merged.root ?? { kind: 'map', origin: first, start: 0, end: 0, tag: 'tag:yaml.org,2002:map', python: 'dict', pairs: [], ownPairs: [] };
  for (const entry of dictEntries(root)) {
    spend();
    if (strValue(entry.key) === undefined) {
      out.add('non-string-key', spanOf(entry.key), `The top-level key \`${describeKey(entry.key)}\` is not a string.`, {
        detail: ['SWE-agent passes these keys as keyword arguments.', 'SWE-agent fails: TypeError: keywords must be strings'],
      });
    }
  }

  const schema = kind === 'run-batch' ? profile.runBatch : profile.runSingle;
  const validation = validateModel(root, schema, (model, field) => {
    const later = fieldAddedAfter(profile.base, model, field);
    return later && (later === 'main' ? 'main' : `v${later}`);
  });
  const topLevelKeyIssue = (issue: ConfigIssue) => issue.code === 'non-string-key' && issue.loc.length === 1;
  for (const issue of validation.issues) {
    spend();
    if (topLevelKeyIssue(issue)) continue;
    const span = issue.at ? spanFor(issue.at) : fileStart(first);
    const { message: said, detail } = issue.detail ? { message: issue.message, detail: issue.detail } : pydanticApart(issue.message);
    if (issue.commandLineFlag === MODEL_FLAG && !input.commandLineGiven) {
      out.add('left-to-command-line', span, `\`${locText(issue.loc)}\` is left to the command line: pass \`${MODEL_FLAG}=...\` when you run SWE-agent.`, { detail });
      continue;
    }
    const message = issue.commandLineFlag && input.commandLineGiven ? `${said.slice(0, -1)}, and the configured command line has no \`${issue.commandLineFlag}\`.` : said;
    const option = issue.commandLineFlag && !input.commandLineGiven ? [`\`${issue.commandLineFlag}=...\` on the command line gives it.`] : [];
    out.add(issue.code, span, message, { severity: issue.severity, data: issue.data, detail: [detail ?? [], option].flat() });
  }
  if (validation.truncated) out.add('resource-limit', fileStart(first), 'The config expands (through aliases) to more nodes than the checker reads; the rest was not checked.');
  for (const visit of validation.visits) {
    spend();
    notChecked(visit, out, context);
  }
  for (const d of templateDiagnostics(validation.visits)) {
    spend();
    out.diagnostics.push(d);
  }
  for (const d of misplacedKeyDiagnostics(validation.visits)) {
    spend();
    out.diagnostics.push(d);
  }

  const sections = charged(agentToolsOf(root)).map((tools) => ({ tools, check: checkAgentConfig(tools, context) }));
  for (const section of sections) {
    spend();
    for (const d of section.check.diagnostics) {
    spend();
    out.diagnostics.push(d);
  }
  }
  const assemblies = charged(sections).map((s) => assemblyVariables(s.tools, s.check));
  for (const d of templateVariableDiagnostics(validation.visits, assemblies, profile)) {
    spend();
    out.diagnostics.push(d);
  }
  for (const d of geminiToolSchemaDiagnostics(validation.visits, sections, profile)) {
    spend();
    out.diagnostics.push(d);
  }

  const fileOrigins = new Set(charged(files).map((f) => f.origin));
  const diagnostics = charged(out.diagnostics).map((d) => (fileOrigins.has(d.origin) ? d : fromCommandLine(d, merged.optionOf.get(d.origin), roots, fileOrigins)));
  return { kind, loads: !charged(diagnostics).some((d) => d.severity === 'error' && RULES[d.code].sweAgentRejects) && charged(sections).every((s) => s.check.loads), diagnostics, sections, root };
}

/**
 * A message and pydantic's words in it (`... (pydantic: Field required).`)
 * apart: the message says what is wrong, the related information what
 * pydantic says.
 */
function pydanticApart(text: string): { message: string; detail?: string } {
  const match = /^(.*?)[ ]\((pydantic: .*)\)\.?$/s.exec(text);
  if (!match) return { message: text };
  const said = match[1];
  return { message: /[.?!]$/.test(said) ? said : `${said}.`, detail: match[2] };
}

/** A problem with a value given on the command line (or a key it sets), placed at the key the option sets (optionPlace.ts) and named by the option as given. */
function fromCommandLine(diagnostic: EngineDiagnostic, option: CommandLineOverride | undefined, files: Parameters<typeof optionSpan>[0], fileOrigins: ReadonlySet<Origin>): EngineDiagnostic {
  const at = optionSpan(files, option?.path ?? []);
  const given = option ? `\`${shortPrefix(option.arg, BUDGETS.shownArgumentChars)}\`` : 'an option';
  // What it relates to on the command line is placed with it: the command line has no place in the files.
  const related = charged(diagnostic.related)?.map((r) => (r.file !== undefined || fileOrigins.has(r.origin) ? r : { ...r, ...at }));
  return { ...diagnostic, ...at, message: `On the command line, ${given}: ${diagnostic.message}`, data: undefined, ...(related ? { related } : {}) };
}

/** The parts we do not port are said to be unchecked, on their key; a file SWE-agent reads while loading is looked for. */
function notChecked(visit: ModelVisit, out: DiagnosticBuilder, context: AgentCheckContext): void {
  for (const entry of dictEntries(visit.node)) {
    spend();
    const name = strValue(entry.key);
    const field = name === undefined ? undefined : charged(visit.model.fields).find((f) => f.name === name);
    if (field?.type.t === 'unchecked') {
      out.add('not-checked', spanOf(entry.key), `\`${locText([...visit.loc, name!])}\` is not checked here: its type, ${field.type.what}, is not one this checker reads. SWE-agent validates it when it starts.`);
    }
  }
  const where = dictEntries(visit.node)[0]?.key ?? visit.node;
  for (const validator of visit.model.notRun ?? []) {
    spend();
    out.add('not-checked', spanOf(where), `\`${validator}\` is not run by this tool: it is code of the model \`${visit.model.name}\` (at \`${locText(visit.loc) || 'the top level'}\`) that SWE-agent runs when it loads the config, so what it checks is not checked here.`);
  }
  if (visit.model.name === 'FileProblemStatement') problemStatementFile(visit, out, context);
}

/**
 * FileProblemStatement reads its file while the config loads
 * (`model_post_init`, to hash it into an `id`), unless an `id` is given; a
 * relative path starts in the folder sweagent runs in.
 */
function problemStatementFile(visit: ModelVisit, out: DiagnosticBuilder, context: AgentCheckContext): void {
  const entries = dictEntries(visit.node);
  const entry = charged(entries).find((e) => strValue(e.key) === 'path');
  const id = charged(entries).find((e) => strValue(e.key) === 'id');
  const given = entry && strValue(entry.value);
  if (!entry || given === undefined || (id && strValue(deref(id.value)) !== undefined)) return;
  const run = context.run;
  const file = run && path.resolve(run.folder, given);
  const status = run && file ? run.stat(file) : 'outside';
  if (!run || status === 'outside') {
    out.add('not-checked', spanOf(entry.value), '`problem_statement.path` is not checked here: SWE-agent reads it while loading, from the folder sweagent runs in, which is not read here.');
    return;
  }
  if (status === 'file') return;
  const where = run.assumed ? `${run.folder}, taken as where sweagent runs` : `${run.folder}, where sweagent runs`;
  const error = status === 'missing' ? 'FileNotFoundError' : 'IsADirectoryError';
  out.add('problem-statement-missing', spanOf(entry.value), `SWE-agent reads \`${given}\` while loading, and it is ${status === 'missing' ? 'missing' : 'not a file'} (from ${where}): ${error}.`);
}
