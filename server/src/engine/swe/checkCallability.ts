/**
 * A loaded tool can still crash when the model calls it: SWE-agent skips all
 * signature checks for a tool without arguments, accepts argument names that
 * `str.format` cannot fill (`a.b`), and renders `argument_format` with Jinja
 * only at call time. This simulates a call with every argument set.
 */
import { DiagnosticBuilder } from '../diagnosticBuilder';
import { Span, spanOf } from '../diagnostics';
import { FormatField } from '../python/formatString';
import { describeLength } from '../python/renderedText';
import { LoadedCommand } from './commandModel';
import { MappedInvokeFormat } from './invokeFormat';
import { probeCall } from './runtimeProbe';
import { spanInValue } from './valueSpans';
import { charged } from '../work';

/** Where a range of the invoke format comes from in the YAML (a generated character, such as the braces around a name, has none: the next one that has). */
function invokeSpan(command: LoadedCommand, invoke: MappedInvokeFormat, field: FormatField | null, offset: number): Span {
  const at = field ? field.start : Math.min(offset, invoke.origins.length - 1);
  const end = field ? field.end : invoke.origins.length;
  const origin = charged(invoke.origins.slice(Math.max(0, at), Math.max(at + 1, end))).find((o) => o !== null) ?? null;
  return origin
    ? spanInValue(origin.node, origin.index, origin.index + (field && origin.length === 1 ? field.end - field.start : origin.length))
    : { origin: command.arguments[0]?.nameNode.origin ?? charged(invoke.origins).find((o) => o)!.node.origin, start: 0, end: 0 };
}

export function checkCallability(command: LoadedCommand, invoke: MappedInvokeFormat, out: DiagnosticBuilder): void {
  const probe = probeCall(command);
  if (probe.ok === 'unknown' && probe.limit) {
    const node = charged(command.arguments).find((a) => a.formatNode)?.formatNode ?? command.arguments[0]?.nameNode;
    if (node) out.add('resource-limit', spanOf(node), `Stopped checking how \`${command.name}\` is called: ${probe.reason}.`);
    return;
  }
  if (probe.ok === true && !probe.rendered.complete && probe.rendered.length > command.invokeFormat.length) {
    const field = probe.longest?.field ?? null;
    out.add(
      'rendered-text-limit',
      invokeSpan(command, invoke, field, 0),
      `Calling \`${command.name}\` builds a command of ${describeLength(probe.rendered)}${field ? ` (${command.invokeFormat.slice(field.start, field.end)} alone gives ${probe.longest!.length.toLocaleString('en-US')})` : ''}.`,
      {
        detail: [
          'SWE-agent builds all of it and sends it to the shell, or fails with MemoryError when it runs out of memory.',
          `Previews here show the first ${probe.rendered.budget.toLocaleString('en-US')} characters.`,
        ],
      },
    );
  }
  if (probe.ok !== false) return;
  if (probe.stage === 'argument_format') {
    const node = probe.argument.formatNode ?? probe.argument.nameNode;
    out.add(
      'runtime-call-error',
      spanOf(node),
      `\`${command.name}\` loads, but calling it fails: the \`argument_format\` of \`${probe.argument.name}\` raises ${probe.errorType}.`,
      { detail: `${probe.errorType}: ${probe.message}` },
    );
    return;
  }
  const { error } = probe;
  const span = invokeSpan(command, invoke, error.field, error.offset);
  const fieldName = error.field?.name ?? '';
  const splitName = charged(command.arguments).find((a) => a.name === fieldName && /[.[]/.test(fieldName));
  const why =
    error.type === 'KeyError' && splitName
      ? [`str.format reads {${fieldName}} as ${fieldName.includes('.') ? 'an attribute' : 'an item'} of \`${/^[^.[]*/.exec(fieldName)![0]}\`, not as the argument \`${fieldName}\`.`, 'Rename the argument to letters, digits, `_` and `-`.']
      : error.type === 'KeyError'
      ? command.arguments.length === 0
        ? [`The invoke format ${JSON.stringify(command.invokeFormat)} has a placeholder, but the tool has no arguments, and SWE-agent checks placeholders only for tools with arguments.`]
        : [`The invoke format ${JSON.stringify(command.invokeFormat)} has a placeholder that no argument fills.`]
      : error.type === 'IndexError'
        ? ['A positional field ({} or {0}) can never be filled: SWE-agent passes arguments by name.']
        : [];
  const advice = splitName ? [] : ['Write literal braces as {{ and }}.'];
  out.add('runtime-call-error', span, `\`${command.name}\` loads, but calling it fails: str.format raises ${error.type}.`, {
    detail: [`str.format raises ${error.type}: ${error.message}`, ...why, ...advice],
  });
}
