/**
 * settings-invalid, in a settings file (`.swe-bundle.json`): a misspelt
 * setting or rule code with a suggested key (`data.replaceWith`, set by
 * settings/validateSettings.ts only when the object lacks that key). The fix
 * rewrites the key, quotes and all, as a JSON string.
 */
import { SettingsProblem } from '../../settings/validateSettings';
import { QuickFix } from './quickFix';

export function replaceSettingsKey(text: string, problem: SettingsProblem): QuickFix[] {
  const replaceWith = problem.data?.replaceWith;
  const { start, end } = problem;
  if (replaceWith === undefined || start === undefined || end === undefined || end > text.length) return [];
  const newText = JSON.stringify(replaceWith);
  return [{ title: `Rename ${text.slice(start, end)} to ${newText}`, edits: [{ start, end, newText }], isPreferred: true }];
}
