/**
 * The template-variable check follows the chosen SWE-agent: each release's
 * StepOutput keys and default env (built-in profiles), and a fork's own
 * `_get_format_dict` and StepOutput read from its `sweagent/` package (small
 * synthetic forks of our own). Exact codes, ranges («» marks), severities
 * and messages.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { parseMarkers } from '../helpers/markers';
import { hostOn } from '../helpers/project';
import { SWE_AGENT_FORMAT_ARGS, stepOutputModule } from '../helpers/sweAgentSources';
import { TempWorkspace, tempWorkspace } from '../helpers/tempWorkspace';

const CODES = ['template-unknown-variable', 'template-variable-unverified'];

/** The template diagnostics of the marked config in `ws`, judged with `settings`: `code:severity@start-end` against the marks; their messages. */
function check(ws: TempWorkspace, marked: string, codes: string[], settings: Record<string, unknown> = {}): string[] {
  const { text, ranges } = parseMarkers(marked);
  const host = hostOn(ws.root, { commandLine: ['--agent.model.name=gpt-4o'], ...settings });
  const file = ws.write('config/agent.yaml', text);
  host.applyChange({ disk: [file] });
  const found = host.analysis().agent(file)!.diagnostics.filter((d) => CODES.includes(d.code));
  expect(found.map((d) => `${d.code}:${d.severity}@${d.start}-${d.end}`)).toEqual(ranges.map((r, i) => `${codes[i]}@${r.start}-${r.end}`));
  return found.map((d) => d.message);
}

describe('the built-in versions', () => {
  const ws = tempWorkspace({ 'tools/none/config.yaml': 'tools: {}\n' });
  afterAll(() => ws.remove());
  const config = (error: string) => `agent:\n  templates:\n    system_template: "{{command_docs}}"\n    instance_template: "{{problem_statement}}"\n  tools:\n    bundles:\n      - path: tools/none\n    format_error_template: "${error}"\n`;

  it('`thinking_blocks` reaches the error templates only at main; `query` since 1.1.0', () => {
    check(ws, config('{{thinking_blocks}} {{query}}'), [], { sweAgent: 'main' });
    const messages = check(ws, config('{{«thinking_blocks»}} {{query}}'), ['template-unknown-variable:warning'], { sweAgent: '1.1.0' });
    expect(messages).toEqual(['SWE-agent supplies no `{{thinking_blocks}}` to `agent.tools.format_error_template`, so it renders as empty text.']);
    check(ws, config('{{«thinking_blocks»}} {{«query»}}'), ['template-unknown-variable:warning', 'template-unknown-variable:warning'], { sweAgent: '1.0.1' });
  });

  it("ToolConfig's default env gives `{{PAGER}}` only at main (up to 1.1.0 the default is empty)", () => {
    const text = (marked: string) => `agent:\n  templates:\n    system_template: "${marked} {{command_docs}}"\n    instance_template: "{{problem_statement}}"\n  tools:\n    bundles:\n      - path: tools/none\n`;
    check(ws, text('{{PAGER}}'), [], { sweAgent: 'main' });
    const messages = check(ws, text('{{«PAGER»}}'), ['template-unknown-variable:warning'], { sweAgent: '1.0.0' });
    expect(messages).toEqual(['SWE-agent supplies no `{{PAGER}}` to `agent.templates.system_template`, so it renders as empty text.']);
  });
});

/** A fork's package: its TemplateConfig and ToolConfig, a `_get_format_dict` returning `dict(FORMAT)`, and StepOutput. */
function fork(format: string): Record<string, string> {
  return {
    'sweagent/__init__.py': '__version__ = "1.1.0"\n',
    'sweagent/agent/__init__.py': '',
    'sweagent/agent/agents.py': `
from typing import Any
from pydantic import BaseModel, ConfigDict

class ModelConfig(BaseModel):
    name: str

class TemplateConfig(BaseModel):
    system_template: str = ""
    instance_template: str = ""
    model_config = ConfigDict(extra="forbid")

class ToolConfig(BaseModel):
    bundles: list[dict] = []
    format_error_template: str = ""

class DefaultAgentConfig(BaseModel):
    templates: TemplateConfig
    tools: ToolConfig = ToolConfig()
    model: ModelConfig

class DefaultAgent:
    def _get_format_dict(self, **kwargs) -> dict[str, Any]:
        return dict(
${SWE_AGENT_FORMAT_ARGS}
${format}
        )
`,
    'sweagent/types.py': stepOutputModule('    thought: str = ""\n    action: str = ""\n    trace: str = ""\n    state: dict[str, str] = {}'),
    'sweagent/run/__init__.py': '',
    'sweagent/run/run_single.py': 'from pydantic_settings import BaseSettings\nfrom sweagent.agent.agents import DefaultAgentConfig\n\nclass RunSingleConfig(BaseSettings):\n    agent: DefaultAgentConfig\n',
    'sweagent/run/run_batch.py': 'from sweagent.run.run_single import RunSingleConfig as RunBatchConfig\n',
    'tools/none/config.yaml': 'tools: {}\n',
  };
}

const forkConfig = (instance: string, error = '{{thought}}') =>
  `agent:\n  templates:\n    system_template: "{{command_docs}}"\n    instance_template: "${instance}"\n  tools:\n    bundles:\n      - path: tools/none\n    format_error_template: "${error}"\n`;

describe("a fork's own template variables (its sweagent/ package, auto)", () => {
  it("its `_get_format_dict` keywords and StepOutput fields are known; a near miss gets did-you-mean", () => {
    const ws = tempWorkspace(fork('            trace_file=self._trace_path,'));
    try {
      check(ws, forkConfig('{{problem_statement}} {{trace_file}}', '{{trace}} {{exception_message}}'), []);
      const messages = check(ws, forkConfig('{{«trace_fil»}}', '{{«query»}}'), ['template-unknown-variable:warning', 'template-unknown-variable:warning']);
      expect(messages).toEqual([
        'SWE-agent supplies no `{{trace_fil}}` to `agent.templates.instance_template`, so it renders as empty text; did you mean `trace_file`?',
        'SWE-agent supplies no `{{query}}` to `agent.tools.format_error_template`, so it renders as empty text.',
      ]);
    } finally {
      ws.remove();
    }
  });

  it('a spread it cannot read makes an unknown variable an information that says so', () => {
    const ws = tempWorkspace(fork('            **self._extra_vars(),'));
    try {
      const messages = check(ws, forkConfig('{{problem_statement}} {{«ticket»}}'), ['template-variable-unverified:information']);
      expect(messages).toEqual(['`{{ticket}}` is not among the variables known for `agent.templates.instance_template`; template variables of this fork not read: `**self._extra_vars()` in _get_format_dict.']);
    } finally {
      ws.remove();
    }
  });
});
