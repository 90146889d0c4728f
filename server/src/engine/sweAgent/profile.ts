/**
 * Which SWE-agent a workspace is judged by: its models (RunSingleConfig,
 * RunBatchConfig and everything below them) and the facts of its code that
 * differ between versions. A built-in profile is one of the four released
 * states (`builtinProfiles.ts`, generated from their sources); a fork's
 * profile is read from its own `sweagent/` package (`extract/`), on the
 * version facts of the release it is based on.
 */
import type { ModelSchema } from '../runConfig/schema';
import type { TemplateVariablesData } from './profileData';
import { BundleFacts, MAIN_BUNDLE_FACTS } from '../swe/bundleFacts';

export type SweAgentVersion = '1.0.0' | '1.0.1' | '1.1.0' | 'main';
export const SWE_AGENT_VERSIONS: readonly SweAgentVersion[] = ['1.0.0', '1.0.1', '1.1.0', 'main'];

/** The behaviours of SWE-agent's code (not its models) that differ between versions: its bundle code's (swe/bundleFacts.ts), and the run's. */
export interface SweAgentFacts extends BundleFacts {
  /** Several `--config` files: `dict.update` (shallow, up to 1.0.1) or `merge_nested_dicts` (deep, since 1.1.0). */
  configMerge: 'shallow' | 'deep';
}

/** A validator or construct of a model's source that this tool does not run, said on the files it applies to. */
export interface UnportedCode {
  /** `MaxStepAgentConfig.check_steps`. */
  qualifiedName: string;
  /** The model it belongs to. */
  model: string;
  /** The Python file it is in, relative to the package's parent folder (`sweagent/agent/agents.py`). */
  file: string;
  what: 'field_validator' | 'model_validator' | '__init__' | 'model_post_init' | 'construct';
}

export interface SweAgentProfile {
  /** `1.0.0` … `main` for a built-in profile; `path` for a package read from source. */
  kind: SweAgentVersion | 'path';
  /** How messages name it: `SWE-agent main (3ea751c0)`, `the workspace's sweagent/ package`. */
  label: string;
  /** Why this one was chosen: `the setting sweBundle.sweAgent`, `pinned in pyproject.toml`, `default`. */
  reason: string;
  /** The release whose code facts apply (a fork's: the version its package says, else main). */
  base: SweAgentVersion;
  facts: SweAgentFacts;
  runSingle: ModelSchema;
  runBatch: ModelSchema;
  /** The folder holding the `sweagent` package (SWE-agent's REPO_ROOT), when it is known on disk. */
  root?: string;
  /** The `__version__` a package read from source says (`1.1.0`, `0.7.0`), when it says one. */
  packageVersion?: string;
  /** What the agent code gives its templates. */
  templateVariables: TemplateVariablesData;
  /** Code of the models' source that is not run by this tool. */
  unported: readonly UnportedCode[];
  /** Where the models were read from: repository (or folder) and commit. */
  provenance: readonly { source: string; commit?: string }[];
}

export const VERSION_FACTS: Readonly<Record<SweAgentVersion, SweAgentFacts>> = {
  '1.0.0': { argumentNamePattern: '+', dashDashNamesArgument: false, duplicateArguments: 'object', noArgumentSchema: 'empty-properties', missingArgumentWording: 'all', configMerge: 'shallow', toolEnvDefault: 'empty' },
  '1.0.1': { argumentNamePattern: '+', dashDashNamesArgument: false, duplicateArguments: 'object', noArgumentSchema: 'empty-properties', missingArgumentWording: 'all', configMerge: 'shallow', toolEnvDefault: 'empty' },
  '1.1.0': { argumentNamePattern: '+', dashDashNamesArgument: false, duplicateArguments: 'object', noArgumentSchema: 'empty-properties', missingArgumentWording: 'all', configMerge: 'deep', toolEnvDefault: 'empty' },
  main: { ...MAIN_BUNDLE_FACTS, configMerge: 'deep' },
};
