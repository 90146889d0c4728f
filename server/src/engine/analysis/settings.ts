/**
 * The settings each file is checked with: the user's (trusted) over the
 * settings file of the folder that holds it (untrusted), validated once per
 * change of either; and the roots the host may read, which only the user can
 * widen (VS Code's Workspace Trust, applied to a repository's own
 * `.swe-bundle.json`: a repository you clone is data, not configuration of
 * your machine).
 */
import * as path from 'path';
import { CommandLineSetting, EngineConfig } from '../config';
import { commandLineOf, envContextOf, profileOf } from '../settings/configOptions';
import { Glob, compileGlob } from '../settings/glob';
import { SettingsProblem, validateSettingsFile, validateUserSettings } from '../settings/validateSettings';
import { ToolCheckOptions } from '../swe/checkTool';
import { isInside } from '../workspace/walk';
import { QueryDef } from './database';
import { SOURCE } from './files';
import { ENVIRONMENT, EXTRA_ROOTS, FOLDERS, SETTINGS_FILE, USER_SETTINGS } from './inputs';
import { chooseSweAgent } from './sweAgent';
import { charged, spend } from '../work';

export interface FolderSettings {
  /** The folder relative settings start from: a workspace folder, or a lone file's own folder. */
  base: string;
  config: EngineConfig;
  /** `filePatterns`, compiled (the malformed ones are reported and left out). */
  globs: Glob[];
  /** The options a bundle is checked with when the settings give an env (`envVariables`); null when agent configs give it. */
  envOptions: ToolCheckOptions | null;
  /** The `commandLine` settings, the settings file's then the user's. */
  commandLines: CommandLineSetting[];
  problems: SettingsProblem[];
}

/**
 * The command line an agent config is judged with: what each source's
 * `commandLine` gives it, the user's after the settings file's (as later
 * overrides win on SWE-agent's command line); undefined when no setting
 * speaks of the file, so a field left to the command line is only a hint.
 */
export function commandLineFor(settings: FolderSettings, file: string): string[] | undefined {
  const relative = path.relative(settings.base, file).split(path.sep).join('/');
  const lists = charged(settings.commandLines).map((setting) => commandLineOf(setting, relative)).filter((list) => list !== undefined);
  return lists.length === 0 ? undefined : lists.flat();
}

const USER = { name: 'user settings', key: () => 'user', compute: (db) => validateUserSettings(db.get(USER_SETTINGS, 'user')) } satisfies QueryDef<void, ReturnType<typeof validateUserSettings>>;

/** Resolves a path from settings against the folder that holds the settings. */
function resolveFrom(base: string, value: string): string {
  return path.isAbsolute(value) ? path.normalize(value) : path.join(base, value);
}

/** The workspace folders and the folders the user asked to have read: where a settings file may point, and a link found by the walk may lead. */
export const WORKSPACE_ROOTS: QueryDef<void, readonly string[]> = {
  name: 'workspace roots',
  key: () => 'roots',
  compute: (db) => [...db.get(FOLDERS, 'folders'), ...db.get(EXTRA_ROOTS, 'extra roots')],
};

/** The settings of the files under `base`. */
export const SETTINGS_AT: QueryDef<string, FolderSettings> = {
  name: 'settings',
  key: (base) => base,
  compute: (db, base) => {
    const user = db.get(USER, undefined);
    const problems: SettingsProblem[] = [...user.problems];
    const file = db.get(SETTINGS_FILE, base);
    let fromFile: EngineConfig = {};
    let locateInFile: ReturnType<typeof validateSettingsFile>['locate'] = () => undefined;
    if (file !== null) {
      // The text offsets are in everywhere (universal newlines), so that a problem's range and its fix land right in a file with CRLF line ends.
      const text = db.get(SOURCE, file)?.normalized ?? null;
      if (text !== null) {
        const validated = validateSettingsFile(file, text);
        problems.push(...validated.problems);
        fromFile = validated.config;
        locateInFile = validated.locate;
        if (fromFile.configRoot !== undefined) {
          const resolved = resolveFrom(path.dirname(file), fromFile.configRoot);
          if (charged(db.get(WORKSPACE_ROOTS, undefined)).some((root) => isInside(resolved, root))) {
            fromFile = { ...fromFile, configRoot: resolved };
          } else {
            problems.push({
              file,
              message: `configRoot ${resolved} lies outside the workspace, and a workspace's own settings file cannot widen what is read, so it is ignored. Set sweBundle.configRoot in your user settings, or pass --config-root, to use it.`,
              ...validated.locate('configRoot'),
            });
            const { configRoot: _ignored, ...rest } = fromFile;
            fromFile = rest;
          }
        }
      }
    }
    const fromUser = user.config.configRoot !== undefined ? { ...user.config, configRoot: resolveFrom(base, user.config.configRoot) } : user.config;
    const config: EngineConfig = { ...fromFile, ...fromUser, rules: { ...fromFile.rules, ...fromUser.rules } };
    // Each source's command line is chosen per file (commandLineFor); the merged config holds none.
    delete config.commandLine;
    const commandLines = charged([fromFile.commandLine, fromUser.commandLine]).filter((c) => c !== undefined);
    const environmentRoot = db.get(ENVIRONMENT, 'environment').configRoot;
    if (config.configRoot === undefined && environmentRoot !== undefined) config.configRoot = environmentRoot;
    const globs = charged((config.filePatterns ?? [])).flatMap((pattern) => {
      const compiled = compileGlob(pattern);
      return compiled.ok ? [compiled.glob] : [];
    });
    const fromUserSetting = user.config.sweAgent !== undefined;
    const choice = chooseSweAgent(db, base, config.sweAgent, fromUserSetting ? null : file, (p) => fromUserSetting || charged(db.get(WORKSPACE_ROOTS, undefined)).some((root) => isInside(p, root)));
    config.sweAgentProfile = choice.profile;
    if (choice.problem) problems.push({ file: fromUserSetting ? null : file, message: choice.problem, ...(fromUserSetting ? {} : locateInFile('sweAgent')) });
    const envOptions = config.envVariables !== undefined ? { env: envContextOf(config), enableBashTool: true, facts: profileOf(config).facts } : null;
    return { base, config, globs, envOptions, commandLines, problems };
  },
};

/**
 * What the host may read: the workspace folders, the folders the user asked
 * for, and a config root the user set (in their settings, a flag or
 * `SWE_AGENT_CONFIG_ROOT`), resolved as the settings resolve it.
 */
export const READ_ROOTS: QueryDef<void, readonly string[]> = {
  name: 'read roots',
  key: () => 'read roots',
  compute: (db) => {
    const roots = [...db.get(WORKSPACE_ROOTS, undefined)];
    const userRoot = db.get(USER, undefined).config.configRoot;
    if (userRoot !== undefined) {
      if (path.isAbsolute(userRoot)) roots.push(path.normalize(userRoot));
      else for (const folder of db.get(FOLDERS, 'folders')) {
        spend();
        roots.push(path.join(folder, userRoot));
      }
    }
    const environmentRoot = db.get(ENVIRONMENT, 'environment').configRoot;
    if (environmentRoot !== undefined && path.isAbsolute(environmentRoot)) roots.push(path.normalize(environmentRoot));
    // A SWE-agent checkout the user named (a version name is no folder).
    const sweAgent = db.get(USER, undefined).config.sweAgent;
    if (sweAgent !== undefined && path.isAbsolute(sweAgent)) roots.push(path.normalize(sweAgent));
    return [...new Set(roots)];
  },
  equals: (a, b) => a.length === b.length && charged(a).every((root, i) => root === b[i]),
};
