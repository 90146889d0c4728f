/**
 * A `boolean` argument whose `argument_format` renders the same text for
 * `true` and `false` (`--clean`, or `--clean` with the default format
 * emptied): the flag reaches the tool whatever the model chose. SWE-agent
 * renders the format with the decoded JSON value (`Template(argument_format)
 * .render(value=True)`), so `{{value}}` alone gives `True`/`False` and is fine.
 */
import { DiagnosticBuilder } from '../diagnosticBuilder';
import { spanOf } from '../diagnostics';
import { renderJinja } from '../python/jinja';
import { LoadedCommand } from './commandModel';
import { spend } from '../work';

export function checkBooleanFlags(command: LoadedCommand, out: DiagnosticBuilder): void {
  for (const argument of command.arguments) {
    spend();
    if (argument.type !== 'boolean' || !argument.formatNode) continue;
    const asTrue = renderJinja(argument.argumentFormat, new Map([['value', true]]));
    const asFalse = renderJinja(argument.argumentFormat, new Map([['value', false]]));
    if (asTrue.kind !== 'ok' || asFalse.kind !== 'ok' || asTrue.text !== asFalse.text || asTrue.text.trim() === '') continue;
    // A format with no Jinja at all is the flag itself: it can be wrapped in a condition.
    const plain = !/\{[{%#]/.test(argument.argumentFormat);
    out.add(
      'boolean-flag-always',
      spanOf(argument.formatNode),
      `\`${command.name}\` gets \`${asTrue.text.trim()}\` whether \`${argument.name}\` is true or false: the \`argument_format\` of this boolean never reads the value.`,
      plain ? { data: { flag: argument.argumentFormat } } : {},
    );
  }
}
