/**
 * Which YAML files are bundle configs: files named config.yaml whose top
 * level has `tools:` or `state_command:` or that sit at `tools/<bundle>/`,
 * plus anything matching the configured `filePatterns`.
 */
import { matchesGlob } from './util/glob';

const BUNDLE_KEY = /^(?:\ufeff)?(?:tools|state_command)[ \t]*:/m;

export function isBundleConfig(path: string, text: string, filePatterns: readonly string[] = []): boolean {
  const normalized = path.replace(/\\/g, '/');
  if (filePatterns.some((pattern) => matchesGlob(normalized, pattern))) return true;
  const parts = normalized.split('/');
  if (parts[parts.length - 1] !== 'config.yaml') return false;
  if (parts.length >= 3 && parts[parts.length - 3] === 'tools') return true;
  return BUNDLE_KEY.test(text.slice(0, 256 * 1024));
}
