/**
 * Completion beside the closers an editor puts after the cursor: where an
 * auto-closing editor (VS Code) has already written `]`, `>`, `}` or a closing
 * quote, the item's text goes before it (or, where it cannot, its edit replaces
 * it) rather than adding another; where no
 * closer is there (Neovim's default), the item writes it. One test per context
 * that completes, through the whole engine (test/helpers/fixture.ts); and the
 * contexts with no completion offer nothing there, so there is nothing to double.
 */
import { describe, expect, it } from 'vitest';
import { position } from '../helpers/fixture';
import { openWith } from '../helpers/openTool';

/** A bundle with a tool `open`: `<path>` required, `<line>` an optional integer; `signature` and extra lines of `line` given. */
const bundle = (signature: string, lineExtra = '', docstring = 'opens a file') => openWith(`    signature: ${signature}\n    docstring: ${docstring}`, lineExtra);

/** An agent config (config/agent.yaml) whose `tools:` section is `tools`, beside the bundle tools/t. */
const agent = (tools: string, rest = '') => `//- /workspace/tools/t/config.yaml
${bundle('"open <path> [<line>]"')}  goto:
    signature: "goto <line>"
    docstring: moves
    arguments:
      - name: line
        type: integer
        description: "the line"
        required: true
//- /workspace/config/agent.yaml
agent:
  tools:
${tools}${rest}  model:
    name: gpt-4o
`;

/**
 * The items at `¦` as [label, newText], each of which must replace exactly the
 * marked `«…»` range, and the cursor's line once the first item is applied.
 */
function complete(spec: string): { items: [string, string][]; line: string } {
  const { analysis, file, offset, text, ranges } = position(spec);
  const entries = analysis.completion(file, offset, { snippets: false }) ?? [];
  if (entries.length === 0) return { items: [], line: '' };
  expect(ranges).toHaveLength(1);
  for (const entry of entries) expect([entry.label, entry.edit.start, entry.edit.end]).toEqual([entry.label, ranges[0].start, ranges[0].end]);
  const { start, end, newText } = entries[0].edit;
  const applied = text.slice(0, start) + newText + text.slice(end);
  const lineStart = applied.lastIndexOf('\n', start - 1) + 1;
  return { items: entries.map((e) => [e.label, e.edit.newText]), line: applied.slice(lineStart, applied.indexOf('\n', start)) };
}

describe('a signature', () => {
  it('after `[<` with the `]` an auto-closing editor put there: the `]` is taken in, typed name or not', () => {
    expect(complete(bundle('open <path> [<«¦»]'))).toEqual({ items: [['line', 'line>'], ['path', 'path>']], line: '    signature: open <path> [<line>]' });
    expect(complete(bundle('"open <path> [<«¦»]"'))).toEqual({ items: [['line', 'line>'], ['path', 'path>']], line: '    signature: "open <path> [<line>]"' });
    expect(complete(bundle('"open <path> [<«li¦»]"'))).toEqual({ items: [['line', 'line>'], ['path', 'path>']], line: '    signature: "open <path> [<line>]"' });
  });

  it('between `<` and `>`, `[<` and `>]`, `{` and `}`: only the name goes in; a `>` alone gets its `]`', () => {
    expect(complete(bundle('"open <«¦»>"'))).toEqual({ items: [['path', 'path'], ['line', 'line']], line: '    signature: "open <path>"' });
    expect(complete(bundle('"open <path> [<«¦»>]"'))).toEqual({ items: [['line', 'line'], ['path', 'path']], line: '    signature: "open <path> [<line>]"' });
    expect(complete(bundle('"open {«¦»}"'))).toEqual({ items: [['path', 'path'], ['line', 'line']], line: '    signature: "open {path}"' });
    expect(complete(bundle('"open <path> [<«¦>»"'))).toEqual({ items: [['line', 'line>]'], ['path', 'path>]']], line: '    signature: "open <path> [<line>]"' });
  });

  it('with no closer after the cursor (an editor that does not auto-close): the item writes it', () => {
    expect(complete(bundle('open <path> [<«¦»'))).toEqual({ items: [['line', 'line>]'], ['path', 'path>]']], line: '    signature: open <path> [<line>]' });
    expect(complete(bundle('"open <«¦»"'))).toEqual({ items: [['path', 'path>'], ['line', 'line>']], line: '    signature: "open <path>"' });
    expect(complete(bundle('open {«¦»'))).toEqual({ items: [['path', 'path}'], ['line', 'line}']], line: '    signature: open {path}' });
  });
});

describe('an argument_format', () => {
  const format = (value: string) => bundle('"open <path> [<line>]"', `        argument_format: ${value}\n`);
  const FORMATS = ['{{value}}', '--line {{value}}'];

  it('after `{{` with the `}}` put there, unquoted: the pair is replaced by the quoted pattern', () => {
    expect(complete(format('«{{¦}}»'))).toEqual({ items: FORMATS.map((f) => [f, `"${f}"`]), line: '        argument_format: "{{value}}"' });
    expect(complete(format('«{¦}»'))).toEqual({ items: FORMATS.map((f) => [f, `"${f}"`]), line: '        argument_format: "{{value}}"' });
  });

  it('inside quotes with the closing quote (and `}}`) put there: neither is doubled', () => {
    // The `}}` after the cursor is left as it is: the items end before it.
    const open = FORMATS.map((f) => [f, f.slice(0, -2)]);
    expect(complete(format('"«{{¦»}}"'))).toEqual({ items: open, line: '        argument_format: "{{value}}"' });
    expect(complete(format('"«{{value¦»}}"'))).toEqual({ items: open, line: '        argument_format: "{{value}}"' });
    expect(complete(format('"«¦»"'))).toEqual({ items: FORMATS.map((f) => [f, f]), line: '        argument_format: "{{value}}"' });
    expect(complete(format("'«¦»'"))).toEqual({ items: FORMATS.map((f) => [f, f]), line: "        argument_format: '{{value}}'" });
  });

  it('after an opening quote alone: the item closes it', () => {
    expect(complete(format('"«¦»'))).toEqual({ items: FORMATS.map((f) => [f, `${f}"`]), line: '        argument_format: "{{value}}"' });
    expect(complete(format("'«¦»"))).toEqual({ items: FORMATS.map((f) => [f, `${f}'`]), line: "        argument_format: '{{value}}'" });
  });
});

describe('quoted values and the places with no completion', () => {
  it('`type` and `required` inside quotes the editor closed: the value goes between them', () => {
    const types = ['string', 'number', 'integer', 'boolean', 'array', 'object', 'null'];
    expect(complete(bundle('"open"').replace('type: integer', 'type: "«¦»"'))).toEqual({ items: types.map((t) => [t, t]), line: '        type: "string"' });
    expect(complete(bundle('"open"').replace('type: integer', "type: '«¦»'"))).toEqual({ items: types.map((t) => [t, t]), line: "        type: 'string'" });
    expect(complete(bundle('"open"').replace('type: integer', 'type: "«¦»'))).toEqual({ items: types.map((t) => [t, `${t}"`]), line: '        type: "string"' });
    expect(complete(bundle('"open <path> [<line>]"').replace('required: false', 'required: "«¦»"'))).toEqual({ items: [['false', 'false'], ['true', 'true']], line: '        required: "false"' });
  });

  it('a docstring, and flow collections in a bundle, offer nothing', () => {
    for (const docstring of ['"opens {¦}"', '"opens <¦>"', '"opens [<¦]"', 'opens {{¦}}']) expect(complete(bundle('"open <path>"', '', docstring)).items).toEqual([]);
    expect(complete(bundle('"open"').replace('type: integer', 'type: array\n        items: {¦}')).items).toEqual([]);
    expect(complete(bundle('"open"').replace('type: integer', 'type: array\n        items: {type: ¦}')).items).toEqual([]);
    expect(complete(bundle('"open"', '        enum: [¦]\n')).items).toEqual([]);
  });
});

describe('an agent config', () => {
  const hidden = (value: string) => agent(`    bundles:\n      - path: tools/t\n        hidden_tools: ${value}\n`);

  it('hidden tools in a flow list the editor closed: the name goes before the `]`', () => {
    expect(complete(hidden('[«¦»]'))).toEqual({ items: [['open', 'open'], ['goto', 'goto']], line: '        hidden_tools: [open]' });
    expect(complete(hidden('[open, «¦»]'))).toEqual({ items: [['goto', 'goto']], line: '        hidden_tools: [open, goto]' });
    // With no `]` (the list does not load): the name alone, the list left as typed.
    expect(complete(hidden('[«¦»'))).toEqual({ items: [['open', 'open'], ['goto', 'goto']], line: '        hidden_tools: [open' });
  });

  it('a hidden tool inside quotes: the name goes between them, the closing quote written only when missing', () => {
    expect(complete(hidden('["«¦»"]'))).toEqual({ items: [['open', 'open'], ['goto', 'goto']], line: '        hidden_tools: ["open"]' });
    expect(complete(hidden("['«¦»']"))).toEqual({ items: [['open', 'open'], ['goto', 'goto']], line: "        hidden_tools: ['open']" });
    expect(complete(hidden('["«op¦»"]'))).toEqual({ items: [['open', 'open'], ['goto', 'goto']], line: '        hidden_tools: ["open"]' });
    expect(complete(hidden('[goto, "«¦»"]'))).toEqual({ items: [['open', 'open']], line: '        hidden_tools: [goto, "open"]' });
    expect(complete(hidden('["«¦»'))).toEqual({ items: [['open', 'open"'], ['goto', 'goto"']], line: '        hidden_tools: ["open"' });
  });

  it('a bundle path inside quotes', () => {
    const path = (value: string) => agent(`    bundles:\n      - path: ${value}\n`);
    expect(complete(path('"«¦»"'))).toEqual({ items: [['tools/t', 'tools/t']], line: '      - path: "tools/t"' });
    expect(complete(path("'«¦»'"))).toEqual({ items: [['tools/t', 'tools/t']], line: "      - path: 'tools/t'" });
    expect(complete(path('"«¦»'))).toEqual({ items: [['tools/t', 'tools/t"']], line: '      - path: "tools/t"' });
  });

  it("the config's own values inside quotes", () => {
    const bash = (value: string) => agent(`    enable_bash_tool: ${value}\n`);
    expect(complete(bash('"«¦»"'))).toEqual({ items: [['true', 'true'], ['false', 'false']], line: '    enable_bash_tool: "true"' });
    expect(complete(bash("'«¦»'"))).toEqual({ items: [['true', 'true'], ['false', 'false']], line: "    enable_bash_tool: 'true'" });
  });
});
