/** Renaming arguments and tools: exact edits, refusals, and the bundle still checking clean afterwards. */
import * as fs from 'fs';
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { OffsetEdit, applyEdits } from '../../server/src/engine/features/edits';
import { PrepareRenameResult, RenameResult } from '../../server/src/engine/features/rename';
import { BUNDLE, analysisOfBundle, position } from '../helpers/fixture';
import { EngineConfig } from '../../server/src/engine/config';
import { lintBundleText } from '../helpers/lintText';
import { parseMarkers, withCursor } from '../helpers/markers';
import { CORPUS_DIR, needsShared } from '../helpers/shared';

/** What renaming at the cursor `¦` answers. */
function renameAt(spec: string, newName: string, settings: EngineConfig = {}): RenameResult | null {
  const { analysis, file, offset } = position(spec, settings);
  return analysis.rename(file, offset, newName);
}

/** What preparing a rename at the cursor `¦` answers. */
function prepareAt(spec: string): PrepareRenameResult | null {
  const { analysis, file, offset } = position(spec);
  return analysis.prepareRename(file, offset);
}

/** Renames at the cursor `¦` and returns the new text (failing the test on a refusal). */
function renamed(spec: string, newName: string): string {
  const result = renameAt(spec, newName);
  if (!result || !result.ok) throw new Error(`rename refused: ${JSON.stringify(result)}`);
  return applyEdits(parseMarkers(spec).text, result.edits);
}

/** The diagnostics of a text without the ones about names, to compare before and after a rename. */
const lint = (text: string) => lintBundleText(text).diagnostics.map((d) => ({ code: d.code, severity: d.severity, range: d.range }));

const OPEN = `tools:
  open:
    signature: "open <path> [<line>] {path} --path"
    docstring: Opens <path> at <line>; see <pathology>.
    arguments:
      - name: path
        type: string
        description: the file
        required: true
      - name: line
        type: integer
        description: where
        required: false
`;

describe('renaming an argument', () => {
  it('renames the name, every placeholder spelling and the docstring mentions, from any of them', () => {
    const expected = OPEN.replace('<path> [<line>] {path} --path', '<file> [<line>] {file} --file')
      .replace('Opens <path>', 'Opens <file>')
      .replace('- name: path', '- name: file');
    for (const needle of ['<¦path>', '{¦path}', '--¦path', 'Opens <¦path>', 'name: ¦path']) {
      expect(renamed(withCursor(OPEN, needle), 'file')).toBe(expected);
    }
    expect(lint(OPEN)).toEqual([]);
    expect(lint(expected)).toEqual([]);
  });

  it('prepares the name under the cursor, without brackets or quotes', () => {
    const spec = `tools:\n  t:\n    signature: t [<«x»>]\n    docstring: d\n    arguments:\n      - name: "«x»"\n`;
    const { ranges } = parseMarkers(spec);
    expect(prepareAt(withCursor(spec, '¦[<«x»>]'))).toEqual({ ok: true, ...ranges[0], placeholder: 'x' });
    expect(prepareAt(withCursor(spec, '"«x»"¦'))).toEqual({ ok: true, ...ranges[1], placeholder: 'x' });
    expect(prepareAt(withCursor(spec, '¦docstring'))).toBeNull();
    expect(prepareAt(withCursor(spec, '¦t [<'))).toBeNull();
  });

  it('keeps escapes and quoting intact in quoted and block scalars', () => {
    const spec = `tools:
  t:
    signature: "t \\"<p>\\" \\x3cp> {¦p!r:>4}"
    docstring: >
      Use <p>

      and <p>.
    arguments:
      - {name: 'p', type: string, description: d, required: true}
`;
    expect(renamed(spec, 'path_2')).toBe(`tools:
  t:
    signature: "t \\"<path_2>\\" \\x3cpath_2> {path_2!r:>4}"
    docstring: >
      Use <path_2>

      and <path_2>.
    arguments:
      - {name: 'path_2', type: string, description: d, required: true}
`);
  });

  it('quotes a new name that YAML would read as a bool or null', () => {
    const result = renamed(withCursor(OPEN, 'name: ¦line'), 'yes');
    expect(result).toContain('- name: "yes"\n');
    expect(result).toContain('[<yes>]');
    expect(result).toContain(' at <yes>;');
    expect(lint(result)).toEqual([]);
    expect(renamed(withCursor(OPEN, 'name: ¦line'), 'Null')).toContain('- name: "Null"\n');
    // already quoted: stays as it is quoted
    const quoted = OPEN.replace('name: line', "name: '¦line'");
    expect(renamed(quoted, 'no')).toContain("- name: 'no'\n");
  });

  it('refuses names SWE-agent rejects', () => {
    const spec = withCursor(OPEN, '<¦line>');
    const invalid = (name: string) => ({
      ok: false,
      message: `\`${name}\` is not a valid argument name: SWE-agent needs a letter or \`_\` first, then only letters, digits, \`_\` or \`-\`.`,
    });
    for (const name of ['', '1st', 'two words', 'a.b', '-x', 'x>', 'é']) expect(renameAt(spec, name)).toEqual(invalid(name));
    expect(renameAt(spec, '_ok-2')).toMatchObject({ ok: true });
  });

  it('refuses a one-character name where the SWE-agent judged by needs two (up to 1.1.0)', () => {
    const spec = withCursor(OPEN, '<¦line>');
    expect(renameAt(spec, 'n', { sweAgent: '1.1.0' })).toEqual({
      ok: false,
      message: '`n` is not a valid argument name: SWE-agent needs a letter or `_` first, then at least one more letter, digit, `_` or `-`.',
    });
    expect(renameAt(spec, 'n')).toMatchObject({ ok: true });
    expect(renameAt(spec, 'nn', { sweAgent: '1.1.0' })).toMatchObject({ ok: true });
  });

  it('refuses a name another argument of the tool has', () => {
    expect(renameAt(withCursor(OPEN, '<¦line>'), 'path')).toEqual({ ok: false, message: 'Tool `open` already has an argument named `path`.' });
  });

  it('renames an argument of a tool without a signature (its name and docstring mentions)', () => {
    const text = `tools:\n  t:\n    docstring: Takes <a> and <b>\n    arguments:\n      - {name: a, type: string, description: d, required: true}\n      - {name: b, type: string, description: d, required: false}\n`;
    const result = renamed(withCursor(text, 'name: ¦a'), 'first');
    expect(result).toBe(text.replace('<a>', '<first>').replace('name: a,', 'name: first,'));
    expect(lint(result)).toEqual([]);
  });

  it('makes no edits for the same name', () => {
    expect(renameAt(withCursor(OPEN, '<¦line>'), 'line')).toEqual({ ok: true, edits: [] });
  });

  it('refuses duplicated names, names shared through anchors, and block scalar names', () => {
    const dup = `tools:\n  t:\n    signature: t <a>\n    docstring: d\n    arguments:\n      - name: a\n      - name: a\n`;
    const refusal = { ok: false, message: 'Tool `t` has 2 arguments named `a`; rename one of them by hand first.' };
    expect(prepareAt(withCursor(dup, '<¦a>'))).toEqual(refusal);
    expect(renameAt(withCursor(dup, '<¦a>'), 'b')).toEqual(refusal);

    // The cursor on the second tool's argument name.
    const anchored = `tools:\n  t:\n    signature: &s t <a>\n    docstring: d\n    arguments:\n      - name: a\n  u:\n    signature: *s\n    docstring: d\n    arguments:\n      - name: ¦a\n`;
    const shared = { ok: false, message: 'Argument `a` is named in text shared through a YAML anchor or merge key, so renaming it here would change other places too.' };
    expect(prepareAt(withCursor(anchored.replace('¦', ''), '<¦a>'))).toEqual(shared);
    expect(renameAt(anchored, 'b')).toEqual(shared);

    const merged = `tools:\n  t:\n    signature: t <a>\n    docstring: d\n    arguments:\n      - &arg {name: a, type: string}\n      - {<<: *arg, name: b}\n`;
    expect(renameAt(withCursor(merged, '<¦a>'), 'c')).toEqual({
      ok: false,
      message: 'Argument `a` is named in text shared through a YAML anchor or merge key, so renaming it here would change other places too.',
    });

    const block = `tools:\n  t:\n    signature: t <a>\n    docstring: d\n    arguments:\n      - name: >-\n          a\n`;
    expect(prepareAt(withCursor(block, '<¦a>'))).toEqual({ ok: false, message: 'The name `a` is written as a block scalar; rewrite it as `name: a` first.' });
  });

  it('renames on a half-typed tool and gives nothing on a broken file', () => {
    const typing = `tools:\n  t:\n    signature: t <pa> <x\n    docstring: <pa\n    arguments:\n      - name: pa`;
    expect(renamed(`${typing}¦`, 'path')).toBe(`tools:\n  t:\n    signature: t <path> <x\n    docstring: <pa\n    arguments:\n      - name: path`);
    const broken = `tools:\n  t:\n    signature: "t <pa>\n    arguments:\n      - name: pa\n`;
    expect(prepareAt(withCursor(broken, '<¦pa>'))).toBeNull();
    expect(renameAt(withCursor(broken, '<¦pa>'), 'x')).toBeNull();
  });

  it('edits the normalized text of a CRLF document', () => {
    const analysis = analysisOfBundle(OPEN.replace(/\n/g, '\r\n'));
    // Offsets are in the normalized text, which is OPEN: the cursor is where it is there.
    const result = analysis.rename(BUNDLE, parseMarkers(withCursor(OPEN, '<¦line>')).cursor, 'row');
    expect(result).toMatchObject({ ok: true });
    expect(applyEdits(analysis.source(BUNDLE)!.normalized, (result as { edits: OffsetEdit[] }).edits)).toBe(OPEN.replace('[<line>]', '[<row>]').replace('at <line>', 'at <row>').replace('name: line', 'name: row'));
  });

  it.skipIf(needsShared(path.join(CORPUS_DIR, 'elunac19__SWE-agent/tools/windowed_edit_replace/config.yaml')))('renames windowed edit arguments in a real bundle, folded docstring included', () => {
    const text = fs.readFileSync(path.join(CORPUS_DIR, 'elunac19__SWE-agent/tools/windowed_edit_replace/config.yaml'), 'utf8');
    const result = renamed(withCursor(text, '<¦search>'), 'find');
    expect(result).toBe(
      text
        .replace('edit <search> <replace>', 'edit <find> <replace>')
        .replace('Replace first occurrence of <search>', 'Replace first occurrence of <find>')
        .replace('replace all occurrences of <search>', 'replace all occurrences of <find>')
        .replace('- name: search', '- name: find'),
    );
    expect(lint(text)).toEqual([]);
    expect(lint(result)).toEqual([]);
    const optional = renamed(withCursor(text, 'name: ¦replace-all'), 'every');
    expect(optional).toBe(text.replace('[<replace-all>]', '[<every>]').replace('name: replace-all', 'name: every'));
    expect(lint(optional)).toEqual([]);
  });

  it.skipIf(needsShared(path.join(CORPUS_DIR, 'qarteu__BAML_Bench/tools/edit_anthropic/config.yaml')))('renames an edit_anthropic argument and keeps the diagnostics it had', () => {
    const text = fs.readFileSync(path.join(CORPUS_DIR, 'qarteu__BAML_Bench/tools/edit_anthropic/config.yaml'), 'utf8');
    const result = renamed(withCursor(text, '[<v¦iew_range>]'), 'lines');
    expect(result).toBe(text.replace('[<view_range>]', '[<lines>]').replace('name: view_range', 'name: lines'));
    expect(lint(result)).toEqual(lint(text));
    expect(lint(text).map((d) => d.code)).toEqual(['unknown-key', 'unknown-key']);
  });
});

describe('renaming a tool', () => {
  it('renames the key and the signature command that is the tool name', () => {
    const expected = OPEN.replace('  open:', '  view:').replace('"open <path>', '"view <path>');
    expect(renamed(withCursor(OPEN, '¦open:'), 'view')).toBe(expected);
    expect(renamed(withCursor(OPEN, 'open¦:'), 'view')).toBe(expected);
    expect(lint(expected)).toEqual([]);
    expect(prepareAt(withCursor(OPEN, 'op¦en:'))).toEqual({ ok: true, start: 9, end: 13, placeholder: 'open' });
  });

  it('leaves a signature that runs another command alone', () => {
    const text = `tools:\n  open:\n    signature: opener <path>\n    docstring: d\n    arguments:\n      - {name: path, type: string, description: d, required: true}\n`;
    expect(renamed(withCursor(text, '¦open:'), 'view')).toBe(text.replace('  open:', '  view:'));
    const literal = `tools:\n  open:\n    signature: |\n      open\n    docstring: d\n`;
    expect(renamed(withCursor(literal, '¦open:'), 'view')).toBe(literal.replace(/open/g, 'view'));
  });

  it('quotes names YAML would not read as a plain string, in the key and the signature', () => {
    const text = `tools:\n  open:\n    signature: open\n    docstring: d\n`;
    const on = renamed(withCursor(text, '¦open:'), 'on');
    expect(on).toBe(`tools:\n  "on":\n    signature: "on"\n    docstring: d\n`);
    expect(lint(on)).toEqual([]);
    const colon = renamed(withCursor(OPEN, '¦open:'), 'my:tool');
    expect(colon).toBe(OPEN.replace('  open:', '  "my:tool":').replace('"open <path>', '"my:tool <path>'));
    const plain = `tools:\n  open:\n    signature: open <path>\n    docstring: d\n    arguments:\n      - {name: path, type: string, description: d, required: true}\n`;
    expect(renameAt(withCursor(plain, '¦open:'), 'say"hi#')).toEqual({
      ok: true,
      edits: [
        { start: 9, end: 13, newText: '"say\\"hi#"' },
        { start: 30, end: 41, newText: '"say\\"hi# <path>"' },
      ],
    });
    const single = `tools:\n  'open':\n    signature: 'open <path>'\n    docstring: d\n    arguments:\n      - {name: path, type: string, description: d, required: true}\n`;
    const renamedSingle = renamed(withCursor(single, "'¦open':"), "it's");
    expect(renamedSingle).toBe(single.replace("'open':", "'it''s':").replace("'open <path>'", "'it''s <path>'"));
    expect(lint(renamedSingle)).toEqual([]);
  });

  it('refuses empty names, spaces, braces, bash and names already in tools', () => {
    const two = `tools:\n  open:\n    signature: open\n    docstring: d\n  close:\n    signature: close\n    docstring: d\n`;
    const spec = withCursor(two, '¦open:');
    expect(renameAt(spec, 'close')).toEqual({ ok: false, message: 'A tool named `close` already exists in `tools`.' });
    expect(renameAt(spec, '')).toEqual({ ok: false, message: 'A tool name cannot be empty.' });
    expect(renameAt(spec, 'a b')).toEqual({
      ok: false,
      message: '`a b` cannot be a tool name: SWE-agent runs a tool by its name as one shell word, so it cannot hold spaces or control characters.',
    });
    expect(renameAt(spec, 'a\u0007')).toMatchObject({ ok: false });
    expect(renameAt(spec, 'a{b}')).toEqual({ ok: false, message: '`a{b}` cannot be a tool name: SWE-agent would read braces in the invoke format as a placeholder.' });
    expect(renameAt(spec, 'bash')).toEqual({ ok: false, message: "`bash` is SWE-agent's built-in bash tool; a bundle tool with that name stops SWE-agent." });
    expect(renameAt(spec, 'open')).toEqual({ ok: true, edits: [] });
  });

  it('refuses a tool whose signature is shared through an anchor, and has nothing for non-string keys', () => {
    const text = `tools:\n  open: &t\n    signature: open\n    docstring: d\n  other: *t\n`;
    expect(renameAt(withCursor(text, '¦open:'), 'view')).toEqual({ ok: false, message: 'The signature of `open` is shared through a YAML anchor, so renaming it here would change other places too.' });
    const numeric = `tools:\n  12:\n    signature: a\n    docstring: d\n`;
    expect(prepareAt(withCursor(numeric, '¦12:'))).toBeNull();
  });

  it.skipIf(needsShared(path.join(CORPUS_DIR, 'GrinnerH__SWE-agent/tools/edit_anthropic/config.yaml')))('renames edit_anthropic from a CRLF file, and the bundle still checks the same', () => {
    const text = fs.readFileSync(path.join(CORPUS_DIR, 'GrinnerH__SWE-agent/tools/edit_anthropic/config.yaml'), 'utf8');
    expect(text).toContain('\r\n');
    const analysis = analysisOfBundle(text);
    // Offsets are in the normalized text: the CRLF file's cursor is found there.
    const normalized = analysis.source(BUNDLE)!.normalized;
    const result = analysis.rename(BUNDLE, normalized.indexOf('str_replace_editor:'), 'editor');
    expect(result).toEqual({
      ok: true,
      edits: [
        { start: 9, end: 27, newText: 'editor' },
        { start: normalized.indexOf('str_replace_editor <command>'), end: normalized.indexOf('str_replace_editor <command>') + 18, newText: 'editor' },
      ],
    });
    const after = applyEdits(normalized, (result as { edits: OffsetEdit[] }).edits);
    expect(after).toBe(normalized.replace('  str_replace_editor:', '  editor:').replace('      str_replace_editor <command>', '      editor <command>'));
    expect(lint(after)).toEqual([]);
    expect(lint(text)).toEqual([]);
  });
});
