/** A module's outline (function bodies cut, lines kept) reads as the whole module does, on a synthetic module of our own. */
import { describe, expect, it } from 'vitest';
import { pythonOutline } from '../../../server/src/engine/sweAgent/extract/pythonOutline';
import { PythonParses, readPythonModule } from '../../../server/src/engine/sweAgent/extract/pythonSource';

const NOTHING_KEPT = /(?!)/;
const EVERYTHING_KEPT = /[^]/;

const MODULE = [
  'from pydantic import BaseModel, Field, field_validator',
  '',
  'def helper(a,',
  '           b=")"):  # a header over two lines, a bracket in a string',
  '    """A docstring with',
  'def not_a_def():',
  '    at column 0."""',
  "    x = '\\'' + r\"\\\"\" + '#'  # quotes escaped, raw or not",
  '    return x \\',
  '        + "continued"',
  '',
  'class Config(BaseModel):',
  '    name: str = Field(default="a:", description="""Two',
  'lines""")',
  '    limit: int = 3',
  '',
  '    @field_validator("limit")',
  '    @classmethod',
  '    def check(cls, v):',
  '        def inner():',
  '            return 1',
  '        return v',
  '',
  '    async def later(self) -> dict[str, int]:',
  '\tpass',
  '',
  '    def one_line(self): return 2',
  '',
  '    def render_me(self):',
  '        return self.render(value=1)',
  '',
  'after: int = 1',
  '',
].join('\n');

describe('pythonOutline', () => {
  it('cuts every function body written over several lines to `...`, keeping its newlines and everything else', () => {
    expect(pythonOutline(MODULE, NOTHING_KEPT)).toBe(
      [
        'from pydantic import BaseModel, Field, field_validator',
        '',
        'def helper(a,',
        '           b=")"):  # a header over two lines, a bracket in a string',
        '    ...',
        '',
        '',
        '',
        '',
        '',
        '',
        'class Config(BaseModel):',
        '    name: str = Field(default="a:", description="""Two',
        'lines""")',
        '    limit: int = 3',
        '',
        '    @field_validator("limit")',
        '    @classmethod',
        '    def check(cls, v):',
        '        ...',
        '',
        '',
        '',
        '    async def later(self) -> dict[str, int]:',
        '\t...',
        '',
        '    def one_line(self): return 2',
        '',
        '    def render_me(self):',
        '        ...',
        '',
        'after: int = 1',
        '',
      ].join('\n'),
    );
  });

  it('keeps the bodies of the functions whose text matches, and looks into them for others', () => {
    const outline = pythonOutline(MODULE, /render|return v/);
    expect(outline).toContain('    def check(cls, v):\n        def inner():\n            ...\n        return v\n');
    expect(outline).toContain('    def render_me(self):\n        return self.render(value=1)\n');
    expect(outline).toContain('def helper(a,\n           b=")"):  # a header over two lines, a bracket in a string\n    ...\n');
  });

  it('is the text itself when no body spans lines, with CRLF as with LF', () => {
    const source = 'def f(): return 1\r\nclass A:\r\n    x: int = 1\r\n';
    expect(pythonOutline(source, NOTHING_KEPT)).toBe(source);
    expect(pythonOutline('def f():\r\n    return 1\r\nx = 2\r\n', NOTHING_KEPT)).toBe('def f():\r\n    ...\nx = 2\r\n');
  });
});

describe('readPythonModule on the outline', () => {
  const serialized = (parses: PythonParses, source: string) => JSON.stringify(readPythonModule(source, 'pkg.mod', false, parses), (_key, value: unknown) => (value instanceof Map ? Object.fromEntries(value) : value));

  it('reads the same classes, fields, validators, assignments and lines as the whole text', () => {
    const fromOutline = serialized(new PythonParses(NOTHING_KEPT), MODULE);
    expect(fromOutline).toBe(serialized(new PythonParses(EVERYTHING_KEPT), MODULE));
    const info = readPythonModule(MODULE, 'pkg.mod', false, new PythonParses(NOTHING_KEPT));
    expect(info.classes.get('Config')?.fields.map((f) => [f.name, f.line])).toEqual([
      ['name', 13],
      ['limit', 15],
    ]);
    expect(info.classes.get('Config')?.methods).toEqual([{ name: 'check', kind: 'field_validator', fields: ['limit'], line: 17 }]);
    expect(info.assignments.get('after')).toEqual({ k: 'other', text: '1' });
  });

  it('parses the whole text when the outline does not parse cleanly', () => {
    const broken = 'def f():\n    return 1\nclass A(:\n    x: int = 1\n';
    const parses = new PythonParses(NOTHING_KEPT);
    expect(parses.outline(broken).text).toBe(broken);
    expect(parses.outline(MODULE).text).toBe(pythonOutline(MODULE, NOTHING_KEPT));
  });
});
