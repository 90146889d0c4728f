/**
 * Workspaces shaped like real repositories, generated for the benchmark (our
 * own text; nothing is copied from SWE-agent):
 * - `writeSweAgentLayout`: SWE-agent's own checkout at 3ea751c0 as the
 *   checker sees it: 15 bundles under `tools/` with the tool counts,
 *   argument counts, docstring styles, `{WINDOW}` uses, state commands and
 *   `bin/` scripts of SWE-agent's, and 24 agent configs under `config/`
 *   listing them as SWE-agent's configs do (`tools/registry` in 23 of them),
 *   with a few distinct envs (WINDOW 100, 200 or 50 for the windowed ones).
 * - `writeSharedBundle`: one generated bundle used by N agent configs, each
 *   with its own `WINDOW` (the scaling series of issue 11).
 */
import * as fs from 'fs';
import * as path from 'path';
import { generateBundle } from '../generateBundle';
import { writeBundleFolder } from './session';

interface ToolShape {
  name: string;
  /** How many arguments the tool takes. */
  args: number;
  /** A block-scalar docstring of this many lines instead of a one-line one. */
  blockLines?: number;
  /** The docstring mentions `{WINDOW}`. */
  window?: boolean;
}

interface BundleShape {
  name: string;
  tools: ToolShape[];
  state?: string;
  /** Scripts in bin/ that are not tools (state commands, helpers). */
  helpers?: string[];
  install?: boolean;
}

const tool = (name: string, args: number, extra: Partial<ToolShape> = {}): ToolShape => ({ name, args, ...extra });

/** SWE-agent's bundles at 3ea751c0, by shape. */
const BUNDLES: BundleShape[] = [
  { name: 'registry', tools: [], helpers: ['_read_env', '_write_env'], install: true },
  { name: 'multilingual_setup', tools: [], helpers: ['do_nothing'], install: true },
  { name: 'diff_state', tools: [], state: '_state_diff_state' },
  { name: 'edit_anthropic', tools: [tool('str_replace_editor', 7, { blockLines: 12 })], state: '_state_anthropic', install: true },
  { name: 'filemap', tools: [tool('filemap', 1)], install: true },
  { name: 'forfeit', tools: [tool('exit_forfeit', 0)] },
  { name: 'image_tools', tools: [tool('view_image', 1)] },
  { name: 'review_on_submit_m', tools: [tool('submit', 0)], install: true },
  { name: 'search', tools: [tool('find_file', 2), tool('search_dir', 2), tool('search_file', 2)], install: true },
  { name: 'submit', tools: [tool('submit', 0)] },
  {
    name: 'web_browser',
    tools: [
      ...['open_site', 'close_site', 'screenshot_site', 'click_mouse', 'double_click_mouse', 'move_mouse', 'drag_mouse', 'type_text', 'scroll_on_page', 'execute_script_on_page', 'navigate_back', 'navigate_forward', 'reload_page', 'wait_time', 'press_keys_on_page', 'set_browser_window_size', 'get_console_output'].map((name, i) =>
        tool(name, i % 3 === 0 ? 2 : i % 3 === 1 ? 1 : 0),
      ),
    ],
    helpers: ['run_web_browser_server'],
    install: true,
  },
  { name: 'windowed', tools: [tool('goto', 1), tool('open', 2), tool('create', 1), tool('scroll_up', 0, { window: true }), tool('scroll_down', 0, { window: true })], state: '_state', install: true },
  { name: 'windowed_edit_linting', tools: [tool('edit', 4, { blockLines: 12 })], install: true },
  { name: 'windowed_edit_replace', tools: [tool('edit', 3, { blockLines: 14 }), tool('insert', 2, { blockLines: 6 })], install: true },
  { name: 'windowed_edit_rewrite', tools: [tool('edit', 1, { blockLines: 4 })], install: true },
];

const ARGUMENT_TYPES = ['string', 'integer', 'string', 'boolean'];

function toolLines(shape: ToolShape): string[] {
  const argNames = Array.from({ length: shape.args }, (_, i) => (i === 0 ? 'path' : `arg_${i}`));
  const signature = [shape.name, ...argNames.map((name, i) => (i === 0 ? `<${name}>` : `[<${name}>]`))].join(' ');
  const window = shape.window ? ' by {WINDOW} lines' : '';
  const lines = [`  ${shape.name}:`, `    signature: "${signature}"`];
  if (shape.blockLines) {
    lines.push('    docstring: >', `      ${shape.name} works on a file${window}.`);
    for (let i = 1; i < shape.blockLines; i++) lines.push(`      Step ${i}: what the tool does with its arguments, in plain words.`);
  } else {
    lines.push(`    docstring: "${shape.name} works on a file${window}"`);
  }
  if (argNames.length === 0) {
    lines.push('    arguments: []');
    return lines;
  }
  lines.push('    arguments:');
  argNames.forEach((name, i) => {
    lines.push(`      - name: ${name}`, `        type: ${ARGUMENT_TYPES[i % ARGUMENT_TYPES.length]}`, `        description: "the ${name.replace('_', ' ')} to work on"`, `        required: ${i === 0}`);
  });
  return lines;
}

function bundleText(shape: BundleShape): string {
  const lines = shape.tools.length === 0 ? ['tools: {}'] : ['tools:', ...shape.tools.flatMap(toolLines)];
  if (shape.state) lines.push(`state_command: "${shape.state}"`);
  return lines.join('\n') + '\n';
}

interface AgentShape {
  file: string;
  bundles: string[];
  /** WINDOW (and OVERLAP) in the env, for the windowed configs. */
  window?: number;
  /** Lines of templates (SWE-agent's configs have 24 to 222 lines). */
  templateLines: number;
}

const ANTHROPIC = ['registry', 'edit_anthropic', 'review_on_submit_m'];
const WINDOWED_LINT = ['registry', 'windowed', 'search', 'windowed_edit_linting', 'submit'];
const WINDOWED_REPLACE = ['registry', 'windowed', 'search', 'windowed_edit_replace', 'submit'];

/** SWE-agent's 24 agent configs at 3ea751c0: what each lists, with WINDOW 100, 200 or 50 where it has one. */
const AGENTS: AgentShape[] = [
  { file: 'bash_only.yaml', bundles: ['submit'], templateLines: 180 },
  { file: 'benchmarks/250212_sweagent_heavy_sbl.yaml', bundles: [...ANTHROPIC, 'diff_state'], templateLines: 150 },
  { file: 'benchmarks/250225_anthropic_filemap_simple_review.yaml', bundles: [...ANTHROPIC, 'diff_state'], templateLines: 50 },
  { file: 'benchmarks/250522_anthropic_filemap_simple_review.yaml', bundles: [...ANTHROPIC, 'diff_state'], templateLines: 60 },
  { file: 'benchmarks/250526_anthropic_filemap_simple_review_sbl.yaml', bundles: [...ANTHROPIC, 'diff_state'], templateLines: 60 },
  { file: 'benchmarks/anthropic_filemap_multilingual.yaml', bundles: ['multilingual_setup', ...ANTHROPIC, 'diff_state'], templateLines: 40 },
  { file: 'coding_challenge.yaml', bundles: WINDOWED_REPLACE, window: 100, templateLines: 70 },
  { file: 'default.yaml', bundles: ANTHROPIC, templateLines: 40 },
  { file: 'default_backticks.yaml', bundles: ANTHROPIC, templateLines: 40 },
  { file: 'default_mm_no_images.yaml', bundles: ['registry', 'edit_anthropic', 'image_tools', 'web_browser', 'review_on_submit_m'], templateLines: 50 },
  { file: 'default_mm_with_images.yaml', bundles: ['registry', 'edit_anthropic', 'image_tools', 'web_browser', 'review_on_submit_m'], templateLines: 50 },
  { file: 'demo/default.yaml', bundles: ANTHROPIC, templateLines: 50 },
  { file: 'demo/no_instructions.yaml', bundles: ANTHROPIC, templateLines: 40 },
  { file: 'demo/only_bash.yaml', bundles: ['registry', 'submit'], templateLines: 40 },
  { file: 'exotic/default_shell.yaml', bundles: ['registry', 'edit_anthropic'], templateLines: 30 },
  { file: 'exotic/windowed_replace.yaml', bundles: WINDOWED_REPLACE, window: 200, templateLines: 90 },
  { file: 'exotic/windowed_replace_late_repro.yaml', bundles: WINDOWED_REPLACE, window: 200, templateLines: 90 },
  { file: 'human/human.yaml', bundles: WINDOWED_LINT, window: 100, templateLines: 4 },
  { file: 'human/human_demo.yaml', bundles: WINDOWED_LINT, window: 100, templateLines: 30 },
  { file: 'sweagent_0_7/07.yaml', bundles: WINDOWED_LINT, window: 100, templateLines: 70 },
  { file: 'sweagent_0_7/07_fcalling.yaml', bundles: WINDOWED_LINT, window: 50, templateLines: 70 },
  { file: 'sweagent_0_7/07_from_url.yaml', bundles: WINDOWED_REPLACE, window: 100, templateLines: 80 },
  { file: 'sweagent_0_7/07_thought_action.yaml', bundles: WINDOWED_LINT, window: 50, templateLines: 70 },
  { file: 'sweagent_0_7/07_thought_action_xml.yaml', bundles: WINDOWED_LINT, window: 100, templateLines: 65 },
];

/** An agent config as SWE-agent's are written: templates, then `agent.tools` with its env and bundles. */
export function agentConfigText(bundlePaths: readonly string[], window: number | undefined, templateLines: number): string {
  const lines = ['agent:', '  templates:', '    system_template: |-', '      You are a helpful assistant that can interact with a computer to solve tasks.', '    instance_template: |-'];
  // As SWE-agent's templates: the repository's folder named once (the registry's state writes it), then prose.
  lines.push('      The repository is in {{working_dir}}: read {{problem_statement}}.');
  for (let i = 1; i < templateLines; i++) lines.push(`      Step ${i + 1}: make the change, then run the tests that cover it.`);
  lines.push('    next_step_template: |-', '      OBSERVATION:', '      {{observation}}', '  tools:', '    env_variables:');
  if (window !== undefined) lines.push(`      WINDOW: ${window}`, '      OVERLAP: 2');
  lines.push('      PAGER: cat', '      GIT_PAGER: cat', '    bundles:', ...bundlePaths.map((p) => `      - path: ${p}`), '    enable_bash_tool: true', '    parse_function:', '      type: function_calling');
  return lines.join('\n') + '\n';
}

export interface Layout {
  root: string;
  /** Every bundle config and agent config written. */
  files: string[];
  bundles: string[];
  agents: string[];
}

function writeShape(root: string, shape: BundleShape): string {
  const dir = path.join(root, 'tools', shape.name);
  const file = writeBundleFolder(dir, bundleText(shape), [...shape.tools.map((t) => t.name), ...(shape.helpers ?? [])], shape.state);
  if (shape.install) fs.writeFileSync(path.join(dir, 'install.sh'), '#!/usr/bin/env bash\ntrue\n', { mode: 0o755 });
  return file;
}

export function writeSweAgentLayout(root: string): Layout {
  const bundles = BUNDLES.map((shape) => writeShape(root, shape));
  const agents = AGENTS.map((agent) => {
    const file = path.join(root, 'config', agent.file);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(
      file,
      agentConfigText(
        agent.bundles.map((b) => `tools/${b}`),
        agent.window,
        agent.templateLines,
      ),
    );
    return file;
  });
  return { root, files: [...bundles, ...agents], bundles, agents };
}

/** How many of the layout's agent configs list a bundle. */
export function usersOf(bundle: string): number {
  return AGENTS.filter((a) => a.bundles.includes(bundle)).length;
}

/** How many distinct envs the agent configs that list a bundle have. */
export function envsOf(bundle: string): number {
  return new Set(AGENTS.filter((a) => a.bundles.includes(bundle)).map((a) => a.window)).size;
}

/**
 * `tools/shared/config.yaml` of `toolCount` generated tools (their docstrings
 * using `{WINDOW}` when `window`), and `agents` agent configs under `config/`
 * that list it, each with its own WINDOW.
 */
export function writeSharedBundle(root: string, toolCount: number, agents: number, window: boolean): { bundle: string; text: string; toolCount: number; agents: string[] } {
  const { text } = generateBundle(toolCount, 1, window ? 'WINDOW' : undefined);
  const bundle = writeBundleFolder(
    path.join(root, 'tools', 'shared'),
    text,
    Array.from({ length: toolCount }, (_, t) => `tool_${t}`),
    '_state',
  );
  const agentFiles = Array.from({ length: agents }, (_, i) => {
    const file = path.join(root, 'config', `agent_${i}.yaml`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, agentConfigText(['tools/shared'], 10 + i, 4));
    return file;
  });
  return { bundle, text, toolCount, agents: agentFiles };
}
