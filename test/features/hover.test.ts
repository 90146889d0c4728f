/** Hover: arguments from placeholders and names, key docs, tool previews, docstring env variables; Markdown and plain text. */
import * as fs from 'fs';
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { HoverResult } from '../../server/src/engine/features/hover';
import { escapeMarkdown, markdownCode, markdownFence, renderMarkdown, renderPlainText } from '../../server/src/engine/features/toolPreview';
import { EngineConfig } from '../../server/src/engine/config';
import { BUNDLE, fixture, position } from '../helpers/fixture';
import { CORPUS_DIR, needsShared } from '../helpers/shared';

function hover(marked: string, config: EngineConfig = {}) {
  const { analysis, file, offset, text } = position(marked, config);
  const result: HoverResult | null = analysis.hover(file, offset);
  return {
    text,
    result,
    /** The preview command's answer for a tool of the same file. */
    preview: (tool: string) => analysis.previewTool(file, tool),
    range: result && { start: result.start, end: result.end },
    markdown: result && renderMarkdown(result.blocks),
    plain: result && renderPlainText(result.blocks),
  };
}

const OPEN = `tools:
  open:
    signature: "open <path> [<line>] {path} --path --force"
    docstring: Opens <path> in {PAGER} with {EDITOR} {0} {"a"}.
    arguments:
      - name: path
        type: string
        description: "the *file* <to> open_it, _x_"
        required: true
        enum: [a.py, b]
      - name: line
        type: array
        items: {type: integer}
        description: |
          where
          exactly
        required: false
        argument_format: "--line {{value|join(' ')}}"
state_command: _state
`;

/** OPEN with the cursor put at `needle` (plus `inside` characters). */
const at = (needle: string, inside = 1, text = OPEN) => {
  const offset = text.indexOf(needle) + inside;
  return text.slice(0, offset) + '¦' + text.slice(offset);
};
const rangeOf = (needle: string, from = 0) => ({ start: OPEN.indexOf(needle, from), end: OPEN.indexOf(needle, from) + needle.length });

const PATH_FACTS = ['**path**: argument of `open` (`string`, required)', '', 'the \\*file\\* \\<to\\> open_it, \\_x\\_', '', 'One of `a.py`, `b`'];
const PATH_FACTS_PLAIN = ['path: argument of open (string, required)', '', 'the *file* <to> open_it, _x_', '', 'One of a.py, b'];
const LINE_FACTS = [
  '**line**: argument of `open` (`array`, optional)',
  '',
  '```text\nwhere\nexactly\n```',
  '',
  'Each item: `{"type":"integer"}`',
  '',
  "Formatted with `--line {{value|join(' ')}}`",
];

describe('hover on placeholders and argument names', () => {
  it('shows the argument of an angle placeholder, in Markdown and plain text', () => {
    const h = hover(at('<path>', 3));
    expect(h.range).toEqual(rangeOf('<path>'));
    expect(h.markdown).toBe([...PATH_FACTS, '', '`<path>` in the signature becomes `{path}` in the invoke format and receives the value.'].join('\n'));
    expect(h.plain).toBe([...PATH_FACTS_PLAIN, '', '<path> in the signature becomes {path} in the invoke format and receives the value.'].join('\n'));
  });

  it('says what is wrong with a placeholder no argument fills, and what would fix it', () => {
    const renamed = `tools:\n  edit:\n    signature: "edit [<file_path>]"\n    docstring: d\n    arguments:\n      - {name: path, type: string, description: d, required: false}\n`;
    const h = hover(renamed.replace('[<file_path>]', '[<fi¦le_path>]'));
    expect(h.range).toEqual({ start: renamed.indexOf('[<file_path>]'), end: renamed.indexOf('[<file_path>]') + '[<file_path>]'.length });
    expect(h.markdown).toBe(
      '`[<file_path>]` has no argument named `file_path`, so SWE-agent refuses the tool.\n\nIt is likely the argument `path`, which the signature lacks: rename the placeholder to `[<path>]`, or the argument to `file_path`.',
    );
    const unpaired = `tools:\n  t:\n    signature: "t <a> {b} <c>"\n    docstring: d\n    arguments:\n      - {name: a, type: string, description: d, required: true}\n`;
    expect(hover(unpaired.replace('{b}', '{¦b}')).plain).toBe('{b} has no argument named b, so SWE-agent refuses the tool.\n\nAdd an argument named b, or write {{b}} for literal braces.');
    expect(hover(unpaired.replace('<c>', '<¦c>')).markdown).toBe('`<c>` has no argument named `c`, so SWE-agent refuses the tool.\n\nAdd an argument named `c`, or remove the placeholder.');
    const noArguments = `tools:\n  t:\n    signature: "t <c>"\n    docstring: d\n`;
    expect(hover(noArguments.replace('<c>', '<c¦>')).markdown).toBe('`<c>` has no argument named `c`: SWE-agent loads the tool, but every call to it fails.\n\nAdd an argument named `c`, or remove the placeholder.');
  });

  it("reads a placeholder by the chosen SWE-agent's argument-name pattern", () => {
    // Up to 1.1.0 a name has two characters at least: `<c>` is text SWE-agent leaves as it is, `<cc>` a placeholder.
    const tool = (signature: string) => `tools:\n  t:\n    signature: "${signature}"\n    docstring: d\n`;
    const unfilled = (name: string) => `\`<${name}>\` has no argument named \`${name}\`: SWE-agent loads the tool, but every call to it fails.\n\nAdd an argument named \`${name}\`, or remove the placeholder.`;
    expect(hover(tool('t <¦c>'), { sweAgent: 'main' }).markdown).toBe(unfilled('c'));
    expect(hover(tool('t <¦c>'), { sweAgent: '1.0.0' }).result).toBeNull();
    expect(hover(tool('t <¦cc>'), { sweAgent: '1.0.0' }).markdown).toBe(unfilled('cc'));
  });

  it('shows an optional placeholder with its items, format and multi-line description', () => {
    const h = hover(at('[<line>]', 0));
    expect(h.range).toEqual(rangeOf('[<line>]'));
    expect(h.markdown).toBe(
      [
        ...LINE_FACTS,
        '',
        '`[<line>]` in the signature shows the argument as optional; it becomes `{line}` in the invoke format and receives the value (empty when the model leaves it out).',
      ].join('\n'),
    );
    expect(h.plain).toBe(
      [
        'line: argument of open (array, optional)',
        '',
        'where\nexactly',
        '',
        'Each item: {"type":"integer"}',
        '',
        "Formatted with --line {{value|join(' ')}}",
        '',
        '[<line>] in the signature shows the argument as optional; it becomes {line} in the invoke format and receives the value (empty when the model leaves it out).',
      ].join('\n'),
    );
  });

  it('explains brace and flag spellings, and says nothing for a flag with no argument', () => {
    const brace = hover(at('{path}', 6));
    expect(brace.range).toEqual(rangeOf('{path}'));
    expect(brace.markdown).toBe([...PATH_FACTS, '', '`{path}` in the signature is filled with the value by `str.format`.'].join('\n'));
    const flag = hover(at('--path', 0));
    expect(flag.range).toEqual(rangeOf('--path'));
    expect(flag.markdown).toBe([...PATH_FACTS, '', '`--path` is text in the invoke format; it counts as mentioning the argument, whose value goes to its placeholder.'].join('\n'));
    expect(hover(at('--force', 3)).result).toBeNull();
    const only = hover(`tools:\n  t:\n    signature: t --fl¦ag\n    docstring: d\n    arguments:\n      - {name: flag, type: boolean, description: d, required: false}\n`);
    expect(only.markdown).toBe(
      [
        '**flag**: argument of `t` (`boolean`, optional)',
        '',
        'd',
        '',
        '`--flag` is text in the invoke format: it counts as mentioning the argument, but no placeholder receives the value (write `--flag <flag>`).',
      ].join('\n'),
    );
  });

  it('shows where the signature uses an argument when hovering its name', () => {
    const h = hover(at('name: path', 8));
    expect(h.range).toEqual({ start: OPEN.indexOf('name: path') + 6, end: OPEN.indexOf('name: path') + 10 });
    expect(h.markdown).toBe([...PATH_FACTS, '', 'Used in the signature as `<path>`, `{path}` and `--path`.', '', 'The docstring mentions `<path>` once.'].join('\n'));
    expect(hover(at('name: line', 10)).markdown).toBe([...LINE_FACTS, '', 'Used in the signature as `[<line>]`.'].join('\n'));
  });

  it('says when the signature misses the argument, or when there is no signature', () => {
    const missing = hover(`tools:\n  t:\n    signature: t\n    docstring: d\n    arguments:\n      - name: ¦x\n`);
    expect(missing.markdown).toBe(['**x**: argument of `t`', '', 'The signature does not mention it; SWE-agent needs `<x>`, `[<x>]`, `{x}` or `--x` there.'].join('\n'));
    const none = hover(`tools:\n  t:\n    docstring: d\n    arguments:\n      - name: x¦\n        required: maybe\n`);
    expect(none.markdown).toBe(['**x**: argument of `t`', '', '`t` has no signature, so SWE-agent appends `{x}` for it to the invoke format.'].join('\n'));
  });

  it('shows the argument a docstring mention names', () => {
    const h = hover(at('Opens <path>', 7));
    expect(h.range).toEqual(rangeOf('<path>', OPEN.indexOf('Opens')));
    expect(h.markdown).toBe([...PATH_FACTS, '', '`<path>` in the docstring names this argument; SWE-agent leaves it as text.'].join('\n'));
  });
});

describe('hover on keys', () => {
  it('documents tool, argument and bundle fields where they are written', () => {
    const signature = hover(at('signature'));
    expect(signature.range).toEqual(rangeOf('signature'));
    expect(signature.markdown).toBe(
      [
        '**signature** (tool field): `str | None`, optional, default `None`',
        '',
        "How the tool is called. SWE-agent shows it to the model in the tool docs, and turns it into the invoke format, the shell command template it runs: each `<name>` or `[<name>]` becomes `{name}`, which receives the argument's value. Every argument must appear in it as `<name>`, `[<name>]`, `{name}` or `--name`. By convention it starts with the command to run. Without it, SWE-agent uses the tool name followed by `{name}` for each argument in order.",
      ].join('\n'),
    );
    const type = hover(at('type: array', 4));
    expect(type.range).toEqual({ start: OPEN.indexOf('type: array'), end: OPEN.indexOf('type: array') + 4 });
    expect(type.plain).toBe(
      'type (argument field): str, required\n\nThe JSON Schema type SWE-agent puts in the function-calling schema, as is: string, integer, number, boolean, array or object.',
    );
    const state = hover(at('state_command', 13));
    expect(state.range).toEqual(rangeOf('state_command'));
    expect(state.markdown?.split('\n')[0]).toBe('**state_command** (bundle config field): `str | None`, optional, default `None`');
    expect(hover(at('tools', 0)).markdown?.split('\n')[0]).toBe('**tools** (bundle config field): `dict[str, dict]`, required');
    expect(hover(at('name: line', 2)).markdown?.split('\n')[0]).toBe('**name** (argument field): `str`, required');
    expect(hover(at('argument_format')).markdown?.split('\n')[0]).toBe("**argument_format** (argument field): `str`, optional, default `{{value}}`");
  });

  it('says nothing for keys SWE-agent does not know, or keys inside items', () => {
    expect(hover(at('type: integer', 1)).result).toBeNull();
    expect(hover(`tools:\n  t:\n    sig¦nat: x\n`).result).toBeNull();
    expect(hover(`tol¦s:\n  t: {}\n`).result).toBeNull();
  });

  it('documents a tool-level `name` as the conflict it is', () => {
    expect(hover(`tools:\n  t:\n    na¦me: t\n    docstring: d\n`).plain).toBe(
      "name (tool field): str, must not be set\n\nA tool's name is its key under tools. SWE-agent passes the key as name itself, so a name field here makes building the command fail.",
    );
  });
});

describe('hover on tool names', () => {
  const TOOL = `tools:
  open:
    signature: open <path> [<line>]
    docstring: Opens a file with {PAGER}
    arguments:
      - name: path
        type: string
        description: the file
        required: true
      - name: line
        type: integer
        description: where
        required: false
        argument_format: "--line {{value}}"
`;
  const JSON_TOOL = `{
  "type": "function",
  "function": {
    "name": "open",
    "description": "Opens a file with {PAGER}",
    "parameters": {
      "type": "object",
      "properties": {
        "path": {
          "type": "string",
          "description": "the file"
        },
        "line": {
          "type": "integer",
          "description": "where"
        }
      },
      "required": [
        "path"
      ]
    }
  }
}`;
  const DOCS = 'open:\n  docstring: Opens a file with cat\n  signature: open <path> [<line>]\n  arguments:\n    - path (string) [required]: the file\n    - line (integer) [optional]: where';

  it('previews the invoke format, an example call, the function-calling schema and the docs', () => {
    const h = hover(at('open:', 2, TOOL));
    expect(h.range).toEqual({ start: 9, end: 13 });
    expect(h.markdown).toBe(
      [
        '**open**: invoke format `open {path} {line}`',
        '',
        "A call with `path='x', line=1` runs:",
        '',
        '```sh\nopen x --line 1\n```',
        '',
        'Function-calling tool (what the model receives):',
        '',
        '```json\n' + JSON_TOOL + '\n```',
        '',
        "Docs (`generate_command_docs`, shown when function calling is off; the agent config's env is unknown, so ToolConfig's default `env_variables` are assumed):",
        '',
        '```text\n' + DOCS + '\n```',
      ].join('\n'),
    );
    expect(h.plain).toBe(
      [
        'open: invoke format open {path} {line}',
        '',
        "A call with path='x', line=1 runs:",
        '',
        'open x --line 1',
        '',
        'Function-calling tool (what the model receives):',
        '',
        JSON_TOOL,
        '',
        "Docs (generate_command_docs, shown when function calling is off; the agent config's env is unknown, so ToolConfig's default env_variables are assumed):",
        '',
        DOCS,
      ].join('\n'),
    );
    // The hover on a tool's name is the preview its code lens opens.
    expect(h.markdown).toBe(h.preview('open'));
  });

  it('renders the docs with the known env, and says where it is from', () => {
    const h = hover(at('open:', 4, TOOL), { envVariables: { PAGER: 'less' } });
    expect(h.markdown).toContain(
      'Docs (`generate_command_docs`, shown when function calling is off; rendered with the env variables of the settings (`sweBundle.envVariables`)):\n\n```text\nopen:\n  docstring: Opens a file with less\n',
    );
  });

  it('shows a multi-line invoke format as its repr, and a failing call', () => {
    const h = hover(`tools:\n  ¦t:\n    signature: |\n      t {x.y}\n    docstring: d\n    arguments:\n      - {name: x, type: string, description: d, required: true}\n`);
    // `{x.y}` is an unknown placeholder: the tool does not load, nor the bundle
    expect(h.plain).toBe(
      [
        'SWE-agent would not start with this bundle, so the model receives none of its tools. t: SWE-agent cannot build this tool as written, so the model would see nothing of it:\n',
        // Each error with what its message leaves out: SWE-agent's words (the signature as written, its newline too), the fix.
        '- Argument x is not in the signature of t. SWE-agent fails: Missing argument x in signature: t {x.y}\n. Did you format the signature correctly? You must include all argument names in the signature with <x>, [<x>], {x}, or --x notation. Write <x>, [<x>], {x} or --x in the signature.',
        "- Placeholder {x.y} in the signature of t has no argument named 'x.y'. SWE-agent fails: Command 't': Argument names ({'x.y'}) in signature / invoke_format 't {x.y}\\n' do not match argument names. Add the argument, or write a literal brace as {{ or }}.",
      ].join('\n'),
    );
    const block = hover(`tools:\n  ¦t:\n    signature: |\n      t {x}\n    docstring: d\n`);
    expect(block.markdown?.split('\n\n').slice(0, 3)).toEqual(["**t**: invoke format `'t {x}\\n'`", 'A call with no arguments runs:', "The call fails: `KeyError: 'x'`"]);
  });

  it('escapes what Markdown would otherwise read', () => {
    expect(escapeMarkdown('a *b* <c> [d](e) `f` \\ x_y _z_ & ~ |')).toBe('a \\*b\\* \\<c\\> \\[d\\](e) \\`f\\` \\\\ x_y \\_z\\_ \\& \\~ \\|');
    expect(escapeMarkdown('# h\n- item\n1. one\n  two')).toBe('\\# h  \n\\- item  \n1\\. one  \n\u00a0\u00a0two');
    expect(markdownCode('a`b')).toBe('``a`b``');
    expect(markdownCode('`x`')).toBe('`` `x` ``');
    expect(markdownFence('text', 'a\n```\nb')).toBe('````text\na\n```\nb\n````');
  });
});

describe('hover on docstring variables', () => {
  it('shows the value from ToolConfig defaults when the env is unknown', () => {
    const h = hover(at('{PAGER}', 3));
    expect(h.range).toEqual(rangeOf('{PAGER}'));
    expect(h.markdown).toBe(
      "`{PAGER}`: the env variable **PAGER**. Renders as `cat`.\n\nThe agent config's env is unknown (set `sweBundle.envVariables` to check against it): this is ToolConfig's default `env_variables`.",
    );
  });

  it('shows the value from the known env', () => {
    const h = hover(at('{PAGER}', 7), { envVariables: { PAGER: 'less -R' } });
    expect(h.range).toEqual(rangeOf('{PAGER}'));
    expect(h.plain).toBe('{PAGER}: the env variable PAGER. Renders as less -R.\n\nFrom the env variables of the settings (sweBundle.envVariables).');
  });

  it('says when a variable is not set, known env or not', () => {
    expect(hover(at('{EDITOR}', 1)).markdown).toBe(
      "`{EDITOR}`: the env variable **EDITOR** is not in ToolConfig's default `env_variables`, and the agent config's env is unknown: every agent config using this bundle must set it, or SWE-agent cannot render the tool docs.\n\nRendering it fails: `KeyError: 'EDITOR'`.",
    );
    expect(hover(at('{EDITOR}', 1), { envVariables: { PAGER: 'cat' } }).plain).toBe(
      "{EDITOR}: the env variable EDITOR is not set in the env variables of the settings (sweBundle.envVariables), so SWE-agent cannot render the tool docs.\n\nRendering it fails: KeyError: 'EDITOR'.",
    );
  });

  it('explains positional fields and literal braces', () => {
    expect(hover(at('{0}', 1)).plain).toBe(
      '{0}: SWE-agent formats the docstring with keyword arguments (the env variables) only, so a positional field has no value.\n\nRendering it fails: IndexError: Replacement index 0 out of range for positional args tuple.',
    );
    expect(hover(at('{"a"}', 2)).plain).toBe(
      "{\"a\"} is read by str.format as a replacement field, not as text; write literal braces as {{ and }}.\n\nRendering it fails: KeyError: '\"a\"'.",
    );
  });

  it('maps fields in a folded docstring, and not escaped braces', () => {
    const text = `tools:\n  t:\n    docstring: >\n      a {{b}}\n\n      c {PAGER!r:>8}\n`;
    const h = hover(at('{PAGER', 2, text));
    expect(h.range).toEqual({ start: text.indexOf('{PAGER'), end: text.indexOf(':>8}') + 4 });
    expect(h.plain?.split('\n')[0]).toBe(`{PAGER!r:>8}: the env variable PAGER. Renders as "   'cat'".`);
    expect(hover(at('{{b', 3, text)).result).toBeNull();
  });
});

describe('broken input, CRLF and real bundles', () => {
  it('gives nothing on a file that does not load, or between tokens', () => {
    expect(hover(`tools:\n  t:\n    signature: "t <¦x>\n    arguments:\n      - name: x\n`).result).toBeNull();
    expect(hover(`tools:\n  t:\n    signature: t <x>\n ¦   docstring: d\n`).result).toBeNull();
    expect(hover(`tools:\n  t:\n    signature: t <x> ¦\n`).result).toBeNull();
    expect(hover(`¦`).result).toBeNull();
  });

  it('hovers a half-typed argument', () => {
    const h = hover(`tools:\n  t:\n    signature: t <pa¦>\n    docstring: d\n    arguments:\n      - name: pa`);
    expect(h.markdown).toBe('**pa**: argument of `t`\n\n`<pa>` in the signature becomes `{pa}` in the invoke format and receives the value.');
  });

  it('works on CRLF text (offsets in the normalized text)', () => {
    const crlf = OPEN.replace(/\n/g, '\r\n');
    const result = fixture(crlf).analysis.hover(BUNDLE, OPEN.indexOf('[<line>]') + 1);
    expect(result && { start: result.start, end: result.end }).toEqual(rangeOf('[<line>]'));
    expect(renderMarkdown(result!.blocks)).toBe(hover(at('[<line>]', 1)).markdown);
  });

  it.skipIf(needsShared(path.join(CORPUS_DIR, 'qarteu__BAML_Bench/tools/edit_anthropic/config.yaml')))('hovers edit_anthropic: an array argument and the tool preview', () => {
    const text = fs.readFileSync(path.join(CORPUS_DIR, 'qarteu__BAML_Bench/tools/edit_anthropic/config.yaml'), 'utf8');
    const offset = text.indexOf('[<view_range>]') + 3;
    const { analysis } = fixture(text);
    const range = analysis.hover(BUNDLE, offset)!;
    expect({ start: range.start, end: range.end }).toEqual({ start: offset - 3, end: offset + 11 });
    expect(renderPlainText(range.blocks).split('\n\n')).toEqual([
      'view_range: argument of str_replace_editor (array, optional)',
      'Optional parameter of `view` command when `path` points to a file. If none is given, the full file is shown. If provided, the file will be shown in the indicated line number range, e.g. [11, 12] will show lines 11 and 12. Indexing at 1 to start. Setting `[start_line, -1]` shows all lines from `start_line` to the end of the file.',
      'Each item: {"type":"integer"}',
      "Formatted with --view_range {{value|join(' ')}}",
      '[<view_range>] in the signature shows the argument as optional; it becomes {view_range} in the invoke format and receives the value (empty when the model leaves it out).',
    ]);
    const tool = analysis.hover(BUNDLE, text.indexOf('str_replace_editor:'))!;
    expect({ start: tool.start, end: tool.end }).toEqual({ start: 9, end: 27 });
    const markdown = renderMarkdown(tool.blocks).split('\n\n');
    expect(markdown.slice(0, 3)).toEqual([
      "**str_replace_editor**: invoke format `'str_replace_editor {command} {path} {file_text} {view_range} {old_str} {new_str} {insert_line}\\n'`",
      "A call with `command='view', path='x', file_text='x', old_str='x', new_str='x', insert_line=1, view_range=['x', 'y']` runs:",
      '```sh\nstr_replace_editor view x --file_text x --view_range x y --old_str x --new_str x --insert_line 1\n```',
    ]);
    // the docs do not depend on the env: no note
    expect(markdown).toContain('Docs (`generate_command_docs`, shown when function calling is off):');
  });
});

describe('the model view where SWE-agent refuses, keys that are not text, methods in docs', () => {
  const REFUSED = `tools:
  open:
    signature: open
    docstring: Opens the file.
  broken:
    signature: b
`;
  const OPEN_PREVIEW = [
    '**open**: invoke format `open`',
    '',
    'A call with no arguments runs:',
    '',
    '```sh\nopen\n```',
    '',
    'Function-calling tool (what the model receives):',
    '',
    '```json\n{\n  "type": "function",\n  "function": {\n    "name": "open",\n    "description": "Opens the file.",\n    "parameters": {\n      "type": "object"\n    }\n  }\n}\n```',
    '',
    'Docs (`generate_command_docs`, shown when function calling is off):',
    '',
    '```text\nopen:\n  docstring: Opens the file.\n  signature: open\n```',
  ];

  it('says first that SWE-agent refuses the bundle, with its first error, in the hover and the preview of a tool that builds', () => {
    const h = hover(at('open:', 1, REFUSED));
    const expected = [
      'SWE-agent would not start with this bundle, so the model receives none of its tools. The first error (in tool `broken`): Tool `broken` has no `docstring`, which SWE-agent requires. pydantic: Field required. Add a description for the model, or `docstring: null`.',
      '',
      'Once the bundle loads, the model receives this of `open`:',
      '',
      ...OPEN_PREVIEW,
    ].join('\n');
    expect(h.markdown).toBe(expected);
    expect(fixture(REFUSED).analysis.previewTool(BUNDLE, 'open')).toBe(expected);
    // Without the broken tool, the bundle loads: the preview alone.
    expect(hover(at('open:', 1, REFUSED.slice(0, REFUSED.indexOf('  broken:')))).markdown).toBe(OPEN_PREVIEW.join('\n'));
  });

  it('hovers a tool whose key is !!binary, named as pydantic decodes it, as its preview does', () => {
    const text = 'tools:\n  !!binary b3Blbg==:\n    signature: open\n    docstring: Opens the file.\n';
    const h = hover(`tools:\n  !!binary b3B¦lbg==:\n    signature: open\n    docstring: Opens the file.\n`);
    expect(h.range).toEqual({ start: text.indexOf('b3Blbg=='), end: text.indexOf('b3Blbg==') + 8 });
    expect(h.markdown).toBe(OPEN_PREVIEW.join('\n'));
    const { analysis } = fixture(text);
    // The lens names the tool by pydantic's loc item for the key, which the preview command is given back.
    expect(analysis.codeLenses(BUNDLE).map((l) => (l.kind === 'tool' ? l.tool : null))).toEqual(["b'open'"]);
    expect(analysis.previewTool(BUNDLE, "b'open'")).toBe(h.markdown);
  });

  it("renders {PAGER.upper} as Python prints the method, marking its address as unknown", () => {
    const text = 'tools:\n  t:\n    signature: t\n    docstring: "pages with {PAGER.upper}"\n';
    const method = '<built-in method upper of str object at 0x????????????>';
    const note = "`0x????????????` stands for the object's address, which Python prints in hex and which differs in every run.";
    expect(hover(at('{PAGER', 3, text)).markdown).toBe(
      [`\`{PAGER.upper}\`: the env variable **PAGER**. Renders as \`${method}\`.`, note, "The agent config's env is unknown (set `sweBundle.envVariables` to check against it): this is ToolConfig's default `env_variables`."].join(
        '\n\n',
      ),
    );
    const docs = hover(at('t:', 0, text)).markdown!.split('\n\n').slice(-2);
    expect(docs).toEqual([`\`\`\`text\nt:\n  docstring: pages with ${method}\n  signature: t\n\`\`\``, note]);
  });
});
