/**
 * SWE-agent's `generate_command_docs` for one command: the text the model
 * reads about a tool when function calling is off, and the two ways it
 * crashes (the docstring's `str.format`, and `end_name` without `signature`).
 */
import { FormatEvalError, formatString } from '../python/formatString';
import { PyObject } from '../python/pyObject';
import { describeLength } from '../python/renderedText';
import { LoadedCommand } from './commandModel';
import { charged, spend } from '../work';

export type DocsResult =
  /** `cut`: the docstring renders past the rendered-text budget; `text` has its start, `length` is the whole docs' length. */
  | { ok: true; text: string; cut: { length: string } | null }
  | { ok: false; stage: 'docstring'; error: FormatEvalError }
  | { ok: false; stage: 'signature'; exceptionType: 'AttributeError' | 'IndexError'; message: string };

/** `get_signature(cmd)` for a command without `end_name`. */
function defaultSignature(command: Pick<LoadedCommand, 'name' | 'arguments'>): string {
  return command.name + charged(command.arguments).map((a) => (a.required ? ` <${a.name}>` : ` [<${a.name}>]`)).join('');
}

/** What `get_signature` raises for a multi-line command (`end_name` set) without a signature. */
export function multilineSignatureCrash(argumentCount: number): { exceptionType: 'AttributeError' | 'IndexError'; message: string } {
  return argumentCount === 0
    ? { exceptionType: 'IndexError', message: 'list index out of range' }
    : { exceptionType: 'AttributeError', message: "'Argument' object has no attribute 'keys'" };
}

export function generateCommandDocs(command: LoadedCommand, env: ReadonlyMap<string, PyObject>): DocsResult {
  let docs = `${command.name}:\n`;
  let cut: { length: string } | null = null;
  if (command.docstring !== null) {
    const formatted = formatString(command.docstring, env);
    if (!formatted.ok) return { ok: false, stage: 'docstring', error: formatted.error };
    if (!formatted.rendered.complete) cut = { length: describeLength(formatted.rendered) };
    docs += `  docstring: ${formatted.text}${cut ? ' …' : ''}\n`;
  }
  if (command.signature !== null) docs += `  signature: ${command.signature}\n`;
  else if (command.endName !== null) return { ok: false, stage: 'signature', ...multilineSignatureCrash(command.arguments.length) };
  else docs += `  signature: ${defaultSignature(command)}\n`;
  if (command.arguments.length > 0) {
    docs += '  arguments:\n';
    for (const argument of command.arguments) {
      spend();
      docs += `    - ${argument.name} (${argument.type}) [${argument.required ? 'required' : 'optional'}]: ${argument.description}\n`;
    }
  }
  return { ok: true, text: docs + '\n', cut };
}
