/**
 * A bundle judged by the chosen SWE-agent's bundle code (`--swe-agent`):
 * ARGUMENT_NAME_PATTERN (`+` up to 1.1.0, `*` at main), `--name` in the
 * signature (main only), duplicate arguments (equal objects before main, equal
 * names at main) and the wording of a missing argument. Exact diagnostics.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/runCli';
import { tempWorkspace } from '../helpers/tempWorkspace';

const argument = (name: string, description = name) => `      - name: ${name}\n        type: string\n        description: ${description}\n        required: true\n`;

const BUNDLE = [
  'tools:',
  '  one_letter:',
  '    docstring: a one-letter argument',
  '    signature: "one_letter <x>"',
  '    arguments:',
  argument('x') + '  flag_only:',
  '    docstring: an argument named as a flag',
  '    signature: "flag_only --path"',
  '    arguments:',
  argument('path') + '  twice:',
  '    docstring: two arguments of one name that differ',
  '    arguments:',
  argument('text', 'first') + argument('text', 'second') + '  same_twice:',
  '    docstring: two equal arguments',
  '    arguments:',
  argument('word') + argument('word') + '  missing:',
  '    docstring: an argument the signature lacks',
  '    signature: "missing <a1>"',
  '    arguments:',
  argument('a1') + argument('b1'),
].join('\n');

const ws = tempWorkspace({ 'b/config.yaml': BUNDLE });
for (const tool of ['one_letter', 'flag_only', 'twice', 'same_twice', 'missing']) ws.write(`b/bin/${tool}`, '#!/bin/sh\n', 0o755);
afterAll(() => ws.remove());

function lint(version: string) {
  const run = runCli(['--format', 'json', '--swe-agent', version, 'b/config.yaml'], ws.root);
  expect(run.stderr).toBe('');
  const [file] = JSON.parse(run.stdout) as { loads: boolean; diagnostics: { severity: string; code: string; message: string; range: { start: { line: number; character: number } }; related?: { message: string }[] }[] }[];
  // The message, then each line of its related information (SWE-agent's own words, in this version's wording).
  return { loads: file.loads, diagnostics: file.diagnostics.map((d) => [`${d.range.start.line + 1}:${d.range.start.character + 1} ${d.severity} ${d.code}: ${d.message}`, ...(d.related ?? []).map((r) => `  ${r.message}`)]) };
}

describe('the bundle code of the chosen SWE-agent', () => {
  it('1.0.1: two-character names, no --name, duplicates by whole object, one message for all missing arguments', () => {
    expect(lint('1.0.1')).toEqual({
      loads: false,
      diagnostics: [
        [
          '6:15 error argument-not-a-placeholder: Argument `x` of `one_letter` never becomes a placeholder in the invoke format.',
          "  SWE-agent fails: Command 'one_letter': Argument names (set()) in signature / invoke_format 'one_letter <x>' do not match argument names",
          "  SWE-agent only rewrites names like <name> made of letters, digits, `_` and `-` (two characters at least); the invoke format is 'one_letter <x>'.",
        ],
        [
          "6:15 error invalid-argument-name: Argument name 'x' of `one_letter` is invalid.",
          "  SWE-agent fails: Command 'one_letter': Invalid argument name: 'x'",
          '  SWE-agent requires it to start with a letter or underscore and continue with at least one more letter, digit, `_` or `-`.',
        ],
        [
          '14:15 error signature-missing-argument: Argument `path` is not in the signature of `flag_only`.',
          '  SWE-agent fails: Missing arguments in signature: flag_only --path. Did you format the signature correctly? You must include all argument names in the signature with <name>, [<name>], or {name} notation.',
          '  Write <path>, [<path>] or {path} in the signature.',
          '  the signature',
        ],
        [
          "25:15 warning duplicate-argument: Tool `twice` already has an argument named `text`, which the model's schema keeps only once.",
          '  This SWE-agent loads it: only equal arguments fail.',
          '  Rename or remove it.',
          '  first `text`',
        ],
        [
          '36:15 error duplicate-argument: Tool `same_twice` already has an argument named `word`.',
          "  SWE-agent fails: Command 'same_twice': Duplicate argument names: {'word'}",
          '  Rename or remove this one.',
          '  first `word`',
        ],
        [
          '48:15 error signature-missing-argument: Argument `b1` is not in the signature of `missing`.',
          '  SWE-agent fails: Missing arguments in signature: missing <a1>. Did you format the signature correctly? You must include all argument names in the signature with <name>, [<name>], or {name} notation.',
          '  Write <b1>, [<b1>] or {b1} in the signature.',
          '  the signature',
        ],
      ],
    });
  });

  it('main: one-letter names, --name names an argument, duplicates by name, a message per missing argument', () => {
    expect(lint('main')).toEqual({
      loads: false,
      diagnostics: [
        [
          '14:15 error argument-not-a-placeholder: The signature of `flag_only` has `--path` but no placeholder for its value.',
          "  SWE-agent fails: Command 'flag_only': Argument names (set()) in signature / invoke_format 'flag_only --path' do not match argument names",
          '  The invoke format never receives `path`; write `--path <path>`.',
        ],
        [
          '25:15 error duplicate-argument: Tool `twice` already has an argument named `text`.',
          "  SWE-agent fails: Command 'twice': Duplicate argument names: {'text'}",
          '  Rename or remove this one.',
          '  first `text`',
        ],
        [
          '36:15 error duplicate-argument: Tool `same_twice` already has an argument named `word`.',
          "  SWE-agent fails: Command 'same_twice': Duplicate argument names: {'word'}",
          '  Rename or remove this one.',
          '  first `word`',
        ],
        [
          '48:15 error signature-missing-argument: Argument `b1` is not in the signature of `missing`.',
          '  SWE-agent fails: Missing argument b1 in signature: missing <a1>. Did you format the signature correctly? You must include all argument names in the signature with <b1>, [<b1>], {b1}, or --b1 notation.',
          '  Write <b1>, [<b1>], {b1} or --b1 in the signature.',
          '  the signature',
        ],
      ],
    });
  });
});
