/** Renaming arguments and tools: exact edits, refusals, and the bundle still checking clean afterwards. */
import * as fs from 'fs';
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { analyzeBundleText } from '../../server/src/engine/document/bundleModel';
import { OffsetEdit, applyEdits } from '../../server/src/engine/features/edits';
import { prepareRename, rename } from '../../server/src/engine/features/rename';
import { lintBundleText, toolCheckOptionsOf } from '../helpers/lintText';
import { parseMarkers } from '../helpers/markers';
import { CORPUS_DIR, needsShared } from '../helpers/shared';

const options = toolCheckOptionsOf({});
const modelOf = (text: string) => analyzeBundleText(text, options);

/** Renames at the offset and returns the new text (failing the test on a refusal). */
function renamed(text: string, offset: number, newName: string): string {
  const result = rename(modelOf(text), offset, newName);
  if (!result || !result.ok) throw new Error(`rename refused: ${JSON.stringify(result)}`);
  return applyEdits(text, result.edits);
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
    for (const needle of ['<path>', '{path}', '--path', 'Opens <path>', 'name: path']) {
      const offset = OPEN.indexOf(needle) + needle.indexOf('path');
      expect(renamed(OPEN, offset, 'file')).toBe(expected);
    }
    expect(lint(OPEN)).toEqual([]);
    expect(lint(expected)).toEqual([]);
  });

  it('prepares the name under the cursor, without brackets or quotes', () => {
    const { text, ranges } = parseMarkers(`tools:\n  t:\n    signature: t [<«x»>]\n    docstring: d\n    arguments:\n      - name: "«x»"\n`);
    const model = modelOf(text);
    expect(prepareRename(model, ranges[0].start - 2)).toEqual({ ok: true, ...ranges[0], placeholder: 'x' });
    expect(prepareRename(model, ranges[1].end + 1)).toEqual({ ok: true, ...ranges[1], placeholder: 'x' });
    expect(prepareRename(model, text.indexOf('docstring'))).toBeNull();
    expect(prepareRename(model, text.indexOf('t [<'))).toBeNull();
  });

  it('keeps escapes and quoting intact in quoted and block scalars', () => {
    const text = `tools:
  t:
    signature: "t \\"<p>\\" \\x3cp> {p!r:>4}"
    docstring: >
      Use <p>

      and <p>.
    arguments:
      - {name: 'p', type: string, description: d, required: true}
`;
    expect(renamed(text, text.indexOf('{p!r') + 1, 'path_2')).toBe(`tools:
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
    const text = OPEN;
    const result = renamed(text, text.indexOf('name: line') + 6, 'yes');
    expect(result).toContain('- name: "yes"\n');
    expect(result).toContain('[<yes>]');
    expect(result).toContain(' at <yes>;');
    expect(lint(result)).toEqual([]);
    expect(renamed(text, text.indexOf('name: line') + 6, 'Null')).toContain('- name: "Null"\n');
    // already quoted: stays as it is quoted
    const quoted = text.replace('name: line', "name: 'line'");
    expect(renamed(quoted, quoted.indexOf("'line'") + 1, 'no')).toContain("- name: 'no'\n");
  });

  it('refuses names SWE-agent rejects', () => {
    const model = modelOf(OPEN);
    const offset = OPEN.indexOf('<line>') + 1;
    const invalid = (name: string) => ({
      ok: false,
      message: `\`${name}\` is not a valid argument name: SWE-agent needs a letter or \`_\` first, then only letters, digits, \`_\` or \`-\`.`,
    });
    for (const name of ['', '1st', 'two words', 'a.b', '-x', 'x>', 'é']) expect(rename(model, offset, name)).toEqual(invalid(name));
    expect(rename(model, offset, '_ok-2')).toMatchObject({ ok: true });
  });

  it('refuses a name another argument of the tool has', () => {
    expect(rename(modelOf(OPEN), OPEN.indexOf('<line>') + 1, 'path')).toEqual({ ok: false, message: 'Tool `open` already has an argument named `path`.' });
  });

  it('renames an argument of a tool without a signature (its name and docstring mentions)', () => {
    const text = `tools:\n  t:\n    docstring: Takes <a> and <b>\n    arguments:\n      - {name: a, type: string, description: d, required: true}\n      - {name: b, type: string, description: d, required: false}\n`;
    const result = renamed(text, text.indexOf('name: a') + 6, 'first');
    expect(result).toBe(text.replace('<a>', '<first>').replace('name: a,', 'name: first,'));
    expect(lint(result)).toEqual([]);
  });

  it('makes no edits for the same name', () => {
    expect(rename(modelOf(OPEN), OPEN.indexOf('<line>') + 1, 'line')).toEqual({ ok: true, edits: [] });
  });

  it('refuses duplicated names, names shared through anchors, and block scalar names', () => {
    const dup = `tools:\n  t:\n    signature: t <a>\n    docstring: d\n    arguments:\n      - name: a\n      - name: a\n`;
    const refusal = { ok: false, message: 'Tool `t` has 2 arguments named `a`; rename one of them by hand first.' };
    expect(prepareRename(modelOf(dup), dup.indexOf('<a>') + 1)).toEqual(refusal);
    expect(rename(modelOf(dup), dup.indexOf('<a>') + 1, 'b')).toEqual(refusal);

    const anchored = `tools:\n  t:\n    signature: &s t <a>\n    docstring: d\n    arguments:\n      - name: a\n  u:\n    signature: *s\n    docstring: d\n    arguments:\n      - name: a\n`;
    const shared = { ok: false, message: 'Argument `a` is named in text shared through a YAML anchor or merge key, so renaming it here would change other places too.' };
    expect(prepareRename(modelOf(anchored), anchored.indexOf('<a>') + 1)).toEqual(shared);
    expect(rename(modelOf(anchored), anchored.lastIndexOf('name: a') + 6, 'b')).toEqual(shared);

    const merged = `tools:\n  t:\n    signature: t <a>\n    docstring: d\n    arguments:\n      - &arg {name: a, type: string}\n      - {<<: *arg, name: b}\n`;
    expect(rename(modelOf(merged), merged.indexOf('<a>') + 1, 'c')).toEqual({
      ok: false,
      message: 'Argument `a` is named in text shared through a YAML anchor or merge key, so renaming it here would change other places too.',
    });

    const block = `tools:\n  t:\n    signature: t <a>\n    docstring: d\n    arguments:\n      - name: >-\n          a\n`;
    expect(prepareRename(modelOf(block), block.indexOf('<a>') + 1)).toEqual({ ok: false, message: 'The name `a` is written as a block scalar; rewrite it as `name: a` first.' });
  });

  it('renames on a half-typed tool and gives nothing on a broken file', () => {
    const typing = `tools:\n  t:\n    signature: t <pa> <x\n    docstring: <pa\n    arguments:\n      - name: pa`;
    expect(renamed(typing, typing.length, 'path')).toBe(`tools:\n  t:\n    signature: t <path> <x\n    docstring: <pa\n    arguments:\n      - name: path`);
    const broken = `tools:\n  t:\n    signature: "t <pa>\n    arguments:\n      - name: pa\n`;
    expect(prepareRename(modelOf(broken), broken.indexOf('<pa>') + 1)).toBeNull();
    expect(rename(modelOf(broken), broken.indexOf('<pa>') + 1, 'x')).toBeNull();
  });

  it('edits the normalized text of a CRLF document', () => {
    const crlf = OPEN.replace(/\n/g, '\r\n');
    const model = modelOf(crlf);
    const result = rename(model, OPEN.indexOf('<line>') + 1, 'row');
    expect(result).toMatchObject({ ok: true });
    expect(applyEdits(model.source.normalized, (result as { edits: OffsetEdit[] }).edits)).toBe(OPEN.replace('[<line>]', '[<row>]').replace('at <line>', 'at <row>').replace('name: line', 'name: row'));
  });

  it.skipIf(needsShared(path.join(CORPUS_DIR, 'elunac19__SWE-agent/tools/windowed_edit_replace/config.yaml')))('renames windowed edit arguments in a real bundle, folded docstring included', () => {
    const text = fs.readFileSync(path.join(CORPUS_DIR, 'elunac19__SWE-agent/tools/windowed_edit_replace/config.yaml'), 'utf8');
    const result = renamed(text, text.indexOf('<search>') + 1, 'find');
    expect(result).toBe(
      text
        .replace('edit <search> <replace>', 'edit <find> <replace>')
        .replace('Replace first occurrence of <search>', 'Replace first occurrence of <find>')
        .replace('replace all occurrences of <search>', 'replace all occurrences of <find>')
        .replace('- name: search', '- name: find'),
    );
    expect(lint(text)).toEqual([]);
    expect(lint(result)).toEqual([]);
    const optional = renamed(text, text.indexOf('name: replace-all') + 6, 'every');
    expect(optional).toBe(text.replace('[<replace-all>]', '[<every>]').replace('name: replace-all', 'name: every'));
    expect(lint(optional)).toEqual([]);
  });

  it.skipIf(needsShared(path.join(CORPUS_DIR, 'qarteu__BAML_Bench/tools/edit_anthropic/config.yaml')))('renames an edit_anthropic argument and keeps the diagnostics it had', () => {
    const text = fs.readFileSync(path.join(CORPUS_DIR, 'qarteu__BAML_Bench/tools/edit_anthropic/config.yaml'), 'utf8');
    const result = renamed(text, text.indexOf('[<view_range>]') + 3, 'lines');
    expect(result).toBe(text.replace('[<view_range>]', '[<lines>]').replace('name: view_range', 'name: lines'));
    expect(lint(result)).toEqual(lint(text));
    expect(lint(text).map((d) => d.code)).toEqual(['unknown-key', 'unknown-key']);
  });
});

describe('renaming a tool', () => {
  it('renames the key and the signature command that is the tool name', () => {
    const expected = OPEN.replace('  open:', '  view:').replace('"open <path>', '"view <path>');
    expect(renamed(OPEN, OPEN.indexOf('open:'), 'view')).toBe(expected);
    expect(renamed(OPEN, OPEN.indexOf('open:') + 4, 'view')).toBe(expected);
    expect(lint(expected)).toEqual([]);
    expect(prepareRename(modelOf(OPEN), OPEN.indexOf('open:') + 2)).toEqual({ ok: true, start: 9, end: 13, placeholder: 'open' });
  });

  it('leaves a signature that runs another command alone', () => {
    const text = `tools:\n  open:\n    signature: opener <path>\n    docstring: d\n    arguments:\n      - {name: path, type: string, description: d, required: true}\n`;
    expect(renamed(text, 9, 'view')).toBe(text.replace('  open:', '  view:'));
    const literal = `tools:\n  open:\n    signature: |\n      open\n    docstring: d\n`;
    expect(renamed(literal, 9, 'view')).toBe(literal.replace(/open/g, 'view'));
  });

  it('quotes names YAML would not read as a plain string, in the key and the signature', () => {
    const text = `tools:\n  open:\n    signature: open\n    docstring: d\n`;
    const on = renamed(text, 9, 'on');
    expect(on).toBe(`tools:\n  "on":\n    signature: "on"\n    docstring: d\n`);
    expect(lint(on)).toEqual([]);
    const colon = renamed(OPEN, 9, 'my:tool');
    expect(colon).toBe(OPEN.replace('  open:', '  "my:tool":').replace('"open <path>', '"my:tool <path>'));
    const plain = `tools:\n  open:\n    signature: open <path>\n    docstring: d\n    arguments:\n      - {name: path, type: string, description: d, required: true}\n`;
    expect(rename(modelOf(plain), 9, 'say"hi#')).toEqual({
      ok: true,
      edits: [
        { start: 9, end: 13, newText: '"say\\"hi#"' },
        { start: 30, end: 41, newText: '"say\\"hi# <path>"' },
      ],
    });
    const single = `tools:\n  'open':\n    signature: 'open <path>'\n    docstring: d\n    arguments:\n      - {name: path, type: string, description: d, required: true}\n`;
    const renamedSingle = renamed(single, 10, "it's");
    expect(renamedSingle).toBe(single.replace("'open':", "'it''s':").replace("'open <path>'", "'it''s <path>'"));
    expect(lint(renamedSingle)).toEqual([]);
  });

  it('refuses empty names, spaces, braces, bash and names already in tools', () => {
    const two = `tools:\n  open:\n    signature: open\n    docstring: d\n  close:\n    signature: close\n    docstring: d\n`;
    const model = modelOf(two);
    expect(rename(model, 9, 'close')).toEqual({ ok: false, message: 'A tool named `close` already exists in `tools`.' });
    expect(rename(model, 9, '')).toEqual({ ok: false, message: 'A tool name cannot be empty.' });
    expect(rename(model, 9, 'a b')).toEqual({
      ok: false,
      message: '`a b` cannot be a tool name: SWE-agent runs a tool by its name as one shell word, so it cannot hold spaces or control characters.',
    });
    expect(rename(model, 9, 'a\u0007')).toMatchObject({ ok: false });
    expect(rename(model, 9, 'a{b}')).toEqual({ ok: false, message: '`a{b}` cannot be a tool name: SWE-agent would read braces in the invoke format as a placeholder.' });
    expect(rename(model, 9, 'bash')).toEqual({ ok: false, message: "`bash` is SWE-agent's built-in bash tool; a bundle tool with that name stops SWE-agent." });
    expect(rename(model, 9, 'open')).toEqual({ ok: true, edits: [] });
  });

  it('refuses a tool whose signature is shared through an anchor, and has nothing for non-string keys', () => {
    const text = `tools:\n  open: &t\n    signature: open\n    docstring: d\n  other: *t\n`;
    expect(rename(modelOf(text), 9, 'view')).toEqual({ ok: false, message: 'The signature of `open` is shared through a YAML anchor, so renaming it here would change other places too.' });
    const numeric = `tools:\n  12:\n    signature: a\n    docstring: d\n`;
    expect(prepareRename(modelOf(numeric), 9)).toBeNull();
  });

  it.skipIf(needsShared(path.join(CORPUS_DIR, 'GrinnerH__SWE-agent/tools/edit_anthropic/config.yaml')))('renames edit_anthropic from a CRLF file, and the bundle still checks the same', () => {
    const text = fs.readFileSync(path.join(CORPUS_DIR, 'GrinnerH__SWE-agent/tools/edit_anthropic/config.yaml'), 'utf8');
    expect(text).toContain('\r\n');
    const model = modelOf(text);
    const normalized = model.source.normalized;
    const result = rename(model, normalized.indexOf('str_replace_editor:'), 'editor');
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
