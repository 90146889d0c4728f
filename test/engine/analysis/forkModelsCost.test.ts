/**
 * A workspace's own sweagent/ package is read once (its models extracted from
 * source) and again only when a Python file read for them changes: an edit to
 * an agent config or a bundle reuses the models; an edit to one Python
 * module of the package reads them again. Counted, not timed (the time is
 * `npm run bench`'s fork series).
 */
import { describe, expect, it } from 'vitest';
import { WORKSPACE, workspaceOf } from '../../helpers/fixture';
import { costOf } from '../../helpers/project';

const EXTRACTION = 'sweagent package profile';

const AGENTS_PY = `
from typing import Literal
from pydantic import BaseModel, ConfigDict

class ModelConfig(BaseModel):
    name: str
    model_config = ConfigDict(extra="forbid")

class DefaultAgentConfig(BaseModel):
    model: ModelConfig
    type: Literal["default"] = "default"
    model_config = ConfigDict(extra="forbid")
`;

const FILES = new Map([
  [`${WORKSPACE}/sweagent/__init__.py`, '__version__ = "1.1.0"\n'],
  [`${WORKSPACE}/sweagent/agent/__init__.py`, ''],
  [`${WORKSPACE}/sweagent/agent/agents.py`, AGENTS_PY],
  [`${WORKSPACE}/sweagent/run/__init__.py`, ''],
  [`${WORKSPACE}/sweagent/run/run_single.py`, 'from pydantic_settings import BaseSettings\nfrom sweagent.agent.agents import DefaultAgentConfig\n\nclass RunSingleConfig(BaseSettings):\n    agent: DefaultAgentConfig\n'],
  [`${WORKSPACE}/sweagent/utils/log.py`, 'def get_logger(name):\n    return name\n'],
  [`${WORKSPACE}/config/agent.yaml`, 'agent:\n  model:\n    name: gpt-4o\n  max_steps: 3\n'],
  [`${WORKSPACE}/tools/t/config.yaml`, 'tools:\n  t:\n    docstring: a tool\n'],
]);
const CONFIG = `${WORKSPACE}/config/agent.yaml`;

const codesOf = (fixture: ReturnType<typeof workspaceOf>) => fixture.host.analysis().report(CONFIG)!.diagnostics.map((d) => d.code);

describe("a fork's models, read once", () => {
  it('are read for the first diagnostics, reused after edits to YAML files, and read again after an edit to one of their Python files', () => {
    const fixture = workspaceOf(FILES);
    const { host } = fixture;
    expect(costOf(host, () => host.analysis().report(CONFIG))[EXTRACTION]).toBe(1);
    // The fork's DefaultAgentConfig forbids the key it does not have.
    expect(codesOf(fixture)).toEqual(['forbidden-key']);

    const afterConfigEdit = costOf(host, () => {
      host.applyChange({ opened: [{ file: CONFIG, text: 'agent:\n  model:\n    name: gpt-4o-mini\n  max_steps: 3\n' }] });
      host.analysis().report(CONFIG);
    });
    expect(afterConfigEdit[EXTRACTION]).toBeUndefined();

    const afterBundleEdit = costOf(host, () => {
      host.applyChange({ opened: [{ file: `${WORKSPACE}/tools/t/config.yaml`, text: 'tools:\n  t:\n    docstring: a tool, edited\n' }] });
      host.analysis().report(CONFIG);
    });
    expect(afterBundleEdit[EXTRACTION]).toBeUndefined();

    // A module the models do not import is not read for them.
    const afterUnreadModuleEdit = costOf(host, () => {
      host.applyChange({ opened: [{ file: `${WORKSPACE}/sweagent/utils/log.py`, text: 'def get_logger(name):\n    return name.upper()\n' }] });
      host.analysis().report(CONFIG);
    });
    expect(afterUnreadModuleEdit[EXTRACTION]).toBeUndefined();

    const withMaxSteps = AGENTS_PY.replace('    type: Literal["default"] = "default"\n', '    type: Literal["default"] = "default"\n    max_steps: int = 10\n');
    const afterModelEdit = costOf(host, () => {
      host.applyChange({ opened: [{ file: `${WORKSPACE}/sweagent/agent/agents.py`, text: withMaxSteps }] });
      host.analysis().report(CONFIG);
    });
    expect(afterModelEdit[EXTRACTION]).toBe(1);
    expect(codesOf(fixture)).toEqual([]);
  });
});
