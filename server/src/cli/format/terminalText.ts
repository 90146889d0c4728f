/**
 * Text from a bundle (messages quote it, paths name its folders) printed on a
 * terminal or in a CI log, made inert: control characters, line breaks
 * (including NEL, U+2028 and U+2029) and bidirectional overrides are written
 * as visible escapes (`\x1b`, `\n`, `\u2028`), so a bundle cannot erase a
 * line, set the terminal title, print an OSC 8 link, reorder what is shown
 * or forge a line of its own. GitHub Actions reads workflow commands from
 * every line of a job's output: `::name ...::` at a line's start (after
 * spaces), and the legacy `##[name ...]` anywhere in a line. A line here
 * never starts with bundle text but with a path, which gets a `./` when it
 * would start with `:` or a space; and `##[` is written `##\x5b`. The CLI
 * itself emits no workflow commands (SARIF is the format for annotations),
 * so with the escapes none can appear in its output.
 */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function escape(char: string): string {
  const named = NAMED[char];
  if (named) return named;
  const code = char.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** `text` with what a terminal or a CI runner would act on written as visible escapes. */
export function terminalText(text: string): string {
  return text.replace(UNSAFE, escape).replace(/##\[/g, '##\\x5b');
}

/** A path to print at the start of a line: escaped, and never starting like a workflow command. */
export function terminalPath(file: string): string {
  const escaped = terminalText(file);
  return /^[\s:]/.test(escaped) ? `./${escaped}` : escaped;
}
