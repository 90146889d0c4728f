/**
 * Quick fixes, applied: each case marks the diagnostic «range», names the
 * fixes offered (exactly), applies one to the engine's text, checks the
 * result to the character, and lints it again: the diagnostic is gone and no
 * other diagnostic appeared or changed. Every case runs on LF and CRLF text.
 */
import * as fs from 'fs';
import * as path from 'path';
import { execFileSync } from 'child_process';
import { describe, expect, it } from 'vitest';
import { FileDiagnostic } from '../../server/src/engine/diagnostics';
import { PositionedDiagnostic } from '../../server/src/engine/document/positioned';
import { applyEdits } from '../../server/src/engine/features/edits';
import { QUICK_FIXES } from '../../server/src/engine/features/quickFixes';
import { LintResult, lintBundleText } from '../helpers/lintText';
import { EngineConfig } from '../../server/src/engine/config';
import { parseMarkers } from '../helpers/markers';
import { CASES_DIR, CORPUS_DIR, HAS_SHARED } from '../helpers/shared';

type Diagnosticish = Pick<PositionedDiagnostic, 'code' | 'severity' | 'tool' | 'message'>;
/**
 * A diagnostic as a fix leaves it. SWE-agent's sentence for an argument
 * mismatch quotes the tool's whole invoke format and its keys, which a fix
 * of another argument of the tool changes; it is compared up to them.
 */
const keyOf = (d: Diagnosticish) =>
  `${d.code} ${d.severity} ${JSON.stringify(d.tool)} ${d.message.replace(/(\(SWE-agent fails: Command '[^']*': Argument names \().*(\) in signature \/ invoke_format ).*( do not match argument names\))/s, '$1…$2…$3')}`;
const crlf = (text: string) => text.replace(/\n/g, '\r\n');

/**
 * The diagnostics after a fix, given those before: the fixed one removed (and
 * those of `resolves`, which the same edit fixes), those of `appears` added.
 */
function expectOnlyFixed(before: LintResult, target: FileDiagnostic, after: LintResult, appears: string[] = [], resolves: string[] = []): void {
  const remaining = before.diagnostics.map(keyOf);
  const index = remaining.indexOf(keyOf(target));
  expect(index, 'the fixed diagnostic is published').toBeGreaterThanOrEqual(0);
  remaining.splice(index, 1);
  for (const code of resolves) {
    const other = remaining.findIndex((k) => k.startsWith(code + ' '));
    expect(other, `a ${code} diagnostic before the fix`).toBeGreaterThanOrEqual(0);
    remaining.splice(other, 1);
  }
  // What appears is new: a diagnostic of that code that was there before stays among the remaining ones.
  const appeared = (d: Diagnosticish) => appears.includes(d.code) && !remaining.includes(keyOf(d));
  const unexpected = after.diagnostics.filter((d) => !appeared(d)).map(keyOf);
  expect(unexpected.sort()).toEqual(remaining.sort());
  expect(after.diagnostics.filter(appeared).map((d) => d.code).sort()).toEqual([...appears].sort());
}

interface Offered {
  title: string;
  preferred?: boolean;
}

interface FixCase {
  /** The document, with the diagnostic's «range». */
  marked: string;
  code: string;
  offered: Offered[];
  /** The offered fix to apply (its index), default 0. */
  apply?: number;
  expected: string;
  /** Diagnostics that only the fix lets the checker reach. */
  appears?: string[];
  /** Other diagnostics the same edit fixes. */
  resolves?: string[];
  /** The settings the text is checked with (the SWE-agent judged by). */
  config?: EngineConfig;
}

function diagnosticAt(result: LintResult, code: string, range: { start: number; end: number }): FileDiagnostic {
  const found = result.model.diagnostics.filter((d) => d.code === code && d.start === range.start && d.end === range.end);
  expect(found.map((d) => `${d.code}@${d.start}-${d.end}`), `one ${code} on the marked range; got ${result.model.diagnostics.map((d) => `${d.code}@${d.start}-${d.end}`).join(', ')}`).toEqual([`${code}@${range.start}-${range.end}`]);
  return found[0];
}

function expectFix(c: FixCase): void {
  const { text, ranges } = parseMarkers(c.marked);
  expect(ranges).toHaveLength(1);
  for (const source of [text, crlf(text)]) {
    const before = lintBundleText(source, c.config);
    const target = diagnosticAt(before, c.code, ranges[0]);
    const fixes = before.quickFixes(target);
    expect(fixes.map((f) => ({ title: f.title, preferred: f.isPreferred === true }))).toEqual(c.offered.map((o) => ({ title: o.title, preferred: o.preferred ?? true })));
    if (c.offered.length === 0) continue;
    const fixed = applyEdits(before.model.source.normalized, fixes[c.apply ?? 0].edits);
    expect(fixed).toBe(c.expected);
    expectOnlyFixed(before, target, lintBundleText(fixed, c.config), c.appears, c.resolves);
  }
}

function expectNoFix(marked: string, code: string, config?: EngineConfig): void {
  expectFix({ marked, code, offered: [], expected: '', config });
}

describe('quote a scalar YAML does not read as a string', () => {
  it('quotes a plain value in a block mapping', () => {
    expectFix({
      marked: 'tools:\n  t:\n    docstring: «yes»\n',
      code: 'wrong-type',
      offered: [{ title: 'Quote `yes` so that YAML reads it as a string' }],
      expected: 'tools:\n  t:\n    docstring: "yes"\n',
    });
  });

  it('quotes a tool name, a date and an enum item in a flow list', () => {
    expectFix({
      marked: 'tools:\n  «2024-01-01»:\n    docstring: d\n',
      code: 'wrong-type',
      offered: [{ title: 'Quote `2024-01-01` so that YAML reads it as a string' }],
      expected: 'tools:\n  "2024-01-01":\n    docstring: d\n',
    });
    expectFix({
      marked: 'tools:\n  t:\n    signature: t <a>\n    docstring: d\n    arguments:\n      - {name: a, type: string, description: x, required: true, enum: [a, «1.5»]}\n',
      code: 'wrong-type',
      offered: [{ title: 'Quote `1.5` so that YAML reads it as a string' }],
      expected: 'tools:\n  t:\n    signature: t <a>\n    docstring: d\n    arguments:\n      - {name: a, type: string, description: x, required: true, enum: [a, "1.5"]}\n',
    });
  });

  it('writes an empty string for an empty description, and quotes `null` as an argument name', () => {
    expectFix({
      marked: 'tools:\n  t:\n    docstring: d\n    arguments:\n      - name: «null»\n        type: string\n        description: x\n        required: true\n',
      code: 'wrong-type',
      offered: [{ title: 'Quote `null` so that YAML reads it as a string' }],
      expected: 'tools:\n  t:\n    docstring: d\n    arguments:\n      - name: "null"\n        type: string\n        description: x\n        required: true\n',
    });
    expectFix({
      marked: 'tools:\n  t:\n    docstring: d\n    arguments:\n      - name: a\n        type: string\n        description:«»\n        required: true\n',
      code: 'wrong-type',
      offered: [{ title: 'Write an empty string `""`' }],
      expected: 'tools:\n  t:\n    docstring: d\n    arguments:\n      - name: a\n        type: string\n        description: ""\n        required: true\n',
    });
  });

  it('does not quote where a string would be wrong too: required, a numeric name, a type that is no JSON Schema type', () => {
    expectNoFix('tools:\n  t:\n    docstring: d\n    arguments:\n      - name: a\n        type: string\n        description: x\n        required: «2»\n', 'wrong-type');
    expectNoFix('tools:\n  t:\n    docstring: d\n    arguments:\n      - name: «12»\n        type: string\n        description: x\n        required: true\n', 'wrong-type');
    expectNoFix('tools:\n  t:\n    docstring: d\n    arguments:\n      - name: a\n        type: «1»\n        description: x\n        required: true\n', 'wrong-type');
  });

  it('quotes a key inside a tool, which SWE-agent then ignores as an unknown key (not the preferred fix)', () => {
    expectFix({
      marked: 'tools:\n  t:\n    docstring: d\n    «on»: x\n',
      code: 'non-string-key',
      offered: [{ title: 'Quote `on` so that YAML reads it as a string', preferred: false }],
      expected: 'tools:\n  t:\n    docstring: d\n    "on": x\n',
      appears: ['unknown-key'],
    });
  });

  it('quotes a bare `=` although the file does not load, where a string is wanted', () => {
    expectFix({
      marked: 'tools:\n  t:\n    signature: t <op>\n    docstring: d\n    arguments:\n      - name: op\n        type: string\n        description: x\n        required: true\n        enum: [<, «=», ">"]\n',
      code: 'yaml-value-tag',
      offered: [{ title: 'Quote `=` so that YAML reads it as a string' }],
      expected: 'tools:\n  t:\n    signature: t <op>\n    docstring: d\n    arguments:\n      - name: op\n        type: string\n        description: x\n        required: true\n        enum: [<, "=", ">"]\n',
    });
    expectFix({
      marked: 'tools:\n  t:\n    signature: t <op>\n    docstring: d\n    arguments:\n      - name: op\n        type: string\n        description: x\n        required: true\n        enum:\n          - «=»\n          - =\n',
      code: 'yaml-value-tag',
      offered: [{ title: 'Quote `=` so that YAML reads it as a string' }],
      expected: 'tools:\n  t:\n    signature: t <op>\n    docstring: d\n    arguments:\n      - name: op\n        type: string\n        description: x\n        required: true\n        enum:\n          - "="\n          - =\n',
    });
    expectNoFix('tools:\n  t:\n    docstring: d\n    arguments:\n      - name: op\n        type: «=»\n        description: x\n        required: true\n', 'yaml-value-tag');
  });
});

describe('replace a misspelt key or type', () => {
  it('renames a key, keeping its quotes', () => {
    expectFix({
      marked: 'tools:\n  t:\n    «docstrng»: d\n',
      code: 'unknown-key',
      offered: [{ title: 'Rename `docstrng` to `docstring`' }],
      expected: 'tools:\n  t:\n    docstring: d\n',
      resolves: ['missing-field'],
    });
    expectFix({
      marked: "tools:\n  t:\n    docstring: d\n    «'signatur'»: t\n",
      code: 'unknown-key',
      offered: [{ title: 'Rename `signatur` to `signature`' }],
      expected: "tools:\n  t:\n    docstring: d\n    'signature': t\n",
    });
  });

  it('renames an argument key in a flow mapping', () => {
    expectFix({
      marked: 'tools:\n  t:\n    signature: t <a>\n    docstring: d\n    arguments: [{name: a, type: string, description: x, required: true, «enums»: [b]}]\n',
      code: 'unknown-key',
      offered: [{ title: 'Rename `enums` to `enum`' }],
      expected: 'tools:\n  t:\n    signature: t <a>\n    docstring: d\n    arguments: [{name: a, type: string, description: x, required: true, enum: [b]}]\n',
    });
  });

  it('offers no rename onto a key the mapping already has', () => {
    expectNoFix('tools:\n  t:\n    docstring: d\n    «docstrng»: e\n', 'unknown-key');
  });

  it('replaces a type that is no JSON Schema type, in plain, double- and single-quoted style', () => {
    const doc = (type: string) => `tools:\n  t:\n    signature: t <a>\n    docstring: d\n    arguments:\n      - name: a\n        type: ${type}\n        description: x\n        required: true\n`;
    expectFix({ marked: doc('«int»'), code: 'unknown-json-schema-type', offered: [{ title: 'Change `type: int` to `type: integer`' }], expected: doc('integer') });
    expectFix({ marked: doc('«"str"»'), code: 'unknown-json-schema-type', offered: [{ title: 'Change `type: str` to `type: string`' }], expected: doc('"string"') });
    expectFix({ marked: doc("«'bool'»"), code: 'unknown-json-schema-type', offered: [{ title: 'Change `type: bool` to `type: boolean`' }], expected: doc("'boolean'") });
  });

  it('makes an enum argument a string', () => {
    const doc = (type: string) => `tools:\n  t:\n    signature: t <a>\n    docstring: d\n    arguments:\n      - name: a\n        type: ${type}\n        description: x\n        required: true\n        enum: ["1", "2"]\n`;
    expectFix({ marked: doc('«integer»'), code: 'enum-type-mismatch', offered: [{ title: 'Change `type: integer` to `type: string`' }], expected: doc('string') });
    expectFix({
      marked: 'tools:\n  t:\n    signature: t <a>\n    docstring: d\n    arguments: [{name: a, type: «"boolean"», enum: ["yes"], description: x, required: true}]\n',
      code: 'enum-type-mismatch',
      offered: [{ title: 'Change `type: boolean` to `type: string`' }],
      expected: 'tools:\n  t:\n    signature: t <a>\n    docstring: d\n    arguments: [{name: a, type: "string", enum: ["yes"], description: x, required: true}]\n',
    });
  });
});

describe('braces', () => {
  const jinja = (format: string) => `tools:\n  t:\n    signature: t <a>\n    docstring: d\n    arguments:\n      - name: a\n        type: string\n        description: x\n        required: true\n        argument_format: ${format}\n`;

  it('turns `{value}` into `{{value}}` in argument_format, in every scalar style', () => {
    expectFix({ marked: jinja('«"--a {value}"»'), code: 'argument-format-jinja', offered: [{ title: 'Write `{{value}}` instead of `{value}`' }], expected: jinja('"--a {{value}}"') });
    expectFix({ marked: jinja('«--a={ value }»'), code: 'argument-format-jinja', offered: [{ title: 'Write `{{value}}` instead of `{ value }`' }], expected: jinja('--a={{value}}') });
    expectFix({ marked: jinja("«'{value} and {value}'»"), code: 'argument-format-jinja', offered: [{ title: 'Write `{{value}}` instead of `{value}`' }], expected: jinja("'{{value}} and {{value}}'") });
    expectFix({ marked: jinja('«|\n          --a {value}\n»'), code: 'argument-format-jinja', offered: [{ title: 'Write `{{value}}` instead of `{value}`' }], expected: jinja('|\n          --a {{value}}\n') });
  });

  // parallelcodefoundry/SWE-agent tools/laghos_harness/config.yaml: `laghos_build`'s boolean `clean` has `argument_format: "--clean"`.
  const flag = (format: string) => `tools:\n  t:\n    signature: t [<clean>]\n    docstring: d\n    arguments:\n      - name: clean\n        type: boolean\n        description: x\n        required: false\n        argument_format: ${format}\n`;

  it('wraps a boolean flag that is passed whatever the value in `{% if value %}`', () => {
    const offered = [{ title: 'Change to `{% if value %}--clean{% endif %}`' }];
    expectFix({ marked: flag('«--clean»'), code: 'boolean-flag-always', offered, expected: flag('"{% if value %}--clean{% endif %}"') });
    expectFix({ marked: flag("«'--clean'»"), code: 'boolean-flag-always', offered, expected: flag("'{% if value %}--clean{% endif %}'") });
  });

  it('a boolean format that reads the value, or the default one, is not reported; Jinja that ignores it has no fix', () => {
    const codes = (format: string) => lintBundleText(flag(format)).diagnostics.filter((d) => d.code === 'boolean-flag-always').map((d) => [d.severity, d.range.start.character, d.range.end.character]);
    expect(codes('"{{value}}"')).toEqual([]);
    expect(codes('"{% if value %}--clean{% endif %}"')).toEqual([]);
    expect(codes('"--clean={{value|lower}}"')).toEqual([]);
    expect(codes('"{{ \'--clean\' }}"')).toEqual([['warning', 25, 42]]);
    const withJinja = lintBundleText(flag('"{{ \'--clean\' }}"'));
    expect(withJinja.quickFixes(withJinja.model.diagnostics.find((d) => d.code === 'boolean-flag-always')!)).toEqual([]);
  });

  const docstring = (value: string) => `tools:\n  t:\n    docstring: ${value}\n`;

  it('escapes an unknown variable in a docstring, every use of it, through escapes and block style', () => {
    expectFix({
      marked: docstring('Moves «{WINDOW}» lines, {WINDOW} at most.'),
      code: 'docstring-unknown-variable',
      offered: [{ title: 'Escape `{WINDOW}` as `{{WINDOW}}` (2 places)', preferred: false }],
      expected: docstring('Moves {{WINDOW}} lines, {{WINDOW}} at most.'),
    });
    expectFix({
      marked: docstring('"Moves «\\x7bWINDOW}» lines."'),
      code: 'docstring-unknown-variable',
      offered: [{ title: 'Escape `{WINDOW}` as `{{WINDOW}}`', preferred: false }],
      expected: docstring('"Moves {{WINDOW}} lines."'),
    });
    expectFix({
      marked: docstring('|\n      Moves the window.\n      Shows «{WINDOW}» lines.\n'),
      code: 'docstring-unknown-variable',
      offered: [{ title: 'Escape `{WINDOW}` as `{{WINDOW}}`', preferred: false }],
      expected: docstring('|\n      Moves the window.\n      Shows {{WINDOW}} lines.\n'),
    });
  });

  it('escapes literal braces (JSON examples) everywhere in the docstring, since the check stops at the first', () => {
    expectFix({
      marked: docstring(`'Pass «{"path": "a"}» or {"line": 1}, see {PAGER}.'`),
      code: 'docstring-format-error',
      offered: [{ title: 'Escape `{"path": "a"}` as `{{"path": "a"}}` (2 places)' }],
      expected: docstring(`'Pass {{"path": "a"}} or {{"line": 1}}, see {PAGER}.'`),
    });
  });

  it('escapes a field whose format spec fails, and stray braces', () => {
    expectFix({
      marked: docstring('"Pages with «{PAGER:d}»."'),
      code: 'docstring-format-error',
      offered: [{ title: 'Escape `{PAGER:d}` as `{{PAGER:d}}`', preferred: false }],
      expected: docstring('"Pages with {{PAGER:d}}."'),
    });
    expectFix({
      marked: docstring('Deletes everything up to the closing «}».'),
      code: 'docstring-format-error',
      offered: [{ title: 'Escape the stray `}` as `}}`' }],
      expected: docstring('Deletes everything up to the closing }}.'),
    });
    expectFix({
      marked: docstring('>\n      Opens a { block\n      and «{»{ more.\n'),
      code: 'docstring-format-error',
      offered: [{ title: 'Escape the stray `{` as `{{`' }],
      expected: docstring('>\n      Opens a {{ block\n      and {{ more.\n'),
    });
  });
});

const ARG = (name: string, required: boolean, indent = '      ') =>
  `${indent}- name: ${name}\n${indent}  type: string\n${indent}  description: x\n${indent}  required: ${required}\n`;

describe('signature', () => {
  const tool = (signature: string, args: string) => `tools:\n  t:\n    signature: ${signature}\n    docstring: d\n    arguments:\n${args}`;

  it('adds no placeholder the SWE-agent judged by would not fill: a one-character name up to 1.1.0', () => {
    const args = ARG('xx', true) + ARG('«b»', true);
    expectNoFix(tool('"t <xx>"', args), 'signature-missing-argument', { sweAgent: '1.1.0' });
    expectFix({ marked: tool('"t <xx>"', ARG('xx', true) + ARG('«bb»', true)), code: 'signature-missing-argument', offered: [{ title: 'Add `<bb>` to the signature' }], expected: tool('"t <xx> <bb>"', ARG('xx', true) + ARG('bb', true)), config: { sweAgent: '1.1.0' } });
  });

  it('adds the placeholder of an argument it lacks, optional at the end, keeping the quoting', () => {
    const args = ARG('path', true) + ARG('«line»', false);
    const plainArgs = args.replace(/[«»]/g, '');
    expectFix({ marked: tool('"t <path>"', args), code: 'signature-missing-argument', offered: [{ title: 'Add `[<line>]` to the signature' }], expected: tool('"t <path> [<line>]"', plainArgs) });
    expectFix({ marked: tool("'t <path>'", args), code: 'signature-missing-argument', offered: [{ title: 'Add `[<line>]` to the signature' }], expected: tool("'t <path> [<line>]'", plainArgs) });
    expectFix({ marked: tool('t <path>  # comment', args), code: 'signature-missing-argument', offered: [{ title: 'Add `[<line>]` to the signature' }], expected: tool('t <path> [<line>]  # comment', plainArgs) });
    expectFix({ marked: tool('|\n      t <path>\n', args), code: 'signature-missing-argument', offered: [{ title: 'Add `[<line>]` to the signature' }], expected: tool('|\n      t <path> [<line>]\n', plainArgs) });
    expectFix({ marked: tool('"t \\"<path>\\""', args), code: 'signature-missing-argument', offered: [{ title: 'Add `[<line>]` to the signature' }], expected: tool('"t \\"<path>\\" [<line>]"', plainArgs) });
  });

  it('adds a required placeholder before the optional ones', () => {
    const args = ARG('«path»', true) + ARG('line', false);
    expectFix({ marked: tool('t [<line>]', args), code: 'signature-missing-argument', offered: [{ title: 'Add `<path>` to the signature' }], expected: tool('t <path> [<line>]', args.replace(/[«»]/g, '')) });
  });

  it('quotes a plain signature in a flow mapping rather than put brackets in it', () => {
    const marked = 'tools:\n  t: {signature: t <a>, docstring: d, arguments: [{name: a, type: string, description: x, required: true}, {name: «b», type: string, description: x, required: false}]}\n';
    expectFix({
      marked,
      code: 'signature-missing-argument',
      offered: [{ title: 'Add `[<b>]` to the signature' }],
      expected: marked.replace(/[«»]/g, '').replace('signature: t <a>,', 'signature: "t <a> [<b>]",'),
    });
  });

  it('writes `[<x>]` or `<x>` as `required` says, or sets `required` to agree', () => {
    const optionalArgs = ARG('path', true) + ARG('line', false);
    expectFix({
      marked: tool('"t <path> «<line>»"', optionalArgs),
      code: 'optional-mismatch',
      offered: [{ title: 'Write `[<line>]` in the signature' }, { title: 'Set `required: true`', preferred: false }],
      expected: tool('"t <path> [<line>]"', optionalArgs),
    });
    expectFix({
      marked: tool('"t <path> «<line>»"', optionalArgs),
      code: 'optional-mismatch',
      offered: [{ title: 'Write `[<line>]` in the signature' }, { title: 'Set `required: true`', preferred: false }],
      apply: 1,
      expected: tool('"t <path> <line>"', ARG('path', true) + ARG('line', true)),
    });
    // In `[--line <line>]` the `]` closes the flag's brackets.
    expectFix({
      marked: tool('t <path> [--line «<line>]»', optionalArgs),
      code: 'optional-mismatch',
      offered: [{ title: 'Write `[<line>]` in the signature' }, { title: 'Set `required: true`', preferred: false }],
      expected: tool('t <path> [--line [<line>]]', optionalArgs),
    });
    // Making `path` optional would put it before a required argument: only the signature fix.
    const requiredArgs = ARG('path', true) + ARG('line', true);
    expectFix({
      marked: tool("'t «[<path>]» <line>'", requiredArgs),
      code: 'optional-mismatch',
      offered: [{ title: 'Write `<path>` in the signature', preferred: false }],
      expected: tool("'t <path> <line>'", requiredArgs),
    });
  });

  it('gives a bare `--x` flag its placeholder, in place of a metavariable', () => {
    const args = ARG('«limit»', false);
    expectFix({ marked: tool('t [--limit]', args), code: 'argument-not-a-placeholder', offered: [{ title: 'Write `--limit [<limit>]` in the signature' }], expected: tool('t [--limit [<limit>]]', args.replace(/[«»]/g, '')) });
    expectFix({ marked: tool('"t --limit LIMIT"', args), code: 'argument-not-a-placeholder', offered: [{ title: 'Write `--limit [<limit>]` in the signature' }], expected: tool('"t --limit [<limit>]"', args.replace(/[«»]/g, '')) });
  });

  it('adds a signature to a multi-line tool', () => {
    const doc = (signature: string) => `tools:\n  edit:\n${signature}    docstring: d\n    «end_name»: END\n    arguments:\n${ARG('path', true)}${ARG('text', false)}`;
    expectFix({
      marked: doc(''),
      code: 'multiline-without-signature',
      offered: [{ title: 'Add `signature: "edit <path> [<text>]"`' }],
      expected: doc('    signature: "edit <path> [<text>]"\n').replace(/[«»]/g, ''),
    });
    expectFix({
      marked: 'tools:\n  edit: {docstring: d, «end_name»: END}\n',
      code: 'multiline-without-signature',
      offered: [{ title: 'Add `signature: "edit"`' }],
      expected: 'tools:\n  edit: {signature: "edit", docstring: d, end_name: END}\n',
    });
  });
});

describe('arguments', () => {
  const tool = (signature: string, args: string) => `tools:\n  t:\n    signature: ${signature}\n    docstring: d\n    arguments:\n${args}`;
  const skeleton = (name: string, required: boolean, indent = '      ') => `${indent}- name: ${name}\n${indent}  type: string\n${indent}  description: ""\n${indent}  required: ${required}\n`;

  it('adds the argument a placeholder lacks: required before the optional ones, optional at the end', () => {
    expectFix({
      marked: tool('"t <path> «<line>» [<count>]"', ARG('path', true) + ARG('count', false)),
      code: 'signature-unknown-placeholder',
      offered: [{ title: 'Add the argument `line`' }],
      expected: tool('"t <path> <line> [<count>]"', ARG('path', true) + skeleton('line', true) + ARG('count', false)),
    });
    expectFix({
      marked: tool('"t <path> «[<count>]»"', ARG('path', true)),
      code: 'signature-unknown-placeholder',
      offered: [{ title: 'Add the argument `count`' }],
      expected: tool('"t <path> [<count>]"', ARG('path', true) + skeleton('count', false)),
    });
  });

  it('follows the file: four-space indentation, an indentless list, flow items, a last line without a line break', () => {
    const four = 'tools:\n    t:\n        signature: t <a> «<b>»\n        docstring: d\n        arguments:\n            -   name: a\n                type: string\n                description: x\n                required: true\n';
    expectFix({
      marked: four,
      code: 'signature-unknown-placeholder',
      offered: [{ title: 'Add the argument `b`' }],
      expected: four.replace(/[«»]/g, '') + '            -   name: b\n                type: string\n                description: ""\n                required: true\n',
    });
    const indentless = 'tools:\n  t:\n    signature: t <a> «<b>»\n    docstring: d\n    arguments:\n    - name: a\n      type: string\n      description: x\n      required: true';
    expectFix({
      marked: indentless,
      code: 'signature-unknown-placeholder',
      offered: [{ title: 'Add the argument `b`' }],
      expected: indentless.replace(/[«»]/g, '') + '\n    - name: b\n      type: string\n      description: ""\n      required: true',
    });
    const flowItems = 'tools:\n  t:\n    signature: t <a> «<b>»\n    docstring: d\n    arguments:\n      - {name: a, type: string, description: x, required: true}\n';
    expectFix({
      marked: flowItems,
      code: 'signature-unknown-placeholder',
      offered: [{ title: 'Add the argument `b`' }],
      expected: flowItems.replace(/[«»]/g, '') + '      - {name: b, type: string, description: "", required: true}\n',
    });
    const flowList = 'tools:\n  t:\n    signature: t «<b>» [<a>]\n    docstring: d\n    arguments: [{name: a, type: string, description: x, required: false}]\n';
    expectFix({
      marked: flowList,
      code: 'signature-unknown-placeholder',
      offered: [{ title: 'Add the argument `b`' }],
      expected: flowList.replace(/[«»]/g, '').replace('[{name: a', '[{name: b, type: string, description: "", required: true}, {name: a'),
    });
  });

  it('quotes a placeholder name YAML would read as a boolean', () => {
    expectFix({
      marked: tool('t <a> «<yes>»', ARG('a', true)),
      code: 'signature-unknown-placeholder',
      offered: [{ title: 'Add the argument `yes`' }],
      expected: tool('t <a> <yes>', ARG('a', true) + skeleton('"yes"', true)),
    });
  });

  it('offers a `{x}` field both as an argument and as literal braces; `{}` only as literal braces', () => {
    expectFix({
      marked: tool("'t <a> «{b}»'", ARG('a', true)),
      code: 'signature-unknown-placeholder',
      offered: [{ title: 'Add the argument `b`' }, { title: 'Escape `{b}` as literal text `{{b}}`', preferred: false }],
      apply: 1,
      expected: tool("'t <a> {{b}}'", ARG('a', true)),
    });
    expectFix({
      marked: tool('find <a> -exec wc -l «{}» +', ARG('a', true)),
      code: 'signature-unknown-placeholder',
      offered: [{ title: 'Escape `{}` as literal text `{{}}`' }],
      expected: tool('find <a> -exec wc -l {{}} +', ARG('a', true)),
    });
  });

  it('takes a placeholder without an argument and an argument missing from the signature as one rename: either rename, from either diagnostic, resolves both', () => {
    const edit = (placeholder: string, argument: string) =>
      `tools:\n  edit:\n    signature: "edit ${placeholder} [<line>]"\n    docstring: Edits <file_path>.\n    arguments:\n${ARG(argument, true)}${ARG('line', false)}`;
    const renames = [{ title: 'Rename placeholder `<file_path>` to `<path>`', preferred: false }, { title: 'Rename argument `path` to `file_path`', preferred: false }];
    const cases = [
      { marked: edit('«<file_path>»', 'path'), code: 'signature-unknown-placeholder', other: 'signature-missing-argument' },
      { marked: edit('<file_path>', '«path»'), code: 'signature-missing-argument', other: 'signature-unknown-placeholder' },
    ];
    for (const { marked, code, other } of cases) {
      expectFix({ marked, code, offered: renames, apply: 0, expected: edit('<path>', 'path').replace('Edits <file_path>', 'Edits <path>'), resolves: [other] });
      expectFix({ marked, code, offered: renames, apply: 1, expected: edit('<file_path>', 'file_path'), resolves: [other] });
    }
  });

  it('renames a placeholder and every other spelling of it, and an argument with its docstring mentions', () => {
    const tool2 = (signature: string, docstring: string, name: string) => `tools:\n  t:\n    signature: '${signature}'\n    docstring: ${docstring}\n    arguments:\n${ARG(name, true)}`;
    expectFix({
      marked: tool2('t --file «<file>» {file}', 'Reads <file>.', 'path'),
      code: 'signature-unknown-placeholder',
      offered: [{ title: 'Rename placeholder `<file>` to `<path>`', preferred: false }, { title: 'Rename argument `path` to `file`', preferred: false }],
      expected: tool2('t --path <path> {path}', 'Reads <path>.', 'path'),
      // `{file}` has a diagnostic of its own, which the same rename resolves.
      resolves: ['signature-missing-argument', 'signature-unknown-placeholder'],
    });
    expectFix({
      marked: tool2('t <file>', 'Reads <path>.', '«path»'),
      code: 'signature-missing-argument',
      offered: [{ title: 'Rename placeholder `<file>` to `<path>`', preferred: false }, { title: 'Rename argument `path` to `file`', preferred: false }],
      apply: 1,
      expected: tool2('t <file>', 'Reads <file>.', 'file'),
      resolves: ['signature-unknown-placeholder'],
    });
  });

  it('adds the argument or the placeholder, as before, when the mismatch is not one pair', () => {
    expectFix({
      marked: tool('"t «<a>» <b>"', ARG('c', true)),
      code: 'signature-unknown-placeholder',
      offered: [{ title: 'Add the argument `a`' }],
      expected: tool('"t <a> <b>"', ARG('c', true) + skeleton('a', true)),
    });
    expectFix({
      marked: tool('"t <x> <y>"', ARG('«b»', true)),
      code: 'signature-missing-argument',
      offered: [{ title: 'Add `<b>` to the signature' }],
      expected: tool('"t <x> <y> <b>"', ARG('b', true)),
    });
  });

  it('creates `arguments:` for a tool without arguments whose calls fail, in the indentation the file uses elsewhere', () => {
    const other = 'tools:\n  a:\n    signature: a <x>\n    docstring: d\n    arguments:\n    - name: x\n      type: string\n      description: x\n      required: true\n';
    expectFix({
      marked: other + '  b:\n    signature: b «<path>» [<n>] <path>\n    docstring: d\n',
      code: 'runtime-call-error',
      offered: [{ title: 'Add the arguments `path`, `n`' }],
      expected: other + '  b:\n    signature: b <path> [<n>] <path>\n    docstring: d\n    arguments:\n    - name: path\n      type: string\n      description: ""\n      required: true\n    - name: n\n      type: string\n      description: ""\n      required: false\n',
    });
    expectFix({
      marked: 'tools:\n  b:\n    signature: b «{path}»\n    docstring: d\n    arguments: []  # none yet\n',
      code: 'runtime-call-error',
      offered: [{ title: 'Add the argument `path`' }, { title: 'Escape `{path}` as literal text `{{path}}`', preferred: false }],
      expected: 'tools:\n  b:\n    signature: b {path}\n    docstring: d\n    arguments:\n      - name: path\n        type: string\n        description: ""\n        required: true  # none yet\n',
    });
    expectFix({
      marked: 'tools:\n  b: {signature: "b «<path>»", docstring: d}\n',
      code: 'runtime-call-error',
      offered: [{ title: 'Add the argument `path`' }],
      expected: 'tools:\n  b: {signature: "b <path>", docstring: d, arguments: [{name: path, type: string, description: "", required: true}]}\n',
    });
  });

  it('moves a required argument before the first optional one', () => {
    expectFix({
      marked: tool('t [<a>] <b>', ARG('a', false) + ARG('«b»', true)),
      code: 'required-after-optional',
      offered: [{ title: 'Move `b` before the optional argument `a`' }],
      expected: tool('t [<a>] <b>', ARG('b', true) + ARG('a', false)),
    });
    // The last line has no line break.
    expectFix({
      marked: tool('t [<a>] <b> <c>', ARG('a', false) + ARG('b', true) + ARG('«c»', true).trimEnd()),
      code: 'required-after-optional',
      offered: [{ title: 'Move `c` before the optional argument `a`' }],
      expected: tool('t [<a>] <b> <c>', ARG('c', true) + ARG('a', false) + ARG('b', true).trimEnd()),
      resolves: [],
    });
    const flow = 'tools:\n  t:\n    signature: t [<a>] <b>\n    docstring: d\n    arguments: [{name: a, type: string, description: x, required: false},\n      {name: «b», type: string, description: x, required: true}]\n';
    expectFix({
      marked: flow,
      code: 'required-after-optional',
      offered: [{ title: 'Move `b` before the optional argument `a`' }],
      expected: 'tools:\n  t:\n    signature: t [<a>] <b>\n    docstring: d\n    arguments: [{name: b, type: string, description: x, required: true},\n      {name: a, type: string, description: x, required: false}]\n',
    });
  });

  it('removes a duplicate argument: the preferred fix when it is a copy', () => {
    expectFix({
      marked: tool('t <a> <b>', ARG('a', true) + ARG('«a»', true) + ARG('b', true)),
      code: 'duplicate-argument',
      offered: [{ title: 'Remove the duplicate argument `a`' }],
      expected: tool('t <a> <b>', ARG('a', true) + ARG('b', true)),
    });
    expectFix({
      marked: tool('t <a>', ARG('a', true) + '      - name: «a»\n        type: integer\n        description: y\n        required: true\n'),
      code: 'duplicate-argument',
      offered: [{ title: 'Remove the duplicate argument `a`', preferred: false }],
      expected: tool('t <a>', ARG('a', true)),
    });
    expectFix({
      marked: 'tools:\n  t:\n    signature: t <a>\n    docstring: d\n    arguments: [{name: a, type: string, description: x, required: true}, {name: «a», type: string, description: x, required: true}]\n',
      code: 'duplicate-argument',
      offered: [{ title: 'Remove the duplicate argument `a`' }],
      expected: 'tools:\n  t:\n    signature: t <a>\n    docstring: d\n    arguments: [{name: a, type: string, description: x, required: true}]\n',
    });
  });
});

describe('fields', () => {
  it('adds `docstring: null` right after the tool key line, at the fields\' indentation', () => {
    expectFix({
      marked: 'tools:\n  «t»:  # the tool\n      # its signature\n      signature: t\n',
      code: 'missing-field',
      offered: [{ title: 'Add `docstring: null`' }],
      expected: 'tools:\n  t:  # the tool\n      docstring: null\n      # its signature\n      signature: t\n',
    });
    expectFix({ marked: 'tools:\n  «t»: {signature: t}\n', code: 'missing-field', offered: [{ title: 'Add `docstring: null`' }], expected: 'tools:\n  t: {docstring: null, signature: t}\n' });
    expectFix({ marked: 'tools:\n  «t»: {}\n', code: 'missing-field', offered: [{ title: 'Add `docstring: null`' }], expected: 'tools:\n  t: {docstring: null}\n' });
  });

  const tool = (item: string) => `tools:\n  t:\n    signature: t <a> [<b>]\n    docstring: d\n    arguments:\n${ARG('a', true)}${item}`;

  it('gives an argument the missing type, description and required as the signature writes it', () => {
    expectFix({
      marked: tool('      - «name: b»\n        description: x\n        required: false\n'),
      code: 'missing-field',
      offered: [{ title: 'Add `type: string`' }],
      expected: tool('      - name: b\n        description: x\n        required: false\n        type: string\n'),
    });
    expectFix({
      marked: tool('      - «name: b»\n        type: string\n        required: false\n'),
      code: 'missing-field',
      offered: [{ title: 'Add `description: ""`' }],
      expected: tool('      - name: b\n        type: string\n        required: false\n        description: ""\n'),
    });
    expectFix({
      marked: tool('      - «{name: b, type: string, description: x}»\n'),
      code: 'missing-field',
      offered: [{ title: 'Add `required: false`' }],
      expected: tool('      - {name: b, type: string, description: x, required: false}\n'),
    });
    expectFix({
      marked: tool('      - «type: string»\n        description: x\n        required: false\n'),
      code: 'missing-field',
      offered: [{ title: 'Add `name: b`' }],
      expected: tool('      - type: string\n        description: x\n        required: false\n        name: b\n'),
    });
  });

  it('adds `items` to an array, or fills an empty one', () => {
    const doc = (rest: string) => `tools:\n  t:\n    signature: t <a>\n    docstring: d\n    arguments:\n      - name: a\n${rest}        description: x\n        required: true\n`;
    expectFix({
      marked: doc('        type: «array»\n'),
      code: 'array-without-items',
      offered: [{ title: 'Add `items: {type: string}`' }],
      expected: doc('        type: array\n        items: {type: string}\n'),
    });
    expectFix({
      marked: doc('        type: «array»\n        items:\n'),
      code: 'array-without-items',
      offered: [{ title: 'Add `items: {type: string}`' }],
      expected: doc('        type: array\n        items: {type: string}\n'),
    });
    expectFix({
      marked: 'tools:\n  t:\n    signature: t <a>\n    docstring: d\n    arguments: [{name: a, type: «array», items: {}, description: x, required: true}]\n',
      code: 'array-without-items',
      offered: [{ title: 'Add `items: {type: string}`' }],
      expected: 'tools:\n  t:\n    signature: t <a>\n    docstring: d\n    arguments: [{name: a, type: array, items: {type: string}, description: x, required: true}]\n',
    });
  });

  it('removes `name:` from a tool, block or flow', () => {
    expectFix({
      marked: 'tools:\n  t:\n    «name»: >\n      other\n    docstring: d\n',
      code: 'name-key-conflict',
      offered: [{ title: 'Remove `name:` (the tool is named by its key)' }],
      expected: 'tools:\n  t:\n    docstring: d\n',
    });
    expectFix({
      marked: 'tools:\n  t: {docstring: d, «name»: t}\n',
      code: 'name-key-conflict',
      offered: [{ title: 'Remove `name:` (the tool is named by its key)' }],
      expected: 'tools:\n  t: {docstring: d}\n',
    });
  });
});

/** A fix on a real bundle: the result is the original with `replacements` made (each found exactly once). */
function expectCorpusFix(file: string, code: string, pick: (d: FileDiagnostic, text: string) => boolean, title: string, replacements: [string, string][], appears: string[] = []): void {
  const text = fs.readFileSync(path.join(CORPUS_DIR, file), 'utf8');
  const before = lintBundleText(text);
  const targets = before.model.diagnostics.filter((d) => d.code === code && pick(d, before.model.source.normalized));
  expect(targets).toHaveLength(1);
  const fixes = before.quickFixes(targets[0]);
  const fix = fixes.find((f) => f.title === title);
  expect(fix, `offered: ${fixes.map((f) => f.title).join(' | ')}`).toBeDefined();
  let expected = before.model.source.normalized;
  for (const [from, to] of replacements) {
    expect(expected.split(from)).toHaveLength(2);
    expected = expected.replace(from, to);
  }
  const fixed = applyEdits(before.model.source.normalized, fix!.edits);
  expect(fixed).toBe(expected);
  expectOnlyFixed(before, targets[0], lintBundleText(fixed), appears);
}

const spanText = (d: FileDiagnostic, text: string) => text.slice(d.start, d.end);

// The corpus bundles were taken from public repositories: only ../shared holds them.
describe.skipIf(!HAS_SHARED)('on real bundles', () => {
  it('escapes {WINDOW} in one docstring of SWE-agent\'s default tools', () => {
    expectCorpusFix('arktrail__SWE-agent/tools/defaults/config.yaml', 'docstring-unknown-variable', (d) => d.tool === 'scroll_up', 'Escape `{WINDOW}` as `{{WINDOW}}`', [
      ['"moves the window up {WINDOW} lines"', '"moves the window up {{WINDOW}} lines"'],
    ]);
  });

  it('escapes the JSON examples of a block docstring', () => {
    expectCorpusFix('KoeYe__SWE-agent-UE/tools/unreal_mcp/config.yaml', 'docstring-format-error', () => true, 'Escape `{"name": "MyActor", "parent_class": "Actor"}` as `{{"name": "MyActor", "parent_class": "Actor"}}` (3 places)', [
      [`'{"name": "MyActor", "parent_class": "Actor"}'`, `'{{"name": "MyActor", "parent_class": "Actor"}}'`],
      [`'{"name": "TestActor", "type": "StaticMeshActor"}'`, `'{{"name": "TestActor", "type": "StaticMeshActor"}}'`],
      [`'{"query": "convert .obj file into .uassets"}'`, `'{{"query": "convert .obj file into .uassets"}}'`],
    ]);
  });

  it('adds the missing optional placeholder to a signature', () => {
    expectCorpusFix('parallelcodefoundry__SWE-agent/tools/laghos_harness/config.yaml', 'signature-missing-argument', () => true, 'Add `[<baseline_only>]` to the signature', [
      ['[<np>] [--baseline-only]"', '[<np>] [--baseline-only] [<baseline_only>]"'],
    ], ['boolean-flag-always', 'boolean-flag-always']);
  });

  it('replaces `type: float`', () => {
    expectCorpusFix('lamia76__SWE-agent/tools/openviking_cli/config.yaml', 'unknown-json-schema-type', () => true, 'Change `type: float` to `type: number`', [['        type: float\n', '        type: number\n']]);
  });

  it('makes a placeholder optional as `required: false` says, inside a flag\'s brackets', () => {
    expectCorpusFix('HarrytheOrange__Issue-Mem-SWE-agent/tools/jina_read/config.yaml', 'optional-mismatch', () => true, 'Write `[<max_chars>]` in the signature', [
      ["'jina_read <url> [--max-chars <max_chars>]'", "'jina_read <url> [--max-chars [<max_chars>]]'"],
    ]);
  });

  it('gives a flag with a metavariable its placeholder', () => {
    expectCorpusFix('lamia76__SWE-agent/tools/openviking_proxy/config.yaml', 'argument-not-a-placeholder', (d, text) => spanText(d, text) === 'limit', 'Write `--limit [<limit>]` in the signature', [
      ['[--limit LIMIT]', '[--limit [<limit>]]'],
    ]);
  });
});

/**
 * Every fix offered on every conformance case and real bundle (at most a few
 * per code and file: one case has 300 tools with the same problem) removes
 * its diagnostic and adds none, except what the fix lets the checker reach: a
 * tool that now loads is called (runtime-call-error), a type that is now
 * `array` needs items, a key that is now a string is an unknown key. Editing
 * a signature changes the messages that quote it, so diagnostics are compared
 * by code, severity and tool here.
 */
const PER_FILE_AND_CODE = 4;
const sameProblem = (d: Diagnosticish) => `${d.code} ${d.severity} ${JSON.stringify(d.tool)}`;

const UNMASKED: Record<string, string[]> = {
  // A tool that loads is also checked for how it is called.
  'signature-missing-argument': ['runtime-call-error', 'boolean-flag-always'],
  'unknown-json-schema-type': ['array-without-items'],
  'non-string-key': ['unknown-key'],
};

describe('every fix on the conformance cases, the corpus and our own bundles', () => {
  it('removes its diagnostic and adds no other', () => {
    const corpus = execFileSync('find', [CORPUS_DIR, '-name', 'config.yaml', '-path', '*tools*']).toString().split('\n').filter(Boolean);
    const cases = fs.readdirSync(CASES_DIR).map((id) => path.join(CASES_DIR, id, 'config.yaml')).filter((f) => fs.existsSync(f));
    const exercised = new Map<string, number>();
    const problems: string[] = [];
    // Our own bundles for the fixes that only the corpus would exercise otherwise (fixSweep/README.md).
    const ours = execFileSync('find', [path.join(__dirname, 'fixSweep'), '-name', 'config.yaml']).toString().split('\n').filter(Boolean);
    for (const file of [...cases, ...corpus, ...ours]) {
      const before = lintBundleText(fs.readFileSync(file, 'utf8'));
      const perCode = new Map<string, number>();
      for (const diagnostic of before.model.diagnostics) {
        if (!before.diagnostics.some((d) => keyOf(d) === keyOf(diagnostic))) continue;
        if ((perCode.get(diagnostic.code) ?? 0) >= PER_FILE_AND_CODE) continue;
        perCode.set(diagnostic.code, (perCode.get(diagnostic.code) ?? 0) + 1);
        for (const fix of before.quickFixes(diagnostic)) {
          exercised.set(diagnostic.code, (exercised.get(diagnostic.code) ?? 0) + 1);
          const fixed = applyEdits(before.model.source.normalized, fix.edits);
          const after = lintBundleText(fixed);
          const remaining = before.diagnostics.map(sameProblem);
          remaining.splice(remaining.indexOf(sameProblem(diagnostic)), 1);
          const count = (result: LintResult) => result.diagnostics.filter((d) => sameProblem(d) === sameProblem(diagnostic)).length;
          if (count(after) >= count(before)) {
            problems.push(`${path.relative(path.dirname(CORPUS_DIR), file)}: ${diagnostic.code} / ${fix.title}: still there`);
          }
          const added = after.diagnostics.filter((d) => {
            const i = remaining.indexOf(sameProblem(d));
            if (i === -1) return true;
            remaining.splice(i, 1);
            return false;
          });
          const unexpected = added.filter((d) => !(UNMASKED[diagnostic.code] ?? []).includes(d.code));
          if (unexpected.length > 0) problems.push(`${path.relative(path.dirname(CORPUS_DIR), file)}: ${diagnostic.code} / ${fix.title}: added ${unexpected.map(keyOf).join('; ')}`);
        }
      }
    }
    expect(problems).toEqual([]);
    // Each provider was exercised (a provider that stopped offering fixes would pass the loop above).
    // The bin/ and script fixes answer the bundle folder checks, which lintBundleText does not run (test/workspace/binQuickFixes.test.ts, bundleScripts.test.ts);
    // a suppression comment's codes are checked on the file's report, not its model (test/features/suppressionCodes.test.ts).
    expect([...exercised.keys()].sort()).toEqual(
      Object.keys(QUICK_FIXES).filter((code) => code !== 'enum-type-mismatch' && !code.startsWith('bin-script-') && code !== 'script-crlf' && code !== 'unknown-rule-code').sort(),
    );
  });
});
