/**
 * unknown-rule-code: a code in a `# swe-bundle-disable-line` comment
 * rewritten as the rule code it most likely meant (`data.replaceWith`). A
 * comment is plain text, so the edit is the code's own characters. Bundles
 * and agent configs alike.
 */
import { YamlQuickFixProvider } from './quickFix';

export const replaceRuleCode: YamlQuickFixProvider<'unknown-rule-code'> = (context) => {
  const replaceWith = context.data?.replaceWith;
  if (replaceWith === undefined) return [];
  const { start, end } = context;
  return [{ title: `Change \`${context.text.slice(start, end)}\` to \`${replaceWith}\``, edits: [{ start, end, newText: replaceWith }], isPreferred: true }];
};
