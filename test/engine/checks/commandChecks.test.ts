/** Command and Argument checks: exact codes, severities and ranges. */
import { describe, expect, it } from 'vitest';
import { expectDiagnostics } from '../../helpers/diagnose';
import { lintBundleText } from '../../helpers/lintText';
import { BUDGETS } from '../../../server/src/engine/budgets';

const ARG = (name: string, required = 'true', extra = '') =>
  `      - name: ${name}\n        type: string\n        description: "an argument"\n        required: ${required}\n${extra}`;

describe('validate_arguments', () => {
  it('reports every required argument after an optional one, on its name', () => {
    expectDiagnostics(
      `tools:\n  t:\n    signature: "t [<a>] <b> <c>"\n    docstring: d\n    arguments:\n${ARG('a', 'false')}      - name: «b»\n        type: string\n        description: "x"\n        required: true\n      - name: «c»\n        type: string\n        description: "x"\n        required: true\n`,
      [
        { code: 'required-after-optional', tool: 't', message: /Required argument `b` of `t` comes after optional argument `a`/ },
        { code: 'required-after-optional', tool: 't' },
      ],
    );
  });

  it('reports a duplicate argument on the second name, pointing at the first', () => {
    expectDiagnostics(`tools:\n  t:\n    signature: "t <a>"\n    docstring: d\n    arguments:\n${ARG('a')}      - name: «a»\n        type: string\n        description: "x"\n        required: true\n`, [
      { code: 'duplicate-argument' },
    ]);
  });

  it('rejects a name re.match refuses, and warns on one it accepts only by prefix', () => {
    expectDiagnostics(
      `tools:\n  t:\n    signature: "t {1a} {a.b}"\n    docstring: d\n    arguments:\n      - name: «"1a"»\n        type: string\n        description: "x"\n        required: true\n      - name: «a.b»\n        type: string\n        description: "x"\n        required: true\n`,
      [
        { code: 'invalid-argument-name', message: /'1a'/ },
        { code: 'argument-name-prefix-only', severity: 'warning' },
      ],
    );
  });

  it('reports an argument the signature does not mention, on the argument name', () => {
    expectDiagnostics(`tools:\n  t:\n    signature: "t <a>"\n    docstring: d\n    arguments:\n${ARG('a')}      - name: «b»\n        type: string\n        description: "x"\n        required: true\n`, [
      { code: 'signature-missing-argument', message: /Argument `b` is not in the signature/ },
    ]);
  });

  it('points at a placeholder without argument through the escapes of a double-quoted signature', () => {
    expectDiagnostics(`tools:\n  t:\n    signature: "t \\"<a>\\" \\t«<nope>»"\n    docstring: d\n    arguments:\n${ARG('a')}`, [
      { code: 'signature-unknown-placeholder', message: /Placeholder `<nope>`/ },
    ]);
  });

  it('points into a folded block signature', () => {
    expectDiagnostics(`tools:\n  t:\n    signature: >-\n      t <a>\n      «[<extra>]»\n    docstring: d\n    arguments:\n${ARG('a')}`, [
      { code: 'signature-unknown-placeholder' },
    ]);
  });

  it('reports a format-string error at the stray brace', () => {
    expectDiagnostics(`tools:\n  t:\n    signature: 't <a> «}»'\n    docstring: d\n    arguments:\n${ARG('a')}`, [{ code: 'format-string-error', detail: /Single '}'/ }]);
  });

  it('explains a flag without a value placeholder', () => {
    expectDiagnostics(`tools:\n  t:\n    signature: "t --path"\n    docstring: d\n    arguments:\n      - name: «path»\n        type: string\n        description: "x"\n        required: true\n`, [
      { code: 'argument-not-a-placeholder', detail: /write `--path <path>`/ },
    ]);
  });

  it('takes placeholders from the tool name when there is no signature', () => {
    expectDiagnostics(`tools:\n  «my{y}tool»:\n    docstring: d\n    arguments:\n${ARG('x')}`, [{ code: 'signature-unknown-placeholder', message: /name of tool/ }]);
  });

  it('flags a signature and `required` that disagree, on the spelling', () => {
    expectDiagnostics(`tools:\n  t:\n    signature: "t «[<a>]»"\n    docstring: d\n    arguments:\n${ARG('a')}`, [{ code: 'optional-mismatch', severity: 'warning' }]);
  });
});

describe('fields', () => {
  it('puts a missing docstring on the tool key, and a missing argument field on the item line', () => {
    expectDiagnostics(`tools:\n  «t»:\n    signature: "t <a>"\n    arguments:\n      - «name: a»\n        type: string\n        description: "x"\n`, [
      { code: 'missing-field', message: /no `docstring`/ },
      { code: 'missing-field', message: /has no `required`/ },
    ]);
  });

  it('reports each wrong type on its value', () => {
    expectDiagnostics(
      `tools:\n  t:\n    signature: «[a]»\n    docstring: «yes»\n    arguments:\n      - name: a\n        type: «1.5»\n        description: "x"\n        required: «2»\n        enum: «{a: 1}»\n`,
      [{ code: 'wrong-type' }, { code: 'wrong-type' }, { code: 'wrong-type' }, { code: 'wrong-type' }, { code: 'wrong-type' }],
    );
  });

  it('accepts pydantic lax booleans', () => {
    expectDiagnostics(`tools:\n  t:\n    signature: "t <a> <b> <c>"\n    docstring: d\n    arguments:\n${ARG('a', '"yes"')}${ARG('b', '1')}${ARG('c', 'on')}`, []);
  });

  it('rejects `name:` and non-string keys in a tool', () => {
    expectDiagnostics(`tools:\n  t:\n    «name»: other\n    docstring: d\n    «1»: x\n`, [{ code: 'name-key-conflict' }, { code: 'non-string-key' }]);
  });

  it('reads a bool tool key as pydantic names it', () => {
    expectDiagnostics(`tools:\n  «yes»:\n    docstring: d\n`, [{ code: 'wrong-type', tool: 1, detail: /Quote it/ }]);
  });

  it('warns about ignored keys with a suggestion', () => {
    expectDiagnostics(`tools:\n  t:\n    «docstrng»: d\n    docstring: d\n    arguments: []\n`, [{ code: 'unknown-key', severity: 'warning', message: /did you mean `docstring`/ }]);
  });

  it('suggests only a near name: `install_command` is not offered `state_command`', () => {
    expectDiagnostics(`«install_command»: ./install.sh\ntools:\n  t:\n    docstring: d\n`, [{ code: 'unknown-key', severity: 'warning', message: /^(?![\s\S]*did you mean)/ }]);
    expectDiagnostics(`«state_comand»: _state\ntools:\n  t:\n    docstring: d\n`, [{ code: 'unknown-key', severity: 'warning', message: /did you mean `state_command`/ }]);
  });

  it('warns about a duplicate key on the later one', () => {
    expectDiagnostics(`tools:\n  t:\n    docstring: a\n    «docstring»: b\n`, [{ code: 'yaml-duplicate-key', severity: 'warning' }]);
  });
});

describe('docs and calls', () => {
  it('warns about an unknown docstring variable while the env is unknown, and errs once it is known', () => {
    const text = `tools:\n  t:\n    docstring: "shows «{WINDOW}» lines"\n`;
    expectDiagnostics(text, [{ code: 'docstring-unknown-variable', severity: 'warning' }]);
    expectDiagnostics(text, [{ code: 'docstring-unknown-variable', severity: 'error' }], { envVariables: { PAGER: 'cat' } });
    expectDiagnostics(text.replace(/[«»]/g, ''), [], { envVariables: { WINDOW: 100 } });
  });

  it('reports every unknown docstring variable', () => {
    expectDiagnostics(`tools:\n  t:\n    docstring: "«{A}» and «{B}»"\n`, [
      { code: 'docstring-unknown-variable', severity: 'warning' },
      { code: 'docstring-unknown-variable', severity: 'warning' },
    ]);
  });

  it('reports at most the budget of unknown docstring variables per tool, and says the rest is not checked', () => {
    const names = Array.from({ length: BUDGETS.unknownVariablesPerDocstring + 20 }, (_, i) => `V${i}`);
    const docstring = names.map((name) => `{${name}}`).join(' ');
    const found = lintBundleText(`tools:\n  t:\n    docstring: "${docstring}"\n`).diagnostics;
    expect(found.map((d) => [d.code, d.range.start.character])).toEqual([
      ['resource-limit', 15],
      ...names.slice(0, BUDGETS.unknownVariablesPerDocstring).map((name) => ['docstring-unknown-variable', 16 + docstring.indexOf(`{${name}}`)]),
    ]);
    expect(found[0].message).toBe('Stopped checking the docstring of `t` after 100 unknown variables (unknownVariablesPerDocstring).');
    expect(found[0].related?.map((r) => r.message)).toEqual(['That is the budget of unknown variables reported per tool; the rest of the docstring is not checked.']);
  });

  it('bounds the characters formatted in all passes over a docstring, and says so', () => {
    // 50,000 fields of 100 names: 100 passes of 450 KB would format 45 MB.
    const docstring = Array.from({ length: 50_000 }, (_, i) => `{v${i % 100}}`).join('');
    const found = lintBundleText(`tools:\n  t:\n    docstring: "${docstring}"\n`).diagnostics;
    const passes = Math.floor(BUDGETS.docstringFormatChars / docstring.length);
    expect(found.map((d) => d.code)).toEqual(['resource-limit', ...Array(passes).fill('docstring-unknown-variable')]);
    expect(found[0].message).toBe(`Stopped checking the docstring of \`t\` after ${passes} unknown variables (docstringFormatChars).`);
    expect(found[0].related?.map((r) => r.message)).toEqual([
      `Each costs a format pass over its ${docstring.length.toLocaleString('en-US')} characters, and another would pass the budget of 2,000,000 characters formatted; the rest is not checked.`,
    ]);
  });

  it('reports end_name without a signature on the end_name key', () => {
    expectDiagnostics(`tools:\n  t:\n    docstring: d\n    «end_name»: END\n`, [{ code: 'multiline-without-signature', detail: /IndexError/ }]);
  });

  it('reports a tool named bash', () => {
    expectDiagnostics(`tools:\n  «bash»:\n    docstring: d\n`, [{ code: 'bash-tool-clash' }]);
  });

  it('warns about {value} in argument_format', () => {
    expectDiagnostics(`tools:\n  t:\n    signature: "t <a>"\n    docstring: d\n    arguments:\n${ARG('a', 'true', '        argument_format: «"--a {value}"»\n')}`, [
      { code: 'argument-format-jinja', severity: 'warning' },
    ]);
  });

  it('warns when a tool without arguments has a placeholder, at the placeholder', () => {
    expectDiagnostics(`tools:\n  t:\n    signature: "t «{x}»"\n    docstring: d\n`, [{ code: 'runtime-call-error', severity: 'warning', detail: /KeyError: 'x'/ }]);
  });

  it('warns about a broken Jinja argument_format', () => {
    expectDiagnostics(`tools:\n  t:\n    signature: "t <a>"\n    docstring: d\n    arguments:\n${ARG('a', 'true', '        argument_format: «"{{ value"»\n')}`, [
      { code: 'runtime-call-error', severity: 'warning', message: /TemplateSyntaxError/ },
    ]);
  });
});

describe('JSON Schema warnings', () => {
  it('flags unknown types, arrays without items and enums of non-string types', () => {
    expectDiagnostics(
      `tools:\n  t:\n    signature: "t <a> <b> <c>"\n    docstring: d\n    arguments:\n      - name: a\n        type: «float»\n        description: x\n        required: true\n      - name: b\n        type: «array»\n        description: x\n        required: true\n      - name: c\n        type: «integer»\n        description: x\n        required: true\n        enum: ["1", "2"]\n`,
      [
        { code: 'unknown-json-schema-type', severity: 'warning', message: /did you mean `number`\?/ },
        { code: 'array-without-items', severity: 'warning' },
        { code: 'enum-type-mismatch', severity: 'warning' },
      ],
    );
  });
});
