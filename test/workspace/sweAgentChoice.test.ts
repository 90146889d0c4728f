/** Which SWE-agent agent configs are judged by: a fork's own sweagent/ package, a pinned version, the setting, --swe-agent. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/runCli';
import { TempWorkspace, tempWorkspace } from '../helpers/tempWorkspace';

interface File {
  path: string;
  loads: boolean;
  diagnostics: { code: string; severity: string; message: string; range: { start: { line: number; character: number } } }[];
}

/** A fork in the manner of those that add an agent type: its own models, one validator we do not port. */
const FORK: Record<string, string> = {
  'sweagent/__init__.py': '__version__ = "1.1.0"\n',
  'sweagent/agent/__init__.py': '',
  'sweagent/agent/agents.py': `
from typing import Annotated, Literal
from pydantic import BaseModel, ConfigDict, Field, field_validator

class ModelConfig(BaseModel):
    name: str
    custom_cost: float = 0.0
    model_config = ConfigDict(extra="forbid")

class TemplateConfig(BaseModel):
    system_template: str = ""
    instance_template: str = ""

class DefaultAgentConfig(BaseModel):
    templates: TemplateConfig = Field(default_factory=TemplateConfig)
    model: ModelConfig
    type: Literal["default"] = "default"
    model_config = ConfigDict(extra="forbid")

class MaxStepAgentConfig(DefaultAgentConfig):
    """Stops after max_steps."""
    max_steps: int = Field(default=10, description="The most steps the agent takes.")
    type: Literal["max_step"] = "max_step"

    @field_validator("max_steps")
    def check_steps(cls, v):
        return v

AgentConfig = Annotated[DefaultAgentConfig | MaxStepAgentConfig, Field(union_mode="left_to_right")]
`,
  'sweagent/run/__init__.py': '',
  'sweagent/run/run_single.py': `
from pydantic_settings import BaseSettings
from sweagent.agent.agents import AgentConfig

class RunSingleConfig(BaseSettings):
    agent: AgentConfig
`,
  'sweagent/run/run_batch.py': `
from pydantic_settings import BaseSettings
from sweagent.agent.agents import AgentConfig

class RunBatchConfig(BaseSettings):
    agent: AgentConfig
    instances: dict = {}
`,
  'config/max_step.yaml': 'agent:\n  type: max_step\n  max_steps: 3\n  templates: {system_template: a, instance_template: b}\n  model: {name: gpt-4o, custom_cost: 0.5}\n',
};

const summary = (files: File[]) => Object.fromEntries(files.map((f) => [f.path, f.diagnostics.map((d) => `${d.severity} ${d.code}@${d.range.start.line}:${d.range.start.character}`)]));

describe("a fork's own sweagent/ package (auto)", () => {
  let ws: TempWorkspace;
  beforeAll(() => {
    ws = tempWorkspace(FORK);
  });
  afterAll(() => ws.remove());

  it('judges its configs by its own models, and says the validator it does not run', () => {
    const run = runCli(['--format', 'json', 'config/max_step.yaml'], ws.root);
    expect(run.stderr).toBe('');
    const files = JSON.parse(run.stdout) as File[];
    expect(files[0].loads).toBe(true);
    expect(summary(files)).toEqual({ 'config/max_step.yaml': ['information not-checked@1:2'] });
    expect(files[0].diagnostics[0].message).toBe(
      '`MaxStepAgentConfig.check_steps` is not run by this tool: it is code of the model `MaxStepAgentConfig` (at `agent`) that SWE-agent runs when it loads the config, so what it checks is not checked here.',
    );
  });

  it('says in the text summary which SWE-agent judged the config, and why', () => {
    const run = runCli(['config/max_step.yaml'], ws.root);
    expect(run.stdout.trim().split('\n').pop()).toBe("0 errors, 0 warnings, 1 info in 1 file; 1 with parts not checked; judged by the workspace's own sweagent/ package: found in the workspace (--swe-agent auto)");
  });

  it('judges them by a released SWE-agent when told to (--swe-agent), where the fork\'s agent type does not exist', () => {
    const files = JSON.parse(runCli(['--format', 'json', '--swe-agent', '1.1.0', 'config/max_step.yaml'], ws.root).stdout) as File[];
    expect(files[0].loads).toBe(false);
    expect(files[0].diagnostics.filter((d) => d.severity === 'error').length).toBeGreaterThan(0);
    // The summary names the flag that chose it (the editor's setting is named in the editor: test/lsp/judgedBy.test.ts).
    const text = runCli(['--swe-agent', '1.1.0', 'config/max_step.yaml'], ws.root);
    expect(text.stdout.trim().split('\n').pop()).toMatch(/; judged by SWE-agent v1\.1\.0: set by --swe-agent$/);
  });
});

describe('a pinned version (auto)', () => {
  let ws: TempWorkspace;
  beforeAll(() => {
    ws = tempWorkspace({
      'requirements.txt': 'numpy\nsweagent==1.0.0\n',
      // ShellAgentConfig came after 1.0.0.
      'config/shell.yaml': 'agent:\n  type: shell\n  templates: {system_template: a, instance_template: b}\n  model: {name: gpt-4o}\n',
    });
  });
  afterAll(() => ws.remove());

  it('judges by the pinned release and says so', () => {
    const run = runCli(['config/shell.yaml'], ws.root);
    expect(run.code).toBe(1);
    expect(run.stdout.trim().split('\n').pop()).toMatch(/; judged by SWE-agent v1\.0\.0: pinned in requirements\.txt \(--swe-agent auto\)$/);
    expect(runCli(['--swe-agent', 'main', 'config/shell.yaml'], ws.root).code).toBe(0);
  });

  it('refuses a sweAgent path in a workspace settings file that points outside the workspace', () => {
    ws.write('.swe-bundle.json', '{"sweAgent": "/nowhere/SWE-agent"}');
    const run = runCli(['config/shell.yaml'], ws.root);
    ws.write('.swe-bundle.json', '{}');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("sweAgent /nowhere/SWE-agent lies outside the workspace, and a workspace's own settings file cannot widen what is read");
  });
});
