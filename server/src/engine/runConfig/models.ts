/**
 * SWE-agent's configuration models at commit 3ea751c0, one table per pydantic
 * model: `sweagent/run/run_single.py`, `run_batch.py`, `batch_instances.py`,
 * `sweagent/agent/agents.py`, `models.py`, `history_processors.py`,
 * `problem_statement.py`, `reviewer.py`, `action_sampler.py`,
 * `sweagent/tools/tools.py`, `bundle.py`, `parsing.py` and
 * `sweagent/environment/swe_env.py`, `repo.py`. Field order, types, defaults
 * and `extra` are SWE-agent's; the docs are ours. swerex's deployment configs
 * are not ported (`unchecked`): the verdicts do not cover them.
 */
import {
  FieldSchema,
  FieldType,
  ModelProblem,
  ModelSchema,
  any,
  bool,
  dict,
  float,
  int,
  list,
  literal,
  model,
  optional,
  path,
  secret,
  set,
  str,
  tagged,
  tuple,
  unchecked,
  union,
} from './schema';

const f = (name: string, type: FieldSchema['type'], defaultValue: string | undefined, doc: string, validator?: FieldSchema['validator']): FieldSchema => ({
  name,
  type,
  ...(defaultValue !== undefined ? { default: defaultValue } : {}),
  doc,
  ...(validator ? { validator } : {}),
});
const required = (name: string, type: FieldSchema['type'], doc: string, validator?: FieldSchema['validator']): FieldSchema => f(name, type, undefined, doc, validator);
const tag = (value: string, what: string): FieldSchema => f('type', literal(value), `'${value}'`, `Selects ${what}. Leave it as it is.`);

const DEPLOYMENT = unchecked('SWE-ReX deployment config');

// --- Templates (agents.py) ---

const TEMPLATE_CONFIG: ModelSchema = {
  name: 'TemplateConfig',
  extra: 'ignore',
  doc: 'The Jinja templates of the messages the agent sends to the model. Unknown keys are ignored.',
  fields: [
    f('system_template', str, "''", 'The system message. Rendered with Jinja, with `command_docs` and the env variables among its variables.'),
    f('instance_template', str, "''", 'The first user message: the task. Rendered with Jinja (`problem_statement`, `working_dir`, ...).'),
    f('next_step_template', str, "'Observation: {{observation}}'", 'The message after each action, with its output as `observation`.'),
    f('next_step_truncated_observation_template', str, "'Observation: {{observation[:max_observation_length]}}<response clipped>...'", 'The message after an action whose output was longer than `max_observation_length`.'),
    f('max_observation_length', int, '100_000', 'Outputs longer than this many characters are cut, and `next_step_truncated_observation_template` is used.'),
    f('next_step_no_output_template', str, 'None', 'The message after an action with no output; defaults to `next_step_template`. It must be a string: `null` is refused.'),
    f('strategy_template', optional(str), 'None', 'An optional message about the strategy, sent after the instance.'),
    f('demonstration_template', optional(str), 'None', 'How a demonstration is wrapped; ignored when `put_demos_in_history` is true.'),
    f('demonstrations', list(path), '[]', 'Trajectory files shown to the model as examples; relative paths start at SWE_AGENT_CONFIG_ROOT.'),
    f('put_demos_in_history', bool, 'False', 'Put the demonstrations into the history step by step instead of as one message.'),
    f('disable_image_processing', bool, 'False', 'Do not turn the images of a multimodal problem statement into image messages.'),
    f('shell_check_error_template', str, "'Your bash command contained syntax errors and was NOT executed. ...'", 'The message when `bash -n` rejects an action (`bash_stdout`, `bash_stderr`).'),
    f('command_cancelled_timeout_template', str, "\"The command '{{command}}' was cancelled because it took more than {{timeout}} seconds. ...\"", 'The message when an action times out (`command`, `timeout`).'),
  ],  // The warnings SWE-agent logs from its model validators (the Jinja one is templates.ts's).
  check: (values) => {
    const problems: ModelProblem[] = [];
    if (values.get('put_demos_in_history') === true && typeof values.get('demonstration_template') === 'string') {
      problems.push({ field: 'demonstration_template', severity: 'warning', message: 'SWE-agent ignores `demonstration_template` when `put_demos_in_history` is true (it logs: demonstration_template is ignored when put_demos_in_history is True).' });
    }
    if (!values.get('system_template') || !values.get('instance_template')) {
      problems.push({ severity: 'warning', message: 'No `system_template` or no `instance_template`: SWE-agent sends an empty message instead (it logs: system_template/instance_template is not set, using empty string). Fine for a human model, or when another --config file sets them.' });
    }
    return problems;
  },
};

// --- Tools (tools.py, bundle.py, parsing.py) ---

const TOOL_FILTER_CONFIG: ModelSchema = {
  name: 'ToolFilterConfig',
  extra: 'ignore',
  doc: 'Commands SWE-agent blocks (interactive programs the environment cannot run).',
  fields: [
    f('blocklist_error_template', str, '"Operation \'{{action}}\' is not supported by this environment."', 'The message when an action is blocked.'),
    f('blocklist', list(str), "['vim', 'vi', 'emacs', 'nano', 'nohup', 'gdb', 'less', 'tail -f', 'python -m venv', 'make']", 'Actions starting with one of these are blocked.'),
    f('blocklist_standalone', list(str), "['python', 'python3', 'ipython', 'bash', 'sh', ...]", 'Actions equal to one of these are blocked.'),
    f('block_unless_regex', dict(str, str), "{'radare2': ..., 'r2': ...}", 'Commands blocked unless the action also matches the regular expression.'),
  ],
};

const BUNDLE: ModelSchema = {
  name: 'Bundle',
  extra: 'ignore',
  doc: 'A tool bundle: a folder with config.yaml and bin/. Unknown keys are ignored.',
  fields: [
    required('path', path, 'The bundle folder; a relative path starts at SWE_AGENT_CONFIG_ROOT. SWE-agent loads its config.yaml.'),
    f('hidden_tools', list(str), '[]', 'Tools of the bundle that the model does not get. Each must exist in the bundle.'),
  ],
};

const parser = (name: string, type: string, what: string): ModelSchema => ({
  name,
  extra: 'ignore',
  doc: `The \`${type}\` parser: ${what} Unknown keys are ignored.`,
  fields: [f('error_message', str, '(the parser\'s own)', 'The message sent to the model when its output does not parse.'), tag(type, 'the parser')],
});

const PARSERS: readonly ModelSchema[] = [
  parser('ActionParser', 'action', 'the whole output is one command.'),
  parser('ThoughtActionParser', 'thought_action', 'a thought, then the command in a fenced code block.'),
  parser('ActionOnlyParser', 'action_only', 'the output is the command, with no thought.'),
  parser('XMLThoughtActionParser', 'xml_thought_action', 'a thought, then the command inside `<command>` tags.'),
  parser('XMLFunctionCallingParser', 'xml_function_calling', 'a thought, then a call written as `<function=...>` XML.'),
  parser('FunctionCallingParser', 'function_calling', "the model's function calls (tool calls)."),
  parser('EditFormat', 'edit_format', 'a thought, then replacement text in a code block.'),
  parser('Identity', 'identity', 'the output is both thought and action.'),
  parser('JsonParser', 'json', 'a JSON object with `thought` and `command`.'),
  parser('BashCodeBlockParser', 'all_bash_code_blocks', 'every ```bash block of the output.'),
  parser('SingleBashCodeBlockParser', 'single_bash_code_block', 'exactly one ```bash block.'),
];

const TOOL_CONFIG: ModelSchema = {
  name: 'ToolConfig',
  extra: 'ignore',
  doc: 'The tools the agent gets: bundles, the bash tool, the parser, the env. Unknown keys are ignored.',
  fields: [
    f('filter', model(TOOL_FILTER_CONFIG), 'ToolFilterConfig()', 'Which actions SWE-agent blocks.'),
    f('bundles', list(model(BUNDLE)), '[]', 'The tool bundles to install, in order. A tool defined twice stops SWE-agent.'),
    f('propagate_env_variables', list(str), '[]', 'Variables copied from your environment into the tools\' environment (visible in debug logs).'),
    f('env_variables', dict(str, any), "{'PAGER': 'cat', 'MANPAGER': 'cat', 'LESS': '-R', 'PIP_PROGRESS_BAR': 'off', 'TQDM_DISABLE': '1', 'GIT_PAGER': 'cat'}", 'Exported before the tools run, and the values docstrings and templates are formatted with. Setting it replaces the defaults.'),
    f('registry_variables', dict(str, any), '{}', 'Written to the registry file that tools read (e.g. `USE_FILEMAP`, `SUBMIT_REVIEW_MESSAGES`).'),
    f('submit_command', str, "'submit'", 'The tool that submits the solution.'),
    f('parse_function', union('smart', ...PARSERS.map(model)), 'FunctionCallingParser()', 'How the model\'s output becomes a thought and an action, chosen by `type`.'),
    f('enable_bash_tool', bool, 'True', 'Give the model the built-in `bash` tool. Turning it off needs the function_calling or json parser.'),
    f('format_error_template', str, 'None', "The message when the output does not parse; defaults to the parser's. It must be a string: `null` is refused."),
    f('command_docs', str, 'None', 'Generated from the bundles when SWE-agent starts; a value set here is replaced.'),
    f('multi_line_command_endings', dict(str, str), '{}', 'Generated from the tools\' `end_name` when SWE-agent starts.'),
    f('submit_command_end_name', optional(str), 'None', 'Generated from the submit tool when SWE-agent starts.'),
    f('reset_commands', list(union('smart', str, list(str))), '[]', 'Commands run when the environment starts or resets; a list is joined into one command.'),
    f('execution_timeout', int, '30', 'Seconds one action may run.'),
    f('install_timeout', int, '300', 'Seconds each bundle\'s install.sh may run.'),
    f('total_execution_timeout', int, '1800', 'Seconds all actions together may run; the agent stops after the action that passes it.'),
    f('max_consecutive_execution_timeouts', int, '3', 'The agent exits after this many timeouts in a row.'),
  ],
};

// --- Models (models.py) ---

const RETRY_CONFIG: ModelSchema = {
  name: 'RetryConfig',
  extra: 'ignore',
  doc: 'How often a failed model call is retried. Unknown keys are ignored.',
  fields: [
    f('retries', int, '20', 'How many times a failed call is retried.'),
    f('min_wait', float, '10', 'The shortest wait between retries, in seconds (random exponential).'),
    f('max_wait', float, '120', 'The longest wait between retries, in seconds.'),
  ],
};

const genericModelFields = (costDefault: string, name: FieldSchema): FieldSchema[] => [
  name,
  f('per_instance_cost_limit', float, costDefault, 'The agent stops an instance once its model calls cost this many dollars (0: no limit).'),
  f('total_cost_limit', float, '0.0', 'The run stops once all instances together cost this many dollars (0: no limit).'),
  f('per_instance_call_limit', int, '0', 'The agent stops an instance after this many model calls (0: no limit).'),
  f('temperature', float, '0.0', 'The sampling temperature.'),
  f('top_p', optional(float), '1.0', 'The sampling top-p.'),
  f('api_base', optional(str), 'None', 'The API endpoint, for self-hosted or proxied models.'),
  f('api_version', optional(str), 'None', 'The API version (Azure).'),
  f('api_key', optional(secret), 'None', 'The API key; `$NAME` reads the variable NAME, and `key1:::key2` gives several.'),
  f('stop', list(str), '[]', 'Custom stop sequences.'),
  f('completion_kwargs', dict(str, any), '{}', 'Extra arguments passed to `litellm.completion`.'),
  f('convert_system_to_user', bool, 'False', 'Send system messages as user messages, for models without them.'),
  f('retry', model(RETRY_CONFIG), 'RetryConfig()', 'How failed calls are retried.'),
  f('delay', float, '0.0', 'The least number of seconds between two calls.'),
  f('fallbacks', list(dict(str, any)), '[]', "litellm's fallback models, tried when this one fails."),
  f('choose_api_key_by_thread', bool, 'True', 'With several API keys, each thread keeps to one (prompt caching).'),
  f('max_input_tokens', optional(int), 'None', "Overrides litellm's input token limit for the model (0: no check)."),
  f('max_output_tokens', optional(int), 'None', "Overrides litellm's output token limit for the model (0: no check)."),
  f('litellm_model_registry', optional(str), 'None', 'A model registry file for litellm, for models it does not know (costs).'),
  f('custom_tokenizer', optional(dict(str, any)), 'None', 'Arguments of `litellm.create_pretrained_tokenizer`, to count tokens another way.'),
];

const fixedName = (value: string, what: string): FieldSchema => f('name', literal(value), `'${value}'`, `Selects ${what}.`);

const GENERIC_MODEL: ModelSchema = {
  name: 'GenericAPIModelConfig',
  extra: 'forbid',
  doc: 'A model served through litellm (gpt-4o, claude-..., ...).',
  fields: genericModelFields('3.0', required('name', str, "The model's name, as litellm knows it (e.g. `gpt-4o`). SWE-agent's shipped configs leave it to the command line: `--agent.model.name=...`.")),
};

const replaceField = (fields: FieldSchema[], replacement: FieldSchema): FieldSchema[] => fields.map((field) => (field.name === replacement.name ? replacement : field));
const dummyCost = (name: string) => f(name, float, '0.0', 'Not used by this model.');

const withDummyCosts = (fields: FieldSchema[]) => replaceField(replaceField(fields, dummyCost('per_instance_cost_limit')), dummyCost('total_cost_limit'));

const REPLAY_MODEL: ModelSchema = {
  name: 'ReplayModelConfig',
  extra: 'forbid',
  doc: 'Replays the actions of a recorded trajectory (`name: replay`).',
  fields: [...withDummyCosts(genericModelFields('0.0', fixedName('replay', 'the replay model'))), required('replay_path', path, 'The file of actions to replay.')],
};

const INSTANT_EMPTY_SUBMIT_MODEL: ModelSchema = {
  name: 'InstantEmptySubmitModelConfig',
  extra: 'forbid',
  doc: 'A stand-in model that submits an empty patch at once. SWE-agent picks it for a `model` without `name`.',
  fields: withDummyCosts(genericModelFields('0.0', fixedName('instant_empty_submit', 'the model that submits an empty patch at once'))),
};

const humanFields = (name: FieldSchema): FieldSchema[] => [
  ...withDummyCosts(genericModelFields('0.0', name)),
  f('cost_per_call', float, '0.0', 'The cost counted for each of your answers.'),
  f('catch_eof', bool, 'True', 'Ctrl-D answers `exit`.'),
];

const HUMAN_MODEL: ModelSchema = { name: 'HumanModelConfig', extra: 'forbid', doc: 'You type the actions (`name: human`).', fields: humanFields(fixedName('human', 'you as the model')) };
const HUMAN_THOUGHT_MODEL: ModelSchema = {
  name: 'HumanThoughtModelConfig',
  extra: 'forbid',
  doc: 'You type a thought and an action (`name: human_thought`).',
  fields: humanFields(fixedName('human_thought', 'you as the model, with thoughts')),
};

const MODEL_CONFIG = union('left_to_right', ...[GENERIC_MODEL, REPLAY_MODEL, INSTANT_EMPTY_SUBMIT_MODEL, HUMAN_MODEL, HUMAN_THOUGHT_MODEL].map(model));

// --- History processors (history_processors.py) ---

const historyProcessor = (name: string, type: string, doc: string, fields: FieldSchema[]): ModelSchema => ({
  name,
  extra: 'forbid',
  doc,
  fields: [tag(type, 'the history processor'), ...fields],
});

const HISTORY_PROCESSORS: readonly ModelSchema[] = [
  historyProcessor('DefaultHistoryProcessor', 'default', 'Sends the history as it is.', []),
  historyProcessor('LastNObservations', 'last_n_observations', 'Elides all but the last `n` observations.', [
    required('n', int, 'How many observations to keep; must be positive.', (value) => (typeof value === 'bigint' && value <= 0n ? 'n must be a positive integer' : null)),
    f('polling', int, '1', 'Steps between updates of what is kept (helps prompt caching).'),
    f('always_remove_output_for_tags', set(str), "{'remove_output'}", 'Observations with one of these tags are always elided.'),
    f('always_keep_output_for_tags', set(str), "{'keep_output'}", 'Observations with one of these tags are always kept.'),
  ]),
  historyProcessor('ClosedWindowHistoryProcessor', 'closed_window', 'Replaces file windows shown earlier with a summary.', []),
  historyProcessor('TagToolCallObservations', 'tag_tool_call_observations', 'Tags the observations of some tools.', [
    f('tags', set(str), "{'keep_output'}", 'The tags to add.'),
    f('function_names', set(str), 'set()', 'The tools whose observations get the tags.'),
  ]),
  historyProcessor('CacheControlHistoryProcessor', 'cache_control', 'Marks the last messages for prompt caching (Anthropic).', [
    f('last_n_messages', int, '2', 'How many of the last messages are marked.'),
    f('last_n_messages_offset', int, '0', 'Skip this many of the last messages before marking.'),
    f('tagged_roles', list(str), "['user', 'tool']", 'The roles whose messages are marked.'),
  ]),
  historyProcessor('RemoveRegex', 'remove_regex', 'Removes text matching regular expressions from the history.', [
    f('remove', list(str), "['<diff>.*</diff>']", 'The regular expressions to remove.'),
    f('keep_last', int, '0', 'Leave the last this many messages alone.'),
  ]),
  historyProcessor('ImageParsingHistoryProcessor', 'image_parsing', 'Turns embedded images into image messages.', [
    f('allowed_mime_types', set(str), "{'image/png', 'image/jpeg', 'image/webp'}", 'The image types kept.'),
  ]),
];

// --- Action samplers (action_sampler.py) ---

const BINARY_COMPARISON: ModelSchema = {
  name: 'BinaryTrajectoryComparisonConfig',
  extra: 'ignore',
  doc: 'Samples several actions and lets the model compare them in pairs.',
  fields: [
    tag('binary_trajectory_comparison', 'the action sampler'),
    f('min_n_samples', int, '4', 'The fewest actions sampled.'),
    f('max_n_samples', int, '10', 'The most actions sampled.'),
    f('comparison_temperature', optional(float), 'None', "The temperature of the comparison; None takes the model's."),
    f('system_template', str, "'<setting>You are an expert software engineer ...'", 'The system message of the comparison.'),
    f('instance_template', str, "'We\\'re solving the following problem ...'", 'The problem, for the comparison.'),
    f('comparison_template', str, "'Two junior developers suggested the following actions: ...'", 'The two actions, for the comparison.'),
  ],
};

const ASK_COLLEAGUES: ModelSchema = {
  name: 'AskColleaguesConfig',
  extra: 'ignore',
  doc: 'Samples several actions and lets the model choose from their discussion.',
  fields: [tag('ask_colleagues', 'the action sampler'), f('n_samples', int, '2', 'How many actions are sampled.')],
};

// --- Retry loops (reviewer.py) ---

const PRESELECTOR: ModelSchema = {
  name: 'PreselectorConfig',
  extra: 'ignore',
  doc: 'Narrows the attempts down before the chooser picks one. Unknown keys are ignored.',
  fields: [
    required('model', MODEL_CONFIG, 'The model that preselects.'),
    required('system_template', str, 'Its system message.'),
    required('instance_template', str, 'Its task message.'),
    required('submission_template', str, 'How each attempt is shown.'),
    f('max_len_submission', int, '5000', 'Attempts are cut to this many characters.'),
  ],
};

const CHOOSER: ModelSchema = {
  name: 'ChooserConfig',
  extra: 'ignore',
  doc: 'The model that picks the best attempt. Unknown keys are ignored.',
  fields: [
    required('model', MODEL_CONFIG, 'The model that chooses.'),
    required('system_template', str, 'Its system message.'),
    required('instance_template', str, 'Its task message.'),
    required('submission_template', str, 'How each attempt is shown.'),
    f('max_len_submission', int, '5000', 'Attempts are cut to this many characters.'),
    f('preselector', optional(model(PRESELECTOR)), 'None', 'An optional first pass that narrows the attempts down.'),
  ],
};

const TRAJ_FORMATTER: ModelSchema = {
  name: 'TrajFormatterConfig',
  extra: 'forbid',
  doc: 'How a trajectory is shown to the reviewer.',
  fields: [
    f('filter', list(str), '[]', 'Actions left out.'),
    f('output_filter', list(str), '[]', 'Actions whose output is left out.'),
    f('item_template', str, "'Model: {{response}}\\n\\nObservation: {{observation}}'", 'How each step is shown.'),
    f('only_show_last_n_output', int, '0', 'Show the output of the last this many steps only (0: all).'),
  ],
};

const REVIEWER: ModelSchema = {
  name: 'ReviewerConfig',
  extra: 'forbid',
  doc: 'The reviewer that scores each attempt.',
  fields: [
    required('system_template', str, "The reviewer's system message."),
    required('instance_template', str, "The reviewer's task message."),
    f('failure_score_penalty', float, '0.0', 'Subtracted from the score of an attempt that ended by a limit.'),
    required('traj_formatter', model(TRAJ_FORMATTER), 'How the trajectory is shown.'),
    f('n_sample', int, '5', 'Reviews per attempt.'),
    f('reduce_by_std', float, '0.0', 'Subtract this many standard deviations of the reviews from their mean.'),
    f('score_range', tuple(optional(float), optional(float)), '(None, None)', 'Reviews outside this range are ignored.'),
    tag('reviewer', 'the reviewer'),
  ],
};

const CHOOSER_LOOP: ModelSchema = {
  name: 'ChooserRetryLoopConfig',
  extra: 'forbid',
  doc: 'Makes several attempts, then a model chooses the best.',
  fields: [
    tag('chooser', 'the retry loop'),
    required('chooser', model(CHOOSER), 'The model and templates that choose.'),
    required('max_attempts', int, 'The most attempts.'),
    f('min_budget_for_new_attempt', float, '0.0', 'Dollars that must be left to start another attempt (0: always).'),
    required('cost_limit', float, 'The most dollars all attempts may cost, choosing excluded.'),
  ],
};

const SCORE_LOOP: ModelSchema = {
  name: 'ScoreRetryLoopConfig',
  extra: 'forbid',
  doc: 'Makes attempts until a reviewer scores one high enough.',
  fields: [
    tag('score', 'the retry loop'),
    required('reviewer_config', model(REVIEWER), 'The reviewer.'),
    required('accept_score', float, 'An attempt with this score or more is accepted.'),
    f('max_accepts', int, '1', 'Stop after this many accepted attempts.'),
    required('max_attempts', int, 'The most attempts.'),
    f('min_budget_for_new_attempt', float, '0.0', 'Dollars that must be left to start another attempt (0: always).'),
    required('cost_limit', float, 'The most dollars all attempts and reviews may cost, the last review excluded.'),
    required('model', MODEL_CONFIG, 'The model that reviews.'),
  ],
};

// --- Agents (agents.py) ---

const agentFields = (type: string, extra: FieldSchema[]): FieldSchema[] => [
  f('name', str, "'main'", "The agent's name, used in logs."),
  f('templates', model(TEMPLATE_CONFIG), 'TemplateConfig()', 'The messages sent to the model.'),
  f('tools', model(TOOL_CONFIG), 'ToolConfig()', 'The tools the agent gets.'),
  f('history_processors', { t: 'list', of: tagged(...HISTORY_PROCESSORS) }, '[DefaultHistoryProcessor()]', 'Transformations of the history before each model call, chosen by `type`.'),
  required('model', MODEL_CONFIG, 'The model. SWE-agent picks the kind by `name`; its shipped configs leave `name` to the command line (`--agent.model.name=gpt-4o`).'),
  f('max_requeries', int, '3', 'How often the model is asked again after a format error, a blocked action or a bash syntax error.'),
  ...extra,
  tag(type, 'the kind of agent'),
];

export const DEFAULT_AGENT: ModelSchema = {
  name: 'DefaultAgentConfig',
  extra: 'forbid',
  doc: 'The agent: one attempt with one model.',
  fields: agentFields('default', [f('action_sampler', optional(union('smart', model(BINARY_COMPARISON), model(ASK_COLLEAGUES))), 'None', 'Sample several actions per step and choose among them.')]),
};

export const SHELL_AGENT: ModelSchema = { name: 'ShellAgentConfig', extra: 'forbid', doc: 'An agent you can take over in the shell.', fields: agentFields('shell', []) };

export const RETRY_AGENT: ModelSchema = {
  name: 'RetryAgentConfig',
  extra: 'forbid',
  doc: 'Several attempts, each with one of `agent_configs`, judged by a retry loop.',
  fields: [
    f('name', str, "'retry_main'", "The agent's name, used in logs."),
    required('agent_configs', list(model(DEFAULT_AGENT)), 'The agents of the attempts, used in turn.'),
    required('retry_loop', union('smart', model(SCORE_LOOP), model(CHOOSER_LOOP)), 'How attempts are judged and when to stop, chosen by `type`.'),
    tag('retry', 'the kind of agent'),
  ],
};

/** Without `type`, a config means the default agent (pydantic tries it first). */
const AGENT_CONFIG: FieldType = { t: 'union', mode: 'left_to_right', members: [model(DEFAULT_AGENT), model(RETRY_AGENT), model(SHELL_AGENT)], defaultMember: 0 };

// --- Problem statements (problem_statement.py) ---

const extraFields = f('extra_fields', dict(str, any), '{}', 'Extra variables for the templates.');
const problemId = f('id', str, 'None', 'The instance id; SWE-agent derives one when it is not set.');

const GITHUB_ISSUE_PATTERN = /github\.com\/(.*?)\/(.*?)\/issues\/(\d+)/;

const PROBLEM_STATEMENTS: readonly ModelSchema[] = [
  {
    name: 'TextProblemStatement',
    extra: 'forbid',
    doc: 'The task, as text.',
    fields: [required('text', str, 'The task.'), extraFields, tag('text', 'the kind of problem statement'), problemId],
  },
  {
    name: 'SWEBenchMultimodalProblemStatement',
    extra: 'forbid',
    doc: 'A SWE-bench multimodal task: text and images.',
    fields: [
      required('text', str, 'The task.'),
      f('issue_images', list(str), '[]', 'URLs of the images.'),
      f('disable_image_processing', bool, 'False', 'Do not download and embed the images.'),
      extraFields,
      tag('swe_bench_multimodal', 'the kind of problem statement'),
      problemId,
    ],
  },
  {
    name: 'GithubIssue',
    extra: 'forbid',
    doc: 'The task is a GitHub issue.',
    fields: [required('github_url', str, 'The issue URL (`https://github.com/OWNER/REPO/issues/N`).'), extraFields, tag('github', 'the kind of problem statement'), problemId],
    // model_post_init derives the id from the URL, and raises InvalidGithubURL (not a ValueError: SWE-agent stops there) when it cannot.
    check: (values) => {
      const url = values.get('github_url');
      if (values.has('id') || typeof url !== 'string' || GITHUB_ISSUE_PATTERN.test(url)) return [];
      return [{ field: 'github_url', severity: 'error', message: `\`${url}\` is not a GitHub issue URL (github.com/OWNER/REPO/issues/N), so SWE-agent cannot derive the instance id (it fails: InvalidGithubURL: Invalid GitHub issue URL: ${url}). Fix the URL or set \`id\`.` }];
    },
  },
  { name: 'EmptyProblemStatement', extra: 'forbid', doc: 'No task (the default).', fields: [f('id', str, '(a random UUID)', 'The instance id.'), tag('empty', 'the kind of problem statement')] },
  {
    name: 'FileProblemStatement',
    extra: 'forbid',
    doc: 'The task is read from a file.',
    fields: [required('path', path, 'The file with the task; SWE-agent reads it when it starts.'), extraFields, tag('text_file', 'the kind of problem statement'), problemId],
  },
];

// --- Environment (swe_env.py, repo.py) ---

const baseCommit = f('base_commit', str, "'HEAD'", 'The commit, branch or tag SWE-agent resets the repository to.');

const REPO_CONFIGS: readonly ModelSchema[] = [
  { name: 'LocalRepoConfig', extra: 'forbid', doc: 'A repository on your disk, copied into the environment.', fields: [required('path', path, 'The repository folder.'), baseCommit, tag('local', 'the kind of repository')] },
  {
    name: 'GithubRepoConfig',
    extra: 'forbid',
    doc: 'A GitHub repository, cloned into the environment.',
    fields: [required('github_url', str, 'The repository URL (or `OWNER/REPO`).'), baseCommit, f('clone_timeout', float, '500', 'Seconds the clone may take.'), tag('github', 'the kind of repository')],
  },
  {
    name: 'PreExistingRepoConfig',
    extra: 'forbid',
    doc: 'A repository already at the root of the environment.',
    fields: [required('repo_name', str, 'Its folder name at the root.'), baseCommit, tag('preexisting', 'the kind of repository'), f('reset', bool, 'True', 'Reset it to `base_commit` first.')],
  },
  {
    name: 'SWESmithRepoConfig',
    extra: 'forbid',
    doc: 'A SWE-smith repository, fetched from a GitHub mirror.',
    fields: [required('repo_name', str, 'Its folder name.'), baseCommit, f('mirror_url', str, "''", 'The HTTPS URL of the mirror.'), tag('swesmith_preexisting', 'the kind of repository')],
  },
];

const ENVIRONMENT: ModelSchema = {
  name: 'EnvironmentConfig',
  extra: 'forbid',
  doc: 'Where the agent works: the deployment (a container) and the repository.',
  fields: [
    f('deployment', DEPLOYMENT, "DockerDeploymentConfig(image='python:3.11', python_standalone_dir='/root')", 'The SWE-ReX deployment (docker, modal, local, ...).'),
    f('repo', optional(union('smart', ...REPO_CONFIGS.map(model))), 'None', 'The repository to work on.'),
    f('post_startup_commands', list(str), '[]', 'Commands run in the agent\'s shell after setup, each a string.'),
    f('post_startup_command_timeout', int, '500', 'Seconds each post-startup command may run.'),
    f('name', str, "'main'", 'The environment\'s name, used in logs.'),
  ],
};

const ACTIONS: ModelSchema = {
  name: 'RunSingleActionConfig',
  extra: 'forbid',
  doc: 'What SWE-agent does with a solution.',
  fields: [
    f('open_pr', bool, 'False', 'Open a pull request with the patch if the issue is solved.'),
    f('pr_config', model({ name: 'OpenPRConfig', extra: 'ignore', doc: 'Options of the pull request.', fields: [f('skip_if_commits_reference_issue', bool, 'True', 'Skip it when commits already reference the issue.')] }), 'OpenPRConfig()', 'Options of the pull request.'),
    f('apply_patch_locally', bool, 'False', 'Apply the patch to the local repository.'),
  ],
};

const outputDir = f('output_dir', path, "Path('DEFAULT')", 'Where trajectories are written; DEFAULT is trajectories/<user>/<config>__<model>___<instance>.');
const envVarPath = f('env_var_path', optional(path), 'None', 'A .env file to load variables from.');

/** `sweagent run --config FILE`. */
export const RUN_SINGLE_CONFIG: ModelSchema = {
  name: 'RunSingleConfig',
  extra: 'forbid',
  doc: 'A `sweagent run` configuration.',
  fields: [
    f('env', model(ENVIRONMENT), 'EnvironmentConfig()', 'The environment.'),
    required('agent', AGENT_CONFIG, 'The agent, chosen by `type` (default, retry, shell).'),
    f('problem_statement', union('smart', ...PROBLEM_STATEMENTS.map(model)), 'EmptyProblemStatement()', 'The task, chosen by `type`.'),
    outputDir,
    f('actions', model(ACTIONS), 'RunSingleActionConfig()', 'What to do with a solution.'),
    envVarPath,
  ],
};

// --- Batch runs (run_batch.py, batch_instances.py) ---

const instanceSelection = [
  f('filter', str, "'.*'", 'A regular expression over instance ids.'),
  f('slice', str, "''", 'A Python slice over the instances after filtering (`stop`, `start:stop`, `start:stop:step`).'),
  f('shuffle', bool, 'False', 'Shuffle the instances before filtering and slicing.'),
];
const instanceDeployment = f('deployment', DEPLOYMENT, "DockerDeploymentConfig(image='python:3.11')", 'The SWE-ReX deployment of each instance.');

const INSTANCE_SOURCES: readonly ModelSchema[] = [
  {
    name: 'InstancesFromHuggingFace',
    extra: 'ignore',
    doc: 'Instances from a Hugging Face dataset.',
    fields: [required('dataset_name', str, 'The dataset.'), f('split', str, "'dev'", 'The split.'), ...instanceSelection, instanceDeployment, tag('huggingface', 'the instance source')],
  },
  {
    name: 'InstancesFromFile',
    extra: 'ignore',
    doc: 'Instances from a JSON or YAML file.',
    fields: [required('path', path, 'The file.'), ...instanceSelection, instanceDeployment, f('simple', literal(true), 'True', 'Leave it as it is.'), tag('file', 'the instance source')],
  },
  {
    name: 'SWEBenchInstances',
    extra: 'ignore',
    doc: 'SWE-bench instances.',
    fields: [
      f('subset', literal('lite', 'verified', 'full', 'multimodal', 'multilingual'), "'lite'", 'The SWE-bench subset.'),
      f('path_override', optional(union('smart', str, path)), 'None', 'A dataset path to use instead.'),
      f('split', literal('dev', 'test'), "'dev'", 'The split.'),
      instanceDeployment,
      tag('swe_bench', 'the instance source'),
      ...instanceSelection,
      f('evaluate', bool, 'False', 'Evaluate with sb-cli when done.'),
    ],
  },
  { name: 'ExpertInstancesFromFile', extra: 'ignore', doc: 'Full instance configs from a file.', fields: [required('path', path, 'The file.'), ...instanceSelection, tag('expert_file', 'the instance source')] },
  {
    name: 'SWESmithInstances',
    extra: 'ignore',
    doc: 'SWE-smith instances from a file.',
    fields: [required('path', path, 'The file.'), instanceDeployment, ...instanceSelection, tag('swesmith', 'the instance source')],
  },
];

/** `sweagent run-batch --config FILE`. */
export const RUN_BATCH_CONFIG: ModelSchema = {
  name: 'RunBatchConfig',
  extra: 'forbid',
  doc: 'A `sweagent run-batch` configuration.',
  fields: [
    required('instances', union('smart', ...INSTANCE_SOURCES.map(model)), 'The instances to run, chosen by `type`.'),
    required('agent', AGENT_CONFIG, 'The agent, chosen by `type` (default, retry, shell).'),
    outputDir,
    f('suffix', str, "''", 'Added to the default output folder name.'),
    f('raise_exceptions', bool, 'False', 'Stop at an exception instead of skipping the instance.'),
    f('redo_existing', bool, 'False', 'Run instances that already have a trajectory again.'),
    envVarPath,
    f('num_workers', int, '1', 'Instances run in parallel.'),
    f('random_delay_multiplier', float, '0.3', 'Each instance waits a random time up to this times the number of workers.'),
    f('progress_bar', bool, 'True', 'Show a progress bar.'),
  ],
  check: (values) => {
    const instances = values.get('instances');
    if (!(instances instanceof Map) || instances.get('evaluate') !== true || values.get('redo_existing') !== true) return [];
    return [{ field: 'redo_existing', severity: 'error', message: '`redo_existing: true` with SWE-bench `evaluate: true` is refused (SWE-agent fails: Cannot evaluate and redo existing at the same time. ...).' }];
  },
};

