/**
 * template-unknown-variable and template-variable-unverified in a workspace:
 * each agent template's variables against what SWE-agent passes to it,
 * with the state keys read from the listed bundles' state command scripts.
 * Exact codes, ranges (each «» marks one) and severities, and exact fixes.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { applyEdits } from '../../server/src/engine/features/edits';
import { agentConfigProject, hostOn } from '../helpers/project';
import { parseMarkers } from '../helpers/markers';

const STATE_SCRIPT = '#!/usr/bin/env python3\nimport json, os\nstate = {}\nstate["working_dir"] = os.getcwd()\nstate[\'open_file\'] = "n/a"\nopen("/root/state.json", "w").write(json.dumps(state))\n';

const project = agentConfigProject({
    'tools/registry/config.yaml': 'tools: {}\n',
    'tools/windowed/config.yaml': 'tools:\n  open:\n    docstring: opens a file\nstate_command: _state\n',
    'tools/windowed/bin/_state': STATE_SCRIPT,
    'tools/windowed/bin/open': '#!/bin/sh\n',
    // Its keys are written through a dict literal, which the check does not read.
    'tools/custom/config.yaml': 'tools: {}\nstate_command: _custom_state\n',
    'tools/custom/bin/_custom_state': '#!/usr/bin/env python3\nimport json\njson.dump({"branch": "main"}, open("/root/state.json", "w"))\n',
  });
afterAll(() => project.remove());
const analyse = project.analyse;

/** The template diagnostics of the marked config: `code:severity@start-end`, against the marks. */
function expectTemplateDiagnostics(marked: string, codes: string[]): string[] {
  const { text, ranges } = parseMarkers(marked);
  const found = analyse(text).diagnostics.filter((d) => CODES.includes(d.code));
  expect(found.map((d) => `${d.code}:${d.severity}@${d.start}-${d.end}`)).toEqual(ranges.map((r, i) => `${codes[i]}@${r.start}-${r.end}`));
  return found.map((d) => d.message);
}

const CODES = ['template-unknown-variable', 'template-variable-unverified', 'command-docs-unused'];

const agent = (templates: string, tools = '') => `agent:\n  templates:\n${templates}${tools ? `  tools:\n${tools}` : ''}`;

describe('template variables against what SWE-agent supplies', () => {
  it('SWE-agent config/coding_challenge.yaml (3ea751c0): `{{issue}}`, the 0.x name, is never supplied', () => {
    const messages = expectTemplateDiagnostics(agent('    system_template: You solve coding challenges.\n    instance_template: |-\n      We are solving this problem:\n      {{«issue»}}\n'), ['template-unknown-variable:warning']);
    expect(messages).toEqual(['SWE-agent supplies no `{{issue}}` to `agent.templates.instance_template`, so it renders as empty text.']);
  });

  it('SWE-agent config/bash_only.yaml (3ea751c0): `{{working_dir}}` with bundles that have no state command', () => {
    const messages = expectTemplateDiagnostics(
      agent('    system_template: Use bash.\n    instance_template: |-\n      <uploaded_files>\n      {{«working_dir»}}\n      </uploaded_files>\n      {{problem_statement}}\n', '    bundles:\n      - path: tools/registry\n'),
      ['template-unknown-variable:warning'],
    );
    expect(messages).toEqual(['`{{working_dir}}` in `agent.templates.instance_template` renders empty: no bundle listed here writes this state key.']);
  });

  it('state keys a listed state command writes reach the instance and next-step templates, not the system template', () => {
    const messages = expectTemplateDiagnostics(
      agent(
        '    system_template: Work in {{«working_dir»}}.\n    instance_template: "{{working_dir}} {{open_file}} {{problem_statement}} {{repo}}"\n    next_step_template: "{{observation}} ({{open_file}})"\n',
        '    bundles:\n      - path: tools/windowed\n',
      ),
      ['template-unknown-variable:warning'],
    );
    expect(messages).toEqual(['`{{working_dir}}` in `agent.templates.system_template` renders empty: SWE-agent passes no state to this template.']);
  });

  it('a state command whose keys cannot be read makes an unknown variable an information', () => {
    const messages = expectTemplateDiagnostics(agent('    system_template: s\n    instance_template: "On {{«branch»}}"\n', '    bundles:\n      - path: tools/custom\n'), ['template-variable-unverified:information']);
    expect(messages).toEqual(['`{{branch}}` in `agent.templates.instance_template` is set only if state command `_custom_state` writes it to the state.']);
  });

  it('each template gets its own variables: demonstration, timeout, error templates', () => {
    expectTemplateDiagnostics(
      agent(
        '    system_template: "{{command_docs}} {{PAGER}}"\n    instance_template: i\n    demonstration_template: "{{demonstration}} {{«problem_statement»}}"\n    command_cancelled_timeout_template: "{{command}} {{timeout}} {{«observation»}}"\n    shell_check_error_template: "{{bash_stdout}} {{bash_stderr}} {{action}}"\n',
        '    format_error_template: "{{exception_message}} {{error_code}} {{thought}}"\n    filter:\n      blocklist_error_template: "{{action}} {{«command»}}"\n',
      ),
      ['template-unknown-variable:warning', 'template-unknown-variable:warning', 'template-unknown-variable:warning'],
    );
  });

  it('env_variables replace the defaults, and problem_statement.extra_fields add variables', () => {
    expectTemplateDiagnostics(
      `${agent('    system_template: "{{WINDOW}} {{«PAGER»}}"\n    instance_template: "{{hint}}"\n', '    env_variables: {WINDOW: 100}\n')}problem_statement:\n  text: fix it\n  extra_fields: {hint: look at foo}\n`,
      ['template-unknown-variable:warning'],
    );
  });

  it('a retry agent checks each agent with its own tools', () => {
    const sub = (bundle: string, template: string) => `    - type: default\n      model: {name: gpt-4o}\n      templates: {system_template: s, instance_template: "${template}"}\n      tools:\n        bundles: [{path: ${bundle}}]\n`;
    expectTemplateDiagnostics(
      `agent:\n  type: retry\n  retry_loop: {type: score, model: {name: gpt-4o}}\n  agent_configs:\n${sub('tools/windowed', '{{working_dir}}')}${sub('tools/registry', '{{«working_dir»}}')}`,
      ['template-unknown-variable:warning'],
    );
  });
});

describe('the fix for a misspelt variable', () => {
  it('changes `{{problem_statment}}` to `{{problem_statement}}`, and the warning goes', () => {
    const text = agent('    system_template: s\n    instance_template: |-\n      Solve: {{ problem_statment|trim }}\n');
    const analysis = analyse(text);
    const [diagnostic] = analysis.diagnostics.filter((d) => d.code === 'template-unknown-variable');
    expect(diagnostic.message).toBe('SWE-agent supplies no `{{problem_statment}}` to `agent.templates.instance_template`, so it renders as empty text; did you mean `problem_statement`?');
    const fixes = analysis.quickFixes(diagnostic).map((fix) => [fix.title, applyEdits(text, fix.edits)]);
    const fixed = agent('    system_template: s\n    instance_template: |-\n      Solve: {{ problem_statement|trim }}\n');
    expect(fixes).toEqual([['Change to `problem_statement`', fixed]]);
    expect(analyse(fixed).diagnostics.filter((d) => d.code.startsWith('template-'))).toEqual([]);
  });

  it('writes through a double-quoted scalar', () => {
    const text = agent('    system_template: s\n    instance_template: "In \\"{{repp}}\\""\n');
    const analysis = analyse(text);
    const [diagnostic] = analysis.diagnostics.filter((d) => d.code === 'template-unknown-variable');
    expect(text.slice(diagnostic.start, diagnostic.end)).toBe('repp');
    expect(analysis.quickFixes(diagnostic).map((fix) => applyEdits(text, fix.edits))).toEqual([agent('    system_template: s\n    instance_template: "In \\"{{repo}}\\""\n')]);
  });
});

describe('command-docs-unused: the tools reach the model', () => {
  const tools = (parser: string) => `    bundles:\n      - path: tools/windowed\n    parse_function:\n      type: ${parser}\n`;

  it('SWE-agent config/default_backticks.yaml (3ea751c0): thought_action, and no template uses {{command_docs}}', () => {
    const messages = expectTemplateDiagnostics(agent('    system_template: You are a helpful assistant.\n    instance_template: "{{problem_statement}}"\n', tools('«thought_action»')), ['command-docs-unused:warning']);
    expect(messages).toEqual(["With the `thought_action` parser, no template of this agent has `{{command_docs}}`, the model's only list of the tools."]);
  });

  it('is quiet with function calling, with {{command_docs}} in any template, or when the templates name every tool', () => {
    expectTemplateDiagnostics(agent('    system_template: s\n    instance_template: i\n', tools('function_calling')), []);
    expectTemplateDiagnostics(agent('    system_template: s\n    instance_template: i\n    next_step_template: "{{observation}} {{ command_docs }}"\n', tools('thought_action')), []);
    expectTemplateDiagnostics(agent('    system_template: Use `open FILE` to read a file.\n    instance_template: i\n', tools('thought_action')), []);
  });

  it('is quiet for a human model, who needs no docs', () => {
    const text = agent('    system_template: s\n    instance_template: i\n', tools('thought_action'));
    const withModel = (name: string) => {
      // Without the shared host's `--agent.model.name=gpt-4o`, which would replace the name.
      const own = hostOn(project.ws.root);
      const file = project.ws.write('config/human.yaml', text.replace('agent:\n', `agent:\n  model: {name: ${name}}\n`));
      own.applyChange({ disk: [file] });
      return own.analysis().agent(file)!.diagnostics.filter((d) => d.code === 'command-docs-unused').length;
    };
    expect(withModel('human')).toBe(0);
    expect(withModel('gpt-4o')).toBe(1);
  });

  it('a mapping without `type` is the action parser, reported on its key', () => {
    expectTemplateDiagnostics(agent('    system_template: s\n    instance_template: i\n', '    bundles:\n      - path: tools/windowed\n    «parse_function»: {}\n'), ['command-docs-unused:warning']);
  });
});
