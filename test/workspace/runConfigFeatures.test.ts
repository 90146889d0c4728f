/** Completion, hover, outline and quick fixes of agent configs from SWE-agent's model tables: exact items, exact edits. */
import { describe, expect, it } from 'vitest';
import { applyEdits } from '../../server/src/engine/features/edits';
import { runConfigSymbols } from '../../server/src/engine/features/runConfigFeatures';
import { renderPlainText } from '../../server/src/engine/features/toolPreview';
import { loadYaml } from '../../server/src/engine/yaml/loadYaml';
import { WORKSPACE, workspaceOf } from '../helpers/fixture';
import { parseMarkers } from '../helpers/markers';
import { Placement } from '../../server/src/engine/document/placement';

function parsed(text: string) {
  const origin = { text };
  return { root: loadYaml(text, origin).root, at: Placement.whole(origin) };
}

/** The file an agent config of these tests is, alone in its workspace. */
const AGENT = `${WORKSPACE}/config/agent.yaml`;

const hoverAt = (text: string, offset: number) => workspaceOf(new Map([[AGENT, text]])).analysis.hover(AGENT, offset);

/** The config's own completions at `¦`, through the facade; most of these lines are half-typed. */
function complete(marked: string) {
  const { text, cursor } = parseMarkers(marked);
  const entries = workspaceOf(new Map([[AGENT, text]])).analysis.completion(AGENT, cursor, { snippets: false });
  return { text, entries, labels: entries?.map((e) => e.label) ?? null, apply: (label: string) => applyEdits(text, [entries!.find((e) => e.label === label)!.edit]) };
}

describe('completion of keys', () => {
  it('offers the top-level fields not present', () => {
    expect(complete('¦\nagent:\n  model: {name: gpt-4o}\n').labels).toEqual(['env', 'problem_statement', 'output_dir', 'actions', 'env_var_path']);
  });

  it("offers the default agent's fields, not those present, with type and default", () => {
    const { entries, labels, apply } = complete('agent:\n  model: {name: gpt-4o}\n  te¦\n');
    expect(labels).toEqual(['name', 'templates', 'tools', 'history_processors', 'max_requeries', 'action_sampler', 'type']);
    expect(entries!.find((e) => e.label === 'max_requeries')!.detail).toBe('int');
    expect(entries!.find((e) => e.label === 'max_requeries')!.documentation).toContain('Default: `3`. In `DefaultAgentConfig`, which refuses unknown keys.');
    expect(apply('templates')).toBe('agent:\n  model: {name: gpt-4o}\n  templates: \n');
  });

  it("offers a retry agent's fields by its `type`", () => {
    expect(complete('agent:\n  type: retry\n  agent_configs: []\n  ¦\n').labels).toEqual(['retry_loop', 'name']);
  });

  it('offers the fields of the ToolConfig and of a history processor chosen by `type`', () => {
    expect(complete('agent:\n  tools:\n    enable_bash_tool: false\n    parse_¦\n').labels).toContain('parse_function');
    expect(complete('agent:\n  history_processors:\n    - type: cache_control\n      ¦\n').labels).toEqual(['last_n_messages', 'last_n_messages_offset', 'tagged_roles']);
    expect(complete('agent:\n  history_processors:\n    - type: last_n_observations\n      ¦\n').labels).toEqual(['n', 'polling', 'always_remove_output_for_tags', 'always_keep_output_for_tags']);
  });

  it("offers a model's fields by its `name`", () => {
    expect(complete('agent:\n  model:\n    name: human\n    cost¦\n').labels).toContain('cost_per_call');
    expect(complete('agent:\n  model:\n    name: gpt-4o\n    cost¦\n').labels).not.toContain('cost_per_call');
  });
});

describe('completion of values', () => {
  it('offers every tag of a union on `type:`', () => {
    const { labels, apply } = complete('agent:\n  history_processors:\n    - type: ca¦\n');
    expect(labels).toEqual(['default', 'last_n_observations', 'closed_window', 'tag_tool_call_observations', 'cache_control', 'remove_regex', 'image_parsing']);
    expect(apply('cache_control')).toBe('agent:\n  history_processors:\n    - type: cache_control\n');
    expect(complete('agent:\n  model: {name: gpt-4o}\n  type: ¦\n').labels).toEqual(['default', 'retry', 'shell']);
    expect(complete('agent:\n  tools:\n    parse_function:\n      type: ¦\n').labels).toHaveLength(11);
  });

  it('offers the values of a literal and of a bool', () => {
    expect(complete('instances:\n  type: swe_bench\n  subset: ¦\nagent: {model: {name: x}, templates: {}}\n').labels).toEqual(['lite', 'verified', 'full', 'multimodal', 'multilingual']);
    expect(complete('agent:\n  tools:\n    enable_bash_tool: ¦\n').labels).toEqual(['true', 'false']);
    expect(complete('agent:\n  max_requeries: ¦\n').labels).toBeNull();
  });
});

describe('hover on keys', () => {
  it('says what SWE-agent does with the key, its type and default', () => {
    const text = 'agent:\n  tools:\n    enable_bash_tool: false\n';
    const hover = hoverAt(text, text.indexOf('enable_bash_tool') + 3)!;
    expect([hover.start, hover.end]).toEqual([text.indexOf('enable_bash_tool'), text.indexOf('enable_bash_tool') + 'enable_bash_tool'.length]);
    expect(renderPlainText(hover.blocks)).toBe(
      "agent.tools.enable_bash_tool: bool, default True\n\nGive the model the built-in `bash` tool. Turning it off needs the function_calling or json parser.\n\nIn ToolConfig, which ignores unknown keys.\n\nJudged by SWE-agent main (3ea751c0): the default: the workspace has no sweagent package and pins no version (sweBundle.sweAgent: auto).",
    );
  });

  it('reads a list item through its `type`, and a required field says so', () => {
    const text = 'agent:\n  history_processors:\n    - type: last_n_observations\n      n: 5\n';
    expect(renderPlainText(hoverAt(text, text.indexOf(' n:') + 1)!.blocks).split('\n\n')[0]).toBe('agent.history_processors.0.n: int, required');
  });

  it('has nothing for an unknown key or a value', () => {
    const text = 'agent:\n  nope: 1\n';
    expect(hoverAt(text, text.indexOf('nope'))).toBeNull();
    expect(hoverAt(text, text.indexOf('1'))).toBeNull();
  });
});

describe('the outline', () => {
  it('nests the keys as the file does, naming list items by their type', () => {
    const text = 'agent:\n  model: {name: gpt-4o}\n  history_processors:\n    - type: cache_control\n';
    const outline = (symbols: ReturnType<typeof runConfigSymbols>): unknown[] => symbols.map((s) => [s.name, s.detail, s.kind, ...(s.children.length ? [outline(s.children)] : [])]);
    const { root, at } = parsed(text);
    expect(outline(runConfigSymbols(root, at))).toEqual([
      ['agent', 'DefaultAgentConfig', 'object', [
        ['model', 'GenericAPIModelConfig', 'object', [['name', 'str', 'property']]],
        ['history_processors', 'list[DefaultHistoryProcessor | LastNObservations | ClosedWindowHistoryProcessor | TagToolCallObservations | CacheControlHistoryProcessor | RemoveRegex | ImageParsingHistoryProcessor]', 'array', [
          ['0: cache_control', 'CacheControlHistoryProcessor', 'object', [['type', "'cache_control'", 'property']]],
        ]],
      ]],
    ]);
  });
});

describe('quick fixes', () => {
  const fixes = (text: string, code: string) => {
    const { analysis } = workspaceOf(new Map([[AGENT, text]]));
    const diagnostic = analysis.report(AGENT)!.diagnostics.find((d) => d.code === code)!;
    return analysis.quickFixes(AGENT, diagnostic).map((f) => [f.title, applyEdits(text, f.edits)]);
  };

  it('rename a key a forbidding model refuses to the one meant', () => {
    expect(fixes('agent:\n  model: {name: gpt-4o}\n  history_processor: []\n', 'forbidden-key')).toEqual([
      ['Rename `history_processor` to `history_processors`', 'agent:\n  model: {name: gpt-4o}\n  history_processors: []\n'],
    ]);
  });

  it('change a misspelt literal or tag to the value meant', () => {
    expect(fixes('agent:\n  type: defualt\n  model: {name: gpt-4o}\n', 'invalid-choice')).toEqual([['Change `type: defualt` to `type: default`', 'agent:\n  type: default\n  model: {name: gpt-4o}\n']]);
    expect(fixes('agent:\n  model: {name: gpt-4o}\n  history_processors: [{type: "cache_contrl"}]\n', 'invalid-choice')).toEqual([
      ['Change `type: cache_contrl` to `type: cache_control`', 'agent:\n  model: {name: gpt-4o}\n  history_processors: [{type: "cache_control"}]\n'],
    ]);
  });
});
