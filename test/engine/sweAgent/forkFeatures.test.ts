/** Completion and hover from a fork's own models: its fields complete and hover with their Field(description=...). */
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { Placement } from '../../../server/src/engine/document/placement';
import { renderPlainText } from '../../../server/src/engine/features/toolPreview';
import { runConfigCompletions, runConfigHover } from '../../../server/src/engine/features/runConfigFeatures';
import { forkProfile } from '../../../server/src/engine/sweAgent/forkProfile';
import { loadYaml } from '../../../server/src/engine/yaml/loadYaml';
import { parseMarkers } from '../../helpers/markers';

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

function parsed(text: string) {
  const origin = { text };
  return { root: loadYaml(text, origin).root, at: Placement.whole(origin) };
}

describe("a fork's profile", () => {
  it('takes the base version from __version__ and code facts from the source', () => {
    expect([profile.kind, profile.base, profile.facts.argumentNamePattern, profile.facts.configMerge]).toEqual(['path', '1.0.1', '*', 'shallow']);
    expect(profile.root).toBe(ROOT);
  });

  it("completes the fork's own fields", () => {
    const { text, cursor } = parseMarkers('agent:\n  model:\n    name: x\n    ¦\n');
    expect(runConfigCompletions(text, parsed(text), cursor, false, profile)?.map((e) => e.label)).toEqual(['custom_input_cost_per_1k_tokens']);
  });

  it("hovers with the fork's own description, and says which SWE-agent judges the file", () => {
    const text = 'agent:\n  model:\n    name: x\n    custom_input_cost_per_1k_tokens: 1\n';
    const { root, at } = parsed(text);
    const hover = runConfigHover(root, at, text.indexOf('custom_input') + 2, profile)!;
    expect(renderPlainText(hover.blocks)).toBe(
      'agent.model.custom_input_cost_per_1k_tokens: float, default 0.0\n\nDollars per thousand input tokens.\n\nIn ModelConfig, which refuses unknown keys: a key it does not have stops SWE-agent.\n\nJudged by the fork: a test.',
    );
  });
});
