/**
 * Fixes that edit the signature, keeping its quoting and escapes:
 * - signature-missing-argument: add `<x>` (or `[<x>]`) for the argument, or,
 *   when it is one mismatch with a placeholder, rename either (renameMismatch.ts);
 * - optional-mismatch: write `[<x>]` or `<x>` as `required` says, or flip `required`;
 * - argument-not-a-placeholder (`--x` alone): add the value placeholder after the flag.
 */
import { findAngleSpellings, isArgumentName } from '../../python/argumentNamePattern';
import { signaturePlaceholders } from '../../swe/placeholders';
import { ScalarNode, deref } from '../../yaml/pyNode';
import { FixContext, QuickFix, QuickFixProvider, ownSignature, requiredOf } from './quickFix';
import { mismatchRenames } from './renameMismatch';
import { ValueChange, appendIndex, changeScalarValue } from './yamlEdits';
import { charged } from '../../work';

function placeholder(name: string, required: boolean): string {
  return required ? `<${name}>` : `[<${name}>]`;
}

function signatureFix(context: FixContext, node: ScalarNode, changes: ValueChange[], title: string, isPreferred: boolean): QuickFix {
  return { title, edits: changeScalarValue(context, context.root, node, changes), isPreferred };
}

export const addToSignature: QuickFixProvider<'signature-missing-argument'> = (context) => {
  const node = ownSignature(context.tool);
  if (!node || !context.data || !isArgumentName(context.data.name, context.model.facts.argumentNamePattern)) return [];
  // Adding `<x>` beside the placeholder it was renamed from would give the tool a second argument.
  if (context.data.mismatch) return mismatchRenames(context, context.data.mismatch);
  const { name, required } = context.data;
  const value = node.text;
  const spelling = placeholder(name, required);
  // A required placeholder goes before the optional ones, as SWE-agent lists its arguments.
  const firstOptional = required ? charged(findAngleSpellings(value, context.model.facts.argumentNamePattern)).find((s) => s.optional) : undefined;
  let change: ValueChange;
  if (firstOptional) {
    change = { start: firstOptional.start, end: firstOptional.start, text: `${spelling} ` };
  } else {
    const at = appendIndex(value);
    change = { start: at, end: at, text: at === 0 || /\s/.test(value[at - 1]) ? spelling : ` ${spelling}` };
  }
  return [signatureFix(context, node, [change], `Add \`${spelling}\` to the signature`, true)];
};

export const fixOptionalMismatch: QuickFixProvider<'optional-mismatch'> = (context) => {
  const node = ownSignature(context.tool);
  if (!node || !context.data || !isArgumentName(context.data.name, context.model.facts.argumentNamePattern)) return [];
  const { name, makeOptional } = context.data;
  const spelling = charged(findAngleSpellings(node.text, context.model.facts.argumentNamePattern)).find((s) => s.name === name);
  if (!spelling) return [];
  const wanted = placeholder(name, !makeOptional);
  // Only the `<x>` itself: in `[--x <x>]` the `]` belongs to the flag's brackets.
  const [start, end] = makeOptional ? [spelling.nameStart - 1, spelling.nameStart + name.length + 1] : [spelling.start, spelling.end];
  const fixes = [signatureFix(context, node, [{ start, end, text: wanted }], `Write \`${wanted}\` in the signature`, makeOptional)];
  // Or make `required` agree with the signature, when that keeps required arguments first.
  const args = context.tool?.arguments ?? [];
  const argument = charged(args).find((a) => a.name === name);
  const requiredNode = argument?.fields.get('required')?.value;
  if (argument && requiredNode && requiredNode.kind !== 'alias' && deref(requiredNode).kind === 'scalar') {
    const nowRequired = makeOptional;
    const others = charged(args).filter((a) => a !== argument).map((a) => ({ index: a.index, required: requiredOf(a) }));
    const ordered = nowRequired ? charged(others).every((o) => o.index > argument.index || o.required === true) : charged(others).every((o) => o.index < argument.index || o.required === false);
    if (ordered) fixes.push({ title: `Set \`required: ${nowRequired}\``, edits: [{ start: context.at.start(requiredNode), end: context.at.end(requiredNode), newText: String(nowRequired) }], isPreferred: false });
  }
  return fixes;
};

export const addFlagValue: QuickFixProvider<'argument-not-a-placeholder'> = (context) => {
  const name = context.data?.flagWithoutValue;
  const node = ownSignature(context.tool);
  if (!node || name === undefined || !isArgumentName(name, context.model.facts.argumentNamePattern)) return [];
  const argument = charged(context.tool?.arguments)?.find((a) => a.name === name);
  const required = argument ? requiredOf(argument) : undefined;
  const flag = charged(signaturePlaceholders(node.text, context.model.facts.argumentNamePattern)).find((p) => p.spelling === 'flag' && p.name === name);
  if (required === undefined || !flag) return [];
  const spelling = placeholder(name, required);
  // `--limit LIMIT`: the metavariable becomes the placeholder.
  const metavariable = /^ ([A-Z][A-Z0-9_]*)(?![A-Za-z0-9_-])/.exec(node.text.slice(flag.end));
  const change = metavariable ? { start: flag.end + 1, end: flag.end + 1 + metavariable[1].length, text: spelling } : { start: flag.end, end: flag.end, text: ` ${spelling}` };
  return [signatureFix(context, node, [change], `Write \`--${name} ${spelling}\` in the signature`, true)];
};
