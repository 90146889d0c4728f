/**
 * signature-unknown-placeholder and signature-missing-argument, when they are
 * one mismatch (rules/fixData.ts RenameMismatch): rename the placeholder to
 * the argument's name, or the argument to the placeholder's. Either edit
 * resolves both diagnostics, so both diagnostics offer both; neither adds a
 * second argument.
 */
import { RenameMismatch } from '../../rules/fixData';
import { renameArgumentNamed, renamePlaceholder } from '../rename';
import { FixContext, QuickFix } from './quickFix';

export function mismatchRenames(context: FixContext, mismatch: RenameMismatch): QuickFix[] {
  const tool = context.tool;
  if (!tool) return [];
  const { placeholder, argument } = mismatch;
  const fixes: QuickFix[] = [];
  const toArgument = renamePlaceholder(context.model, tool, placeholder, argument);
  if (toArgument.ok) fixes.push({ title: `Rename placeholder \`<${placeholder}>\` to \`<${argument}>\``, edits: toArgument.edits, isPreferred: false });
  const toPlaceholder = renameArgumentNamed(context.model, tool, argument, placeholder);
  if (toPlaceholder.ok) fixes.push({ title: `Rename argument \`${argument}\` to \`${placeholder}\``, edits: toPlaceholder.edits, isPreferred: false });
  return fixes;
}
