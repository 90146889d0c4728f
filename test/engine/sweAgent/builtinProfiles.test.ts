/** The committed built-in profiles: their shape, provenance, and the model differences between versions they carry. */
import { describe, expect, it } from 'vitest';
import { builtinProfile, builtinProfileData } from '../../../server/src/engine/sweAgent/builtinProfiles';
import { SWE_AGENT_VERSIONS } from '../../../server/src/engine/sweAgent/profile';
import { fieldOf, modelsOf } from '../../../server/src/engine/runConfig/schema';

describe.each(SWE_AGENT_VERSIONS)('the built-in profile %s', (version) => {
  const data = builtinProfileData(version);
  const profile = builtinProfile(version);

  it('says where it was read from (SWE-agent and SWE-ReX at full commits) and keeps no description text of theirs', () => {
    expect(data.provenance.map((p) => p.source)).toEqual(['SWE-agent/SWE-agent', 'SWE-agent/SWE-ReX']);
    for (const p of data.provenance) expect(p.commit).toMatch(/^[0-9a-f]{40}$/);
    for (const model of Object.values(data.models)) for (const field of model.fields) expect(field.description, `${model.name}.${field.name}`).toBeUndefined();
    expect(data.notUnderstood).toEqual([]);
  });

  it('runs every validator of its source (none is left unported)', () => {
    expect(profile.unported).toEqual([]);
  });

  it('has the agent types, parsers and model fields of its version', () => {
    const agents = modelsOf(fieldOf(profile.runSingle, 'agent')!.type);
    expect(agents.map((m) => m.name)).toEqual(version === 'main' ? ['DefaultAgentConfig', 'RetryAgentConfig', 'ShellAgentConfig'] : ['DefaultAgentConfig', 'RetryAgentConfig']);
    const generic = modelsOf(fieldOf(agents[0], 'model')!.type)[0];
    expect(fieldOf(generic, 'max_input_tokens') !== undefined).toBe(version !== '1.0.0');
    expect(fieldOf(generic, 'max_output_tokens') !== undefined).toBe(version === '1.1.0' || version === 'main');
    const parsers = modelsOf(fieldOf(modelsOf(fieldOf(agents[0], 'tools')!.type)[0], 'parse_function')!.type).map((m) => m.name);
    expect(parsers.includes('XMLFunctionCallingParser')).toBe(version === '1.1.0' || version === 'main');
    expect(parsers.includes('BashCodeBlockParser')).toBe(version === 'main');
  });
});
