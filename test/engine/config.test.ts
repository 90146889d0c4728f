/**
 * parseEngineConfig: the settings object every front end reads (editor settings, initializationOptions,
 * .swe-bundle.json). Malformed entries are reported and dropped, never thrown.
 */
import { describe, expect, it } from 'vitest';
import { parseEngineConfig } from '../../server/src/engine/config';

describe('parseEngineConfig', () => {
  it('reads an empty array as an empty object, which is how Neovim sends an empty Lua table', () => {
    // `settings = { sweBundle = {} }` in the documented Neovim setups arrives as {"sweBundle": []}.
    expect(parseEngineConfig([])).toEqual({ config: {}, problems: [] });
    expect(parseEngineConfig({ rules: [], envVariables: [] })).toEqual({ config: { rules: {}, envVariables: {} }, problems: [] });
  });

  it('reports what is not an object, and drops it', () => {
    expect(parseEngineConfig(['unknown-key'])).toEqual({ config: {}, problems: ['settings must be an object'] });
    expect(parseEngineConfig('rules')).toEqual({ config: {}, problems: ['settings must be an object'] });
    expect(parseEngineConfig({ rules: ['unknown-key'], envVariables: [1] })).toEqual({
      config: {},
      problems: ['envVariables must be an object of NAME: value', 'rules must be an object of code: severity'],
    });
  });

  it('keeps the valid entries next to the reported ones', () => {
    expect(parseEngineConfig({ rules: { 'unknown-key': 'error', 'no-such-rule': 'off', 'missing-field': 'loud' }, inlayHints: false })).toEqual({
      config: { rules: { 'unknown-key': 'error' }, inlayHints: false },
      problems: ['unknown rule "no-such-rule"', 'rule "missing-field": severity must be error, warning, information, hint or off'],
    });
  });
});
