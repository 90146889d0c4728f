/**
 * What happens when the model calls a tool: SWE-agent's FunctionCallingParser
 * quotes each string argument (`shlex.quote`, except for `bash` and multi-line
 * tools), renders it through the argument's Jinja `argument_format`, and fills
 * `invoke_format` with `str.format`. Used to show the shell command a call
 * becomes, and to find tools that load but crash when called.
 */
import { FormatEvalError, LongestField, formatString } from '../python/formatString';
import { renderJinja } from '../python/jinja';
import { PyObject } from '../python/pyObject';
import { RenderedText } from '../python/renderedText';
import { shlexQuote } from '../python/shlexQuote';
import { LoadedArgument, LoadedCommand } from './commandModel';
import { spend } from '../work';

export type ProbeResult =
  /** `rendered`: the whole command's length, when it is past the rendered-text budget (`action` has its start). */
  | { ok: true; action: string; rendered: RenderedText; longest: LongestField | null }
  | { ok: false; stage: 'argument_format'; argument: LoadedArgument; errorType: string; message: string }
  | { ok: false; stage: 'invoke_format'; error: FormatEvalError }
  /** An argument_format uses Jinja beyond what we evaluate, or past its budget (`limit`): no verdict. */
  | { ok: 'unknown'; reason: string; limit?: true };

/** The value we pretend the model sends for an argument: an enum member, or one of the type. */
export function sampleValue(argument: LoadedArgument): PyObject {
  if (argument.enum && argument.enum.length > 0) return argument.enum[0];
  switch (argument.type) {
    case 'integer':
      return 1n;
    case 'boolean':
      return true;
    case 'array':
      return ['x', 'y'];
    default:
      return 'x';
  }
}

function quoted(value: PyObject, command: LoadedCommand): PyObject {
  if (typeof value === 'string') return command.name !== 'bash' && command.endName === null ? shlexQuote(value) : value;
  return value === null ? '' : value;
}

/** `_parse_tool_call` with the given argument values (all arguments, by default sample ones). */
export function probeCall(command: LoadedCommand, values?: ReadonlyMap<string, PyObject>): ProbeResult {
  const formatted = new Map<string, PyObject>();
  for (const argument of command.arguments) {
    spend();
    const value = values ? values.get(argument.name) : sampleValue(argument);
    if (value === undefined) {
      formatted.set(argument.name, '');
      continue;
    }
    const rendered = renderJinja(argument.argumentFormat, new Map([['value', quoted(value, command)]]));
    if (rendered.kind === 'unsupported') return { ok: 'unknown', reason: rendered.reason };
    if (rendered.kind === 'limit') return { ok: 'unknown', reason: rendered.reason, limit: true };
    if (rendered.kind === 'error') return { ok: false, stage: 'argument_format', argument, errorType: rendered.errorType, message: rendered.message };
    formatted.set(argument.name, rendered.text);
  }
  const result = formatString(command.invokeFormat, formatted);
  if (!result.ok) return { ok: false, stage: 'invoke_format', error: result.error };
  return { ok: true, action: result.text.trim(), rendered: result.rendered, longest: result.longest };
}
