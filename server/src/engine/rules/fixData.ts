/**
 * What each rule's diagnostic carries for its quick fix: one table, so that
 * tsc holds the check that attaches the data (DiagnosticBuilder.add) and the
 * fix that reads it (features/quickFixes, features/quickFixes/agentQuickFixes.ts) to
 * the same shape. A rule without an entry carries no data. Offsets in data
 * are offsets in the value of the scalar the diagnostic is on, never in the
 * file, so that they hold in every version the check serves.
 */
import { RuleCode } from './ruleCatalog';

/** A plain scalar that YAML reads as something other than a string: its text, to be quoted. */
export interface QuoteData {
  quote: { text: string };
}

/** A name with the spelling it was most likely meant to have. */
export interface ReplaceData {
  replaceWith: string;
}

/** A replacement field of a docstring, as offsets in the docstring's value, to be written as literal braces. */
interface EscapeData {
  escape: { start: number; end: number };
}

/**
 * One tool's signature placeholder without an argument and argument missing
 * from the signature, when they are its only two: most likely one name
 * renamed on one side, which either rename resolves.
 */
export interface RenameMismatch {
  placeholder: string;
  argument: string;
}

interface FixDataByRule {
  'yaml-value-tag': QuoteData;
  'non-string-key': QuoteData;
  /** In a bundle, a value to quote; in an agent config, a bundle entry written as a bare path. */
  'wrong-type': QuoteData | { wrapPath: true };
  'unknown-key': ReplaceData;
  /** The variable's name, as offsets in the template's value, and the variable meant. */
  'template-unknown-variable': ReplaceData & { variable: { start: number; end: number } };
  'forbidden-key': ReplaceData;
  'invalid-choice': ReplaceData;
  /** The bundle path under the chosen version's name. */
  'bundle-renamed': ReplaceData;
  /** The bundle folder beside it that a missing bundle path most likely meant. */
  'bundle-path-missing': ReplaceData;
  /** The bundle's tool a misspelt `hidden_tools` name most likely meant. */
  'hidden-tool-missing': ReplaceData;
  'unknown-json-schema-type': ReplaceData;
  /** The setting, or rule code, a misspelt key of a settings file most likely meant. */
  'settings-invalid': ReplaceData;
  /** The rule code a misspelt code in a `# swe-bundle-disable-line` comment most likely meant. */
  'unknown-rule-code': ReplaceData;
  'enum-type-mismatch': ReplaceData;
  /** The field to add: `docstring` to the tool, or a field of the argument at `argumentIndex`. */
  'missing-field': { addField: string; argumentIndex?: number };
  'name-key-conflict': { removeKey: true };
  'multiline-without-signature': { addSignature: true };
  'argument-format-jinja': { jinja: { from: string; to: string } };
  'array-without-items': { addItems: true };
  /** The argument_format (plain text, no Jinja) to render only when the value is true. */
  'boolean-flag-always': { flag: string };
  'required-after-optional': { argumentIndex: number; targetIndex: number };
  'duplicate-argument': { argumentIndex: number };
  'signature-missing-argument': { name: string; required: boolean; mismatch?: RenameMismatch };
  'signature-unknown-placeholder': { name: string; mismatch?: RenameMismatch };
  'argument-not-a-placeholder': { flagWithoutValue: string };
  'optional-mismatch': { name: string; makeOptional: boolean };
  'docstring-format-error': EscapeData;
  'docstring-unknown-variable': EscapeData & { variable: string };
  /** `directory`: bin/ holds a folder of that name, which no fix should overwrite. */
  /** A ToolConfig field inside `registry_variables`/`env_variables`, to move up beside them. */
  'key-misplaced': { moveUp: string };
  'bin-script-missing': { script: string; directory?: true };
  'bin-script-not-executable': { script: string };
  /** The script (relative to the bundle folder) and its text with LF line ends. */
  'script-crlf': { script: string; lf: string };
}

/** The data of a rule's diagnostics (never, for a rule whose diagnostics carry none). */
export type FixData<C extends RuleCode> = C extends keyof FixDataByRule ? FixDataByRule[C] : never;

/** The data of any diagnostic, as a diagnostic holds it apart from its code. */
export type AnyFixData = FixDataByRule[keyof FixDataByRule];
