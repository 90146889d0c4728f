/**
 * What the model sees of a tool, as SWE-agent builds it: the invoke format,
 * the function-calling JSON schema (`get_function_calling_tool`), the docs
 * text (`generate_command_docs`), and the shell command an example call
 * becomes (quoting, Jinja `argument_format`, `invoke_format.format`). Where
 * SWE-agent refuses the bundle, or cannot build the tool, that comes first
 * (`modelViewBlocks`): the model then receives nothing of it.
 *
 * Also the small rich-text model the hover and the preview are written in,
 * rendered as Markdown (escaped, so user text shows exactly as written) or
 * as plain text for clients without Markdown.
 */
import { FileDiagnostic, ToolName } from '../diagnostics';
import { parseFormatString } from '../python/formatString';
import { UNKNOWN_ADDRESS } from '../python/pyAttributes';
import { PyObject, pyRepr, pyReprString } from '../python/pyObject';
import { describeLength } from '../python/renderedText';
import { BUDGETS } from '../budgets';
import { generateCommandDocs } from '../swe/commandDocs';
import { LoadedCommand } from '../swe/commandModel';
import { EnvContext } from '../swe/env';
import { functionCallingTool } from '../swe/functionCallingTool';
import { probeCall, sampleValue } from '../swe/runtimeProbe';
import { ToolView } from '../document/bundleView';
import { charged, spend } from '../work';

/**
 * The env docs are rendered with, and where it comes from, in our prose
 * (with `backtick` code): the settings, an agent config that uses the
 * bundle; null when nobody told us (ToolConfig's defaults are assumed).
 */
export interface ViewEnv {
  env: EnvContext;
  from: string | null;
}

/** What the hover and the preview show a bundle's tools with, as its diagnostics see the bundle. */
export interface ViewContext {
  env: ViewEnv;
  refusal: Refusal;
}

/** Why SWE-agent refuses a bundle (its first error), or null when SWE-agent loads it and starts with it. */
export type Refusal = { message: string; tool: ToolName } | null;

export const SETTINGS_ENV = 'the env variables of the settings (`sweBundle.envVariables`)';

/** The first error in document order: why SWE-agent refuses the bundle, in the words of its diagnostic. */
export function refusalOf(diagnostics: readonly FileDiagnostic[]): Refusal {
  const errors = charged(diagnostics).filter((d) => d.severity === 'error');
  if (errors.length === 0) return null;
  const first = charged(errors).reduce((a, b) => (b.start < a.start ? b : a));
  return { message: explainedMessage(first), tool: first.tool };
}

interface Explained {
  message: string;
  start: number;
  end: number;
  related?: readonly { message: string; start: number; end: number; file?: string }[];
}

/** A diagnostic's message and what it leaves out at its own place (SWE-agent's words, the why, the fix), each a sentence, as the hover says it. */
function explainedMessage(d: Explained): string {
  const details = charged((d.related ?? [])).filter((r) => r.file === undefined && r.start === d.start && r.end === d.end).map((r) => (/[.!?]$/.test(r.message) ? r.message : `${r.message}.`));
  return [d.message, ...details].join(' ');
}

export interface ToolPreview {
  name: string;
  invokeFormat: string;
  functionCallingTool: ReturnType<typeof functionCallingTool>;
  /** The docs text (its start, with the whole length, when it renders past the rendered-text budget), or why generating it fails. */
  docs: { ok: true; text: string; cut: { length: string } | null } | { ok: false; error: string };
  /** Whether the docs depend on the env (the docstring has replacement fields), and where that env is from (null: ToolConfig's defaults). */
  docsEnv: { usesEnv: boolean; from: string | null };
  /** An example call: the arguments the model sends, and the command it becomes (or why it fails). */
  example: { arguments: Record<string, PyObject>; command: { ok: true; text: string; cut: { length: string } | null } | { ok: false; error: string } | { ok: 'unknown'; reason: string } };
}

export function toolPreview(command: LoadedCommand, { env, from }: ViewEnv): ToolPreview {
  const docs = generateCommandDocs(command, env.variables);
  const values = new Map(charged(command.arguments).map((a) => [a.name, sampleValue(a)] as [string, PyObject]));
  const probe = probeCall(command, values);
  const parsedDocstring = command.docstring === null ? null : parseFormatString(command.docstring);
  return {
    name: command.name,
    invokeFormat: command.invokeFormat,
    functionCallingTool: functionCallingTool(command),
    docs: docs.ok
      ? { ok: true, text: docs.text, cut: docs.cut }
      : { ok: false, error: docs.stage === 'docstring' ? `${docs.error.type}: ${docs.error.message}` : `${docs.exceptionType}: ${docs.message}` },
    docsEnv: { usesEnv: parsedDocstring !== null && (parsedDocstring.error !== null || charged(parsedDocstring.items).some((i) => i.field !== null)), from },
    example: {
      arguments: Object.fromEntries(values),
      command:
        probe.ok === true
          ? { ok: true, text: probe.action, cut: probe.rendered.complete ? null : { length: describeLength(probe.rendered) } }
          : probe.ok === 'unknown'
            ? { ok: 'unknown', reason: probe.reason }
            : { ok: false, error: probe.stage === 'argument_format' ? `${probe.errorType}: ${probe.message}` : `${probe.error.type}: ${probe.error.message}` },
    },
  };
}

// ---------------------------------------------------------------- rich text

/** Inline text: literal text, inline code, or strong text. */
export type Inline = string | { code: string } | { strong: string };

export type Block = { kind: 'para'; parts: Inline[] } | { kind: 'list'; items: Inline[][] } | { kind: 'code'; language: string; text: string };

export const para = (...parts: Inline[]): Block => ({ kind: 'para', parts });
const list = (items: Inline[][]): Block => ({ kind: 'list', items });
export const codeBlock = (language: string, text: string): Block => ({ kind: 'code', language, text });
export const code = (text: string): Inline => ({ code: text });
export const strong = (text: string): Inline => ({ strong: text });

/** Text written with `backtick` code spans (our own prose), as inline parts. */
export function withCode(text: string): Inline[] {
  return charged(text.split('`')).map((piece, i) => (i % 2 === 1 ? code(piece) : piece)).filter((p) => p !== '');
}

/** Our prose (with `backtick` code) around values: each value is inserted as given (text, or code via `code()`). */
export function inline(strings: TemplateStringsArray, ...values: Inline[]): Inline[] {
  const out: Inline[] = [];
  charged(strings).forEach((s, i) => {
    out.push(...withCode(s));
    if (i < values.length) out.push(values[i]);
  });
  return out;
}

const MARKDOWN_PUNCTUATION = new Set([...'\\`*[]<>&|~']);
const WORD = /[\p{L}\p{N}]/u;

/**
 * Markdown that displays exactly `text` (line breaks kept as hard breaks).
 * `lineStart`: whether the text begins a line (else it follows other inline text).
 */
export function escapeMarkdown(text: string, lineStart = true): string {
  return charged(text.split('\n'))
    .map((line, index) => {
      let out = '';
      for (let i = 0; i < line.length; i++) {
        spend();
        const c = line[i];
        if (MARKDOWN_PUNCTUATION.has(c)) out += '\\' + c;
        else if (c === '_' && !(WORD.test(line[i - 1] ?? '') && WORD.test(line[i + 1] ?? ''))) out += '\\_';
        else out += c;
      }
      if (index === 0 && !lineStart) return out;
      // Line starts that would open a heading, list, rule or setext underline.
      out = out.replace(/^( *)([#+=-])/, '$1\\$2').replace(/^( *\d+)([.)])/, '$1\\$2');
      // Leading spaces would be dropped (or start a code block): keep them as no-break spaces.
      return out.replace(/^ +/, (spaces) => '\u00a0'.repeat(spaces.length));
    })
    .join('  \n');
}

/** The longest match of `pattern` (a loop: spreading every match into Math.max overflows the stack on many runs). */
function longestRun(text: string, pattern: RegExp): number {
  let longest = 0;
  for (const match of text.matchAll(pattern)) {
    spend();
    longest = Math.max(longest, match[0].length);
  }
  return longest;
}

/** A Markdown code span showing exactly `text` (a single line). */
export function markdownCode(text: string): string {
  const fence = '`'.repeat(longestRun(text, /`+/g) + 1);
  const pad = text.startsWith('`') || text.endsWith('`') || (text.startsWith(' ') && text.endsWith(' ') && text.trim() !== '') ? ' ' : '';
  return fence + pad + text + pad + fence;
}

/** A fenced Markdown code block showing exactly `text`. */
export function markdownFence(language: string, text: string): string {
  const fence = '`'.repeat(Math.max(3, longestRun(text, /^ {0,3}`+/gm) + 1));
  return `${fence}${language}\n${text}\n${fence}`;
}

function inlineMarkdown(part: Inline, index: number): string {
  if (typeof part === 'string') return escapeMarkdown(part, index === 0);
  if ('code' in part) return markdownCode(part.code);
  return `**${escapeMarkdown(part.strong, false)}**`;
}

const plainText = (parts: Inline[]) => charged(parts).map((p) => (typeof p === 'string' ? p : 'code' in p ? p.code : p.strong)).join('');

export function renderMarkdown(blocks: readonly Block[]): string {
  return charged(blocks)
    .map((b) =>
      b.kind === 'para'
        ? charged(b.parts).map(inlineMarkdown).join('')
        : b.kind === 'list'
          ? charged(b.items).map((item) => `- ${charged(item).map(inlineMarkdown).join('')}`).join('\n')
          : markdownFence(b.language, b.text),
    )
    .join('\n\n');
}

export function renderPlainText(blocks: readonly Block[]): string {
  return charged(blocks).map((b) => (b.kind === 'para' ? plainText(b.parts) : b.kind === 'list' ? charged(b.items).map((item) => `- ${plainText(item)}`).join('\n') : b.text)).join('\n\n');
}

// ---------------------------------------------------------------- the preview

/** A string shown inline: as is, or as its Python repr when it is empty, spans lines, or starts or ends with whitespace. */
export function oneLine(text: string): string {
  return text === '' || /[\n\r]/.test(text) || /^\s|\s$/.test(text) ? pyReprString(text) : text;
}

export function toolPreviewBlocks(preview: ToolPreview): Block[] {
  const json = JSON.stringify(preview.functionCallingTool, null, 2);
  const exampleArguments = charged(Object.entries(preview.example.arguments)).map(([name, value]) => `${name}=${pyRepr(value)}`).join(', ');
  const command = preview.example.command;
  const envNote = !preview.docsEnv.usesEnv
    ? ''
    : preview.docsEnv.from === null
      ? "; the agent config's env is unknown, so ToolConfig's default `env_variables` are assumed"
      : `; rendered with ${preview.docsEnv.from}`;
  return [
    para(strong(oneLine(preview.name)), ': invoke format ', code(oneLine(preview.invokeFormat))),
    para('A call with ', ...(exampleArguments ? [code(exampleArguments)] : ['no arguments']), ' runs:'),
    ...(command.ok === true
      ? [codeBlock('sh', command.text), ...cutNote('command', command.cut)]
      : [command.ok === false ? para('The call fails: ', code(oneLine(command.error))) : para(`(not previewed: ${command.reason})`)]),
    para('Function-calling tool (what the model receives):'),
    codeBlock('json', json),
    para(...withCode(`Docs (\`generate_command_docs\`, shown when function calling is off${envNote}):`)),
    ...(preview.docs.ok
      ? [codeBlock('text', preview.docs.text.replace(/\n+$/, '')), ...cutNote('docs', preview.docs.cut), ...addressNote(preview.docs.text)]
      : [para('Generating the docs fails: ', code(oneLine(preview.docs.error)))]),
  ];
}

/** Says what the address in a rendered method (`{PAGER.upper}`) stands for, when the text has one. */
export function addressNote(text: string): Block[] {
  return text.includes(` at ${UNKNOWN_ADDRESS}>`) ? [para(code(UNKNOWN_ADDRESS), " stands for the object's address, which Python prints in hex and which differs in every run.")] : [];
}

/** The tool's name as pydantic reports it (its key, even when the key is not a string). */
export function toolNameOf(tool: ToolView): string {
  return tool.name ?? String(tool.check.tool);
}

/**
 * What the model receives of a tool, as the hover and the preview show it.
 * When SWE-agent refuses the bundle, that comes first, with the reason, and
 * the tool's preview is shown as what the model would receive once the
 * bundle loads; a tool SWE-agent cannot build has no preview, but its errors.
 */
export function modelViewBlocks(tool: ToolView, context: ViewContext): Block[] {
  const name = toolNameOf(tool);
  const refusal = context.refusal;
  if (!tool.command) {
    const errors = charged(tool.check.diagnostics).filter((d) => d.severity === 'error');
    return [
      para(
        ...(refusal ? ['SWE-agent would not start with this bundle, so the model receives none of its tools. '] : []),
        strong(oneLine(name)),
        `: SWE-agent cannot build this tool as written, so the model would see nothing of it${errors.length > 0 ? ':' : '.'}`,
      ),
      ...(errors.length > 0 ? [list(charged(errors).map((d) => withCode(explainedMessage(d))))] : []),
    ];
  }
  const preview = toolPreviewBlocks(toolPreview(tool.command, context.env));
  if (!refusal) return preview;
  const where = typeof refusal.tool === 'string' && refusal.tool !== name ? [' (in tool ', code(oneLine(refusal.tool)), ')'] : [];
  return [
    para('SWE-agent would not start with this bundle, so the model receives none of its tools. The first error', ...where, ': ', ...withCode(refusal.message)),
    para('Once the bundle loads, the model receives this of ', code(oneLine(name)), ':'),
    ...preview,
  ];
}

/** Says that a text shown is only the start of what SWE-agent builds. */
function cutNote(what: 'docs' | 'command', cut: { length: string } | null): Block[] {
  if (!cut) return [];
  return [para(`(Only the start is shown, up to ${BUDGETS.renderedTextChars.toLocaleString('en-US')} characters: SWE-agent builds ${what === 'docs' ? 'docs' : 'a command'} of ${cut.length}.)`)];
}
