/**
 * The docstring check of `generate_command_docs`: `docstring.format(**env_variables)`.
 * Every unknown `{VARIABLE}` is reported, not only the first Python would hit.
 * A problem that depends on the env is an error only once the env is known.
 */
import { DiagnosticBuilder } from '../diagnosticBuilder';
import { spanOf } from '../diagnostics';
import { FormatField, LongestField, formatString } from '../python/formatString';
import { PyObject } from '../python/pyObject';
import { RenderedText, describeLength } from '../python/renderedText';
import { BUDGETS } from '../budgets';
import { PyNode } from '../yaml/pyNode';
import { spanInValue, valueSpans } from './valueSpans';
import { EnvContext } from './env';
import { spend } from '../work';


function firstName(field: FormatField): string {
  return /^[^.[]*/.exec(field.name)![0];
}

export function checkDocstring(toolName: string, docstring: string, node: PyNode, env: EnvContext, out: DiagnosticBuilder): void {
  const variables = new Map<string, PyObject>(env.variables);
  const spanOfPiece = valueSpans(node);
  // Each unknown variable costs a pass over the whole docstring: the passes are bounded by count and by the characters they format in all.
  const passes = Math.min(BUDGETS.unknownVariablesPerDocstring, Math.max(1, Math.floor(BUDGETS.docstringFormatChars / Math.max(1, docstring.length))));
  for (let attempt = 0; ; attempt++) {
    spend();
    if (attempt === passes) {
      out.add(
        'resource-limit',
        spanOf(node),
        `Stopped checking the docstring of \`${toolName}\` after ${passes} unknown variables (${passes === BUDGETS.unknownVariablesPerDocstring ? 'unknownVariablesPerDocstring' : 'docstringFormatChars'}).`,
        {
          detail:
            passes === BUDGETS.unknownVariablesPerDocstring
              ? 'That is the budget of unknown variables reported per tool; the rest of the docstring is not checked.'
              : `Each costs a format pass over its ${docstring.length.toLocaleString('en-US')} characters, and another would pass the budget of ${BUDGETS.docstringFormatChars.toLocaleString('en-US')} characters formatted; the rest is not checked.`,
        },
      );
      return;
    }
    const result = formatString(docstring, variables);
    if (result.ok) {
      checkRenderedLength(toolName, docstring, node, result.rendered, result.longest, out);
      return;
    }
    const { error } = result;
    const where = error.field ? spanOfPiece(error.field.start, error.field.end) : spanOfPiece(error.offset, error.offset + 1);
    // A field name nobody could set as an env variable (`{"path": 1}`, `${HOME}`) is text meant literally.
    const literalBraces = error.type === 'KeyError' && error.field !== null && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(firstName(error.field));
    if (literalBraces && error.field) {
      out.add(
        'docstring-format-error',
        where,
        `The docstring of \`${toolName}\` has ${docstring.slice(error.field.start, error.field.end)}, which \`str.format\` reads as a replacement field.`,
        {
          data: { escape: { start: error.field.start, end: error.field.end } },
          detail: [`SWE-agent fails when it renders the tool docs: KeyError: ${error.message}`, 'Write literal braces as {{ and }}.'],
        },
      );
      return;
    }
    if (error.type === 'KeyError' && error.field) {
      const name = firstName(error.field);
      const fieldText = docstring.slice(error.field.start, error.field.end);
      out.add(
        'docstring-unknown-variable',
        where,
        env.known
          ? `The docstring of \`${toolName}\` uses ${fieldText}, but the env variables do not set ${name}.`
          : `The docstring of \`${toolName}\` uses ${fieldText}, which ToolConfig's default env does not set.`,
        {
          severity: env.known ? 'error' : 'warning',
          data: { variable: name, escape: { start: error.field.start, end: error.field.end } },
          detail: env.known
            ? [`SWE-agent fails when it renders the tool docs: KeyError: ${error.message}`, `Set ${name} in \`tools.env_variables\`, or write {${fieldText}} for literal braces.`]
            : [`Every agent config using this bundle must set ${name} in \`tools.env_variables\`, or SWE-agent fails: KeyError: ${error.message}`, `For literal braces write {${fieldText}}.`],
        },
      );
      variables.set(name, '');
      continue;
    }
    // A failure about a variable's value (its type, attribute, format spec) depends on the env.
    const dependsOnEnv = error.field !== null && error.type !== 'IndexError' && variables.has(firstName(error.field)) && firstName(error.field) !== '';
    out.add(
      'docstring-format-error',
      error.field || error.offset < docstring.length ? where : spanOf(node),
      `The docstring of \`${toolName}\` fails SWE-agent's \`docstring.format(**env_variables)\` with ${error.type}.`,
      {
        severity: dependsOnEnv && !env.known ? 'warning' : 'error',
        data: error.field ? { escape: { start: error.field.start, end: error.field.end } } : undefined,
        detail: [`SWE-agent fails when it renders the tool docs: ${error.type}: ${error.message}`, ...(error.field ? [] : ['Write literal braces as {{ and }}.'])],
      },
    );
    return;
  }
}

/**
 * A docstring that renders to more than the rendered-text budget, and to more
 * than it is long itself: a format width (`{PAGER:>500000000}`) or a long value
 * blows it up. SWE-agent renders all of it (or runs out of memory); the check
 * says so, since previews show only the start.
 */
function checkRenderedLength(toolName: string, docstring: string, node: PyNode, rendered: RenderedText, longest: LongestField | null, out: DiagnosticBuilder): void {
  if (rendered.complete || rendered.length <= docstring.length) return;
  const field = longest?.field;
  out.add(
    'rendered-text-limit',
    field ? spanInValue(node, field.start, field.end) : spanOf(node),
    `The docstring of \`${toolName}\` renders to ${describeLength(rendered)}${field ? ` (${docstring.slice(field.start, field.end)} alone gives ${longest!.length.toLocaleString('en-US')})` : ''}.`,
    {
      detail: [
        'SWE-agent builds all of it into the tool docs the model reads with every prompt, or fails with MemoryError when it runs out of memory.',
        `Previews here show the first ${rendered.budget.toLocaleString('en-US')} characters.`,
      ],
    },
  );
}
