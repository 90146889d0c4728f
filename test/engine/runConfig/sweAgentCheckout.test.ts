/**
 * Bundle paths of SWE-agent's own checkout, judged by the SWE-agent version
 * chosen and by where the config root came from: exact codes, ranges,
 * severities and messages. The bundle folders are never on disk here.
 */
import { describe, expect, it } from 'vitest';
import { checkRunConfig } from '../../../server/src/engine/runConfig/checkRunConfig';
import { ConfigRootSource } from '../../../server/src/engine/workspace/configRoot';
import { checkoutBundleChange } from '../../../server/src/engine/workspace/sweAgentBundles';
import { SweAgentVersion } from '../../../server/src/engine/sweAgent/profile';
import { loadYaml } from '../../../server/src/engine/yaml/loadYaml';
import { parseMarkers } from '../../helpers/markers';

const ROOT = '/work/project';

/** Each bundle path listed in order, with «» around the path of each expected diagnostic. */
function check(marked: string, version: SweAgentVersion, rootSource: ConfigRootSource) {
  const { text, ranges } = parseMarkers(`agent:\n  model: {name: gpt-4o}\n  tools:\n    bundles:\n${marked}`);
  const origin = { text };
  const result = checkRunConfig({ files: [{ load: loadYaml(text, origin), origin }] }, { configRoot: ROOT, rootSource, sweAgentVersion: version, resolve: () => ({ kind: 'missing-dir' }) });
  return {
    loads: result.loads,
    found: result.diagnostics.map((d) => ({ code: d.code, severity: d.severity, start: d.start, end: d.end, message: d.message, detail: d.related?.map((r) => r.message), data: d.data })),
    ranges,
  };
}

const fails = (name: string) => `SWE-agent fails: Bundle path '${ROOT}/tools/${name}' does not exist`;
const notChecked = (name: string, version: string) => ({
  message: `Bundle \`tools/${name}\` is not checked: SWE-agent ${version} finds it in its own checkout, which is not read here.`,
  detail: [`The assumed root: ${ROOT}.`, 'Set sweBundle.configRoot or --config-root to check it.'],
});

describe("bundles of SWE-agent's own checkout, with an assumed config root", () => {
  it('main: a shipped bundle is not checked; tools/defaults is renamed, with the new path as its fix; a bundle no version has is missing', () => {
    const { found, ranges, loads } = check('      - path: «tools/registry»\n      - path: «tools/defaults»\n      - path: «tools/mine»\n', 'main', 'assumed');
    expect(loads).toBe(false);
    expect(found).toEqual([
      { code: 'not-checked', severity: 'information', ...ranges[0], ...notChecked('registry', 'main'), data: undefined },
      {
        code: 'bundle-renamed',
        severity: 'error',
        ...ranges[1],
        message: 'Bundle `tools/defaults` does not exist in SWE-agent main: SWE-agent 1.1.0 renamed it `tools/windowed`.',
        detail: [fails('defaults')],
        data: { replaceWith: 'tools/windowed' },
      },
      {
        code: 'bundle-path-missing',
        severity: 'error',
        ...ranges[2],
        message: 'Bundle path `tools/mine` does not exist.',
        detail: [`It is resolved against ${ROOT}, assumed to be SWE-agent's checkout; set sweBundle.configRoot or --config-root to the right one.`, fails('mine')],
        data: undefined,
      },
    ]);
  });

  it('1.1.0: tools/review_on_submit was removed, tools/web_browser comes later; tools/multilingual_setup is shipped', () => {
    const { found, ranges } = check('      - path: «tools/review_on_submit»\n      - path: «tools/web_browser»\n      - path: «tools/multilingual_setup»\n', '1.1.0', 'assumed');
    expect(found.map(({ code, severity, start, end, message, detail }) => ({ code, severity, start, end, message, detail }))).toEqual([
      { code: 'bundle-not-in-version', severity: 'error', ...ranges[0], message: 'Bundle `tools/review_on_submit` does not exist in SWE-agent 1.1.0: SWE-agent 1.1.0 removed it.', detail: [fails('review_on_submit')] },
      { code: 'bundle-not-in-version', severity: 'error', ...ranges[1], message: 'Bundle `tools/web_browser` does not exist in SWE-agent 1.1.0: SWE-agent ships it since main.', detail: [fails('web_browser')] },
      { code: 'not-checked', severity: 'information', ...ranges[2], ...notChecked('multilingual_setup', '1.1.0') },
    ]);
  });

  it("1.0.1: 1.1.0's names (tools/windowed, tools/windowed_edit_replace) are renamed back, tools/defaults is shipped", () => {
    const { found, ranges, loads } = check('      - path: «tools/defaults»\n      - path: «tools/windowed»\n      - path: «./tools/windowed_edit_replace/»\n', '1.0.1', 'assumed');
    expect(loads).toBe(false);
    expect(found).toEqual([
      { code: 'not-checked', severity: 'information', ...ranges[0], ...notChecked('defaults', '1.0.1'), data: undefined },
      {
        code: 'bundle-renamed',
        severity: 'error',
        ...ranges[1],
        message: 'Bundle `tools/windowed` does not exist in SWE-agent 1.0.1: that is its name since SWE-agent 1.1.0; 1.0.1 calls it `tools/defaults`.',
        detail: [fails('windowed')],
        data: { replaceWith: 'tools/defaults' },
      },
      {
        code: 'bundle-renamed',
        severity: 'error',
        ...ranges[2],
        message: 'Bundle `./tools/windowed_edit_replace/` does not exist in SWE-agent 1.0.1: that is its name since SWE-agent 1.1.0; 1.0.1 calls it `tools/edit_replace`.',
        detail: [fails('windowed_edit_replace')],
        data: { replaceWith: 'tools/edit_replace' },
      },
    ]);
  });

  it('only shipped bundles load: a config of shipped bundles alone loads, with each said not checked', () => {
    const { found, loads } = check('      - path: tools/registry\n      - path: tools/windowed\n      - path: tools/submit\n', '1.1.0', 'assumed');
    expect(loads).toBe(true);
    expect(found.map((d) => `${d.code}:${d.severity}`)).toEqual(['not-checked:information', 'not-checked:information', 'not-checked:information']);
  });
});

describe('with a known config root', () => {
  it('a configured root: a shipped bundle missing from it is missing, said as SWE_AGENT_CONFIG_ROOT; a renamed one still names the version', () => {
    const { found, ranges } = check('      - path: «tools/registry»\n      - path: «tools/edit_linting»\n', 'main', 'configured');
    expect(found.map(({ code, start, end, message, detail }) => ({ code, start, end, message, detail }))).toEqual([
      { code: 'bundle-path-missing', ...ranges[0], message: 'Bundle path `tools/registry` does not exist.', detail: [`It is resolved against the config root ${ROOT}, as SWE_AGENT_CONFIG_ROOT.`, fails('registry')] },
      { code: 'bundle-renamed', ...ranges[1], message: 'Bundle `tools/edit_linting` does not exist in SWE-agent main: SWE-agent 1.1.0 renamed it `tools/windowed_edit_linting`.', detail: [fails('edit_linting')] },
    ]);
  });

  it("SWE-agent's own checkout: a missing bundle is missing from its REPO_ROOT", () => {
    const { found, ranges } = check('      - path: «tools/registry»\n', 'main', 'checkout');
    expect(found.map(({ code, start, end, message, detail }) => ({ code, start, end, message, detail }))).toEqual([
      { code: 'bundle-path-missing', ...ranges[0], message: 'Bundle path `tools/registry` does not exist.', detail: [`It is resolved against SWE-agent's checkout ${ROOT} (its REPO_ROOT).`, fails('registry')] },
    ]);
  });
});

describe('checkoutBundleChange', () => {
  it.each([
    ['1.0.0', 'edit_rewrite', null],
    ['1.0.0', 'windowed_edit_rewrite', { kind: 'named-later', was: 'edit_rewrite', in: '1.1.0' }],
    ['1.0.0', 'multilingual_setup', { kind: 'added-later', since: '1.1.0' }],
    ['1.1.0', 'edit_rewrite', { kind: 'renamed', to: 'windowed_edit_rewrite', in: '1.1.0' }],
    ['main', 'review_on_submit', { kind: 'removed', in: '1.1.0' }],
    ['main', 'image_tools', null],
    ['1.0.1', 'image_tools', { kind: 'added-later', since: 'main' }],
    ['main', 'my_tools', null],
  ] as const)('%s, tools/%s', (version, name, change) => {
    expect(checkoutBundleChange(version, name)).toEqual(change);
  });
});
