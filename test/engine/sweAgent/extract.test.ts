/** Reading pydantic models from a small synthetic `sweagent` package of our own (never executed). */
import { describe, expect, it } from 'vitest';
import { PythonSources, extractModels } from '../../../server/src/engine/sweAgent/extract/pydanticModels';
import { ProfileData } from '../../../server/src/engine/sweAgent/profileData';

function sourcesOf(files: Record<string, string>): PythonSources {
  return {
    module: (name) => {
      const base = name.replaceAll('.', '/');
      if (files[`${base}.py`] !== undefined) return { text: files[`${base}.py`], file: `${base}.py`, isPackage: false };
      if (files[`${base}/__init__.py`] !== undefined) return { text: files[`${base}/__init__.py`], file: `${base}/__init__.py`, isPackage: true };
      return null;
    },
  };
}

const PACKAGE: Record<string, string> = {
  'sweagent/__init__.py': '__version__ = "1.1.0"\n',
  'sweagent/agent/__init__.py': '',
  'sweagent/agent/base.py': `
from pydantic import BaseModel, ConfigDict, Field

class Common(BaseModel):
    name: str = "main"
    limit: int = 3
    model_config = ConfigDict(extra="forbid")
`,
  'sweagent/agent/agents.py': `
from typing import Annotated, Literal, Optional, Union, ClassVar
from pathlib import Path
from pydantic import Field, field_validator, model_validator
from .base import Common
from sweagent.agent import models as m

class DefaultAgentConfig(Common):
    limit: int = 5
    model: m.ModelConfig = Field(description="The model.")
    history: list["Proc"] = []
    type: Literal["default"] = "default"

class MaxStepAgentConfig(Common):
    max_steps: int = Field(default=10, alias="maxSteps")
    tags: set[str] = Field(default_factory=set)
    demos: Optional[list[Path]] = None
    kind: ClassVar[str] = "x"
    _private: int = 0
    type: Literal["max_step"] = "max_step"

    @field_validator("max_steps")
    def check_steps(cls, v):
        return v

    @model_validator(mode="after")
    def check_all(self):
        return self

AgentConfig = Annotated[DefaultAgentConfig | MaxStepAgentConfig, Field(union_mode="left_to_right")]
`,
  'sweagent/agent/models.py': `
from typing import Literal, Union, Annotated, Any
from pydantic import BaseModel, Field, SecretStr

class GenericModel(BaseModel):
    name: str
    api_key: SecretStr | None = None
    kwargs: dict[str, Any] = {}
    pair: tuple[int, str] = (1, "a")

class HumanModel(BaseModel):
    name: Literal["human"] = "human"

ModelConfig = Annotated[Union[GenericModel, HumanModel], Field(union_mode="left_to_right")]

class ProcA(BaseModel):
    type: Literal["a"] = "a"

class ProcB(BaseModel):
    type: Literal["b"] = "b"
    n: int

Proc = Annotated[ProcA | ProcB, Field(discriminator="type")]
`,
  'sweagent/run/__init__.py': '',
  'sweagent/run/run_single.py': `
from pydantic_settings import BaseSettings
from pydantic import Field
from sweagent.agent.agents import AgentConfig
from sweagent.agent.models import Proc
import swerex.deployment.config as dc

class RunSingleConfig(BaseSettings, cli_implicit_flags=False):
    agent: AgentConfig = Field(description="Agent options.")
    procs: list[Proc] = Field(default_factory=list)
    deployment: dc.DeploymentConfig = None
    mystery: Frobnicator = 1
`,
  'sweagent/run/run_batch.py': `
from sweagent.run.run_single import RunSingleConfig as Single

class RunBatchConfig(Single):
    num_workers: int = 1
    model_config = {"extra": "ignore"}
`,
};

describe('extractModels on a synthetic sweagent package', () => {
  const data: ProfileData = extractModels(sourcesOf(PACKAGE));
  const fields = (model: string) => data.models[model].fields;

  it('finds the roots and every model they reach, across modules and relative imports', () => {
    expect(data.runSingle).toBe('RunSingleConfig');
    expect(data.runBatch).toBe('RunBatchConfig');
    expect(Object.keys(data.models).sort()).toEqual(['Common', 'DefaultAgentConfig', 'GenericModel', 'HumanModel', 'MaxStepAgentConfig', 'ProcA', 'ProcB', 'RunBatchConfig', 'RunSingleConfig']);
  });

  it('inherits fields across modules, an override keeping its place, and extra from the base', () => {
    expect(fields('DefaultAgentConfig').map((f) => [f.name, f.default])).toEqual([
      ['name', '"main"'],
      ['limit', '5'],
      ['model', undefined],
      ['history', '[]'],
      ['type', '"default"'],
    ]);
    expect(data.models.DefaultAgentConfig.extra).toBe('forbid');
  });

  it('reads aliases, default factories, Optional, containers and skips ClassVar and private names', () => {
    expect(fields('MaxStepAgentConfig').slice(2)).toEqual([
      { name: 'maxSteps', type: { t: 'int' }, default: '10' },
      { name: 'tags', type: { t: 'set', of: { t: 'str' } }, default: 'set()' },
      { name: 'demos', type: { t: 'optional', of: { t: 'list', of: { t: 'path' } } }, default: 'None' },
      { name: 'type', type: { t: 'literal', values: ['max_step'] }, default: '"max_step"' },
    ]);
    expect(fields('GenericModel')).toEqual([
      { name: 'name', type: { t: 'str' } },
      { name: 'api_key', type: { t: 'optional', of: { t: 'secret' } }, default: 'None' },
      { name: 'kwargs', type: { t: 'dict', key: { t: 'str' }, value: { t: 'any' } }, default: '{}' },
      { name: 'pair', type: { t: 'tuple', of: [{ t: 'int' }, { t: 'str' }] }, default: '(1, "a")' },
    ]);
  });

  it('reads left-to-right unions through type aliases and discriminated unions through Annotated', () => {
    const single = fields('RunSingleConfig');
    expect(single[0]).toEqual({ name: 'agent', type: { t: 'union', mode: 'left_to_right', members: [{ t: 'ref', model: 'DefaultAgentConfig' }, { t: 'ref', model: 'MaxStepAgentConfig' }] }, description: 'Agent options.' });
    expect(single[1].type).toEqual({ t: 'list', of: { t: 'tagged', members: ['ProcA', 'ProcB'], discriminator: 'type' } });
    expect(fields('DefaultAgentConfig')[2].type).toEqual({ t: 'union', mode: 'left_to_right', members: [{ t: 'ref', model: 'GenericModel' }, { t: 'ref', model: 'HumanModel' }] });
  });

  it('gives BaseSettings its forbidding default and lets model_config override it in a subclass', () => {
    expect(data.models.RunSingleConfig.extra).toBe('forbid');
    expect(data.models.RunBatchConfig.extra).toBe('ignore');
    expect(fields('RunBatchConfig').map((f) => f.name)).toEqual(['agent', 'procs', 'deployment', 'mystery', 'num_workers']);
  });

  it('records validators with the fields they apply to, and says what it could not read', () => {
    expect(data.models.MaxStepAgentConfig.validators).toEqual([
      { name: 'check_steps', kind: 'field_validator', definedIn: 'MaxStepAgentConfig', fields: ['max_steps'] },
      { name: 'check_all', kind: 'model_validator', definedIn: 'MaxStepAgentConfig', fields: [] },
    ]);
    expect(data.notUnderstood).toEqual([
      { file: 'sweagent/agent/agents.py', line: 11, message: 'the forward reference "Proc" is not understood by this tool; values of it are not checked' },
      { file: 'sweagent/run/run_single.py', line: 11, message: 'the type dc.DeploymentConfig (swerex.deployment.config.DeploymentConfig) is not understood by this tool; values of it are not checked' },
      { file: 'sweagent/run/run_single.py', line: 12, message: 'the type Frobnicator (builtins.Frobnicator) is not understood by this tool; values of it are not checked' },
    ]);
  });

  it("takes SWE-ReX's types from a fallback profile, with the models they reach", () => {
    const fallback: ProfileData = {
      provenance: [],
      runSingle: 'X',
      runBatch: 'X',
      notUnderstood: [],
      templateVariables: { formatDict: [], step: [], notRead: [] },
      models: {
        EnvironmentConfig: { name: 'EnvironmentConfig', file: 'e.py', line: 1, extra: 'forbid', validators: [], fields: [{ name: 'deployment', type: { t: 'union', mode: 'smart', members: [{ t: 'ref', model: 'DockerDeploymentConfig' }] } }] },
        DockerDeploymentConfig: { name: 'DockerDeploymentConfig', file: 'c.py', line: 1, extra: 'forbid', validators: [], fields: [{ name: 'image', type: { t: 'str' }, default: "'python:3.11'" }] },
      },
    };
    const withFallback = extractModels(sourcesOf(PACKAGE), { fallback });
    expect(withFallback.models.RunSingleConfig.fields[2].type).toEqual({ t: 'union', mode: 'smart', members: [{ t: 'ref', model: 'DockerDeploymentConfig' }] });
    expect(withFallback.models.DockerDeploymentConfig).toEqual(fallback.models.DockerDeploymentConfig);
    expect(withFallback.notUnderstood.map((n) => n.line)).toEqual([11, 12]);
  });

  it('never throws on Python it cannot parse, and says the roots were not found', () => {
    const broken = extractModels(sourcesOf({ 'sweagent/run/run_single.py': 'class RunSingleConfig(:\n  x: = \n', 'sweagent/run/run_batch.py': '' }));
    expect(broken.notUnderstood.map((n) => n.message)).toContain('sweagent.run.run_batch.RunBatchConfig was not found as a pydantic model');
  });
});
