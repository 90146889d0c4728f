/**
 * The built-in profiles: SWE-agent v1.0.0, v1.0.1, v1.1.0 and main 3ea751c0,
 * each with the SWE-ReX release of its time, read from their sources by
 * `scripts/gen-sweagent-profiles.mjs` (`profiles/*.json`, with provenance).
 */
import { buildProfile } from './buildProfile';
import { SWE_AGENT_VERSIONS, SweAgentProfile, SweAgentVersion, VERSION_FACTS } from './profile';
import { ProfileData } from './profileData';
import v100 from './profiles/1.0.0.json';
import v101 from './profiles/1.0.1.json';
import v110 from './profiles/1.1.0.json';
import main from './profiles/main.json';
import { charged } from '../work';

const DATA: Record<SweAgentVersion, ProfileData> = { '1.0.0': v100 as ProfileData, '1.0.1': v101 as ProfileData, '1.1.0': v110 as ProfileData, main: main as ProfileData };

/** The data of a built-in profile (a fork's profile takes what its own source lacks from it, e.g. SWE-ReX's models). */
export function builtinProfileData(version: SweAgentVersion): ProfileData {
  return DATA[version];
}

function labelOf(version: SweAgentVersion): string {
  return version === 'main' ? `SWE-agent main (${DATA.main.provenance[0].commit!.slice(0, 8)})` : `SWE-agent v${version}`;
}

/**
 * The model tables of each version, built once when the module loads: immutable data, so no
 * module state (engine/ keeps none outside the host; test/docs/architecture.test.ts).
 */
const BUILT: ReadonlyMap<SweAgentVersion, SweAgentProfile> = new Map(
  charged((Object.keys(DATA) as SweAgentVersion[])).map((version) => [
    version,
    buildProfile(DATA[version], { kind: version, label: labelOf(version), reason: 'the default', base: version, facts: VERSION_FACTS[version] }),
  ]),
);

/** `Model.field` of every model of each version: where a key a version lacks became a field. */
const FIELDS: ReadonlyMap<SweAgentVersion, ReadonlySet<string>> = new Map(
  charged(SWE_AGENT_VERSIONS).map((version) => [version, new Set(charged(Object.values(DATA[version].models)).flatMap((model) => charged(model.fields).map((field) => `${model.name}.${field.name}`)))]),
);

/** The first release after `version` whose model `model` has the field `field` (a migration), if any. */
export function fieldAddedAfter(version: SweAgentVersion, model: string, field: string): SweAgentVersion | undefined {
  return charged(SWE_AGENT_VERSIONS.slice(SWE_AGENT_VERSIONS.indexOf(version) + 1)).find((later) => FIELDS.get(later)!.has(`${model}.${field}`));
}

/** A built-in profile, chosen for `reason`. */
export function builtinProfile(version: SweAgentVersion, reason = 'the default'): SweAgentProfile {
  const profile = BUILT.get(version)!;
  return profile.reason === reason ? profile : { ...profile, reason };
}

export const MAIN_PROFILE: SweAgentProfile = builtinProfile('main');
