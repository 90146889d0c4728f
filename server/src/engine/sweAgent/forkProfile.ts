/**
 * A profile read from a `sweagent` package on disk (a fork, a checkout, an
 * installed package): its models from its own source, on the code facts of
 * the release it says it is (`__version__`), corrected by what its source
 * shows (its ARGUMENT_NAME_PATTERN, how it merges several `--config` files).
 * What its source lacks (SWE-ReX's deployment models) comes from that
 * release's built-in profile.
 */
import * as path from 'path';
import { buildProfile } from './buildProfile';
import { builtinProfileData } from './builtinProfiles';
import { PythonSources, extractModels } from './extract/pydanticModels';
import { PythonParses, readPythonModule } from './extract/pythonSource';
import { TEMPLATE_BODIES } from './extract/templateVariables';
import { SweAgentFacts, SweAgentProfile, SweAgentVersion, VERSION_FACTS } from './profile';
import { charged, spend } from '../work';

/** Reads a file's text (null when it is not there or not readable). */
export type ReadText = (file: string) => string | null;

/** The release a `__version__` names, or main for anything later or unknown. */
function baseOf(version: string | undefined): SweAgentVersion {
  return version === '1.0.0' || version === '1.0.1' || version === '1.1.0' ? version : 'main';
}

function factsFromSource(base: SweAgentVersion, read: (module: string) => string | null, parses: PythonParses): SweAgentFacts {
  const facts = { ...VERSION_FACTS[base] };
  const commands = read('sweagent.tools.commands');
  const pattern = commands ? readPythonModule(commands, 'sweagent.tools.commands', false, parses).assignments.get('ARGUMENT_NAME_PATTERN') : undefined;
  if (pattern?.k === 'str') {
    if (pattern.value.endsWith('+')) facts.argumentNamePattern = '+';
    else if (pattern.value.endsWith('*')) facts.argumentNamePattern = '*';
  }
  const common = read('sweagent.run.common');
  if (common) facts.configMerge = common.includes('merge_nested_dicts(') ? 'deep' : 'shallow';
  return facts;
}

/** The profile of the `sweagent` package in `packageParent` (the folder holding `sweagent/`). */
export function forkProfile(packageParent: string, readText: ReadText, why: { label: string; reason: string }): SweAgentProfile {
  const sources: PythonSources = {
    module: (name) => {
      if (name !== 'sweagent' && !name.startsWith('sweagent.')) return null;
      const base = path.join(packageParent, ...name.split('.'));
      for (const [file, isPackage] of [[`${base}.py`, false], [path.join(base, '__init__.py'), true]] as const) {
        spend();
        const text = readText(file);
        if (text !== null) return { text, file: path.relative(packageParent, file).split(path.sep).join('/'), isPackage };
      }
      return null;
    },
  };
  const parses = new PythonParses(TEMPLATE_BODIES);
  const init = readText(path.join(packageParent, 'sweagent', '__init__.py'));
  const version = init ? readPythonModule(init, 'sweagent', true, parses).assignments.get('__version__') : undefined;
  const base = baseOf(version?.k === 'str' ? version.value : undefined);
  const data = extractModels(sources, { fallback: builtinProfileData(base), parses });
  data.provenance = [{ source: packageParent }];
  const facts = factsFromSource(base, (module) => sources.module(module)?.text ?? null, parses);
  // ToolConfig's default env, as its own source writes it: `{}`, or (main's) the pager settings.
  const envDefault = charged(charged(Object.values(data.models)).find((m) => m.name === 'ToolConfig' && m.file === 'sweagent/tools/tools.py')?.fields)?.find((f) => f.name === 'env_variables')?.default;
  if (envDefault !== undefined) facts.toolEnvDefault = envDefault.replace(/\s/g, '') === '{}' ? 'empty' : 'pagers';
  return buildProfile(data, { kind: 'path', label: why.label, reason: why.reason, base, facts, root: packageParent, ...(version?.k === 'str' ? { packageVersion: version.value } : {}) });
}
