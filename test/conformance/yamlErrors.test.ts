/**
 * Every YAML error the real loader recorded in the conformance cases
 * (`stage: yaml` in a bundle's or an agent config's `expected.json`): our
 * first YAML diagnostic carries PyYAML's problem text, starts exactly at
 * PyYAML's problem mark, and has the context mark (with PyYAML's context
 * text) as related information. Marks are compared as PyYAML counts them
 * (pyyamlMark): 1-based line and column, as `problem_pos` records them.
 */
import * as fs from 'fs';
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { BUNDLE, analysisOfBundle } from '../helpers/fixture';
import { decodeFile } from '../../server/src/engine/document/decodeFile';
import { sourceTextOf } from '../../server/src/engine/document/sourceText';
import { yamlProblemDiagnostics } from '../../server/src/engine/swe/checkBundle';
import { loadYaml } from '../../server/src/engine/yaml/loadYaml';
import { pyyamlMark } from '../../server/src/engine/yaml/pyyaml/marks';
import { AGENT_CASES_DIR, CASES_DIR, caseIds, readJson } from '../helpers/shared';

interface YamlError {
  stage: string;
  kind: string;
  file?: string;
  message: string;
  exception_type?: string;
  yaml_problem?: string;
  yaml_context?: string;
  problem_pos?: { line: number; column: number };
  context_pos?: { line: number; column: number };
}

/** A diagnostic with offsets in the file's (normalized) text. */
interface Placed {
  message: string;
  start: number;
  related?: { message: string; start?: number }[];
}

interface Found {
  name: string;
  text: string;
  error: YamlError;
  diagnostics: () => Placed[];
}

function readText(file: string): string | null {
  const decoded = decodeFile(fs.readFileSync(file));
  return decoded.ok ? sourceTextOf(decoded.text).normalized : null;
}

function yamlErrors(): Found[] {
  const found: Found[] = [];
  for (const id of caseIds()) {
    const verdict = readJson<{ errors: YamlError[] }>(path.join(CASES_DIR, id, 'expected.json'));
    const text = readText(path.join(CASES_DIR, id, 'config.yaml'));
    for (const error of verdict.errors) {
      if (error.stage !== 'yaml' || text === null) continue;
      found.push({ name: `case ${id}`, text, error, diagnostics: () => analysisOfBundle(text).bundleModel(BUNDLE)!.diagnostics.filter((d) => d.code.startsWith('yaml-')) });
    }
  }
  for (const id of fs.readdirSync(AGENT_CASES_DIR).sort()) {
    const expected = path.join(AGENT_CASES_DIR, id, 'expected.json');
    if (!fs.existsSync(expected)) continue;
    for (const error of readJson<{ errors: YamlError[] }>(expected).errors) {
      if (error.stage !== 'yaml' || !error.file) continue;
      const text = readText(path.join(AGENT_CASES_DIR, id, error.file));
      if (text === null) continue;
      found.push({
        name: `agent case ${id} ${error.file}`,
        text,
        error,
        diagnostics: () => {
          // An agent config is checked whole: its origin is the file's text, so offsets are the file's.
          const origin = { text };
          return yamlProblemDiagnostics(loadYaml(text, origin).problems, origin);
        },
      });
    }
  }
  return found;
}

/** PyYAML's 1-based line and column of an offset. */
function position(text: string, offset: number): { line: number; column: number } {
  const mark = pyyamlMark(text, offset);
  return { line: mark.line + 1, column: mark.column + 1 };
}

const errors = yamlErrors();

describe('YAML errors of the conformance cases, as PyYAML reports them', () => {
  it('finds the YAML errors the cases record', () => {
    expect(errors.filter((e) => e.error.yaml_problem).length).toBeGreaterThanOrEqual(25);
  });

  it.each(errors.map((e) => [e.name, e] as const))('%s', (_, { text, error, diagnostics }) => {
    const [first] = diagnostics();
    expect(first).toBeDefined();
    // PyYAML's words: in the message, or beside it (related information).
    const said = [first.message, ...(first.related ?? []).map((r) => r.message)].join('\n');
    if (error.yaml_problem !== undefined) {
      expect(said).toContain(error.yaml_problem);
      expect(position(text, first.start)).toEqual(error.problem_pos);
      if (error.yaml_context !== undefined) expect(said).toContain(error.yaml_context);
      if (error.context_pos && JSON.stringify(error.context_pos) !== JSON.stringify(error.problem_pos)) {
        const related = first.related?.find((r) => r.start !== undefined && JSON.stringify(position(text, r.start)) === JSON.stringify(error.context_pos));
        expect(related?.message).toBe(error.yaml_context);
      }
    } else if (error.exception_type === 'ReaderError') {
      // "unacceptable character #x0000: ... position 29": the position counts code points.
      const [problem, at] = /^(.*)\n {2}in "<unicode string>", position (\d+)$/.exec(error.message)!.slice(1);
      expect(said).toContain(problem);
      expect(pyyamlMark(text, first.start).index).toBe(Number(at));
    } else {
      // A plain Python exception out of a constructor: its type and text.
      expect(said).toContain(`${error.exception_type}: ${error.message}`);
    }
  });
});
