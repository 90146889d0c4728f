/**
 * The quick fixes, keyed by diagnostic code: each provider reads the
 * diagnostic's `data` (what its check attached) and the analyzed bundle, and
 * returns zero or more fixes, each a set of edits to this document, or a
 * file of the bundle folder to create or make executable.
 */
import { BundleModel } from '../../document/bundleModel';
import { FileDiagnostic } from '../../diagnostics';
import { RuleCode } from '../../rules/ruleCatalog';
import { addArrayItems, addMissingField, addSignature, removeNameKey } from './addField';
import { addMissingArguments, addPlaceholderArgument } from './addArgument';
import { moveRequiredUp, removeDuplicateArgument } from './argumentList';
import { convertScriptToLf, createBinScript, makeBinScriptExecutable } from './binScripts';
import { conditionalFlag } from './booleanFlag';
import { escapeDocstringField, jinjaValue } from './escapeBraces';
import { QuickFix, QuickFixProvider, QuickFixRegistry, fixContext } from './quickFix';
import { quoteScalar } from './quoteScalar';
import { replaceWithSuggestion } from './replaceName';
import { replaceRuleCode } from './ruleCode';
import { addFlagValue, addToSignature, fixOptionalMismatch } from './signatureFixes';
import { charged } from '../../work';

export type { QuickFix, QuickFixProvider } from './quickFix';

export const QUICK_FIXES: QuickFixRegistry = {
  'wrong-type': quoteScalar,
  'non-string-key': quoteScalar,
  'yaml-value-tag': quoteScalar,
  'missing-field': addMissingField,
  'name-key-conflict': removeNameKey,
  'required-after-optional': moveRequiredUp,
  'duplicate-argument': removeDuplicateArgument,
  'signature-missing-argument': addToSignature,
  'signature-unknown-placeholder': addPlaceholderArgument,
  'argument-not-a-placeholder': addFlagValue,
  'argument-format-jinja': jinjaValue,
  'multiline-without-signature': addSignature,
  'docstring-format-error': escapeDocstringField,
  'docstring-unknown-variable': escapeDocstringField,
  'runtime-call-error': addMissingArguments,
  'unknown-key': replaceWithSuggestion,
  'unknown-json-schema-type': replaceWithSuggestion,
  'array-without-items': addArrayItems,
  'enum-type-mismatch': replaceWithSuggestion,
  'optional-mismatch': fixOptionalMismatch,
  'bin-script-missing': createBinScript,
  'bin-script-not-executable': makeBinScriptExecutable,
  'boolean-flag-always': conditionalFlag,
  'script-crlf': convertScriptToLf,
  'unknown-rule-code': replaceRuleCode,
};

/** Edits of one fix must not overlap, nor insert twice at one place (an editor rejects or orders such edits arbitrarily). */
function disjoint(fix: QuickFix): boolean {
  const sorted = charged([...fix.edits]).sort((a, b) => a.start - b.start || a.end - b.end);
  return charged(sorted).every((edit, i) => {
    if (edit.start > edit.end) return false;
    if (i === 0) return true;
    const previous = sorted[i - 1];
    return previous.end < edit.start || (previous.end === edit.start && !(previous.start === previous.end && edit.start === edit.end));
  });
}

/** The fixes a client can apply: each changes something, and its edits do not collide. */
export function applicableFixes(fixes: QuickFix[]): QuickFix[] {
  return charged(fixes).filter((fix) => (fix.edits.length > 0 || fix.createFile !== undefined || fix.makeExecutable !== undefined) && disjoint(fix));
}

/** The quick fixes for one of the model's diagnostics (none when its code has no fix, or its data does not fit the text). */
export function quickFixes(model: BundleModel, diagnostic: FileDiagnostic): QuickFix[] {
  // Any code's provider takes its diagnostic: DiagnosticBuilder.add pairs each diagnostic's data with its code, as the registry pairs each provider with its codes.
  const provider = QUICK_FIXES[diagnostic.code] as QuickFixProvider<RuleCode> | undefined;
  return provider ? applicableFixes(provider(fixContext(model, diagnostic))) : [];
}
