/** Completion and hover from a fork's own models: its fields complete and hover with their Field(description=...). */
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { renderPlainText } from '../../../server/src/engine/features/toolPreview';
import { forkProfile } from '../../../server/src/engine/sweAgent/forkProfile';
import { WORKSPACE, position } from '../../helpers/fixture';

const ROOT = '/fork';
const FILES: Record<string, string> = {
  'sweagent/__init__.py': '__version__ = "1.0.1"\n',
  'sweagent/run/run_single.py': `
from typing import Literal
from pydantic import BaseModel, ConfigDict, Field
from pydantic_settings import BaseSettings

class ModelConfig(BaseModel):
    name: str
    custom_input_cost_per_1k_tokens: float = Field(default=0.0, description="Dollars per thousand input tokens.")
    model_config = ConfigDict(extra="forbid")

class DefaultAgentConfig(BaseModel):
    model: ModelConfig
    type: Literal["default"] = "default"

class RunSingleConfig(BaseSettings):
    agent: DefaultAgentConfig
`,
  'sweagent/run/run_batch.py': 'from sweagent.run.run_single import RunSingleConfig as RunBatchConfig\n',
  'sweagent/tools/commands.py': 'ARGUMENT_NAME_PATTERN = r"[a-zA-Z_][a-zA-Z0-9_-]*"\n',
};
const profile = forkProfile(ROOT, (file) => FILES[path.relative(ROOT, file)] ?? null, { label: 'the fork', reason: 'a test' });

describe("a fork's profile", () => {
  it('takes the base version from __version__ and code facts from the source', () => {
    expect([profile.kind, profile.base, profile.facts.argumentNamePattern, profile.facts.configMerge]).toEqual(['path', '1.0.1', '*', 'shallow']);
    expect(profile.root).toBe(ROOT);
  });

  /** The fork's package in a workspace with one agent config (the `¦` cursor in it), through the facade. */
  const inWorkspace = (agent: string) =>
    position([...Object.entries(FILES).map(([file, text]) => `//- ${WORKSPACE}/${file}\n${text}`), `//- ${WORKSPACE}/config/agent.yaml\n${agent}`].join(''));

  it("completes the fork's own fields", () => {
    const { analysis, file, offset } = inWorkspace('agent:\n  model:\n    name: x\n    ¦\n');
    expect(analysis.completion(file, offset, { snippets: false })?.map((e) => e.label)).toEqual(['custom_input_cost_per_1k_tokens']);
  });

  it("hovers with the fork's own description, and says which SWE-agent judges the file", () => {
    const { analysis, file, offset } = inWorkspace('agent:\n  model:\n    name: x\n    cu¦stom_input_cost_per_1k_tokens: 1\n');
    expect(renderPlainText(analysis.hover(file, offset)!.blocks)).toBe(
      "agent.model.custom_input_cost_per_1k_tokens: float, default 0.0\n\nDollars per thousand input tokens.\n\nIn ModelConfig, which refuses unknown keys: a key it does not have stops SWE-agent.\n\nJudged by the workspace's own sweagent/ package: found in the workspace (sweBundle.sweAgent: auto).",
    );
  });
});
