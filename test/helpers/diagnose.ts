/** Runs the engine on a marked document and compares diagnostics exactly, range by range. */
import { expect } from 'vitest';
import { EngineConfig } from '../../server/src/engine/config';
import { lintBundleText } from './lintText';
import { parseMarkers, rangeOf } from './markers';

export interface Expected {
  code: string;
  severity?: 'error' | 'warning' | 'information' | 'hint';
  tool?: string | number | null;
  message?: RegExp;
  /** Matched against the related information (one line each): SWE-agent's words, the why, the fix. */
  detail?: RegExp;
}

/** Every diagnostic of the document, each on its «marked» range, in document order. */
export function expectDiagnostics(marked: string, expected: Expected[], config: EngineConfig = {}): void {
  const { text, ranges } = parseMarkers(marked);
  const result = lintBundleText(text, config);
  const actual = result.diagnostics
    .map((d) => ({ code: d.code, severity: d.severity, tool: d.tool, message: d.message, detail: (d.related ?? []).map((r) => r.message).join('\n'), range: d.range }))
    .sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character || a.code.localeCompare(b.code));
  expect(ranges.length, 'one «range» per expected diagnostic').toBe(expected.length);
  expect(actual.map((d) => `${d.code}@${JSON.stringify(d.range)}`)).toEqual(expected.map((e, i) => `${e.code}@${JSON.stringify(rangeOf(text, ranges[i]))}`));
  expected.forEach((e, i) => {
    expect(actual[i].severity).toBe(e.severity ?? 'error');
    if (e.tool !== undefined) expect(actual[i].tool).toBe(e.tool);
    if (e.message) expect(actual[i].message).toMatch(e.message);
    if (e.detail) expect(actual[i].detail).toMatch(e.detail);
  });
}

export function loads(text: string, config: EngineConfig = {}): boolean {
  return lintBundleText(text, config).loads;
}
