/**
 * The text format makes bundle text inert (cli/format/terminalText.ts): a
 * message or path cannot move the cursor, erase a line, set the terminal
 * title, print an OSC 8 link, reorder text or forge a line, and no GitHub
 * workflow command can appear, with GITHUB_ACTIONS set or not. JSON keeps the
 * exact values. Against the built CLI.
 */
import { spawnSync } from 'child_process';
import * as path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/shared';
import { TempWorkspace, tempWorkspace } from '../helpers/tempWorkspace';

/** A folder name with a line break, a workflow command and an escape sequence. */
const FOLDER = 'evil\n::error file=x.py,line=1::forged\u001b[2K';
/** YAML escapes reach the messages as the characters they stand for. */
const CONFIG = [
  'tools:',
  '  t:',
  '    signature: t',
  '    docstring: d',
  '    "\\e]0;pwned\\a\\e]8;;https://evil.example\\e\\\\link\\e]8;;\\e\\\\": 1',
  '    "line\\rcarriage\\u2028separator\\x85nel\\u202eevil": 2',
  '    "##[error]legacy": 3',
  '',
].join('\n');

let ws: TempWorkspace;
beforeAll(() => {
  ws = tempWorkspace();
  ws.write(`tools/${FOLDER}/config.yaml`, CONFIG);
});
afterAll(() => ws.remove());

function lint(format: 'text' | 'json', env: Record<string, string> = {}) {
  const run = spawnSync(process.execPath, [path.join(REPO_ROOT, 'dist', 'lint.js'), '--format', format, 'tools'], { cwd: ws.root, encoding: 'utf8', env: { ...process.env, ...env } });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('the text format', () => {
  it.each([[{}], [{ GITHUB_ACTIONS: 'true' }]])('prints bundle text escaped (env %j)', (env) => {
    const run = lint('text', env);
    expect(run.code).toBe(0);
    // Nothing a terminal acts on: no C0 or C1 control but the line feeds between lines, no line or paragraph separator, no bidi override.
    expect(run.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/);
    const lines = run.stdout.trimEnd().split('\n');
    // No workflow command: none at a line's start, no legacy one anywhere.
    for (const line of lines) expect(line.trimStart().startsWith('::')).toBe(false);
    expect(run.stdout).not.toContain('##[');
    // Every line is one diagnostic of the one file (the path escaped), or the summary.
    const file = 'tools/evil\\n::error file=x.py,line=1::forged\\x1b[2K/config.yaml';
    expect(lines.slice(0, -1).every((line) => line.startsWith(`${file}:`))).toBe(true);
    expect(lines.at(-1)).toMatch(/^0 errors, \d+ warnings in 1 file/);
    // ESC \ (the string terminator) shows as \x1b followed by its backslash.
    expect(run.stdout).toContain('\\x1b]0;pwned\\x07\\x1b]8;;https://evil.example\\x1b\\link\\x1b]8;;\\x1b\\');
    expect(run.stdout).toContain('line\\rcarriage\\u2028separator\\x85nel\\u202eevil');
    expect(run.stdout).toContain('##\\x5berror]legacy');
  });
});

describe('the JSON format', () => {
  it('keeps the exact values', () => {
    const [result] = JSON.parse(lint('json').stdout);
    expect(result.path).toBe(`tools/${FOLDER}/config.yaml`);
    const messages: string[] = result.diagnostics.map((d: { message: string }) => d.message);
    expect(messages.some((m) => m.includes('\u001b]0;pwned\u0007'))).toBe(true);
    expect(messages.some((m) => m.includes('line\rcarriage\u2028separator\u0085nel\u202eevil'))).toBe(true);
  });
});
