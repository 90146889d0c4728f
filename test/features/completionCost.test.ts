/**
 * A completion request in a bundle config reads the lines around the cursor,
 * not the whole file: the host gives it the file's chunks (analysis/workspace.ts
 * CHUNK_SPECS), and a walk up from a tool steps over the tools above it to the
 * `tools:` line; a repair of a text that does not load is modelled from the
 * chunks it shares with the file's. The items are the same as without the
 * host's help (the text split and parsed whole), at every offset.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { completions } from '../../server/src/engine/features/completion';
import { LineTable } from '../../server/src/engine/features/completion/lineContext';
import { BUNDLE, workspaceOf } from '../helpers/fixture';

const BIN = BUNDLE.replace(/config\.yaml$/, 'bin');

/** A bundle config with its bin/ scripts (one per tool, and one more), open in an editor. */
function openBundle(text: string, scripts: readonly string[]) {
  const files = new Map([[BUNDLE, text], ...scripts.map((name): [string, string] => [`${BIN}/${name}`, '#!/bin/sh\necho ok\n'])]);
  return workspaceOf(files).analysis;
}

const tool = (i: number) =>
  `  t${i}:\n    signature: "t${i} <path> [<mode>]"\n    docstring: "does it"\n    arguments:\n      - name: path\n        type: string\n        description: "The path"\n        required: true\n`;

/** The places a request is made at in the middle tool of a bundle of `tools` tools: each a text and an offset in it. */
function requests(tools: number) {
  const text = 'tools:\n' + Array.from({ length: tools }, (_, i) => tool(i)).join('') + 'state_command: "_state"\n';
  const toolStart = text.indexOf(`  t${Math.floor(tools / 2)}:\n`);
  const signatureEnd = text.indexOf('"\n', toolStart);
  const fieldsStart = text.indexOf('\n', toolStart) + 1;
  const required = text.indexOf('required: true', toolStart) + 'required: '.length;
  const insert = (at: number, s: string) => text.slice(0, at) + s + text.slice(at);
  return {
    'a placeholder being typed in a signature': { text: insert(signatureEnd, ' <'), offset: signatureEnd + 2 },
    "a key on a new line of a tool's fields": { text: insert(fieldsStart, '    \n'), offset: fieldsStart + 4 },
    'a new tool between two tools': { text: insert(toolStart, '  \n'), offset: toolStart + 2 },
    'column 0 of a blank line between two tools': { text: insert(toolStart, '\n'), offset: toolStart },
    "the value of an argument's `required`": { text: text.slice(0, required) + text.slice(required + 'true'.length), offset: required },
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a completion request in a big bundle', () => {
  /** How many times a request reads a line from the text (its indentation or its shape), and the items. */
  function linesRead(tools: number, name: keyof ReturnType<typeof requests>) {
    const { text, offset } = requests(tools)[name];
    const analysis = openBundle(text, [...Array.from({ length: tools }, (_, i) => `t${i}`), 'extra']);
    analysis.completion(BUNDLE, offset, { snippets: true });
    const line = vi.spyOn(LineTable.prototype, 'line');
    const spaces = vi.spyOn(LineTable.prototype, 'spacesAt');
    const items = analysis.completion(BUNDLE, offset, { snippets: true })!.map((item) => item.label);
    const count = line.mock.calls.length + spaces.mock.calls.length;
    vi.restoreAllMocks();
    return { count, items };
  }

  it.each([
    'a placeholder being typed in a signature',
    "a key on a new line of a tool's fields",
    'a new tool between two tools',
    'column 0 of a blank line between two tools',
    "the value of an argument's `required`",
  ] as const)('reads as many lines with 4,000 tools as with 10 at %s', (name) => {
    const small = linesRead(10, name);
    const big = linesRead(4000, name);
    // Before, the whole text was read at each request: a line table over every line, and a walk up every tool's key line.
    expect(big.count).toBe(small.count);
    expect(big.count).toBeLessThan(40);
    expect(big.items).toEqual(small.items);
  });
});

describe('the items with the chunks and without', () => {
  const texts = {
    'tools after a comment and a byte order mark, a comment at column 0 and blank lines among them, a sequence at its key\'s column':
      '\ufeff# lead\ntools:  # the tools\n\n  # c\n  a:\n    signature: "a <x> [<y>]"\n    arguments:\n    - name: x\n      type: string\n# at column 0\n    - name: y\n\n  b:\n    docstring: d\n   \n  c:\n      signature: c\n    \nstate_command: a\n',
    'two tools mappings (the second one counts), tools at column 4, and keys after them':
      'env_variables:\n  X: 1\ntools:\n    d:\n        signature: "d <q>"\n        arguments:\n          - name: q\n            required: false\n      \n    e:\n        docstring: e\ntools:\n  f:\n    signature: f\n  g: {}\nstate_command: "f"\nblocklist:\n  - x\n',
    'a key being typed in a tool (the file does not load)':
      'tools:\n  a:\n    signature: "a <x> [<y>]"\n    doc\n    arguments:\n      - name: x\n        type: string\n  b:\n    signature: "b <p> [<q>] --r"\n    arguments:\n      - name: \n        argument_format: \n      - name: q\n        required: \nstate_command: \n',
    'a key being typed at column 0 (the file does not split)': 'tools:\n  a:\n    signature: a\n\n  b:\n    signature: b\nsta\n',
  };

  const scripts = ['.hidden', 'a', 'b', 'd', 'e', 'f', 'new_tool'];

  it.each(Object.entries(texts))('are the same at every offset: %s', (_, text) => {
    // The host's: with its split, and repairs of the text modelled from the chunks it shares with the file's.
    const analysis = openBundle(text, scripts);
    const model = analysis.bundleModel(BUNDLE)!;
    let answered = 0;
    for (let offset = 0; offset <= text.length; offset++) {
      const alone = completions(model, offset, { snippets: true, binScripts: scripts });
      expect(analysis.completion(BUNDLE, offset, { snippets: true }), `at ${offset}`).toEqual(alone);
      if (alone.length > 0) answered++;
    }
    expect(answered).toBeGreaterThan(10);
  });
});
