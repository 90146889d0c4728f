/**
 * gemini-empty-parameters: a tool without arguments, sent with the
 * function-calling parser to a Gemini model by SWE-agent up to v1.1.0, whose
 * empty `properties` Gemini rejects (SWE-agent issue #941, fixed on main by
 * PR #1431). Exact code, range (marked «»), severity and message.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { parseMarkers } from '../helpers/markers';
import { hostOn } from '../helpers/project';
import { tempWorkspace } from '../helpers/tempWorkspace';

const ws = tempWorkspace({
  // SWE-agent's tools/review_on_submit_m: `submit` has no arguments.
  'tools/review_on_submit_m/config.yaml': 'tools:\n  submit:\n    signature: submit\n    docstring: submits your current code\n',
  'tools/review_on_submit_m/bin/submit': '#!/bin/sh\n',
  'tools/counter/config.yaml': 'tools:\n  count:\n    signature: count\n    docstring: counts\n  reset:\n    signature: reset\n    docstring: resets\n  add:\n    signature: add <n>\n    docstring: adds\n    arguments:\n      - name: n\n        type: integer\n        description: how many\n        required: true\n',
  'tools/counter/bin/count': '#!/bin/sh\n',
  'tools/counter/bin/reset': '#!/bin/sh\n',
  'tools/counter/bin/add': '#!/bin/sh\n',
});
afterAll(() => ws.remove());

const CONFIG = (tools: string) => `agent:\n  templates:\n    system_template: s\n    instance_template: "{{problem_statement}}"\n  tools:\n    bundles:\n${tools}`;

/** The rule's diagnostics on the marked config, judged by `sweAgent` with `model`: `severity@start-end`, against the marks; their messages. */
function check(marked: string, sweAgent: string, model: string): string[] {
  const { text, ranges } = parseMarkers(marked);
  const host = hostOn(ws.root, { sweAgent, commandLine: [`--agent.model.name=${model}`] });
  const file = ws.write('config/agent.yaml', text);
  host.applyChange({ disk: [file] });
  const found = host.analysis().agent(file)!.diagnostics.filter((d) => d.code === 'gemini-empty-parameters');
  expect(found.map((d) => `${d.severity}@${d.start}-${d.end}`)).toEqual(ranges.map((r) => `error@${r.start}-${r.end}`));
  return found.map((d) => d.message);
}

describe('gemini-empty-parameters', () => {
  it('SWE-agent issue #941: config/default.yaml-like tools with gemini/gemini-2.0-flash on v1.1.0', () => {
    const messages = check(CONFIG('      - path: «tools/review_on_submit_m»\n'), '1.1.0', 'gemini/gemini-2.0-flash');
    expect(messages).toEqual(['Tool `submit` has no arguments: SWE-agent up to v1.1.0 sends it to Gemini with empty `properties`, which Gemini rejects, so every run fails.']);
  });

  it('counts the other tools without arguments, and says nothing of a bundle whose tools all have arguments or are hidden', () => {
    const messages = check(
      CONFIG('      - path: «tools/counter»\n      - path: tools/review_on_submit_m\n        hidden_tools: [submit]\n'),
      '1.0.0',
      'vertex_ai/gemini-1.5-pro',
    );
    expect(messages).toEqual(['Tool `count` (and 1 more) has no arguments: SWE-agent up to v1.1.0 sends it to Gemini with empty `properties`, which Gemini rejects, so every run fails.']);
  });

  it('is quiet on main (which leaves `properties` out), for other models, and with a parser that sends no schemas', () => {
    check(CONFIG('      - path: tools/review_on_submit_m\n'), 'main', 'gemini/gemini-2.0-flash');
    check(CONFIG('      - path: tools/review_on_submit_m\n'), '1.1.0', 'gpt-4o');
    check(CONFIG('      - path: tools/review_on_submit_m\n'), '1.1.0', 'openai/not-gemini');
    check(`${CONFIG('      - path: tools/review_on_submit_m\n')}    parse_function:\n      type: thought_action\n`, '1.0.1', 'gemini/gemini-2.0-flash');
  });

  it('is quiet when the model has an api_base (an OpenAI-compatible endpoint, not the Gemini API itself)', () => {
    const marked = CONFIG('      - path: tools/review_on_submit_m\n');
    const { text } = parseMarkers(marked);
    const host = hostOn(ws.root, { sweAgent: '1.1.0', commandLine: ['--agent.model.name=gemini-3-flash-preview', '--agent.model.api_base=https://generativelanguage.googleapis.com/v1beta/openai/'] });
    const file = ws.write('config/agent.yaml', text);
    host.applyChange({ disk: [file] });
    expect(host.analysis().agent(file)!.diagnostics.filter((d) => d.code === 'gemini-empty-parameters')).toEqual([]);
  });

  it('the explicit function-calling parser is the default one', () => {
    check(`${CONFIG('      - path: «tools/review_on_submit_m»\n')}    parse_function:\n      type: function_calling\n`, '1.0.1', 'gemini-1.5-flash');
  });
});
