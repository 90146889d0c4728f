/**
 * key-misplaced: keys one level off, which SWE-agent accepts without a word.
 * Exact codes, ranges (each «» marks one) and severities, and exact moves.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { applyEdits } from '../../server/src/engine/features/edits';
import { agentConfigProject } from '../helpers/project';
import { parseMarkers } from '../helpers/markers';
import { lintBundleText } from '../helpers/lintText';
import { AGENT_TOOL_SETTINGS } from '../../server/src/engine/swe/checkBundle';
import { MAIN_PROFILE } from '../../server/src/engine/sweAgent/builtinProfiles';
import { fieldOf, modelsOf } from '../../server/src/engine/runConfig/schema';

/** SWE-agent main's ToolConfig: `agent.tools`. */
const TOOL_CONFIG = modelsOf(fieldOf(modelsOf(fieldOf(MAIN_PROFILE.runSingle, 'agent')!.type)[0], 'tools')!.type)[0];

const project = agentConfigProject({ 'tools/registry/config.yaml': 'tools: {}\n' });
afterAll(() => project.remove());
const analyse = project.analyse;

/** The key-misplaced and unknown-key diagnostics of the marked config, against the marks. */
function expectMisplaced(marked: string): string[] {
  const { text, ranges } = parseMarkers(marked);
  const found = analyse(text).diagnostics.filter((d) => d.code === 'key-misplaced' || d.code === 'unknown-key');
  expect(found.map((d) => `${d.code}:${d.severity}@${d.start}-${d.end}`)).toEqual(ranges.map((r) => `key-misplaced:warning@${r.start}-${r.end}`));
  return found.map((d) => d.message);
}

/** The fixes of the key-misplaced diagnostic on `key`, as [title, fixed text]. */
function movesOf(text: string, key: string): [string, string][] {
  const analysis = analyse(text);
  const diagnostic = analysis.diagnostics.find((d) => d.code === 'key-misplaced' && text.slice(d.start, d.end) === key)!;
  return analysis.quickFixes(diagnostic).map((fix) => [fix.title, applyEdits(text, fix.edits)]);
}

const templates = 'agent:\n  templates: {system_template: s, instance_template: i}\n  tools:\n    bundles:\n      - path: tools/registry\n';

describe('ToolConfig settings inside registry_variables or env_variables', () => {
  // SWE-bench/SWE-smith agent/swesmith_install_repo.yaml: three settings indented one level too deep.
  const swesmith = `${templates}    registry_variables:\n      USE_FILEMAP: 'true'\n      enable_bash_tool: true\n      parse_function:\n        type: function_calling\n      execution_timeout: 300\n  history_processors:\n    - type: cache_control\n      last_n_messages: 2\n`;

  it('SWE-bench/SWE-smith agent/swesmith_install_repo.yaml: each setting is reported on its key', () => {
    const marked = swesmith.replace('enable_bash_tool', '«enable_bash_tool»').replace('parse_function', '«parse_function»').replace('execution_timeout', '«execution_timeout»');
    const messages = expectMisplaced(marked);
    expect(messages[2]).toBe('`execution_timeout` is a setting of `agent.tools`, but here it is only a variable in `registry_variables`, so SWE-agent keeps its default.');
  });

  it('moves a setting out of the mapping, beside it, at the ToolConfig indentation', () => {
    const last = `${templates}    registry_variables:\n      USE_FILEMAP: 'true'\n      enable_bash_tool: true\n      parse_function:\n        type: function_calling\n    execution_timeout: 300\n  history_processors:\n    - type: cache_control\n      last_n_messages: 2\n`;
    expect(movesOf(swesmith, 'execution_timeout')).toEqual([['Move `execution_timeout` out of `registry_variables`, where SWE-agent reads it', last]]);
    const nested = `${templates}    registry_variables:\n      USE_FILEMAP: 'true'\n      enable_bash_tool: true\n      execution_timeout: 300\n    parse_function:\n      type: function_calling\n  history_processors:\n    - type: cache_control\n      last_n_messages: 2\n`;
    expect(movesOf(swesmith, 'parse_function')).toEqual([['Move `parse_function` out of `registry_variables`, where SWE-agent reads it', nested]]);
  });

  it('a mapping left empty goes with the move', () => {
    const text = `${templates}    env_variables:\n      execution_timeout: 300\n`;
    expect(movesOf(text, 'execution_timeout')).toEqual([['Move `execution_timeout` out of `env_variables`, where SWE-agent reads it', `${templates}    execution_timeout: 300\n`]]);
    expect(analyse(`${templates}    execution_timeout: 300\n`).diagnostics).toEqual([]);
  });

  it('no move when the ToolConfig sets the field already; env variables named otherwise are fine', () => {
    const text = `${templates}    execution_timeout: 60\n    env_variables:\n      PAGER: cat\n      «execution_timeout»: 300\n`;
    expect(expectMisplaced(text)).toEqual(['`execution_timeout` is a setting of `agent.tools`, but here it is only a variable in `env_variables`, so SWE-agent keeps its default (`agent.tools` sets it too).']);
    expect(movesOf(parseMarkers(text).text, 'execution_timeout')).toEqual([]);
  });
});

describe('a tool defined under agent.tools', () => {
  it('SWE-bench/SWE-smith agent/swesmith_infer.yaml: str_replace_editor with arguments, instead of an unknown key', () => {
    const text = `${templates}    «str_replace_editor»:\n      arguments:\n      - name: view_range\n        argument_format: "--view_range {{value}}"\n    execution_timeout: 300\n`;
    expect(expectMisplaced(text)).toEqual(["SWE-agent ignores the tool `str_replace_editor` under `agent.tools`: tools are defined in a bundle's config.yaml, which `agent.tools.bundles` lists."]);
  });

  it('an unknown key that is no tool stays unknown-key', () => {
    const found = analyse(`${templates}    timeout: 300\n`).diagnostics.map((d) => d.code);
    expect(found).toEqual(['unknown-key']);
  });
});

describe('an agent setting in a bundle config.yaml', () => {
  it('the bundle check knows every ToolConfig field', () => {
    expect([...AGENT_TOOL_SETTINGS].sort()).toEqual(TOOL_CONFIG.fields.map((f) => f.name).sort());
  });

  it('execution_timeout at the top of a bundle is key-misplaced, not an unknown key', () => {
    const { text, ranges } = parseMarkers('tools:\n  clean:\n    docstring: Cleans.\n«execution_timeout»: 120\n');
    const found = lintBundleText(text).diagnostics.filter((d) => d.code !== 'bin-script-missing');
    expect(found.map((d) => [d.code, d.severity, d.range])).toEqual([['key-misplaced', 'warning', { start: { line: 3, character: 0 }, end: { line: 3, character: 17 } }]]);
    expect(ranges).toHaveLength(1);
    expect(found[0].message).toBe("`execution_timeout` is an agent setting (`agent.tools.execution_timeout` in the agent config); SWE-agent ignores it in a bundle's config.yaml.");
  });
});
