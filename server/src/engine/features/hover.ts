/**
 * Hover: what SWE-agent makes of the thing under the cursor.
 * - a placeholder in the signature (or a `<name>` mention in the docstring): its argument,
 *   or, when no argument has its name, what is wrong and what would fix it;
 * - an argument's name: the argument, and where the signature uses it;
 * - a key: what the field is for (fieldDocs.ts);
 * - a tool's name: its invoke format, function-calling schema, docs and an example call;
 * - a `{VAR}` in a docstring: the env variable's value (in the env the diagnostics use, or ToolConfig's defaults).
 * Where SWE-agent refuses the bundle, a tool's hover says so first (`modelViewBlocks`).
 * The result is rich text (toolPreview.ts) the server renders as Markdown or plain text.
 */
import { BundleModel } from '../document/bundleModel';
import { formatString, parseFormatString } from '../python/formatString';
import { describeLength } from '../python/renderedText';
import { isDecimalString } from '../python/unicodeDigits';
import { argumentNameMatchLength } from '../python/argumentNamePattern';
import { RenameMismatch } from '../rules/fixData';
import { signaturePlaceholders } from '../swe/placeholders';
import { laxBool, laxStr, laxStrDict, laxStrList } from '../swe/pydanticLax';
import { DEFAULT_ARGUMENT_FORMAT } from '../swe/commandModel';
import { DictEntry, PyNode, isNone } from '../yaml/pyNode';
import { Placement } from '../document/placement';
import { ArgumentView, ToolView, argumentAt, toolAt } from '../document/bundleView';
import { FieldContext, fieldDoc } from './fieldDocs';
import { ArgumentOccurrence, ArgumentTarget, argumentTargetAt, pickAt, valueRanges } from './navigation';
import { Block, Inline, ViewContext, ViewEnv, addressNote, code, codeBlock, inline, modelViewBlocks, oneLine, para, strong, toolNameOf, withCode } from './toolPreview';
import { charged, spend } from '../work';

export interface HoverResult {
  /** The hovered token (absolute offsets). */
  start: number;
  end: number;
  blocks: Block[];
}

export function hoverAt(model: BundleModel, offset: number, context: ViewContext): HoverResult | null {
  const target = argumentTargetAt(model, offset);
  if (target) return argumentHover(target);
  const unknown = unknownPlaceholderHover(model, offset);
  if (unknown) return unknown;
  const view = model.view;
  const toolKey = pickAt(
    charged(view.tools).map((tool) => ({ tool, tokenStart: view.at.start(tool.keyNode), tokenEnd: view.at.end(tool.keyNode) })),
    offset,
  );
  if (toolKey) return { start: toolKey.tokenStart, end: toolKey.tokenEnd, blocks: modelViewBlocks(toolKey.tool, context) };
  return keyHover(model, offset) ?? variableHover(model, offset, context.env);
}

// ---------------------------------------------------------------- arguments

/** What SWE-agent reads from an argument's fields; fields it would reject are left out. */
function argumentFacts(argument: ArgumentView) {
  const field = (key: string): PyNode | undefined => argument.fields.get(key)?.value;
  const read = <T>(key: string, lax: (node: PyNode) => { ok: true; value: T } | { ok: false }): T | undefined => {
    const node = field(key);
    if (!node || isNone(node)) return undefined;
    const value = lax(node);
    return value.ok ? value.value : undefined;
  };
  return {
    type: read('type', laxStr),
    required: read('required', laxBool),
    description: read('description', laxStr),
    enum: read('enum', laxStrList),
    items: read('items', laxStrDict),
    argumentFormat: read('argument_format', laxStr),
  };
}

function argumentBlocks(tool: ToolView, argument: ArgumentView, name: string): Block[] {
  const facts = argumentFacts(argument);
  const head: Inline[] = [strong(name), ': argument of ', code(oneLine(toolNameOf(tool)))];
  const details: Inline[] = [];
  if (facts.type !== undefined) details.push(code(oneLine(facts.type)));
  if (facts.required !== undefined) details.push(...(details.length > 0 ? [', '] : []), facts.required ? 'required' : 'optional');
  if (details.length > 0) head.push(' (', ...details, ')');
  const blocks: Block[] = [para(...head)];
  // A description over several lines is shown as it is, in a block (trailing line breaks dropped).
  const description = facts.description?.replace(/\n+$/, '');
  if (description) blocks.push(description.includes('\n') ? codeBlock('text', description) : para(description));
  if (facts.enum && facts.enum.length > 0) blocks.push(para('One of ', ...charged(facts.enum).flatMap((v, i) => (i === 0 ? [code(oneLine(v))] : [', ', code(oneLine(v))]))));
  if (facts.items && facts.items.size > 0) blocks.push(para('Each item: ', code(JSON.stringify(Object.fromEntries(facts.items)))));
  if (facts.argumentFormat !== undefined && facts.argumentFormat !== DEFAULT_ARGUMENT_FORMAT) blocks.push(para('Formatted with ', code(oneLine(facts.argumentFormat))));
  return blocks;
}

/** How the occurrence is written in the value (`[<x>]`, `{x!r}`), as one line. */
function spellingText(occurrence: ArgumentOccurrence): string {
  return oneLine((occurrence.node.value as { value: string }).value.slice(occurrence.tokenValueStart, occurrence.tokenValueEnd));
}

function usageBlocks(target: ArgumentTarget): Block[] {
  const { tool, name } = target;
  const placeholders = charged(target.occurrences).filter((o) => o.kind === 'placeholder');
  const mentions = charged(target.occurrences).filter((o) => o.kind === 'mention').length;
  const blocks: Block[] = [];
  if (!tool.signature) {
    blocks.push(para(...inline`${code(oneLine(toolNameOf(tool)))} has no signature, so SWE-agent appends ${code(`{${name}}`)} for it to the invoke format.`));
  } else if (placeholders.length === 0) {
    const [angle, optional, brace, flag] = charged([`<${name}>`, `[<${name}>]`, `{${name}}`, `--${name}`]).map(code);
    blocks.push(para(...inline`The signature does not mention it; SWE-agent needs ${angle}, ${optional}, ${brace} or ${flag} there.`));
  } else {
    const spellings = [...new Set(charged(placeholders).map(spellingText))];
    const parts: Inline[] = ['Used in the signature as '];
    charged(spellings).forEach((s, i) => parts.push(...(i === 0 ? [] : [i === spellings.length - 1 ? ' and ' : ', ']), code(s)));
    parts.push('.');
    blocks.push(para(...parts));
  }
  if (mentions > 0) blocks.push(para(...inline`The docstring mentions ${code(`<${name}>`)} ${mentions === 1 ? 'once' : `${mentions} times`}.`));
  return blocks;
}

/** What a placeholder spelling does in the signature. */
function placeholderBlocks(target: ArgumentTarget): Block[] {
  const at = target.at;
  const name = target.name;
  const text = code(spellingText(at));
  const field = code(`{${name}}`);
  if (at.kind === 'mention') return [para(...inline`${text} in the docstring names this argument; SWE-agent leaves it as text.`)];
  switch (at.spelling) {
    case 'angle':
      return [para(...inline`${text} in the signature becomes ${field} in the invoke format and receives the value.`)];
    case 'optional':
      return [para(...inline`${text} in the signature shows the argument as optional; it becomes ${field} in the invoke format and receives the value (empty when the model leaves it out).`)];
    case 'brace':
      return [para(...inline`${text} in the signature is filled with the value by \`str.format\`.`)];
    default: {
      const filled = charged(target.occurrences).some((o) => o.kind === 'placeholder' && o.spelling !== 'flag');
      return [
        filled
          ? para(...inline`${text} is text in the invoke format; it counts as mentioning the argument, whose value goes to its placeholder.`)
          : para(...inline`${text} is text in the invoke format: it counts as mentioning the argument, but no placeholder receives the value (write ${code(`--${name} <${name}>`)}).`),
      ];
    }
  }
}

function argumentHover(target: ArgumentTarget): HoverResult {
  const argument = target.arguments[0];
  const blocks = argumentBlocks(target.tool, argument, target.name);
  if (target.at.kind === 'name') blocks.push(...usageBlocks(target));
  else blocks.push(...placeholderBlocks(target));
  return { start: target.at.tokenStart, end: target.at.tokenEnd, blocks };
}

/** The rename the check paired with this placeholder (rules/fixData.ts RenameMismatch), if any. */
function mismatchOf(model: BundleModel, tool: ToolView, name: string): RenameMismatch | undefined {
  for (const d of model.diagnostics) {
    spend();
    if (d.code !== 'signature-unknown-placeholder' || d.tool !== tool.check.tool || !d.data || !('mismatch' in d.data)) continue;
    if (d.data.mismatch?.placeholder === name) return d.data.mismatch;
  }
  return undefined;
}

/** A placeholder in the signature that no argument fills: what is wrong, and what would fix it. */
function unknownPlaceholderHover(model: BundleModel, offset: number): HoverResult | null {
  const view = model.view;
  const tool = toolAt(view, offset);
  const signature = tool?.signature;
  if (!tool || !signature || signature.value.type !== 'str') return null;
  const value = signature.value.value;
  const names = new Set(charged(tool.arguments).map((a) => a.name));
  const ranges = valueRanges(view.at, signature);
  const tokens = charged(signaturePlaceholders(value, model.facts.argumentNamePattern)).flatMap((p) => {
    const range = p.spelling !== 'flag' && !names.has(p.name) && argumentNameMatchLength(p.name, model.facts.argumentNamePattern) === p.name.length ? ranges(p.start, p.end) : null;
    return range ? [{ placeholder: p, tokenStart: range.start, tokenEnd: range.end }] : [];
  });
  const hit = pickAt(tokens, offset);
  if (!hit) return null;
  const { placeholder } = hit;
  const name = placeholder.name;
  const spelling = value.slice(placeholder.start, placeholder.end);
  const problem =
    tool.arguments.length > 0
      ? inline`${code(oneLine(spelling))} has no argument named ${code(name)}, so SWE-agent refuses the tool.`
      : inline`${code(oneLine(spelling))} has no argument named ${code(name)}: SWE-agent loads the tool, but every call to it fails.`;
  const mismatch = mismatchOf(model, tool, name);
  const renamed = mismatch && value.slice(placeholder.start, placeholder.nameStart) + mismatch.argument + value.slice(placeholder.nameEnd, placeholder.end);
  const fix = mismatch
    ? inline`It is likely the argument ${code(mismatch.argument)}, which the signature lacks: rename the placeholder to ${code(oneLine(renamed!))}, or the argument to ${code(name)}.`
    : placeholder.spelling === 'brace'
      ? inline`Add an argument named ${code(name)}, or write ${code(`{{${name}}}`)} for literal braces.`
      : inline`Add an argument named ${code(name)}, or remove the placeholder.`;
  return { start: hit.tokenStart, end: hit.tokenEnd, blocks: [para(...problem), para(...fix)] };
}

// ---------------------------------------------------------------- keys

function keyTokens(at: Placement, fields: Map<string, DictEntry>, context: FieldContext) {
  return charged([...fields]).flatMap(([key, entry]) => charged(entry.occurrences).map((pair) => ({ key, context, tokenStart: at.start(pair.key), tokenEnd: at.end(pair.key) })));
}

function keyHover(model: BundleModel, offset: number): HoverResult | null {
  const view = model.view;
  const tool = toolAt(view, offset);
  const argument = tool ? argumentAt(view, tool, offset) : undefined;
  const hit =
    (argument && pickAt(keyTokens(view.at, argument.fields, 'argument'), offset)) ||
    (tool && pickAt(keyTokens(view.at, tool.fields, 'tool'), offset)) ||
    pickAt(keyTokens(view.at, view.rootFields, 'bundle'), offset);
  if (!hit) return null;
  const doc = fieldDoc(hit.context, hit.key);
  if (!doc) return null;
  const where = { bundle: 'bundle config', tool: 'tool', argument: 'argument' }[hit.context];
  return {
    start: hit.tokenStart,
    end: hit.tokenEnd,
    blocks: [para(strong(doc.key), ` (${where} field): `, code(doc.type), ', ', ...withCode(doc.presence)), para(...withCode(doc.text))],
  };
}

// ---------------------------------------------------------------- docstring variables

function variableHover(model: BundleModel, offset: number, { env, from }: ViewEnv): HoverResult | null {
  const view = model.view;
  const tool = toolAt(view, offset);
  const docstring = tool?.docstring;
  if (!docstring || docstring.value.type !== 'str') return null;
  const value = docstring.value.value;
  const ranges = valueRanges(view.at, docstring);
  const fields = charged(parseFormatString(value).items).flatMap((item) => {
    if (!item.field) return [];
    const token = ranges(item.field.start, item.field.end);
    return token ? [{ field: item.field, tokenStart: token.start, tokenEnd: token.end }] : [];
  });
  const hit = pickAt(fields, offset);
  if (!hit) return null;
  const fieldText = value.slice(hit.field.start, hit.field.end);
  const name = /^[^.[]*/.exec(hit.field.name)![0];
  const rendered = formatString(fieldText, env.variables);
  const outcome: Inline[] = !rendered.ok
    ? ['Rendering it fails: ', code(oneLine(`${rendered.error.type}: ${rendered.error.message}`)), '.']
    : !rendered.rendered.complete
      ? [`Renders as ${describeLength(rendered.rendered)}, more than the ${rendered.rendered.budget.toLocaleString('en-US')} shown here; SWE-agent builds all of them.`]
      : ['Renders as ', code(oneLine(rendered.text)), '.'];
  const notes = rendered.ok && rendered.rendered.complete ? addressNote(rendered.text) : [];
  const blocks: Block[] = [];
  // Python reads a field name of decimal digits (any script: `{١}`) as a positional index.
  if (name === '' || isDecimalString(name)) {
    blocks.push(para(code(oneLine(fieldText)), ': SWE-agent formats the docstring with keyword arguments (the env variables) only, so a positional field has no value.'), para(...outcome), ...notes);
  } else if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
    blocks.push(para(code(oneLine(fieldText)), ' is read by ', code('str.format'), ' as a replacement field, not as text; write literal braces as ', code('{{'), ' and ', code('}}'), '.'), para(...outcome), ...notes);
  } else if (env.variables.has(name)) {
    blocks.push(para(code(oneLine(fieldText)), ': the env variable ', strong(name), '. ', ...outcome), ...notes);
    blocks.push(
      para(
        ...withCode(
          from !== null
            ? `From ${from}.`
            : "The agent config's env is unknown (set `sweBundle.envVariables` to check against it): this is ToolConfig's default `env_variables`.",
        ),
      ),
    );
  } else {
    blocks.push(
      para(
        code(oneLine(fieldText)),
        ': the env variable ',
        strong(name),
        ...withCode(
          from !== null
            ? ` is not set in ${from}, so SWE-agent cannot render the tool docs.`
            : " is not in ToolConfig's default `env_variables`, and the agent config's env is unknown: every agent config using this bundle must set it, or SWE-agent cannot render the tool docs.",
        ),
      ),
      para(...outcome),
    );
  }
  return { start: hit.tokenStart, end: hit.tokenEnd, blocks };
}
