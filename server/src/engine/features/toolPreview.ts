/**
 * What the model sees of a tool, as SWE-agent builds it: the invoke format,
 * the function-calling JSON schema (`get_function_calling_tool`), the docs
 * text (`generate_command_docs`), and the shell command an example call
 * becomes (quoting, Jinja `argument_format`, `invoke_format.format`).
 */
import { PyObject, pyRepr } from '../python/pyObject';
import { generateCommandDocs } from '../swe/commandDocs';
import { LoadedCommand } from '../swe/commandModel';
import { EnvContext } from '../swe/env';
import { functionCallingTool } from '../swe/functionCallingTool';
import { probeCall, sampleValue } from '../swe/runtimeProbe';

export interface ToolPreview {
  name: string;
  invokeFormat: string;
  functionCallingTool: ReturnType<typeof functionCallingTool>;
  /** The docs text, or why generating it fails. */
  docs: { ok: true; text: string } | { ok: false; error: string };
  /** An example call: the arguments the model sends, and the command it becomes (or why it fails). */
  example: { arguments: Record<string, PyObject>; command: { ok: true; text: string } | { ok: false; error: string } | { ok: 'unknown'; reason: string } };
}

export function toolPreview(command: LoadedCommand, env: EnvContext): ToolPreview {
  const docs = generateCommandDocs(command, env.variables);
  const values = new Map(command.arguments.map((a) => [a.name, sampleValue(a)] as [string, PyObject]));
  const probe = probeCall(command, values);
  return {
    name: command.name,
    invokeFormat: command.invokeFormat,
    functionCallingTool: functionCallingTool(command),
    docs: docs.ok
      ? { ok: true, text: docs.text }
      : { ok: false, error: docs.stage === 'docstring' ? `${docs.error.type}: ${docs.error.message}` : `${docs.exceptionType}: ${docs.message}` },
    example: {
      arguments: Object.fromEntries(values),
      command:
        probe.ok === true
          ? { ok: true, text: probe.action }
          : probe.ok === 'unknown'
            ? { ok: 'unknown', reason: probe.reason }
            : { ok: false, error: probe.stage === 'argument_format' ? `${probe.errorType}: ${probe.message}` : `${probe.error.type}: ${probe.error.message}` },
    },
  };
}

/** The preview as Markdown (hover, the preview command). */
export function toolPreviewMarkdown(preview: ToolPreview): string {
  const json = JSON.stringify(preview.functionCallingTool, null, 2);
  const exampleArguments = Object.entries(preview.example.arguments).map(([name, value]) => `${name}=${pyRepr(value)}`).join(', ');
  const command = preview.example.command;
  const example =
    command.ok === true ? '```sh\n' + command.text + '\n```' : command.ok === false ? `The call fails: \`${command.error}\`` : `(not previewed: ${command.reason})`;
  return [
    `**${preview.name}**: invoke format \`${preview.invokeFormat}\``,
    '',
    `A call with ${exampleArguments || 'no arguments'} runs:`,
    '',
    example,
    '',
    'Function-calling tool (what the model receives):',
    '',
    '```json\n' + json + '\n```',
    '',
    'Docs (`generate_command_docs`, shown when function calling is off):',
    '',
    preview.docs.ok ? '```text\n' + preview.docs.text.replace(/\n+$/, '') + '\n```' : `Generating the docs fails: \`${preview.docs.error}\``,
  ].join('\n');
}
