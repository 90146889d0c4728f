/**
 * Settings validation, for every source: the user's settings (an object, as
 * the editor or the CLI's flags give it) and a settings file (its text, so each
 * problem is at its place). Malformed entries are reported and dropped, the
 * rest applies; nothing throws.
 */
import { describe, expect, it } from 'vitest';
import { BUDGETS } from '../../../server/src/engine/budgets';
import { MAX_SETTINGS_DEPTH, validateSettingsFile, validateUserSettings } from '../../../server/src/engine/settings/validateSettings';

const user = (raw: unknown) => {
  const { config, problems } = validateUserSettings(raw);
  return { config, problems: problems.map((p) => p.message) };
};

/** A file's problems as [message, the text they point at]. */
const file = (text: string) => {
  const { config, problems } = validateSettingsFile('/ws/.swe-bundle.json', text);
  return { config, problems: problems.map((p) => [p.message, text.slice(p.start, p.end)]) };
};

describe('user settings', () => {
  it('reads an empty array as an empty object, which is how Neovim sends an empty Lua table', () => {
    // `settings = { sweBundle = {} }` in the documented Neovim setups arrives as {"sweBundle": []}.
    expect(user([])).toEqual({ config: {}, problems: [] });
    expect(user({ rules: [], envVariables: [] })).toEqual({ config: { rules: {}, envVariables: {} }, problems: [] });
  });

  it('reports what is not an object, and drops it', () => {
    expect(user(['unknown-key'])).toEqual({ config: {}, problems: ['settings: the settings must be an object of envVariables, rules, filePatterns, configRoot, inlayHints, commandLine, sweAgent, not a list'] });
    expect(user({ rules: ['unknown-key'], envVariables: [1] })).toEqual({
      config: {},
      problems: ['settings: rules must be an object of code: severity, not a list', 'settings: envVariables must be an object of NAME: value, like tools.env_variables, not a list'],
    });
  });

  it('keeps the valid entries next to the reported ones, with a did-you-mean for unknown names', () => {
    expect(user({ rules: { 'unknown-key': 'error', 'unknown-kye': 'off', 'missing-field': 'loud' }, inlayHints: false, filepatterns: [] })).toEqual({
      config: { rules: { 'unknown-key': 'error' }, inlayHints: false },
      problems: [
        'settings: unknown rule "unknown-kye"; did you mean "unknown-key"?',
        'settings: rule "missing-field": the severity must be error, warning, information, hint, off, not string "loud"',
        'settings: unknown setting "filepatterns"; did you mean "filePatterns"?',
      ],
    });
  });

  it('leaves the VS Code extension its own keys, and takes an empty configRoot as not set', () => {
    expect(user({ server: { path: '' }, trace: { server: 'off' }, agentConfigPatterns: [], configRoot: '' })).toEqual({ config: {}, problems: [] });
  });

  it('reports a malformed glob and keeps the others', () => {
    expect(user({ filePatterns: ['*.{yaml', 'bundles/*.yaml', '[z-a]'] })).toEqual({
      config: { filePatterns: ['bundles/*.yaml'] },
      problems: [
        `settings: filePatterns: "*.{yaml" is not a valid glob pattern: '{' is not closed by '}'; it is ignored`,
        'settings: filePatterns: "[z-a]" is not a valid glob pattern: the range z-a is out of order; it is ignored',
      ],
    });
  });

  it('leaves out an env variable nested deeper than the checker converts, without recursing into it, and keeps the others', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 5000; i++) deep = { x: deep };
    expect(user({ envVariables: { DEEP: deep, FINE: 'x' } })).toEqual({
      config: { envVariables: { FINE: 'x' } },
      problems: [`settings: envVariables.DEEP nests more than ${BUDGETS.valueDepth} levels deep, more than this checker reads; it is left out`],
    });
  });
});

describe('a settings file', () => {
  it('puts an unknown key on the key, a wrong value on the value, and a broken glob on its character', () => {
    const text = '{\n  "rulez": {},\n  "inlayHints": "yes",\n  "filePatterns": ["ok/*.yaml", "*.{yaml"]\n}\n';
    expect(file(text)).toEqual({
      config: { filePatterns: ['ok/*.yaml'] },
      problems: [
        ['unknown setting "rulez"; did you mean "rules"?', '"rulez"'],
        ['inlayHints must be true or false, not string "yes"', '"yes"'],
        [`filePatterns: "*.{yaml" is not a valid glob pattern: '{' is not closed by '}'; it is ignored`, '{'],
      ],
    });
  });

  it('reports text that is not JSON where it breaks, and reads nothing of it', () => {
    expect(file('{"rules": {"unknown-key": "off",}}')).toEqual({ config: {}, problems: [['is not valid JSON (PropertyNameExpected); the file is not read', '}']] });
  });

  it('refuses nesting deeper than the settings need before parsing it', () => {
    const text = '{"envVariables": {"X": ' + '['.repeat(5000) + ']'.repeat(5000) + '}}';
    expect(file(text).problems).toEqual([[`the settings nest more than ${MAX_SETTINGS_DEPTH} levels deep; nothing in them needs that, so the file is not read`, '[']]);
  });
});
