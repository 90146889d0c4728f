/**
 * Which documents the extension claims. Only bundle configs, agent
 * configs and the settings file `.swe-bundle.json` (for the quick fixes of
 * its settings diagnostics) go to the language server; every other YAML file is left to
 * whatever else handles YAML (Red Hat's YAML extension, say). The extension
 * contributes no language and no grammar: it adds diagnostics and editing
 * features to documents of the `yaml` language VS Code already has.
 */
import { DocumentFilter, TextDocument, languages } from 'vscode';
import { sweBundleConfiguration } from './configuration';

/** `config.yaml` files under a `tools/` folder: SWE-agent's bundle layout (`tools/<bundle>/config.yaml`). */
export const BUNDLE_PATTERN = '**/tools/**/config.yaml';

/** The settings file the server reads in a workspace folder: its problems are diagnostics with quick fixes (a misspelt key). */
const SETTINGS_PATTERN = '**/.swe-bundle.json';

export interface DocumentPatterns {
  /** `sweBundle.filePatterns`: extra bundle configs (the server treats them as bundles too). */
  filePatterns: string[];
  /** `sweBundle.agentConfigPatterns`: agent configs (the server recognises them by their content). */
  agentConfigPatterns: string[];
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim()) : []);

export function readPatterns(): DocumentPatterns {
  const config = sweBundleConfiguration();
  return {
    filePatterns: strings(config.get('filePatterns')),
    agentConfigPatterns: strings(config.get('agentConfigPatterns')),
  };
}

/**
 * A glob as the server reads `filePatterns`: one without `/` matches a file
 * name in any folder; one with `/` is matched against the whole path.
 */
export function asPathGlob(pattern: string): string {
  return pattern.includes('/') ? pattern.replace(/^\.\//, '') : `**/${pattern}`;
}

/** A document filter both VS Code and the language protocol read the same way. */
export interface FileFilter extends DocumentFilter {
  scheme: 'file';
  pattern: string;
}

/** The document selector of the language client: files on disk that match a bundle or agent-config pattern, and settings files. */
export function documentSelector(patterns: DocumentPatterns): FileFilter[] {
  const globs = [BUNDLE_PATTERN, SETTINGS_PATTERN, ...patterns.agentConfigPatterns, ...patterns.filePatterns].map(asPathGlob);
  return [...new Set(globs)].map((pattern): FileFilter => ({ scheme: 'file', pattern }));
}

export function isClaimed(selector: DocumentFilter[], document: TextDocument): boolean {
  return languages.match(selector, document) > 0;
}

/** A settings file is claimed for its diagnostics and their fixes only: it is no bundle or agent config (no previews, no SWE-agent in the status). */
export function isSettingsFile(document: TextDocument): boolean {
  return languages.match({ scheme: 'file', pattern: SETTINGS_PATTERN }, document) > 0;
}
