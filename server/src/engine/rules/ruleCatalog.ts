/**
 * Every diagnostic code the engine emits. `docs/rules.md` documents each one
 * (a test keeps the two in step). `sweAgentRejects` says whether SWE-agent
 * refuses to start with a bundle that has this problem; only those rules
 * default to `error`.
 */
import { Severity } from '../diagnostics';

export interface RuleInfo {
  /** The severity it is reported with (when it is on). */
  severity: Severity;
  /** Off unless the settings turn it on (`rules: {code: severity}`). */
  offByDefault?: true;
  /** Says that part of what SWE-agent reads was not checked: the file is counted "not checked", never clean. */
  leavesUnchecked?: true;
  sweAgentRejects: boolean;
  summary: string;
}

/** What a user may set a rule to: a severity, or `off`. */
export type RuleSetting = Severity | 'off';

const rule = (severity: Severity, sweAgentRejects: boolean, summary: string): RuleInfo => ({ severity, sweAgentRejects, summary });

export const RULES = {
  // The file as PyYAML reads it.
  'file-not-utf8': rule('error', true, 'The file is not valid UTF-8, so SWE-agent cannot read it.'),
  'file-unreadable': rule('error', true, 'The file cannot be read at all (permissions, a folder, a broken link).'),
  'yaml-non-printable': rule('error', true, 'The file contains a character PyYAML refuses to read.'),
  'yaml-syntax': rule('error', true, 'PyYAML cannot parse the file.'),
  'yaml-multiple-documents': rule('error', true, 'The file holds more than one YAML document; safe_load needs exactly one.'),
  'yaml-undefined-alias': rule('error', true, 'An alias refers to an anchor that is not defined before it.'),
  'yaml-duplicate-anchor': rule('error', true, 'An anchor name is defined twice, which PyYAML rejects.'),
  'yaml-unknown-tag': rule('error', true, 'A tag that safe_load has no constructor for.'),
  'yaml-value-tag': rule('error', true, 'A bare `=` value, which YAML 1.1 reads as the value indicator and safe_load cannot construct.'),
  'yaml-unhashable-key': rule('error', true, 'A mapping key that is a list or mapping.'),
  'yaml-bad-merge': rule('error', true, 'A `<<` merge key whose value is not a mapping or a list of mappings.'),
  'yaml-bad-value': rule('error', true, 'A tagged value its constructor rejects, such as `!!bool maybe` or an impossible date.'),
  'yaml-resource-limit': rule('error', true, 'The document is nested or expanded beyond what the loader can handle.'),
  'yaml-alias-bomb': rule('warning', false, 'Aliases that expand to a huge document.'),
  'yaml-duplicate-key': rule('warning', false, 'A key appears twice in one mapping; the last value wins silently.'),
  // BundleConfig and Command, as pydantic validates them.
  'not-a-mapping': rule('error', true, 'The file is not a YAML mapping.'),
  'non-string-key': rule('error', true, 'A key that is not a string, where SWE-agent passes keys as keyword arguments.'),
  'missing-field': rule('error', true, 'A required field is missing.'),
  'left-to-command-line': rule('hint', false, 'The model of an agent config left to the command line (`--agent.model.name=...`), with no `commandLine` setting to check it against.'),
  'wrong-type': rule('error', true, 'A field value pydantic cannot coerce to the field type.'),
  'name-key-conflict': rule('error', true, 'A tool sets `name:`, which clashes with the name SWE-agent passes.'),
  'required-after-optional': rule('error', true, 'A required argument follows an optional one.'),
  'duplicate-argument': rule('error', true, 'Two arguments of a tool have the same name.'),
  'invalid-argument-name': rule('error', true, 'An argument name that does not start like `[a-zA-Z_]`.'),
  'signature-missing-argument': rule('error', true, 'An argument that the signature does not mention.'),
  'signature-unknown-placeholder': rule('error', true, 'A placeholder in the signature (or invoke format) with no argument.'),
  'argument-not-a-placeholder': rule('error', true, 'An argument the signature mentions, but not as a placeholder SWE-agent fills.'),
  'format-string-error': rule('error', true, "The invoke format is not a valid Python format string."),
  'multiline-without-signature': rule('error', true, '`end_name` without `signature`, which crashes SWE-agent\'s docs generation.'),
  'docstring-format-error': rule('error', true, 'The docstring breaks `str.format` with the env variables.'),
  'docstring-unknown-variable': rule('error', true, 'The docstring uses a `{VARIABLE}` that the env does not set.'),
  'bash-tool-clash': rule('error', true, 'A tool named `bash` clashes with SWE-agent\'s built-in bash tool.'),
  // Agent configs and bundle folders.
  'bundle-path-missing': rule('error', true, 'An agent config lists a bundle folder that does not exist.'),
  'bundle-renamed': rule('error', true, "A bundle of SWE-agent's own checkout under a name the chosen version does not use (`tools/defaults`, renamed `tools/windowed` in 1.1.0)."),
  'bundle-not-in-version': rule('error', true, "A bundle of SWE-agent's own checkout that the chosen version does not have (removed, or added in a later version)."),
  'bundle-config-missing': rule('error', true, 'An agent config lists a bundle folder without config.yaml.'),
  'bundle-outside-workspace': { ...rule('information', false, 'An agent config lists a bundle outside the workspace, which is not read.'), leavesUnchecked: true },
  'hidden-tool-missing': rule('error', true, '`hidden_tools` names a tool the bundle does not have.'),
  'bundle-errors': rule('error', true, 'A bundle an agent config lists has errors in that assembly (its env, bash setting and hidden tools).'),
  'duplicate-tool': rule('error', true, 'Two bundles of an agent config define the same tool (or one defines `bash` while the built-in bash tool is on).'),
  'bash-disabled-parser': rule('error', true, '`enable_bash_tool: false` with a parser other than function_calling or json.'),
  // The whole agent config, as `sweagent run --config` validates it (RunSingleConfig and everything under it).
  'forbidden-key': rule('error', true, 'A key where the model forbids unknown keys (`extra="forbid"`): the agent, model, history processors, env, ...'),
  'invalid-choice': rule('error', true, 'A value that is not one of the allowed ones: a literal such as `type`, or a `type` no member of a union has.'),
  'invalid-value': rule('error', true, "A value one of SWE-agent's validators refuses (`n` of last_n_observations not positive, a GitHub issue URL it cannot read, ...)."),
  'unknown-option': rule('error', true, 'A command-line override (`--agent.model.nme=...`) that names no configuration field.'),
  'sweagent-0x-config': rule('error', true, "A SWE-agent 0.x agent config (top-level `system_template`, `command_files`, ...): not checked here, and SWE-agent 1.x refuses it."),
  'option-without-value': rule('error', true, 'A command-line option given without a value (`--agent.model.name` last, or before another option): argparse expects one.'),
  'option-unparsable': rule('error', true, 'A list or mapping option whose value pydantic-settings cannot read (`k=v` items without `=`, an unclosed bracket).'),
  'problem-statement-missing': rule('error', true, "A `text_file` problem statement whose `path` is missing (or a folder) where sweagent runs: SWE-agent reads it while loading."),
  'not-checked': rule('information', false, "A part of the config that is not checked here (a fork's validator this tool does not run, a file SWE-agent reads when it starts), said so instead of passing silently."),
  'sweagent-warning': rule('warning', false, 'SWE-agent starts, but logs a warning about the config (an empty system or instance template, an ignored demonstration template).'),
  'template-syntax': rule('warning', false, 'A Jinja syntax error in an agent template: SWE-agent starts, then fails on the first step that renders it.'),
  'template-single-braces': rule('warning', false, 'A template with `{var}` but no `{{`: SWE-agent warns that Jinja needs `{{var}}`.'),
  'template-unknown-variable': rule('warning', false, 'A template uses a variable SWE-agent does not supply to it, so Jinja renders it as empty text.'),
  'template-variable-unverified': rule('information', false, "A template variable that only a state command whose keys cannot be read here, or a fork's code not read, could supply."),
  'command-docs-unused': rule('warning', false, 'A parser other than function calling, and no template of the agent uses `{{command_docs}}`, so the model is never told the tools.'),
  'key-misplaced': rule('warning', false, 'A key one level off: a ToolConfig setting inside `registry_variables` or `env_variables`, a tool defined under `agent.tools`, an agent setting in a bundle.'),
  'bundles-misplaced': rule('warning', false, '`bundles` under `agent.templates`, where SWE-agent ignores it.'),
  'bin-script-missing': rule('warning', false, 'A tool or state command has no `bin/` script, so `which` may not find it after install.'),
  // Off by default: SWE-agent runs `chmod +x bin/*` when it installs a bundle.
  'bin-script-not-executable': { ...rule('information', false, 'A `bin/` script without the execute bit.'), offByDefault: true },
  'bin-script-undeclared': rule('information', false, 'A `bin/` script that no tool declares.'),
  'script-crlf': rule('error', false, '`install.sh`, or a `bin/` script with a `#!` line, has CRLF line ends, so running it fails.'),
  'script-no-shebang': rule('warning', false, 'A Python `bin/` script without a `#!` line, which bash runs as a shell script.'),
  'setup-without-install': rule('warning', false, 'A bundle with `setup.sh` but no `install.sh`, the only script SWE-agent runs at install.'),
  'state-not-written': rule('information', false, 'A state command whose script never names `/root/state.json`, where SWE-agent reads the state.'),
  // Loads, but is wrong.
  'argument-format-jinja': rule('warning', false, '`argument_format` looks like `{value}` where Jinja needs `{{value}}` (SWE-agent logs a warning).'),
  'unknown-key': rule('warning', false, 'A key SWE-agent ignores, usually a typo.'),
  'argument-name-prefix-only': rule('warning', false, 'An argument name that SWE-agent accepts only because `re.match` checks a prefix.'),
  'unknown-json-schema-type': rule('warning', false, '`type` is not a JSON Schema type, so the model gets an invalid schema.'),
  'array-without-items': rule('warning', false, 'An `array` argument without `items`.'),
  'enum-type-mismatch': rule('warning', false, 'An `enum` value that does not fit the argument type.'),
  'optional-mismatch': rule('warning', false, 'The signature and `required` disagree about whether an argument is optional.'),
  'boolean-flag-always': rule('warning', false, 'A `boolean` argument whose `argument_format` gives the same text for true and false, so the flag is passed whatever the value.'),
  'gemini-empty-parameters': rule('error', false, 'A tool without arguments, sent to a Gemini model with empty `properties` by SWE-agent up to v1.1.0, which Gemini rejects.'),
  'runtime-call-error': rule('warning', false, 'The tool loads, but calling it raises an exception in SWE-agent.'),
  'resource-limit': { ...rule('warning', false, 'A size budget was hit, so checking stopped early.'), leavesUnchecked: true },
  'rendered-text-limit': rule('warning', false, 'A docstring or call renders to more text than the checker builds (a huge format width); SWE-agent builds it all.'),
  'diagnostics-limit': rule('warning', false, 'More diagnostics than the per-file budget: the rest are counted in one summary (its severity is the worst of them).'),
  // The checker's own settings.
  'settings-invalid': rule('warning', false, 'A setting in `.swe-bundle.json` (or the editor\'s settings) is unknown, malformed, or not allowed from the workspace, so it is ignored.'),
  'unknown-rule-code': rule('warning', false, 'A `# swe-bundle-disable-line` comment names a code that no rule has, so it silences nothing.'),
} as const satisfies Record<string, RuleInfo>;

export type RuleCode = keyof typeof RULES;

export function isRuleCode(code: string): code is RuleCode {
  return Object.prototype.hasOwnProperty.call(RULES, code);
}

/** What a rule is without settings: its severity, or `off`. */
export function defaultSettingOf(code: RuleCode): Severity | 'off' {
  const info: RuleInfo = RULES[code];
  return info.offByDefault ? 'off' : info.severity;
}

/** Whether a diagnostic of this rule says that part of a file was not checked. */
export function leavesUnchecked(code: RuleCode): boolean {
  const info: RuleInfo = RULES[code];
  return info.leavesUnchecked === true;
}
