/**
 * The VS Code extension's manifest (client/package.json) against the server:
 * the rule severities it offers are exactly the rule catalog's codes, the
 * defaults of its settings mean "nothing configured" to the server, and it
 * claims no language (so it does not fight other YAML extensions). The
 * extension itself is tested in real VS Code (test/editors/vscode).
 */
import { readFileSync } from 'fs';
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { RULES, defaultSettingOf } from '../../server/src/engine/rules/ruleCatalog';
import { validateUserSettings } from '../../server/src/engine/settings/validateSettings';
import { REPO_ROOT } from '../helpers/shared';

interface Property {
  type: string | string[];
  default: unknown;
  markdownDescription?: string;
  description?: string;
  enum?: string[];
  properties?: Record<string, Property>;
  additionalProperties?: boolean;
}

const manifest = JSON.parse(readFileSync(path.join(REPO_ROOT, 'client', 'package.json'), 'utf8'));
const properties: Record<string, Property> = manifest.contributes.configuration.properties;

describe('client/package.json', () => {
  it('pins the client library to the VS Code versions it supports', () => {
    expect(manifest.engines.vscode).toBe('^1.85.0');
    expect(manifest.dependencies).toEqual({ 'vscode-languageclient': '9.0.1' });
    expect(manifest.devDependencies['@types/vscode']).toBe('~1.85.0');
    expect(manifest.devDependencies['@vscode/vsce']).toBe('3.9.2');
    expect(manifest.main).toBe('./dist/extension.js');
  });

  it('contributes the settings, each with a description', () => {
    expect(Object.keys(properties).sort()).toEqual(
      [
        'sweBundle.agentConfigPatterns',
        'sweBundle.commandLine',
        'sweBundle.configRoot',
        'sweBundle.envVariables',
        'sweBundle.filePatterns',
        'sweBundle.inlayHints',
        'sweBundle.rules',
        'sweBundle.server.path',
        'sweBundle.sweAgent',
        'sweBundle.trace.server',
      ].sort(),
    );
    for (const [key, property] of Object.entries(properties)) {
      expect((property.markdownDescription ?? property.description ?? '').length, key).toBeGreaterThan(40);
    }
  });

  it('offers a severity setting for every rule code, and only those', () => {
    const rules = properties['sweBundle.rules'];
    expect(rules.additionalProperties).toBe(false);
    // Out of step? `node client/scripts/sync-rules.mjs` regenerates them from the catalog.
    expect(Object.keys(rules.properties ?? {})).toEqual(Object.keys(RULES));
    for (const [code, property] of Object.entries(rules.properties ?? {})) {
      expect(property.enum, code).toEqual(['error', 'warning', 'information', 'hint', 'off']);
      const info = RULES[code as keyof typeof RULES];
      expect(property.markdownDescription, code).toBe(`${info.summary} Default: \`${defaultSettingOf(code as keyof typeof RULES)}\`.`);
    }
  });

  it('has defaults the server reads as "nothing configured" (the env stays unknown)', () => {
    const section: Record<string, unknown> = {};
    for (const [key, property] of Object.entries(properties)) {
      const [, first, second] = key.split('.');
      if (second) section[first] = { ...(section[first] as object), [second]: property.default };
      else section[first] = property.default;
    }
    expect(section).toEqual({
      envVariables: null,
      rules: {},
      inlayHints: true,
      filePatterns: [],
      agentConfigPatterns: ['**/config/**/*.yaml'],
      commandLine: null,
      configRoot: '',
      server: { path: '' },
      sweAgent: 'auto',
      trace: { server: 'off' },
    });
    const validated = validateUserSettings(section);
    expect([validated.config, validated.problems]).toEqual([{ rules: {}, inlayHints: true, filePatterns: [], sweAgent: 'auto' }, []]);
  });

  it('takes no setting that widens what runs, what is read or what is done from an untrusted workspace', () => {
    // VS Code ignores these from the settings of a workspace the user has not trusted (and the status item says so).
    expect(manifest.capabilities.untrustedWorkspaces).toMatchObject({
      supported: 'limited',
      restrictedConfigurations: ['sweBundle.server.path', 'sweBundle.configRoot', 'sweBundle.commandLine', 'sweBundle.filePatterns', 'sweBundle.agentConfigPatterns', 'sweBundle.envVariables', 'sweBundle.rules', 'sweBundle.sweAgent'],
    });
    // Every setting that is not restricted only changes what is shown.
    const restricted: string[] = manifest.capabilities.untrustedWorkspaces.restrictedConfigurations;
    expect(Object.keys(properties).filter((key) => !restricted.includes(key))).toEqual(['sweBundle.inlayHints', 'sweBundle.trace.server']);
    // Paths of this machine: never synced to others, and settable per workspace once it is trusted.
    expect([properties['sweBundle.server.path'], properties['sweBundle.configRoot'], properties['sweBundle.sweAgent']].map((p) => (p as { scope?: string }).scope)).toEqual(['machine-overridable', 'machine-overridable', 'machine-overridable']);
  });

  it('takes SWE-agent command-line overrides as a list of arguments or globs to lists, unset by default (so a field left to the command line is only a hint)', () => {
    expect(properties['sweBundle.commandLine']).toMatchObject({ type: ['array', 'object', 'null'], items: { type: 'string' }, additionalProperties: { type: 'array', items: { type: 'string' } }, default: null, scope: 'resource' });
  });

  it('claims no language, grammar or schema, and contributes the four commands', () => {
    expect(manifest.contributes.languages).toBeUndefined();
    expect(manifest.contributes.grammars).toBeUndefined();
    expect(manifest.contributes.yamlValidation).toBeUndefined();
    expect(manifest.contributes.jsonValidation).toBeUndefined();
    expect(manifest.contributes.commands.map((c: { category: string; title: string; command: string }) => [c.command, `${c.category}: ${c.title}`])).toEqual([
      ['sweBundle.restartServer', 'SWE Bundle: Restart Server'],
      ['sweBundle.showOutput', 'SWE Bundle: Show Output'],
      ['sweBundle.showToolPreview', 'SWE Bundle: Preview Tool as the Model Sees It'],
      ['sweBundle.showPromptPreview', 'SWE Bundle: Preview the Prompt'],
    ]);
  });

  it('ships only the bundle, the manifest and the marketplace files', () => {
    const ignore = readFileSync(path.join(REPO_ROOT, 'client', '.vscodeignore'), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.startsWith('#'));
    expect(ignore).toEqual(['**', '!package.json', '!README.md', '!CHANGELOG.md', '!LICENSE', '!dist/extension.js', '!dist/server.js', '!dist/serverMain.js', '!images/icon.png', '!images/screenshot.png']);
  });
});
