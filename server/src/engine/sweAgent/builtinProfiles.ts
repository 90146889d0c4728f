/**
 * The built-in profiles: SWE-agent v1.0.0, v1.0.1, v1.1.0 and main 3ea751c0.
 * (Interim: every version uses the main model tables until the generated
 * profiles land; the version facts are already each version's.)
 */
import { RUN_BATCH_CONFIG, RUN_SINGLE_CONFIG } from '../runConfig/models';
import { SweAgentProfile, SweAgentVersion, VERSION_FACTS } from './profile';

const COMMITS: Record<SweAgentVersion, string> = { '1.0.0': '8ed382c1', '1.0.1': '6aff2155', '1.1.0': '0f3acafa', main: '3ea751c0' };

export function builtinProfile(version: SweAgentVersion, reason = 'the default'): SweAgentProfile {
  return {
    kind: version,
    label: version === 'main' ? `SWE-agent main (${COMMITS.main})` : `SWE-agent v${version}`,
    reason,
    base: version,
    facts: VERSION_FACTS[version],
    runSingle: RUN_SINGLE_CONFIG,
    runBatch: RUN_BATCH_CONFIG,
    unported: [],
    provenance: [{ source: 'SWE-agent/SWE-agent', commit: COMMITS[version] }],
  };
}

export const MAIN_PROFILE: SweAgentProfile = builtinProfile('main');
