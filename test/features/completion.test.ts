/** Completion in the engine: exact items, ranges and insert texts per context, broken input, and the corpus. */
import * as fs from 'fs';
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { CompletionEntry } from '../../server/src/engine/features/completion';
import { applyEdits } from '../../server/src/engine/features/edits';
import { FieldContext, fieldDoc } from '../../server/src/engine/features/fieldDocs';
import { strValue } from '../../server/src/engine/yaml/pyNode';
import { BUNDLE, analysisOfBundle, position, workspaceOf } from '../helpers/fixture';
import { parseMarkers } from '../helpers/markers';
import { openWith } from '../helpers/openTool';
import { CORPUS_DIR, HAS_SHARED, needsShared } from '../helpers/shared';

/** Key completions document a key with the text hover shows for it. */
const doc = (context: FieldContext, key: string) => fieldDoc(context, key)!.text;

const TYPES = 'string,number,integer,boolean,array,object,null';

/** The model of a bundle text, as the host builds it for the file alone. */
function analyze(text: string) {
  return analysisOfBundle(text).bundleModel(BUNDLE)!;
}

/** The completions at an offset of a bundle text, through the facade. */
function completionsAt(text: string, offset: number, snippets: boolean): CompletionEntry[] {
  return analysisOfBundle(text).completion(BUNDLE, offset, { snippets })!;
}

/** The completions at `¦`, and the `«…»` ranges of the document. */
function complete(marked: string, snippets = true) {
  const { analysis, file, offset, text, ranges } = position(marked);
  return { text, cursor: offset, ranges, items: analysis.completion(file, offset, { snippets })! };
}

interface Brief {
  label: string;
  kind: string;
  range: [number, number];
  newText: string;
  snippet: boolean;
  sortText: string;
  filterText?: string;
  detail?: string;
}

function brief(items: CompletionEntry[]): Brief[] {
  return items.map((item) => {
    const out: Brief = { label: item.label, kind: item.kind, range: [item.edit.start, item.edit.end], newText: item.edit.newText, snippet: item.snippet, sortText: item.sortText };
    if (item.filterText !== undefined) out.filterText = item.filterText;
    return out;
  });
}

/** Expected items replacing `range`, numbered in order. */
function expected(range: { start: number; end: number }, items: [label: string, kind: string, newText: string, snippet: boolean, filterText?: string][]): Brief[] {
  return items.map(([label, kind, newText, snippet, filterText], i) => {
    const out: Brief = { label, kind, range: [range.start, range.end], newText, snippet, sortText: String(i).padStart(2, '0') };
    if (filterText !== undefined) out.filterText = filterText;
    return out;
  });
}

function labels(items: CompletionEntry[]): string[] {
  return items.map((item) => item.label);
}

function loads(text: string): boolean {
  const model = analyze(text);
  return model.mode === 'chunked' || model.chunks.every((chunk) => chunk.parsed.load.problems.length === 0);
}

const OPEN_TOOL = `tools:
  open:
    signature: "open <path> [<line>]"
    docstring: opens a file
    arguments:
      - name: path
        type: string
        description: "the file"
        required: true
`;

describe('keys', () => {
  it('offers the top-level keys in an empty file, `tools` with a whole tool under it', () => {
    const { items, ranges } = complete('«¦»');
    expect(brief(items)).toEqual(
      expected(ranges[0], [
        [
          'tools',
          'property',
          'tools:\n  ${1:tool_name}:\n    signature: "${1} <${2:arg_name}>"\n    docstring: "${3}"\n    arguments:\n      - name: ${2}\n        type: ${4|' +
            TYPES +
            '|}\n        description: "${5}"\n        required: ${6|true,false|}',
          true,
        ],
        ['state_command', 'property', 'state_command: ${1}', true],
      ]),
    );
    expect(items.map((item) => [item.detail, item.documentation])).toEqual([
      [
        'mapping of tool names to tools (required)',
        doc('bundle', 'tools'),
      ],
      [
        'command name (optional)',
        doc('bundle', 'state_command'),
      ],
    ]);
  });

  it('offers only the missing top-level keys on a half-typed line the parser rejects', () => {
    const { items, ranges } = complete(OPEN_TOOL + '«st¦»');
    expect(brief(items)).toEqual(expected(ranges[0], [['state_command', 'property', 'state_command: ${1}', true]]));
  });

  it("offers a tool's missing keys, the required docstring first, laid out at the key's column", () => {
    const { items, ranges } = complete(`tools:
  open:
    signature: "open <path>"
    «¦»
  close:
    signature: close
`);
    expect(brief(items)).toEqual(
      expected(ranges[0], [
        ['docstring', 'property', 'docstring: "${1}"', true],
        // One argument per placeholder of the signature.
        ['arguments', 'property', 'arguments:\n      - name: ${1:path}\n        type: ${2|' + TYPES + '|}\n        description: "${3}"\n        required: ${4|true,false|}', true],
        ['end_name', 'property', 'end_name: ${1}', true],
      ]),
    );
    expect(items.map((item) => [item.detail, item.documentation])).toEqual([
      [
        'string (required)',
        doc('tool', 'docstring'),
      ],
      [
        'list of arguments (optional)',
        doc('tool', 'arguments'),
      ],
      [
        'string (optional)',
        doc('tool', 'end_name'),
      ],
    ]);
  });

  it('replaces a half-typed key, and the signature it offers is the one the arguments call for', () => {
    const marked = openWith('    «sig¦»');
    expect(loads(parseMarkers(marked).text)).toBe(false);
    const { items, ranges } = complete(marked);
    expect(brief(items)).toEqual(
      expected(ranges[0], [
        ['docstring', 'property', 'docstring: "${1}"', true],
        ['signature', 'property', 'signature: "${1:open <path> [<line>]}"', true],
        ['end_name', 'property', 'end_name: ${1}', true],
      ]),
    );
  });

  it('completes only the key name when the line already has its colon', () => {
    const { items, ranges } = complete(`tools:
  open:
    signature: open
    «arg¦uments»:
      - name: a
`);
    expect(brief(items)).toEqual(
      expected(ranges[0], [
        ['docstring', 'property', 'docstring', false],
        ['arguments', 'property', 'arguments', false],
        ['end_name', 'property', 'end_name', false],
      ]),
    );
  });

  it("offers an argument's missing keys, required first; `required` and `argument_format` fit the argument", () => {
    const { items, ranges } = complete(`tools:
  find:
    signature: "find [<dirs>]"
    arguments:
      - name: dirs
        type: array
        «¦»
`);
    expect(brief(items)).toEqual(
      expected(ranges[0], [
        ['description', 'property', 'description: "${1}"', true],
        ['required', 'property', 'required: ${1|false,true|}', true],
        ['enum', 'property', 'enum: [${1}]', true],
        ['items', 'property', 'items:\n          type: ${1|' + TYPES + '|}', true],
        ['argument_format', 'property', `argument_format: "\${1|{{value\\|join(' ')}},--dirs {{value\\|join(' ')}},{{value}},--dirs {{value}}|}"`, true],
      ]),
    );
  });

  it('offers `type` in an array argument\'s `items` schema', () => {
    const { items, ranges } = complete(`tools:
  find:
    arguments:
      - name: dirs
        type: array
        items:
          «¦»
`);
    expect(brief(items)).toEqual(expected(ranges[0], [['type', 'property', 'type: ${1|' + TYPES + '|}', true]]));
  });

  it('offers `arguments` with one argument per signature placeholder, each with its own tab stops', () => {
    const { items, ranges } = complete(`tools:
  open:
    docstring: opens
    signature: "open <path> [<line>] --force"
    «¦»
`);
    const argument = (name: string, first: number, required: string) =>
      `      - name: \${${first}:${name}}\n        type: \${${first + 1}|${TYPES}|}\n        description: "\${${first + 2}}"\n        required: \${${first + 3}|${required}|}`;
    expect(brief(items)).toEqual(
      expected(ranges[0], [
        ['arguments', 'property', ['arguments:', argument('path', 1, 'true,false'), argument('line', 5, 'false,true'), argument('force', 9, 'false,true')].join('\n'), true],
        ['end_name', 'property', 'end_name: ${1}', true],
      ]),
    );
  });

  it('inserts plain text without tab stops when the client has no snippet support', () => {
    const { items, ranges } = complete(
      `tools:
  open:
    signature: "open <path> [<line>]"
    «¦»
`,
      false,
    );
    expect(brief(items)).toEqual(
      expected(ranges[0], [
        ['docstring', 'property', 'docstring: ""', false],
        [
          'arguments',
          'property',
          'arguments:\n      - name: path\n        type: string\n        description: ""\n        required: true\n      - name: line\n        type: string\n        description: ""\n        required: false',
          false,
        ],
        ['end_name', 'property', 'end_name: ', false],
      ]),
    );
  });
});

describe('skeletons', () => {
  it("offers a whole tool on a half-typed tool name, named as typed and laid out like the file's tools", () => {
    const marked = OPEN_TOOL + '  «my_t¦»\n';
    expect(loads(parseMarkers(marked).text)).toBe(false);
    const { items, ranges } = complete(marked);
    expect(brief(items)).toEqual(
      expected(ranges[0], [
        [
          'new tool',
          'snippet',
          '${1:my_t}:\n    signature: "${1} <${2:arg_name}>"\n    docstring: ${3}\n    arguments:\n      - name: ${2}\n        type: ${4|' +
            TYPES +
            '|}\n        description: "${5}"\n        required: ${6|true,false|}',
          true,
          'my_t',
        ],
      ]),
    );
    const plain = complete(marked, false);
    const edited = applyEdits(plain.text, [plain.items[0].edit]);
    expect(edited).toBe(
      OPEN_TOOL +
        `  my_t:
    signature: "my_t <arg_name>"
    docstring: 
    arguments:
      - name: arg_name
        type: string
        description: ""
        required: true
`,
    );
    expect(analyze(edited).diagnostics.filter((d) => d.tool === 'my_t')).toEqual([]);
  });

  it('follows the indentation width, sequence style, quotes and key order the file already uses', () => {
    const file = `tools:
    open:
        docstring: 'opens a file'
        signature: 'open <path>'
        arguments:
        - name: path
          description: 'the file'
          type: string
          required: true
        ¦
`;
    const atItem = complete(file);
    expect(brief(atItem.items)).toEqual(
      expected({ start: atItem.cursor, end: atItem.cursor }, [
        ['new argument', 'snippet', "- name: ${1:arg_name}\n          description: '${2}'\n          type: ${3|" + TYPES + '|}\n          required: ${4|true,false|}', true],
      ]),
    );
    const atTool = complete(file.replace('        ¦\n', '    «¦»\n'));
    expect(brief(atTool.items)).toEqual(
      expected(atTool.ranges[0], [
        [
          'new tool',
          'snippet',
          "${1:tool_name}:\n        docstring: '${2}'\n        signature: '${1} <${3:arg_name}>'\n        arguments:\n        - name: ${3}\n          description: '${4}'\n          type: ${5|" +
            TYPES +
            '|}\n          required: ${6|true,false|}',
          true,
        ],
      ]),
    );
  });

  it('offers after `- ` one argument per signature placeholder without one, a generic argument, then the keys', () => {
    const { items, ranges } = complete(`tools:
  open:
    signature: "open <path> [<line>] {col}"
    arguments:
      - name: path
        type: string
        description: "the file"
        required: false
      - «¦»
`);
    const argumentKeys = (indent: string): [string, string, string, boolean][] => [
      ['name', 'property', 'name: ${1|line,col|}', true],
      ['type', 'property', 'type: ${1|' + TYPES + '|}', true],
      ['description', 'property', 'description: "${1}"', true],
      ['required', 'property', 'required: ${1|true,false|}', true],
      ['enum', 'property', 'enum: [${1}]', true],
      ['items', 'property', `items:\n${indent}type: \${1|${TYPES}|}`, true],
      ['argument_format', 'property', 'argument_format: "${1|{{value}}|}"', true],
    ];
    const body = (name: string, required: string) =>
      `name: \${1:${name}}\n        type: \${2|${TYPES}|}\n        description: "\${3}"\n        required: \${4|${required}|}`;
    expect(brief(items)).toEqual(
      expected(ranges[0], [
        ['new argument: line', 'snippet', body('line', 'false,true'), true],
        ['new argument: col', 'snippet', body('col', 'true,false'), true],
        // An optional argument comes before: a required one here would be an error.
        ['new argument', 'snippet', body('arg_name', 'false,true'), true],
        ...argumentKeys('          '),
      ]),
    );
    expect(items.slice(0, 3).map((item) => [item.detail, item.documentation])).toEqual([
      ['for [<line>] in the signature', 'Declares the argument the signature writes as `[<line>]`, as optional, with the keys SWE-agent needs.'],
      ['for {col} in the signature', 'Declares the argument the signature writes as `{col}`, as required, with the keys SWE-agent needs.'],
      [
        'argument skeleton',
        'An argument with `name`, `type`, `description` and `required` (optional, since an optional argument comes before it). Mention it in the signature too.',
      ],
    ]);
  });

  it('offers a new argument with its `- ` on an empty line at the column of the items', () => {
    const { items, ranges } = complete(OPEN_TOOL.replace('"open <path> [<line>]"', '"open <path>"') + '      «¦»\n');
    expect(brief(items)).toEqual(
      expected(ranges[0], [
        ['new argument', 'snippet', '- name: ${1:arg_name}\n        type: ${2|' + TYPES + '|}\n        description: "${3}"\n        required: ${4|true,false|}', true],
      ]),
    );
  });

  it('offers a new argument under an `arguments:` with no items yet, also on a half-typed name there', () => {
    const text = `tools:
  open:
    signature: "open <path>"
    arguments:
      «pa¦»
`;
    const { items, ranges } = complete(text, false);
    const body = (name: string) => `- name: ${name}\n        type: string\n        description: ""\n        required: true`;
    expect(brief(items)).toEqual(
      expected(ranges[0], [
        ['new argument: path', 'snippet', body('path'), false],
        ['new argument', 'snippet', body('arg_name'), false],
      ]),
    );
  });

  it('starts the insertion with a space right after a typed `-`', () => {
    const { items, ranges } = complete(OPEN_TOOL + '      -«¦»\n');
    expect(brief(items).slice(0, 2)).toEqual(
      expected(ranges[0], [
        ['new argument: line', 'snippet', ' name: ${1:line}\n        type: ${2|' + TYPES + '|}\n        description: "${3}"\n        required: ${4|false,true|}', true],
        ['new argument', 'snippet', ' name: ${1:arg_name}\n        type: ${2|' + TYPES + '|}\n        description: "${3}"\n        required: ${4|true,false|}', true],
      ]),
    );
    expect(labels(items).slice(2)).toEqual(['name', 'type', 'description', 'required', 'enum', 'items', 'argument_format']);
    expect(items[2].edit.newText).toBe(' name: ${1|line|}');
  });
});

describe('signature', () => {
  const TOOL = (signature: string) => openWith(`    signature: ${signature}`);

  it('after `<`: the declared arguments the signature does not use yet first, closing the placeholder', () => {
    const { items, ranges, cursor } = complete(TOOL('"open <path> <«¦»"'));
    expect(brief(items)).toEqual(
      expected(ranges[0], [
        ['line', 'variable', 'line>', false],
        ['path', 'variable', 'path>', false],
      ]),
    );
    expect(items.map((item) => [item.detail, item.documentation])).toEqual([
      ['integer argument, optional', 'the line'],
      ['string argument, already in the signature', 'the file'],
    ]);
    expect(cursor).toBe(ranges[0].start);
  });

  it('after `[<` in an unterminated quoted signature the parser rejects', () => {
    const marked = TOOL('"open <path> [<«li¦»');
    expect(loads(parseMarkers(marked).text)).toBe(false);
    const { items, ranges } = complete(marked);
    expect(brief(items)).toEqual(
      expected(ranges[0], [
        ['line', 'variable', 'line>]', false],
        ['path', 'variable', 'path>]', false],
      ]),
    );
  });

  it('inside a written placeholder: replaces the name and keeps the closing brackets', () => {
    const { items, ranges } = complete(TOOL('"open <path> [<«li¦ne»>]"'));
    // The placeholder being edited does not count as a use of `line`.
    expect(brief(items)).toEqual(
      expected(ranges[0], [
        ['line', 'variable', 'line', false],
        ['path', 'variable', 'path', false],
      ]),
    );
  });

  it('after `{` and `--`, but not after an escaped `{{`', () => {
    expect(brief(complete(TOOL('open {«¦»')).items).map((b) => b.newText)).toEqual(['path}', 'line}']);
    const flag = complete(TOOL('open <path> --«¦»'));
    expect(brief(flag.items)).toEqual(
      expected(flag.ranges[0], [
        ['line', 'variable', 'line', false],
        ['path', 'variable', 'path', false],
      ]),
    );
    expect(complete(TOOL('"open {{¦"')).items).toEqual([]);
    expect(complete(TOOL('"open <path> ¦"')).items).toEqual([]);
  });

  it('in a block scalar signature', () => {
    const { items, ranges } = complete(TOOL('|\n      open [<path>] <«¦»'));
    expect(brief(items)).toEqual(
      expected(ranges[0], [
        ['line', 'variable', 'line>', false],
        ['path', 'variable', 'path>', false],
      ]),
    );
  });

  it('on an empty signature: the one the declared arguments call for', () => {
    for (const [marked, newText] of [
      [TOOL('«¦»'), '"open <path> [<line>]"'],
      [TOOL('«¦»').replace('signature: ', 'signature:'), ' "open <path> [<line>]"'],
    ]) {
      const { items, ranges } = complete(marked);
      expect(brief(items)).toEqual(expected(ranges[0], [['open <path> [<line>]', 'value', newText, false]]));
    }
  });
});

describe('values', () => {
  it('`name`: the placeholders of the signature that no other argument claims', () => {
    const { items, ranges } = complete(`tools:
  open:
    signature: "open <path> [<line>] --force <path>"
    arguments:
      - name: path
        type: string
        description: "the file"
        required: true
      - name: «li¦»
        type: integer
`);
    expect(brief(items)).toEqual(
      expected(ranges[0], [
        ['line', 'variable', 'line', false],
        ['force', 'variable', 'force', false],
      ]),
    );
    expect(items.map((item) => item.detail)).toEqual(['[<line>] in the signature', '--force in the signature']);
  });

  it('`type`: the JSON Schema types, in an argument and in its items; after `type:` with a space first', () => {
    const all = TYPES.split(',');
    const argument = complete(OPEN_TOOL.replace('type: string', 'type: «str¦»'));
    expect(brief(argument.items)).toEqual(expected(argument.ranges[0], all.map((t) => [t, 'value', t, false])));
    const items = complete(OPEN_TOOL + '        items:\n          type:«¦»\n');
    expect(brief(items.items)).toEqual(expected(items.ranges[0], all.map((t) => [t, 'value', ' ' + t, false])));
  });

  it('`required`: true and false, false first when the signature writes the argument as optional', () => {
    const required = complete(OPEN_TOOL.replace('required: true', 'required: «¦»'));
    expect(brief(required.items)).toEqual(
      expected(required.ranges[0], [
        ['true', 'value', 'true', false],
        ['false', 'value', 'false', false],
      ]),
    );
    const optional = complete(OPEN_TOOL.replace('name: path', 'name: line').replace('required: true', 'required: «t¦»'));
    expect(brief(optional.items)).toEqual(
      expected(optional.ranges[0], [
        ['false', 'value', 'false', false],
        ['true', 'value', 'true', false],
      ]),
    );
  });

  it('`argument_format`: `{{value}}` patterns with the argument name, joins for arrays, quoted as YAML needs', () => {
    const base = OPEN_TOOL.replace('type: string', 'type: array');
    const broken = complete(base + '        argument_format: «{{¦»\n');
    expect(loads(parseMarkers(base + '        argument_format: {{¦\n').text)).toBe(false);
    expect(brief(broken.items)).toEqual(
      expected(broken.ranges[0], [
        ["{{value|join(' ')}}", 'value', `"{{value|join(' ')}}"`, false],
        ["--path {{value|join(' ')}}", 'value', `"--path {{value|join(' ')}}"`, false],
        ['{{value}}', 'value', '"{{value}}"', false],
        ['--path {{value}}', 'value', '"--path {{value}}"', false],
      ]),
    );
    expect(broken.items.map((item) => item.detail)).toEqual(['array items separated by spaces', 'array items after --path', 'the value as is (the default)', 'the value after --path']);
    // Inside single quotes: quotes doubled, the closing quote kept.
    const single = complete(OPEN_TOOL + "        argument_format: '«--¦»'\n");
    expect(brief(single.items)).toEqual(
      expected(single.ranges[0], [
        ['{{value}}', 'value', '{{value}}', false],
        ['--path {{value}}', 'value', '--path {{value}}', false],
      ]),
    );
    const unterminated = complete(base + `        argument_format: "«¦»\n`);
    expect(brief(unterminated.items).map((b) => b.newText)).toEqual([`{{value|join(' ')}}"`, `--path {{value|join(' ')}}"`, '{{value}}"', '--path {{value}}"']);
    const singleInside = complete(base + "        argument_format: '«¦»'\n");
    expect(brief(singleInside.items)[0].newText).toBe("{{value|join('' '')}}");
  });
});

describe('broken elsewhere', () => {
  it('reads the tool at the cursor alone when another tool does not parse', () => {
    const marked = openWith('    signature: "open <path> <«¦»"').replace('tools:\n', 'tools:\n  broken:\n    signature: [oops\n');
    expect(loads(parseMarkers(marked).text)).toBe(false);
    const { items, ranges } = complete(marked);
    expect(brief(items)).toEqual(
      expected(ranges[0], [
        ['line', 'variable', 'line>', false],
        ['path', 'variable', 'path>', false],
      ]),
    );
  });

  it('reads the keys a mapping has from the text when the mapping itself does not parse', () => {
    const tool = complete('tools:\n  open:\n    signature: [oops\n    «¦»\n    docstring: opens\n');
    expect(labels(tool.items)).toEqual(['arguments', 'end_name']);
    expect(tool.items[0].edit).toEqual({ ...tool.ranges[0], newText: 'arguments:\n      - name: ${1:arg_name}\n        type: ${2|' + TYPES + '|}\n        description: "${3}"\n        required: ${4|true,false|}' });
    // An item whose first key is being typed: its keys are the lines below it, not the item above.
    const item = complete(`tools:
  open:
    signature: [oops
    arguments:
      - name: path
        type: string
        required: true
      - «na¦»
        type: string
`);
    expect(brief(item.items)).toEqual(
      expected(item.ranges[0], [
        ['name', 'property', 'name: ${1}', true],
        ['description', 'property', 'description: "${1}"', true],
        ['required', 'property', 'required: ${1|true,false|}', true],
        ['enum', 'property', 'enum: [${1}]', true],
        ['items', 'property', 'items:\n          type: ${1|' + TYPES + '|}', true],
        ['argument_format', 'property', 'argument_format: "${1|{{value}}|}"', true],
      ]),
    );
    const argument = complete('tools:\n  open:\n    signature: [oops\n    arguments:\n      - name: path\n        type: string\n        ¦\n        required: true\n');
    expect(labels(argument.items)).toEqual(['description', 'enum', 'items', 'argument_format']);
  });

  it('knows the top-level keys written around a tool that does not parse', () => {
    const broken = 'tools:\n  open:\n    signature: [oops\n';
    const typed = complete(broken + '«st¦»\n');
    expect(brief(typed.items)).toEqual(expected(typed.ranges[0], [['state_command', 'property', 'state_command: ${1}', true]]));
    // The cursor's chunk (`color:`) parses alone, but `tools` is still there.
    expect(labels(complete(broken + 'color: red\n¦').items)).toEqual(['state_command']);
    expect(labels(complete(broken + 'state_command: x\n¦').items)).toEqual([]);
  });

  it('offers a tool named `tool_name` on an empty line under `tools:`', () => {
    const { items, ranges } = complete('tools:\n  «¦»\n', false);
    expect(brief(items)).toEqual(
      expected(ranges[0], [
        ['new tool', 'snippet', 'tool_name:\n    signature: "tool_name <arg_name>"\n    docstring: ""\n    arguments:\n      - name: arg_name\n        type: string\n        description: ""\n        required: true', false],
      ]),
    );
  });
});

describe('no completions', () => {
  it.each([
    ['in a block docstring', 'tools:\n  open:\n    docstring: |\n      Opens a file.\n      ¦\n    signature: open\n'],
    ['in a plain docstring', 'tools:\n  open:\n    docstring: opens a¦\n'],
    ['on a comment', 'tools:\n  open:\n    # a ¦comment\n'],
    ['on a tool name', 'tools:\n  op¦en:\n    signature: open\n'],
    ['in the value of an unknown key', 'tools:\n  open:\n    color: bl¦\n'],
    ['under an unknown top-level key', 'other:\n  ¦\n'],
    ['in the indentation before a key', 'tools:\n  open:\n  ¦  signature: open\n'],
    ['in a comment after a value', 'tools:\n  open:\n    arguments:\n      - name: a\n        type: string # a ¦note\n'],
    ['after the closing quote of a value', 'tools:\n  open:\n    arguments:\n      - name: a\n        argument_format: "{{value}}" ¦\n'],
    ['in a flow enum', 'tools:\n  open:\n    arguments:\n      - name: a\n        enum: [x, ¦]\n'],
  ])('%s', (_, marked) => {
    expect(complete(marked).items).toEqual([]);
  });
});

// The corpus was taken from public repositories: only ../shared holds it.
describe.skipIf(!HAS_SHARED)('corpus bundles', () => {
  const bundles = fs
    .readdirSync(CORPUS_DIR, { recursive: true, encoding: 'utf8' })
    .filter((file) => path.basename(file) === 'config.yaml' && file.includes(`tools${path.sep}`))
    .sort()
    .map((file) => ({ file, text: fs.readFileSync(path.join(CORPUS_DIR, file), 'utf8').replace(/\r\n?/g, '\n') }))
    .filter(({ text }) => loads(text));

  /** Each tool with a signature and arguments, with the column of its fields and the end of its last argument's last line. */
  function toolsWithArguments(text: string) {
    const view = analyze(text).view;
    return view.tools
      .filter((tool) => tool.arguments.length > 0 && tool.map && tool.signature)
      .map((tool) => {
        const start = view.at.start(tool.valueNode);
        const fieldIndent = start - (text.lastIndexOf('\n', start - 1) + 1);
        const end = text.indexOf('\n', view.at.trimmedEnd(tool.arguments[tool.arguments.length - 1].node));
        return { tool, at: view.at, fieldIndent, end: end === -1 ? text.length : end };
      });
  }

  it('holds tools with arguments to test', () => {
    const count = bundles.reduce((n, { text }) => n + toolsWithArguments(text).length, 0);
    expect(count).toBeGreaterThanOrEqual(60);
  });

  it("offers each tool's missing keys on a new line after it, and every one of them keeps the file loading", () => {
    for (const { file, text } of bundles) {
      for (const { tool, at, fieldIndent } of toolsWithArguments(text)) {
        // A new line right after the tool's key line, indented like its fields.
        const keyLineEnd = text.indexOf('\n', at.start(tool.keyNode));
        const withLine = text.slice(0, keyLineEnd + 1) + ' '.repeat(fieldIndent) + '\n' + text.slice(keyLineEnd + 1);
        const items = completionsAt(withLine, keyLineEnd + 1 + fieldIndent, false);
        expect(labels(items), `${file} ${tool.name}`).toEqual(['docstring', 'signature', 'arguments', 'end_name'].filter((key) => !tool.fields.has(key)));
        for (const item of items) {
          const edited = applyEdits(withLine, [item.edit]);
          expect(loads(edited), `${file} ${tool.name} ${item.label}`).toBe(true);
          const after = analyze(edited).view.tools.find((t) => t.name === tool.name)!;
          expect([...after.fields.keys()].sort(), `${file} ${tool.name} ${item.label}`).toEqual([...tool.fields.keys(), item.label].sort());
        }
      }
    }
  });

  it('adds an argument after the last one that loads with the four keys it needs', () => {
    for (const { file, text } of bundles) {
      for (const { tool, at, end } of toolsWithArguments(text)) {
        const last = tool.arguments[tool.arguments.length - 1].node;
        const lineStart = text.lastIndexOf('\n', at.start(last)) + 1;
        const dashCol = text.slice(lineStart).indexOf('-');
        const withLine = text.slice(0, end) + '\n' + ' '.repeat(dashCol) + text.slice(end);
        const cursor = end + 1 + dashCol;
        const items = completionsAt(withLine, cursor, false);
        const generic = items.find((item) => item.label === 'new argument');
        expect(generic, `${file} ${tool.name}`).toBeDefined();
        const edited = applyEdits(withLine, [generic!.edit]);
        expect(loads(edited), `${file} ${tool.name}`).toBe(true);
        const after = analyze(edited).view.tools.find((t) => t.name === tool.name)!;
        expect(after.arguments.length).toBe(tool.arguments.length + 1);
        const added = after.arguments[after.arguments.length - 1];
        expect([...added.fields.keys()].sort()).toEqual(['description', 'name', 'required', 'type']);
        expect([added.name, strValue(added.fields.get('type')!.value)]).toEqual(['arg_name', 'string']);
      }
    }
  });

  it("offers an argument's own name back when its value is removed, if the signature uses it and no other argument claims it", () => {
    let checked = 0;
    for (const { file, text } of bundles) {
      for (const { tool, at } of toolsWithArguments(text)) {
        for (const argument of tool.arguments) {
          const nameNode = argument.nameNode;
          if (!nameNode || !argument.name || nameNode.kind !== 'scalar' || nameNode.style !== 'plain') continue;
          const start = at.start(nameNode);
          const edited = text.slice(0, start) + text.slice(at.end(nameNode));
          const items = completionsAt(edited, start, false);
          const signature = strValue(tool.signature!)!;
          const others = tool.arguments.filter((a) => a !== argument).map((a) => a.name);
          const mentioned = new RegExp(`<${argument.name}>|\\{${argument.name}\\}|--${argument.name}\\b`).test(signature);
          expect(labels(items).includes(argument.name), `${file} ${tool.name} ${argument.name}`).toBe(mentioned && !others.includes(argument.name));
          if (labels(items).includes(argument.name)) {
            const item = items.find((i) => i.label === argument.name)!;
            expect(item.edit).toEqual({ start, end: start, newText: argument.name });
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(100);
  });

  it('replaces a range on the cursor line that holds the cursor, at every line start, indentation, word end and line end', () => {
    let requests = 0;
    let answered = 0;
    for (const { file, text } of bundles) {
      const analysis = analysisOfBundle(text);
      let lineStart = 0;
      for (const line of text.split('\n')) {
        const lineEnd = lineStart + line.length;
        const cols = new Set([0, /^ */.exec(line)![0].length, line.length, ...[...line.matchAll(/\w\b/g)].map((m) => m.index! + 1)]);
        for (const col of cols) {
          const cursor = lineStart + col;
          const items = analysis.completion(BUNDLE, cursor, { snippets: true })!;
          requests++;
          if (items.length > 0) answered++;
          for (const item of items) {
            expect(lineStart <= item.edit.start && item.edit.start <= cursor && cursor <= item.edit.end && item.edit.end <= lineEnd, `${file}:${cursor} ${item.label}`).toBe(true);
          }
        }
        lineStart = lineEnd + 1;
      }
    }
    expect(requests).toBeGreaterThan(10000);
    expect(answered).toBeGreaterThan(1000);
  });

  it.skipIf(needsShared(path.join(CORPUS_DIR, 'qarteu__BAML_Bench/tools/edit_anthropic/config.yaml')))('edit_anthropic: argument names after `[<` in its block signature, and joins for its array argument', () => {
    const text = fs.readFileSync(path.join(CORPUS_DIR, 'qarteu__BAML_Bench/tools/edit_anthropic/config.yaml'), 'utf8');
    const at = text.indexOf('[<insert_line>]');
    const edited = text.slice(0, at) + '[<' + text.slice(at + '[<insert_line>]'.length);
    const items = completionsAt(edited, at + 2, true);
    expect(brief(items)).toEqual(
      expected({ start: at + 2, end: at + 2 }, [
        ['insert_line', 'variable', 'insert_line>]', false],
        ['command', 'variable', 'command>]', false],
        ['path', 'variable', 'path>]', false],
        ['file_text', 'variable', 'file_text>]', false],
        ['old_str', 'variable', 'old_str>]', false],
        ['new_str', 'variable', 'new_str>]', false],
        ['view_range', 'variable', 'view_range>]', false],
      ]),
    );
    const format = `argument_format: "--view_range {{value|join(' ')}}"`;
    const valueAt = text.indexOf(format) + 'argument_format: '.length;
    const cleared = text.slice(0, valueAt) + text.slice(valueAt + format.length - 'argument_format: '.length);
    const formats = completionsAt(cleared, valueAt, true);
    expect(brief(formats)).toEqual(
      expected({ start: valueAt, end: valueAt }, [
        ["{{value|join(' ')}}", 'value', `"{{value|join(' ')}}"`, false],
        ["--view_range {{value|join(' ')}}", 'value', `"--view_range {{value|join(' ')}}"`, false],
        ['{{value}}', 'value', '"{{value}}"', false],
        ['--view_range {{value}}', 'value', '"--view_range {{value}}"', false],
      ]),
    );
  });
});

describe("the bundle's bin/ scripts", () => {
  const BIN = ['open', '_state', 'goto', 'helper.py', '.gitkeep', 'my tool', 'null'];
  const withState = (marked: string) => OPEN_TOOL + marked + 'state_command: _state\n';

  /** The completions at `¦` of the bundle BUNDLE, its bin/ holding these scripts (none: no bin/). */
  function completeWith(marked: string, binScripts: readonly string[] | undefined, snippets = false) {
    const { text, cursor, ranges } = parseMarkers(marked);
    const bin = (binScripts ?? []).map((name) => [`${path.posix.dirname(BUNDLE)}/bin/${name}`, '#!/bin/sh\n'] as const);
    const { analysis } = workspaceOf(new Map([[BUNDLE, text], ...bin]));
    return { text, cursor, ranges, items: analysis.completion(BUNDLE, cursor, { snippets })! };
  }

  /** The tool skeleton in OPEN_TOOL's style, without snippets. */
  const skeleton = (name: string) =>
    `${name}:\n    signature: "${name} <arg_name>"\n    docstring: \n    arguments:\n      - name: arg_name\n        type: string\n        description: ""\n        required: true`;

  it('offers at a tool name a tool for each script no tool declares, other than the state command, before "new tool"', () => {
    const { items, ranges, text } = completeWith(withState('  «¦»\n'), BIN);
    const range = ranges[0];
    const script = (name: string, sortText: string): CompletionEntry => ({
      label: name,
      kind: 'snippet',
      detail: `bin/${name} has no tool yet`,
      documentation: `Declares the tool that runs \`bin/${name}\`: a signature, a docstring and one argument, laid out like the rest of this file.`,
      edit: { ...range, newText: skeleton(name) },
      snippet: false,
      sortText,
    });
    expect(items).toEqual<CompletionEntry[]>([
      script('goto', '00'),
      script('helper.py', '01'),
      {
        label: 'new tool',
        kind: 'snippet',
        detail: 'tool skeleton',
        documentation: 'A tool with a signature, a docstring and one argument that the signature mentions, laid out like the rest of this file.',
        edit: { ...range, newText: skeleton('tool_name') },
        snippet: false,
        sortText: '02',
      },
    ]);
    // The tool it inserts loads once its docstring is written; with snippets the script's name is the first tab stop.
    const edited = applyEdits(text, [items[0].edit]).replace('docstring: \n', 'docstring: moves\n');
    expect(analyze(edited).diagnostics.filter((d) => d.tool === 'goto')).toEqual([]);
    expect(completeWith(withState('  «¦»\n'), BIN, true).items[0].edit.newText).toBe(
      '${1:goto}:\n    signature: "${1} <${2:arg_name}>"\n    docstring: ${3}\n    arguments:\n      - name: ${2}\n        type: ${4|' + TYPES + '|}\n        description: "${5}"\n        required: ${6|true,false|}',
    );
  });

  it('offers them on a half-typed tool name that keeps the file from loading, replacing the word', () => {
    const marked = withState('  «go¦»\n');
    expect(loads(parseMarkers(marked).text)).toBe(false);
    const { items, ranges } = completeWith(marked, BIN);
    expect(brief(items)).toEqual(
      expected(ranges[0], [
        ['goto', 'snippet', skeleton('goto'), false],
        ['helper.py', 'snippet', skeleton('helper.py'), false],
        ['new tool', 'snippet', skeleton('go'), false, 'go'],
      ]),
    );
  });

  it('offers no script that a tool declares, nor the state command, nor a dot file or a name that makes no plain tool name', () => {
    expect(labels(completeWith(withState('  ¦\n'), ['open', '_state', '.gitkeep', 'my tool', 'null', '-x']).items)).toEqual(['new tool']);
    expect(labels(completeWith(withState('  ¦\n'), undefined).items)).toEqual(['new tool']);
    // A state command with arguments names the script of its first word.
    expect(labels(completeWith(OPEN_TOOL + '  ¦\nstate_command: "_state --all"\n', ['_state', 'goto']).items)).toEqual(['goto', 'new tool']);
  });

  it('offers on the state command the scripts, those that are no tool first, quoting a name YAML reads otherwise', () => {
    const { items, ranges } = completeWith(OPEN_TOOL + 'state_command: «¦»\n', BIN);
    const range = ranges[0];
    expect(items).toEqual<CompletionEntry[]>([
      { label: '_state', kind: 'file', detail: 'bin/_state', edit: { ...range, newText: '_state' }, snippet: false, sortText: '00' },
      { label: 'goto', kind: 'file', detail: 'bin/goto', edit: { ...range, newText: 'goto' }, snippet: false, sortText: '01' },
      { label: 'helper.py', kind: 'file', detail: 'bin/helper.py', edit: { ...range, newText: 'helper.py' }, snippet: false, sortText: '02' },
      { label: 'null', kind: 'file', detail: 'bin/null', edit: { ...range, newText: '"null"' }, snippet: false, sortText: '03' },
      { label: 'open', kind: 'file', detail: 'bin/open, the script of the tool open', edit: { ...range, newText: 'open' }, snippet: false, sortText: '04' },
    ]);
    // Right after the colon, a space first; inside quotes, the name as it is; a partial value is replaced.
    const spaced = completeWith(OPEN_TOOL + 'state_command:«¦»\n', ['st']);
    expect(spaced.items.map((item) => item.edit)).toEqual([{ ...spaced.ranges[0], newText: ' st' }]);
    const quoted = completeWith(OPEN_TOOL + 'state_command: "«n¦»"\n', ['null']);
    expect(quoted.items.map((item) => item.edit)).toEqual([{ ...quoted.ranges[0], newText: 'null' }]);
    const partial = completeWith(OPEN_TOOL + 'state_command: «_st¦»\n', ['_state']);
    expect(partial.items.map((item) => item.edit)).toEqual([{ ...partial.ranges[0], newText: '_state' }]);
    expect(completeWith(OPEN_TOOL + 'state_command: ¦\n', undefined).items).toEqual([]);
  });
});
