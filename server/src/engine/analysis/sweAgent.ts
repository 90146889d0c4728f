/**
 * Which SWE-agent the files under a settings folder are judged by, from the
 * setting `sweAgent`: a released version, a path to a checkout or a
 * `sweagent` package, or `auto` (unset): the workspace's own `sweagent/`
 * package, else the version its packaging files pin, else main. A package's
 * models are read once and again only when a file read for them changes
 * (the database tracks each read).
 */
import * as path from 'path';
import { builtinProfile } from '../sweAgent/builtinProfiles';
import { forkProfile } from '../sweAgent/forkProfile';
import { packagingFilesIn, pinnedVersionIn } from '../sweAgent/pinnedVersion';
import { SWE_AGENT_VERSIONS, SweAgentProfile, SweAgentVersion } from '../sweAgent/profile';
import { Database, QueryDef } from './database';
import { textOf, trackedFs } from './files';
import { ENVIRONMENT } from './inputs';
import { spend } from '../work';

/** The profile of the `sweagent` package held by a folder (its parent), read from source. */
const PACKAGE_PROFILE: QueryDef<{ parent: string; label: string; reason: string }, SweAgentProfile> = {
  name: 'sweagent package profile',
  key: (k) => JSON.stringify([k.parent, k.label, k.reason]),
  compute: (db, k) => forkProfile(k.parent, (file) => textOf(db, file), { label: k.label, reason: k.reason }),
};

export interface SweAgentChoice {
  profile: SweAgentProfile;
  /** Why a setting could not be followed (then main is used). */
  problem?: string;
}

const hasPackage = (db: Database, parent: string) => textOf(db, path.join(parent, 'sweagent', '__init__.py')) !== null;

/** The folder holding the `sweagent` package a path names (a checkout or the package itself), or null. */
function packageParentOf(db: Database, given: string): string | null {
  if (hasPackage(db, given)) return given;
  if (path.basename(given) === 'sweagent' && textOf(db, path.join(given, '__init__.py')) !== null) return path.dirname(given);
  return null;
}

/** How the user's own choice is named where it is given, and how its default reads there: the CLI's flag, or the editor's setting. */
function userChoice(db: Database): { name: string; auto: string } {
  return db.get(ENVIRONMENT, 'environment').userSettingsAreFlags ? { name: '--swe-agent', auto: '--swe-agent auto' } : { name: 'sweBundle.sweAgent', auto: 'sweBundle.sweAgent: auto' };
}

function detect(db: Database, base: string): SweAgentProfile {
  const { auto } = userChoice(db);
  if (hasPackage(db, base)) return db.get(PACKAGE_PROFILE, { parent: base, label: "the workspace's own sweagent/ package", reason: `found in the workspace (${auto})` });
  const names = trackedFs(db).list(base) ?? [];
  for (const name of packagingFilesIn(names)) {
    spend();
    const text = textOf(db, path.join(base, name));
    const version = text === null ? null : pinnedVersionIn(text);
    if (version) return builtinProfile(version, `pinned in ${name} (${auto})`);
  }
  return builtinProfile('main', `the default: the workspace has no sweagent package and pins no version (${auto})`);
}

/** The SWE-agent chosen by `setting` for the files under `base`; `settingFile` is the workspace settings file it came from (null: the user's own). */
export function chooseSweAgent(db: Database, base: string, setting: string | undefined, settingFile: string | null, mayRead: (p: string) => boolean): SweAgentChoice {
  if (setting === undefined || setting === 'auto') return { profile: detect(db, base) };
  const where = settingFile === null ? userChoice(db).name : `sweAgent in ${path.basename(settingFile)}`;
  if ((SWE_AGENT_VERSIONS as readonly string[]).includes(setting)) return { profile: builtinProfile(setting as SweAgentVersion, `set by ${where}`) };
  const given = path.isAbsolute(setting) ? path.normalize(setting) : path.join(settingFile ? path.dirname(settingFile) : base, setting);
  const fallback = builtinProfile('main', `${where} could not be used`);
  if (!mayRead(given)) return { profile: fallback, problem: `sweAgent ${given} lies outside the workspace, and a workspace's own settings file cannot widen what is read, so SWE-agent main is used. Set sweBundle.sweAgent in your user settings, or pass --swe-agent, to use it.` };
  const parent = packageParentOf(db, given);
  if (parent === null) return { profile: fallback, problem: `sweAgent ${given} is neither a version (auto, 1.0.0, 1.0.1, 1.1.0, main) nor a folder with a sweagent package (sweagent/__init__.py), so SWE-agent main is used.` };
  return { profile: db.get(PACKAGE_PROFILE, { parent, label: `the sweagent package in ${parent}`, reason: `set by ${where}` }) };
}
