/**
 * A loaded tool can still crash when the model calls it: SWE-agent skips all
 * signature checks for a tool without arguments, accepts argument names that
 * `str.format` cannot fill (`a.b`), and renders `argument_format` with Jinja
 * only at call time. This simulates a call with every argument set.
 */
import { DiagnosticBuilder } from '../diagnosticBuilder';
import { spanOf } from '../diagnostics';
import { LoadedCommand } from './commandModel';
import { MappedInvokeFormat } from './invokeFormat';
import { probeCall } from './runtimeProbe';
import { spanInValue } from './valueSpans';

export function checkCallability(command: LoadedCommand, invoke: MappedInvokeFormat, out: DiagnosticBuilder): void {
  const probe = probeCall(command);
  if (probe.ok !== false) return;
  if (probe.stage === 'argument_format') {
    const node = probe.argument.formatNode ?? probe.argument.nameNode;
    out.add(
      'runtime-call-error',
      spanOf(node),
      `\`${command.name}\` loads, but calling it fails: the \`argument_format\` of \`${probe.argument.name}\` raises ${probe.errorType}: ${probe.message}`,
    );
    return;
  }
  const { error } = probe;
  const at = error.field ? error.field.start : Math.min(error.offset, invoke.origins.length - 1);
  const origin = at >= 0 ? invoke.origins[at] : null;
  const span = origin
    ? spanInValue(origin.node, origin.index, origin.index + (error.field && origin.length === 1 ? error.field.end - error.field.start : origin.length))
    : { origin: command.arguments[0]?.nameNode.origin ?? invoke.origins.find((o) => o)!.node.origin, start: 0, end: 0 };
  const why =
    error.type === 'KeyError'
      ? command.arguments.length === 0
        ? ` The invoke format ${JSON.stringify(command.invokeFormat)} has a placeholder, but the tool has no arguments, and SWE-agent checks placeholders only for tools with arguments.`
        : ` The invoke format ${JSON.stringify(command.invokeFormat)} has a placeholder that no argument fills.`
      : error.type === 'IndexError'
        ? ' A positional field ({} or {0}) can never be filled: SWE-agent passes arguments by name.'
        : '';
  out.add('runtime-call-error', span, `\`${command.name}\` loads, but calling it fails: str.format raises ${error.type}: ${error.message}.${why} Write literal braces as {{ and }}.`);
}
