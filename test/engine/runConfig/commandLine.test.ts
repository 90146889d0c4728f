/**
 * SWE-agent's command line as pydantic-settings 2.14 reads it for
 * RunSingleConfig: option names in any case, list and dict options merged
 * from `[...]`, `{...}`, `k=v,k=v` and repeats, an option without a value as
 * argparse's error. Exact codes, ranges (the key the option sets, or the
 * nearest key of its path the file has) and messages.
 */
import { describe, expect, it } from 'vitest';
import { checkRunConfig } from '../../../server/src/engine/runConfig/checkRunConfig';
import { readCollectionOption } from '../../../server/src/engine/runConfig/cliCollections';
import { parseOverrides } from '../../../server/src/engine/runConfig/commandLine';
import { loadYaml } from '../../../server/src/engine/yaml/loadYaml';
import { validateUserSettings } from '../../../server/src/engine/settings/validateSettings';
import { MapNode, PyNode, dictEntries, strValue } from '../../../server/src/engine/yaml/pyNode';

const MODEL = 'agent:\n  model: {name: gpt-4o}\n';

function run(args: string[], text = MODEL) {
  const origin = { text };
  const { overrides, problems } = parseOverrides(args);
  expect(problems).toEqual([]);
  const result = checkRunConfig({ files: [{ load: loadYaml(text, origin), origin }], overrides }, { configRoot: '/nowhere', resolve: () => ({ kind: 'missing-dir' }) });
  return { result, found: result.diagnostics.map((d) => ({ code: d.code, severity: d.severity, start: d.start, end: d.end, message: d.message, detail: d.related?.map((r) => r.message) })) };
}

/** The merged value at a dotted path, as plain data. */
function valueAt(root: MapNode | null, path: string): unknown {
  let node: PyNode | null = root;
  for (const part of path.split('.')) {
    const entry: { value: PyNode } | undefined = node && node.kind === 'map' ? dictEntries(node).find((e) => strValue(e.key) === part) : undefined;
    node = entry ? entry.value : null;
  }
  const plain = (n: PyNode): unknown => {
    if (n.kind === 'map') return Object.fromEntries(dictEntries(n).map((e) => [strValue(e.key), plain(e.value)]));
    if (n.kind === 'seq') return n.items.map(plain);
    if (n.kind === 'scalar') return n.value.type === 'NoneType' ? null : n.value.type === 'int' ? Number(n.value.value) : 'value' in n.value ? n.value.value : null;
    return undefined;
  };
  return node ? plain(node) : undefined;
}

describe('option names', () => {
  it('are read in lower case, as RunSingleConfig is not case-sensitive', () => {
    const { result, found } = run(['--Agent.Model.Name=GPT', '--AGENT.MODEL.PER_INSTANCE_COST_LIMIT', '3']);
    expect(found).toEqual([]);
    expect(valueAt(result.root, 'agent.model.name')).toBe('GPT');
    expect(valueAt(result.root, 'agent.model.per_instance_cost_limit')).toBe('3');
  });
});

describe('an option without a value', () => {
  it.each([
    [['--agent.model.name'], '--agent.model.name'],
    [['--agent.model.name', '--agent.model.per_instance_cost_limit=3'], '--agent.model.name'],
  ])('%j is argparse\'s "expected one argument", a diagnostic of the run', (args, option) => {
    const { found, result } = run(args);
    expect(result.loads).toBe(false);
    expect(found).toEqual([
      {
        code: 'option-without-value',
        severity: 'error',
        // `name` under `agent.model`: the key the option sets.
        start: MODEL.indexOf('name'),
        end: MODEL.indexOf('name') + 4,
        message: `The command-line option \`${option}\` has no value.`,
        detail: [`SWE-agent fails: error parsing CLI: argument ${option}: expected one argument`],
      },
    ]);
  });

  it('in the commandLine setting is no settings problem: the run reports it', () => {
    const { config, problems } = validateUserSettings({ commandLine: ['--agent.model.name'] });
    expect(problems).toEqual([]);
    expect(config.commandLine).toEqual(['--agent.model.name']);
  });

  it('takes a negative number as its value, as argparse does', () => {
    const { result } = run(['--agent.model.name', '-1']);
    expect(valueAt(result.root, 'agent.model.name')).toBe('-1');
  });

  it('an unknown one is unrecognized, whatever follows', () => {
    expect(run(['--agent.model.nme']).found.map((d) => d.code)).toEqual(['unknown-option']);
  });
});

describe('list and dict options', () => {
  it('`[]` is a list of one empty string, as pydantic-settings reads it: not a Bundle', () => {
    const { found, result } = run(['--agent.tools.bundles=[]']);
    expect(valueAt(result.root, 'agent.tools.bundles')).toEqual(['']);
    // The file has no `agent.tools`: the problem sits on `agent`.
    expect(found.map((d) => `${d.code}:${d.start}-${d.end}`)).toEqual(['wrong-type:0-5']);
    expect(found[0].message.startsWith('On the command line, `--agent.tools.bundles=[]`: ')).toBe(true);
  });

  it('`{}` is an empty mapping; `k=v,k=v` a mapping of strings; repeats merge', () => {
    expect(valueAt(run(['--agent.tools.env_variables={}']).result.root, 'agent.tools.env_variables')).toEqual({});
    const { result, found } = run(['--agent.tools.env_variables=PAGER=cat,WINDOW=100', '--agent.tools.env_variables={"LESS": 1}']);
    expect(found).toEqual([]);
    expect(valueAt(result.root, 'agent.tools.env_variables')).toEqual({ PAGER: 'cat', WINDOW: '100', LESS: 1 });
  });

  it('a mapping item without `=` stops SWE-agent', () => {
    expect(run(['--agent.tools.env_variables=PAGER']).found).toEqual([
      {
        code: 'option-unparsable',
        severity: 'error',
        start: 0,
        end: 5,
        message: 'SWE-agent cannot read the command-line option `--agent.tools.env_variables=PAGER`.',
        detail: ['SWE-agent fails: Parsing error encountered for agent.tools.env_variables: not enough values to unpack (expected 2, got 1)'],
      },
    ]);
  });

  it('a list of strings keeps number items strings; a list of paths gets numbers, which pydantic refuses', () => {
    const { result, found } = run(['--agent.model.stop=[a, 1]']);
    expect(found).toEqual([]);
    expect(valueAt(result.root, 'agent.model.stop')).toEqual(['a', '1']);
    const paths = run(['--agent.templates.demonstrations=[a.traj, 1]']);
    expect(valueAt(paths.result.root, 'agent.templates.demonstrations')).toEqual(['a.traj', 1]);
    expect(paths.found.map((d) => d.code)).toEqual(['wrong-type']);
  });

  it('a JSON object given for a list field is one item; a scalar field keeps JSON text as a string', () => {
    const { result, found } = run(['--agent.tools.bundles={"path": "tools/x"}', '--agent.model.name={"a": 1}']);
    expect(valueAt(result.root, 'agent.tools.bundles')).toEqual([{ path: 'tools/x' }]);
    expect(valueAt(result.root, 'agent.model.name')).toBe('{"a": 1}');
    expect(found.map((d) => d.code)).toEqual(['bundle-path-missing']);
  });

  it('a wrong value inside an option\'s JSON is named by itself, not by the whole option', () => {
    const { found } = run(['--agent.model={"name": 3}', '--agent.templates.demonstrations=[a.traj, 1]']);
    expect(found.map((d) => [d.code, d.start, d.end, d.message])).toEqual([
      ['wrong-type', 0, 5, 'On the command line, `--agent.templates.demonstrations=[a.traj, 1]`: `agent.templates.demonstrations.1` must be a path (a string), not `1` (a Python int).'],
      ['wrong-type', 9, 14, 'On the command line, `--agent.model={"name": 3}`: `agent.model.name` must be a string, not `3` (a Python int).'],
    ]);
  });
});

describe('readCollectionOption', () => {
  it.each([
    [['a,b', 'c'], 'list', { ok: true, value: ['a', 'b', 'c'] }],
    [['[a, 1, true]'], 'list', { ok: true, value: ['a', 1, true] }],
    [['a,,b'], 'list', { ok: true, value: ['a', '', 'b'] }],
    [[''], 'list', { ok: true, value: [''] }],
    [['[{"x": [1, 2]}, null]'], 'list', { ok: true, value: [{ x: [1, 2] }, null] }],
    [['"a,b",c'], 'list', { ok: true, value: ['a,b', 'c'] }],
    [['"a'], 'list', { ok: false, message: 'Mismatched quotes' }],
    [['[{"a": 1]'], 'list', { ok: false, message: 'Missing end delimiter "}"' }],
    [['a="x",b=2'], 'dict', { ok: true, value: { a: 'x', b: '2' } }],
  ] as const)('%j as a %s', (values, kind, expected) => {
    expect(readCollectionOption(values, kind)).toEqual(expected);
  });

  it('writes number items as strings in a list of strings, and "1" as a number otherwise', () => {
    expect(readCollectionOption(['[a, 1, "2"]'], 'list', true)).toEqual({ ok: true, value: ['a', '1', '2'] });
    expect(readCollectionOption(['[1, "2"]'], 'list', false)).toEqual({ ok: true, value: [1, 2] });
  });
});
