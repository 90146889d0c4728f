/**
 * The one place settings are validated, whoever gives them: the editor's
 * `sweBundle` section and the CLI's flags (trusted: the user's own), or a
 * workspace's `.swe-bundle.json` (untrusted: a repository you clone is data).
 * Every unknown key, wrong type, malformed glob or out-of-range value is a
 * problem with a clear message, at its place in the settings file when it
 * comes from one; the rest of the settings still apply. Nothing here throws.
 */
import { Node as JsonNode, ParseError, findNodeAtLocation, parseTree, printParseErrorCode } from 'jsonc-parser';
import { CommandLineSetting, EngineConfig } from '../config';
import { RuleSetting, isRuleCode, RULES } from '../rules/ruleCatalog';
import { FixData } from '../rules/fixData';
import { suggestName } from '../util/suggest';
import { shortPrefix } from '../util/shortPrefix';
import { nestingBeyond } from '../util/jsonNesting';
import { compileGlob } from './glob';
import { parseOverrides } from '../runConfig/commandLine';
import { BUDGETS } from '../budgets';
import { charged, spend } from '../work';

/**
 * How deep a settings file's JSON may nest before it is not read at all. The
 * text is measured before it is parsed, so no parser recurses deeper (the JSON
 * parser recurses per level). Within it, an env variable's value nested past
 * `BUDGETS.valueDepth` is left out on its own.
 */
export const MAX_SETTINGS_DEPTH = BUDGETS.settingsDepth;

const SETTINGS_KEYS = ['envVariables', 'rules', 'filePatterns', 'configRoot', 'inlayHints', 'commandLine', 'sweAgent'] as const;

/** Keys of the VS Code extension's own settings, which it sends along with the section: the client's business, not the server's. */
const CLIENT_KEYS = new Set(['agentConfigPatterns', 'server', 'trace']);

const SEVERITIES: readonly RuleSetting[] = ['error', 'warning', 'information', 'hint', 'off'];

export interface SettingsProblem {
  /** What is wrong (without the file's name, which front ends show their own way). */
  message: string;
  /** The settings file it is in; null for the editor's settings or the CLI's flags. */
  file: string | null;
  /** Offsets in the settings file's text, when it is in one. */
  start?: number;
  end?: number;
  /** The key a misspelt one most likely meant, to replace it with (a quick fix in the settings file). */
  data?: FixData<'settings-invalid'>;
}

export interface ValidatedSettings {
  config: EngineConfig;
  problems: SettingsProblem[];
  /** Where a setting's value is in the settings file, for problems found later (a config root outside the workspace). */
  locate(key: (typeof SETTINGS_KEYS)[number]): { start: number; end: number } | undefined;
}

type Path = (string | number)[];

/**
 * Where a problem goes: a path into the settings, which a file turns into a
 * range: the key at the path's end (an unknown key), or its value, or some
 * characters of a string value (where a glob breaks).
 */
interface Locator {
  problem(message: string, path: Path, on?: 'key' | 'value' | { start: number; end: number }, data?: FixData<'settings-invalid'>): void;
}

/** The deepest nesting of arrays and objects in a value, counted without recursion; stops counting past `limit`. */
function depthOf(value: unknown, limit: number): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    spend();
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth + 1 > deepest) deepest = depth + 1;
    if (deepest > limit) return deepest;
    for (const child of Object.values(current as object)) {
      spend();
      stack.push([child, depth + 1]);
    }
  }
  return deepest;
}

/**
 * The value as a settings object, or null when it is none. An empty array is
 * an empty object: Lua has one table type, so Neovim sends the documented
 * `settings = { sweBundle = {} }` as `[]`.
 */
function settingsObject(value: unknown): Record<string, unknown> | null {
  if (Array.isArray(value)) return value.length === 0 ? {} : null;
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(typeof value === 'string' ? shortPrefix(value) : value)}`;
}

/**
 * Settings checked with at most `BUDGETS.settingsProblems` problems reported
 * (the rest counted in one more): 40,000 unknown keys are 101 problems to
 * locate, show and publish, not 40,000 on every change.
 */
function check(raw: unknown, report: Locator): EngineConfig {
  let found = 0;
  const at: Locator = {
    problem(message, path, on, data) {
      if (++found <= BUDGETS.settingsProblems) report.problem(message, path, on, data);
    },
  };
  const config = checkAll(raw, at);
  if (found > BUDGETS.settingsProblems) {
    report.problem(`${(found - BUDGETS.settingsProblems).toLocaleString('en-US')} more problems in the settings are not listed: ${BUDGETS.settingsProblems} are reported (settingsProblems)`, []);
  }
  return config;
}

/** The fix of a misspelt key: its suggestion, unless the object has that key already (the rename would make a duplicate key). */
function replacement(suggestion: string | null, object: Record<string, unknown>): FixData<'settings-invalid'> | undefined {
  return suggestion !== null && !Object.hasOwn(object, suggestion) ? { replaceWith: suggestion } : undefined;
}

function checkAll(raw: unknown, at: Locator): EngineConfig {
  const config: EngineConfig = {};
  if (raw === null || raw === undefined) return config;
  const settings = settingsObject(raw);
  if (!settings) {
    at.problem(`the settings must be an object of ${SETTINGS_KEYS.join(', ')}, not ${describe(raw)}`, []);
    return config;
  }
  for (const [key, value] of Object.entries(settings)) {
    spend();
    if (value === null || value === undefined || CLIENT_KEYS.has(key)) continue;
    switch (key) {
      case 'envVariables': {
        const env = settingsObject(value);
        if (env) config.envVariables = checkEnvVariables(env, at);
        else at.problem(`envVariables must be an object of NAME: value, like tools.env_variables, not ${describe(value)}`, [key]);
        break;
      }
      case 'rules': {
        const rules = checkRules(value, at);
        if (rules) config.rules = rules;
        break;
      }
      case 'filePatterns': {
        const patterns = checkPatterns(value, at);
        if (patterns) config.filePatterns = patterns;
        break;
      }
      case 'configRoot':
        // An empty string is an editor's "not set".
        if (typeof value === 'string') {
          if (value.length > 0) config.configRoot = value;
        } else at.problem(`configRoot must be a folder path (a string), not ${describe(value)}`, [key]);
        break;
      case 'sweAgent':
        // An empty string is an editor's "not set"; a path is checked when it is used (analysis/sweAgent.ts).
        if (typeof value === 'string') {
          if (value.length > 0) config.sweAgent = value;
        } else at.problem(`sweAgent must be auto, 1.0.0, 1.0.1, 1.1.0, main or a path to a SWE-agent checkout (a string), not ${describe(value)}`, [key]);
        break;
      case 'inlayHints':
        if (typeof value === 'boolean') config.inlayHints = value;
        else at.problem(`inlayHints must be true or false, not ${describe(value)}`, [key]);
        break;
      case 'commandLine': {
        const commandLine = checkCommandLine(value, at);
        if (commandLine) config.commandLine = commandLine;
        break;
      }
      default: {
        const suggestion = suggestName(key, SETTINGS_KEYS);
        at.problem(`unknown setting ${JSON.stringify(shortPrefix(key, 40))}${suggestion ? `; did you mean "${suggestion}"?` : ` (the settings are ${SETTINGS_KEYS.join(', ')})`}`, [key], 'key', replacement(suggestion, settings));
      }
    }
  }
  return config;
}

/** The env variables whose values this checker converts: one nested past the value budget is reported and left out, the others kept. */
function checkEnvVariables(env: Record<string, unknown>, at: Locator): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(env)) {
    spend();
    if (depthOf(value, BUDGETS.valueDepth) > BUDGETS.valueDepth) at.problem(`envVariables.${name} nests more than ${BUDGETS.valueDepth} levels deep, more than this checker reads; it is left out`, ['envVariables', name]);
    else kept[name] = value;
  }
  return kept;
}

function checkRules(value: unknown, at: Locator): Partial<Record<keyof typeof RULES, RuleSetting>> | undefined {
  const given = settingsObject(value);
  if (!given) {
    at.problem(`rules must be an object of code: severity, not ${describe(value)}`, ['rules']);
    return undefined;
  }
  const rules: Partial<Record<keyof typeof RULES, RuleSetting>> = {};
  for (const [code, setting] of Object.entries(given)) {
    spend();
    if (!isRuleCode(code)) {
      const suggestion = suggestName(code, Object.keys(RULES));
      at.problem(`unknown rule "${code}"${suggestion ? `; did you mean "${suggestion}"?` : ' (docs/rules.md lists every code)'}`, ['rules', code], 'key', replacement(suggestion, given));
    } else if (typeof setting !== 'string' || !SEVERITIES.includes(setting as RuleSetting)) {
      at.problem(`rule "${code}": the severity must be ${SEVERITIES.join(', ')}, not ${describe(setting)}`, ['rules', code]);
    } else {
      rules[code] = setting as RuleSetting;
    }
  }
  return rules;
}

const COMMAND_LINE_SHAPE = 'a list of SWE-agent command-line arguments (like "--agent.model.name=gpt-4o"), or an object of glob: list';

/** One list of arguments; null when it is not one or an argument does not parse (each problem reported). */
function checkArguments(value: unknown, path: Path, at: Locator): string[] | null {
  if (!Array.isArray(value)) {
    at.problem(`commandLine${path.length > 1 ? ` "${path[1]}"` : ''} must be ${COMMAND_LINE_SHAPE}, not ${describe(value)}`, path);
    return null;
  }
  const notString = charged(value).findIndex((arg) => typeof arg !== 'string');
  if (notString !== -1) {
    at.problem(`commandLine: each argument must be a string, not ${describe(value[notString])}`, [...path, notString]);
    return null;
  }
  // As one command line: `--agent.model.name gpt-4o` may be two entries.
  const problems = parseOverrides(value as string[]).problems;
  for (const problem of problems) {
    spend();
    at.problem(`commandLine: ${problem}`, path);
  }
  return problems.length === 0 ? (value as string[]) : null;
}

/** `commandLine`: a list for every agent config, or globs to lists; a malformed glob or list is reported and left out. */
function checkCommandLine(value: unknown, at: Locator): CommandLineSetting | undefined {
  if (Array.isArray(value)) return checkArguments(value, ['commandLine'], at) ?? undefined;
  if (value === null || typeof value !== 'object') {
    at.problem(`commandLine must be ${COMMAND_LINE_SHAPE}, not ${describe(value)}`, ['commandLine']);
    return undefined;
  }
  const byGlob: Record<string, string[]> = {};
  for (const [pattern, list] of Object.entries(value as Record<string, unknown>)) {
    spend();
    const compiled = compileGlob(pattern);
    if (!compiled.ok) {
      at.problem(`commandLine: "${pattern}" is not a valid glob pattern: ${compiled.message}; it is ignored`, ['commandLine', pattern], 'key');
      continue;
    }
    const args = checkArguments(list, ['commandLine', pattern], at);
    if (args) byGlob[pattern] = args;
  }
  return byGlob;
}

function checkPatterns(value: unknown, at: Locator): string[] | undefined {
  if (!Array.isArray(value)) {
    at.problem(`filePatterns must be a list of glob patterns, not ${describe(value)}`, ['filePatterns']);
    return undefined;
  }
  const patterns: string[] = [];
  // Every file's path is matched against every pattern: their total length is a budget.
  let chars = 0;
  charged(value).forEach((pattern, index) => {
    if (typeof pattern !== 'string') {
      at.problem(`filePatterns: each entry must be a glob pattern (a string), not ${describe(pattern)}`, ['filePatterns', index]);
      return;
    }
    chars += pattern.length;
    if (chars > BUDGETS.filePatternsChars) {
      if (chars - pattern.length <= BUDGETS.filePatternsChars) {
        at.problem(`filePatterns: the patterns from here on are ignored: together they pass ${BUDGETS.filePatternsChars.toLocaleString('en-US')} characters (filePatternsChars), and every file is matched against every pattern`, ['filePatterns', index]);
      }
      return;
    }
    const compiled = compileGlob(pattern);
    if (compiled.ok) patterns.push(pattern);
    else at.problem(`filePatterns: "${pattern}" is not a valid glob pattern: ${compiled.message}; it is ignored`, ['filePatterns', index], { start: compiled.offset, end: compiled.offset + 1 });
  });
  return patterns;
}

/** Settings the user gave (editor settings, CLI flags), as an object. */
export function validateUserSettings(raw: unknown): ValidatedSettings {
  const problems: SettingsProblem[] = [];
  const config = check(raw, { problem: (message) => problems.push({ message: `settings: ${message}`, file: null }) });
  return { config, problems, locate: () => undefined };
}

/** A settings file's text (`.swe-bundle.json`). */
export function validateSettingsFile(file: string, text: string): ValidatedSettings {
  const problems: SettingsProblem[] = [];
  const add = (message: string, start: number, end: number, data?: FixData<'settings-invalid'>) => problems.push({ message, file, start, end, ...(data ? { data } : {}) });
  const tooDeep = nestingBeyond(text, MAX_SETTINGS_DEPTH);
  if (tooDeep !== -1) {
    add(`the settings nest more than ${MAX_SETTINGS_DEPTH} levels deep; nothing in them needs that, so the file is not read`, tooDeep, tooDeep + 1);
    return { config: {}, problems, locate: () => undefined };
  }
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
  if (errors.length > 0) {
    const first = errors[0];
    add(`is not valid JSON (${printParseErrorCode(first.error)}); the file is not read`, first.offset, first.offset + Math.max(1, first.length));
    return { config: {}, problems, locate: () => undefined };
  }
  const raw = JSON.parse(text) as unknown;
  const locate = (path: Path): JsonNode | undefined => (tree ? (path.length === 0 ? tree : findNodeAtLocation(tree, path)) : undefined);
  const config = check(raw, {
    problem(message, path, on = 'value', data) {
      const node = locate(path);
      if (!node) return add(message, 0, 0);
      const key = node.parent?.type === 'property' ? node.parent.children?.[0] : undefined;
      const target = on === 'key' && key ? key : node;
      // Inside a string: its characters after the quote (a settings file's globs have no escapes to map through).
      if (typeof on === 'object' && node.type === 'string') return add(message, node.offset + 1 + on.start, node.offset + 1 + on.end);
      // A key's fix replaces the whole key, quotes and all: only where the problem is on the key.
      add(message, target.offset, target.offset + target.length, target === key ? data : undefined);
    },
  });
  return {
    config,
    problems,
    locate(key) {
      const node = locate([key]);
      return node && { start: node.offset, end: node.offset + node.length };
    },
  };
}

/** The settings file a folder (a workspace folder, the CLI's working directory) may hold. */
export const SETTINGS_FILE_NAME = '.swe-bundle.json';

/** The section editors send the settings in (`sweBundle.*`). */
export const SETTINGS_SECTION = 'sweBundle';
