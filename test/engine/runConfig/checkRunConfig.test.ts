/**
 * The whole agent config as `sweagent run --config` (and `run-batch`) judges
 * it, engine-level: exact codes and ranges, for what the conformance cases do
 * not cover (merging several files, overrides, run-batch, bad input).
 */
import { describe, expect, it } from 'vitest';
import { checkRunConfig } from '../../../server/src/engine/runConfig/checkRunConfig';
import { RunConfigKind, runConfigKindOf } from '../../../server/src/engine/runConfig/classify';
import { parseOverrides } from '../../../server/src/engine/runConfig/commandLine';
import { loadYaml } from '../../../server/src/engine/yaml/loadYaml';
import { parseMarkers } from '../../helpers/markers';
import { commandLineOf, overridesOf } from '../../../server/src/engine/settings/configOptions';
import { validateUserSettings } from '../../../server/src/engine/settings/validateSettings';
import { builtinProfile } from '../../../server/src/engine/sweAgent/builtinProfiles';
import { SweAgentProfile } from '../../../server/src/engine/sweAgent/profile';

interface Checked {
  loads: boolean;
  /** `code@file:start-end` (offsets in that file), in order. */
  found: string[];
  messages: string[];
  related: string[][];
}

/** Checks the files (each with «» around every expected diagnostic); `args`: the configured command line (without it, none is configured). */
function check(marked: string[], args?: string[], kind?: RunConfigKind, profile?: SweAgentProfile): Checked & { expected: string[] } {
  const files = marked.map((m) => {
    const { text, ranges } = parseMarkers(m);
    const origin = { text };
    return { load: loadYaml(text, origin), origin, ranges };
  });
  const { overrides, problems } = parseOverrides(args ?? []);
  expect(problems).toEqual([]);
  const result = checkRunConfig({ files, overrides, commandLineGiven: args !== undefined, kind, profile }, { configRoot: '/nowhere', resolve: () => ({ kind: 'missing-dir' }) });
  const fileOf = (origin: unknown) => files.findIndex((f) => f.origin === origin);
  return {
    loads: result.loads,
    found: result.diagnostics.map((d) => `${d.code}@${fileOf(d.origin)}:${d.start}-${d.end}`).sort(),
    expected: files.flatMap((f, i) => f.ranges.map((r) => `@${i}:${r.start}-${r.end}`)).sort(),
    messages: result.diagnostics.map((d) => d.message),
    related: result.diagnostics.map((d) => (d.related ?? []).map((r) => r.message)),
  };
}

/** The ranges match the «» marks, and the codes are these (in range order). */
function expectFound(result: ReturnType<typeof check>, codes: string[]): void {
  expect(result.found.map((f) => f.slice(f.indexOf('@')))).toEqual(result.expected);
  expect(result.found.map((f) => f.slice(0, f.indexOf('@'))).sort()).toEqual([...codes].sort());
}

const MODEL = 'agent:\n  model: {name: gpt-4o}\n';

describe('bad input, as SWE-agent fails on it', () => {
  it.each([
    ['a list', '«- agent»\n', "'list' object has no attribute 'items'"],
    ['only comments', '«»# nothing here\n', "'NoneType' object has no attribute 'items'"],
    ['a scalar', '«hello»\n', "'str' object has no attribute 'items'"],
    ['a date', '«2024-01-01»\n', "'datetime.date' object has no attribute 'items'"],
  ])('%s', (_, text, message) => {
    const result = check([text]);
    expectFound(result, ['not-a-mapping']);
    expect(result.loads).toBe(false);
    expect(result.messages[0]).toBe('SWE-agent needs a mapping of settings here (`agent:`, `env:`, ...), and merging this config fails.');
    expect(result.related[0]).toEqual([`SWE-agent fails: AttributeError: ${message}`]);
  });

  it('an empty file is skipped (a warning), then `agent` is missing: left to the command line, or missing from the one configured', () => {
    const result = check(['«»\n  \n']);
    expect(result.found).toEqual(['left-to-command-line@0:0-0', 'sweagent-warning@0:0-0']);
    expect(result.messages).toContain('`agent` is left to the command line: pass `--agent.model.name=...` when you run SWE-agent.');
    expect(result.loads).toBe(true);
    const configured = check(['«»\n  \n'], []);
    expect(configured.found).toEqual(['missing-field@0:0-0', 'sweagent-warning@0:0-0']);
    expect(configured.loads).toBe(false);
  });

  it('a non-string top-level key is a TypeError (keywords must be strings)', () => {
    const result = check([`${MODEL}«1»: one\n«null»: two\n`]);
    expectFound(result, ['non-string-key', 'non-string-key']);
    expect(result.messages[0]).toBe('The top-level key `1` is not a string.');
    expect(result.related[0]).toEqual(['SWE-agent passes these keys as keyword arguments.', 'SWE-agent fails: TypeError: keywords must be strings']);
  });

  it('a non-string key in a forbidding model is refused, in an ignoring one dropped', () => {
    expectFound(check([`agent:\n  model: {name: gpt-4o, «1»: x}\n  templates: {system_template: s, instance_template: i, 2: y}\n`]), ['non-string-key']);
  });
});

describe('several --config files, merged as merge_nested_dicts merges them', () => {
  it('merges mappings recursively and replaces lists whole', () => {
    const result = check([
      'agent:\n  model: {name: gpt-4o}\n  tools:\n    bundles: [{path: a}, {path: b}]\n',
      'agent:\n  templates: {system_template: s, instance_template: i}\n  tools:\n    bundles: []\n',
    ]);
    // The second file's empty list replaces the first's: no bundle is resolved.
    expect(result).toMatchObject({ loads: true, found: [] });
  });

  it('reports each problem in the file it comes from', () => {
    const result = check(['agent:\n  model: {name: gpt-4o, «nme»: x}\n', 'agent:\n  «tool»: {}\n']);
    expectFound(result, ['forbidden-key', 'forbidden-key']);
  });

  it('fails where a later file has a mapping for an earlier scalar', () => {
    const result = check([`${MODEL}env: docker\n`, 'env: «{repo: {path: x}}»\n']);
    expectFound(result, ['not-a-mapping']);
    expect(result.related[0]).toEqual(["SWE-agent fails: TypeError: 'str' object does not support item assignment"]);
  });

  it('an empty file in the middle is skipped', () => {
    expect(check([MODEL, '«»', 'agent:\n  max_requeries: 2\n']).found).toEqual(['sweagent-warning@1:0-0']);
  });
});

describe('several --config files up to SWE-agent 1.0.1, merged as dict.update merges them', () => {
  const V101 = builtinProfile('1.0.1');

  it("a later file's top-level key replaces the earlier one whole (main merges it)", () => {
    const files = [MODEL, '«agent»:\n  max_requeries: 2\n'];
    expectFound(check(files, [], undefined, V101), ['missing-field']);
    expect(check(files, [], undefined, V101).messages).toEqual(['`agent` has no `model`, which DefaultAgentConfig requires, and the configured command line has no `--agent.model.name`.']);
    expect(check(files.map((f) => f.replace(/[«»]/g, '')), []).found).toEqual([]);
  });

  it('a list of key/value pairs merges (main fails on it)', () => {
    expect(check([MODEL, '- [env, {}]\n'], [], undefined, V101)).toMatchObject({ loads: true, found: [] });
    const atMain = check([MODEL, '«- [env, {}]»\n'], []);
    expectFound(atMain, ['not-a-mapping']);
    expect(atMain.related[0]).toContain("SWE-agent fails: AttributeError: 'list' object has no attribute 'items'");
  });

  it.each([
    ['a number', '«5»\n', "TypeError: 'int' object is not iterable"],
    ['a string', '«hello»\n', 'ValueError: dictionary update sequence element #0 has length 1; 2 is required'],
    ['a list of numbers', '- «1»\n', 'TypeError: cannot convert dictionary update sequence element #0 to a sequence'],
    ['a list of triples', '- «[a, b, c]»\n', 'ValueError: dictionary update sequence element #0 has length 3; 2 is required'],
  ])('%s fails as dict.update fails', (_, text, message) => {
    const result = check([MODEL, text], [], undefined, V101);
    expectFound(result, ['not-a-mapping']);
    expect(result.loads).toBe(false);
    expect(result.related[0]).toContain(`SWE-agent fails: ${message}`);
  });
});

describe('a field of a later SWE-agent (a migration), named with the release that added it', () => {
  it('a model that refuses unknown keys: an error naming the release, no did-you-mean', () => {
    const result = check(['agent:\n  model: {name: gpt-4o, «max_input_tokens»: 128000}\n'], [], undefined, builtinProfile('1.0.0'));
    expectFound(result, ['forbidden-key']);
    expect(result.messages).toEqual([
      '`max_input_tokens` is not a field of `agent.model` (GenericAPIModelConfig), which refuses unknown keys; it is a field since SWE-agent v1.0.1.',
    ]);
    expect(check(['agent:\n  model: {name: gpt-4o, max_input_tokens: 128000}\n'], [], undefined, builtinProfile('1.0.1')).found).toEqual([]);
  });

  it('a model that drops unknown keys: the warning names the release', () => {
    const result = check([`${MODEL}  tools:\n    «propagate_env_variables»: [OPENAI_API_KEY]\n`], [], undefined, builtinProfile('1.1.0'));
    expectFound(result, ['unknown-key']);
    expect(result.messages).toEqual(['SWE-agent ignores `propagate_env_variables` under `agent.tools` (ToolConfig drops unknown keys); it is a field since SWE-agent main']);
  });
});

describe('command-line overrides, as pydantic-settings applies them', () => {
  it('give the model SWE-agent\'s shipped configs leave out', () => {
    const text = 'agent:\n  templates: {system_template: s, instance_template: i}\n';
    const left = check([`«agent»:\n  templates: {system_template: s, instance_template: i}\n`]);
    expectFound(left, ['left-to-command-line']);
    expect(left.loads).toBe(true);
    expect(left.messages).toEqual(['`agent.model` is left to the command line: pass `--agent.model.name=...` when you run SWE-agent.']);
    const lacking = check([`«agent»:\n  templates: {system_template: s, instance_template: i}\n`], ['--agent.templates.next_step_template=n']);
    expectFound(lacking, ['missing-field']);
    expect(lacking.loads).toBe(false);
    expect(lacking.messages).toEqual(['`agent` has no `model`, which DefaultAgentConfig requires, and the configured command line has no `--agent.model.name`.']);
    expect(check([text], ['--agent.model.name=gpt-4o'])).toMatchObject({ loads: true, found: [] });
    expect(check([text], ['--agent.model.name', 'gpt-4o'])).toMatchObject({ loads: true, found: [] });
  });

  it('give nothing but the model when none is configured: any other required field fails the file as written', () => {
    const batch = `${MODEL}«instances»: {type: file}\n`;
    const left = check([batch], undefined, 'run-batch');
    expectFound(left, ['missing-field']);
    expect(left.loads).toBe(false);
    expect(left.messages).toEqual(['`instances` has no `path`, which InstancesFromFile requires.']);
    expect(left.related).toEqual([['pydantic: instances.path Field required', '`--instances.path=...` on the command line gives it.']]);
    const configured = check([batch], [], 'run-batch');
    expect(configured.messages).toEqual(['`instances` has no `path`, which InstancesFromFile requires, and the configured command line has no `--instances.path`.']);
    expect(configured.related).toEqual([['pydantic: instances.path Field required']]);
    expect(check([`${MODEL}instances: {type: file}\n`], ['--instances.path=data.json'], 'run-batch')).toMatchObject({ loads: true, found: [] });
  });

  it('merge into the file\'s mappings and win over its values', () => {
    const result = check(['agent:\n  model: {name: gpt-4o, per_instance_cost_limit: lots}\n'], ['--agent.model.per_instance_cost_limit=2']);
    expect(result).toMatchObject({ loads: true, found: [] });
  });

  it('are coerced as pydantic coerces strings, and reported at the nearest key of the option\'s path', () => {
    const result = check([`«agent»:\n  model: {name: gpt-4o}\n`], ['--agent.tools.enable_bash_tool=maybe']);
    expectFound(result, ['wrong-type']);
    expect(result.messages[0]).toMatch(/^On the command line, `--agent.tools.enable_bash_tool=maybe`: /);
  });

  it('are reported at the key they set when a file has it, else at the deepest key of their path, in whichever file has it, named as given', () => {
    const set = check(['agent:\n  model:\n    name: gpt-4o\n    «per_instance_cost_limit»: 3\n'], ['--agent.model.per_instance_cost_limit=lots']);
    expectFound(set, ['wrong-type']);
    expect(set.messages[0]).toMatch(/^On the command line, `--agent.model.per_instance_cost_limit=lots`: /);
    const second = check(['agent:\n  model: {name: gpt-4o}\n', 'agent:\n  «tools»: {}\n'], ['--agent.tools.enable_bash_tool=maybe']);
    expectFound(second, ['wrong-type']);
    const nowhere = check([`«»${MODEL}`], ['--env.deployment.imgae=x']);
    expectFound(nowhere, ['unknown-option']);
  });

  it('that set a key the file\'s model refuses are named, at the nearest key the file has', () => {
    // The retry loop's own fields are left to the command line too; only the option's diagnostic matters here.
    const retry = check(['agent:\n  type: retry\n  agent_configs:\n    - model: {name: a}\n  retry_loop: {type: chooser, model: {name: b}}\n'], ['--agent.model.name=gpt-4o']);
    expect(retry.found.filter((f) => f.endsWith('@0:0-5'))).toEqual(['forbidden-key@0:0-5']);
    expect(retry.messages.filter((m) => m.startsWith('On the command line'))).toEqual(['On the command line, `--agent.model.name=gpt-4o`: `model` is not a field of `agent` (RetryAgentConfig), which refuses unknown keys.']);
  });

  it('read JSON for mappings, and null as None', () => {
    expect(check([MODEL], ['--agent.tools.env_variables={}', '--agent.model.top_p=null']).found).toEqual([]);
  });

  it('must name a field (SWE-agent: unrecognized arguments), nothing below a dict field', () => {
    const result = check([`agent:\n  «model»: {name: gpt-4o}\n`], ['--agent.model.nme=x']);
    expectFound(result, ['unknown-option']);
    const below = check([`«agent»:\n  model: {name: gpt-4o}\n`], ['--agent.tools.env_variables.WINDOW=100']);
    expectFound(below, ['unknown-option']);
    expect(below.messages).toEqual(['The command-line option `--agent.tools.env_variables.WINDOW=100` names no configuration field.']);
    expect(below.related).toEqual([['SWE-agent fails: error parsing CLI: unrecognized arguments: --agent.tools.env_variables.window=100']]);
  });
});

describe('the union members a config means', () => {
  it('the agent by `type`, default when absent', () => {
    const result = check(['agent:\n  «type»: retry\n  model: {name: gpt-4o}\n']);
    expect(result.messages.some((m) => m.includes('RetryAgentConfig'))).toBe(true);
  });

  it('a model without `name` is the instant-empty-submit model, which loads', () => {
    expect(check(['agent:\n  model: {per_instance_cost_limit: 1}\n']).loads).toBe(true);
  });

  it('a literal: every allowed value in the message; pydantic\'s words, for the member it tried, as related information', () => {
    const result = check(['agent:\n  type: «retri»\n  model: {name: gpt-4o}\n']);
    expectFound(result, ['invalid-choice']);
    expect(result.messages).toEqual(["`agent.type` must be one of 'default', 'retry', 'shell', not `retri` (a Python str); did you mean 'retry'?"]);
    expect(result.related).toEqual([["pydantic, for the member whose value is 'default': Input should be 'default'"]]);
  });

  it('a missing field: one sentence, pydantic\'s words as related information', () => {
    const result = check(['agent:\n  model: {name: gpt-4o}\ninstances:\n  «type»: file\n'], [], 'run-batch');
    expect(result.messages).toEqual(['`instances` has no `path`, which InstancesFromFile requires, and the configured command line has no `--instances.path`.']);
    expect(result.related).toEqual([['pydantic: instances.path Field required']]);
  });

  it('a parser by `type`: the message counts the values (too many to list in 160 characters), the related information names each', () => {
    const result = check([`${MODEL}  tools:\n    parse_function: {type: «function_callin»}\n`]);
    expectFound(result, ['invalid-choice']);
    expect(result.messages).toEqual(["`agent.tools.parse_function.type` must be one of 11 values, not `function_callin` (a Python str); did you mean 'function_calling'?"]);
    expect(result.related[0]).toEqual([
      "The values: 'action', 'thought_action', 'action_only', 'xml_thought_action', 'xml_function_calling', 'function_calling', 'edit_format', 'identity', 'json', 'all_bash_code_blocks', 'single_bash_code_block'.",
      expect.stringMatching(/^pydantic/),
    ]);
  });

  it('enable_bash_tool: false with a parser without `type` (the action parser) crashes SWE-agent', () => {
    const result = check([`${MODEL}  tools:\n    enable_bash_tool: false\n    «parse_function»: {}\n`]);
    expectFound(result, ['bash-disabled-parser']);
  });

  it('an env value the assembly check reads at any depth (a list of ints) is no crash', () => {
    expect(check([`${MODEL}  tools:\n    env_variables: {PAGER: [1]}\n`]).found).toEqual([]);
  });
});

describe('run-batch configs (RunBatchConfig)', () => {
  const batch = `instances:\n  type: swe_bench\n  subset: lite\n${MODEL}`;
  it('are told by `instances:` next to `agent:`', () => {
    const root = loadYaml(batch, { text: batch }).root;
    expect(runConfigKindOf(root)).toBe('run-batch');
  });

  it('load with the run-batch keys, and refuse `sweagent run` keys', () => {
    expect(check([`${batch}num_workers: 4\n`])).toMatchObject({ loads: true, found: [] });
    expectFound(check([`${batch}«problem_statement»: {text: x}\n`]), ['forbidden-key']);
  });

  it('need `instances`, of a known source type', () => {
    expectFound(check([`«agent»:\n  model: {name: gpt-4o}\n`], [], 'run-batch'), ['missing-field']);
    expectFound(check([`instances:\n  subset: «lit»\n${MODEL}`]), ['invalid-choice']);
  });

  it('refuse evaluate with redo_existing (the model validator)', () => {
    expectFound(check([`instances: {type: swe_bench, evaluate: true}\n${MODEL}redo_existing: «true»\n`]), ['invalid-value']);
  });

  it("check the deployment with SWE-ReX's models (a smart union: the docker config refuses `nope`, Daytona's ignores it)", () => {
    expectFound(check([`instances: {type: swe_bench, deployment: {image: x, «nope»: 1}}\n${MODEL}`]), ['unknown-key']);
  });
});

describe('which files are agent configs', () => {
  const kindOf = (text: string) => runConfigKindOf(loadYaml(text, { text }).root);
  it.each([
    ['SWE-agent config', 'agent:\n  model: {name: gpt-4o}\n  templates: {}\n', 'run-single'],
    ['retry config', 'agent:\n  type: retry\n  agent_configs: []\n', 'run-single'],
    ['bundles under agent.tools', 'agent:\n  tools:\n    bundles: []\n', 'run-single'],
    ['a CI pipeline', 'pipeline:\n  agent: {docker: node}\nstages: []\n', null],
    ['another framework', 'agent:\n  model: gpt-4\n  role: researcher\n  goal: x\n  backstory: y\n', null],
    ['an agent with few SWE-agent keys', 'agent:\n  tools: {}\n  role: a\n  goal: b\n  memory: c\n', null],
    ['a bundle', 'tools:\n  open: {docstring: d}\n', null],
  ])('%s', (_, text, kind) => {
    expect(kindOf(text)).toBe(kind);
  });
});

describe('the commandLine setting', () => {
  it('takes SWE-agent overrides, and says what it cannot read', () => {
    const validated = (raw: unknown) => {
      const { config, problems } = validateUserSettings(raw);
      return { config, problems: problems.map((p) => p.message) };
    };
    expect(validated({ commandLine: ['--agent.model.name=gpt-4o'] })).toEqual({ config: { commandLine: ['--agent.model.name=gpt-4o'] }, problems: [] });
    expect(overridesOf(['--agent.model.name', 'gpt-4o']).map((o) => [o.path, o.arg])).toEqual([[['agent', 'model', 'name'], '--agent.model.name gpt-4o']]);
    expect(validated({ commandLine: 'gpt-4o' }).problems).toEqual(['settings: commandLine must be a list of SWE-agent command-line arguments (like "--agent.model.name=gpt-4o"), or an object of glob: list, not string "gpt-4o"']);
    expect(validated({ commandLine: ['gpt-4o', '--agent..name=x'] }).problems).toEqual([
      'settings: commandLine: `gpt-4o` is not an override; write --a.b.c=value',
      'settings: commandLine: `--agent..name=x` has an empty part in its path',
    ]);
    // An argument is named by its first 200 characters: a 50 KB one does not make a 50 KB message (found by `npm run fuzz`).
    const long = 'x'.repeat(50_000);
    expect(validated({ commandLine: [long, `--agent..${long}`] }).problems).toEqual([
      `settings: commandLine: \`${'x'.repeat(200)}…\` is not an override; write --a.b.c=value`,
      `settings: commandLine: \`--agent..${'x'.repeat(191)}…\` has an empty part in its path`,
    ]);
  });

  it('takes globs to lists, each list and glob checked', () => {
    const validated = (raw: unknown) => {
      const { config, problems } = validateUserSettings(raw);
      return { config, problems: problems.map((p) => p.message) };
    };
    const byGlob = { 'config/**': ['--agent.model.name=gpt-4o'], 'config/benchmarks/*retry*.yaml': [] };
    expect(validated({ commandLine: byGlob })).toEqual({ config: { commandLine: byGlob }, problems: [] });
    expect(validated({ commandLine: { 'a/[': ['--x=1'], '*.yaml': '--x=1', 'b/*': [3], 'c/*': ['x'] } })).toEqual({
      config: { commandLine: {} },
      problems: [
        expect.stringMatching(/^settings: commandLine: "a\/\[" is not a valid glob pattern: .*; it is ignored$/),
        'settings: commandLine "*.yaml" must be a list of SWE-agent command-line arguments (like "--agent.model.name=gpt-4o"), or an object of glob: list, not string "--x=1"',
        'settings: commandLine: each argument must be a string, not number 3',
        'settings: commandLine: `x` is not an override; write --a.b.c=value',
      ],
    });
  });

  it('gives a file the list of the most specific glob that matches it, a later glob winning a tie', () => {
    const setting = { 'config/**': ['--a=1'], 'config/benchmarks/*.yaml': ['--b=2'], '*.yaml': ['--c=3'], 'other/*.yaml': ['--d=4'], 'other/x*.yaml': ['--e=5'] };
    expect(commandLineOf(setting, 'config/default.yaml')).toEqual(['--a=1']);
    expect(commandLineOf(setting, 'config/benchmarks/retry.yaml')).toEqual(['--b=2']);
    expect(commandLineOf(setting, 'elsewhere/x.yaml')).toEqual(['--c=3']);
    expect(commandLineOf(setting, 'other/xy.yaml')).toEqual(['--e=5']);
    expect(commandLineOf(setting, 'notes.txt')).toBeUndefined();
    expect(commandLineOf(['--a=1'], 'anything.yaml')).toEqual(['--a=1']);
    expect(commandLineOf(undefined, 'anything.yaml')).toBeUndefined();
  });
});
