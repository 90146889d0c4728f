/**
 * The incremental path (the analysis host's chunk parses and tool checks,
 * kept across versions) must give exactly what a full re-parse gives,
 * diagnostic for diagnostic, over random edit sequences on the corpus, the
 * conformance cases and generated bundles.
 */
import * as fs from 'fs';
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { BundleModel, analyzeWhole } from '../../server/src/engine/document/bundleModel';
import { AnalysisHost } from '../../server/src/engine/analysis/analysisHost';
import { NO_DISK } from '../helpers/noDisk';
import { hoverAt } from '../../server/src/engine/features/hover';
import { refusalOf } from '../../server/src/engine/features/toolPreview';
import { UNKNOWN_ENV } from '../../server/src/engine/swe/env';
import { sourceTextOf } from '../../server/src/engine/document/sourceText';
import { toolCheckOptionsOf } from '../helpers/lintText';
import { generateBundle } from '../../scripts/generateBundle';
import { Random, applyEdit, randomEdit, typingEdit } from '../helpers/random';
import { CASES_DIR, CORPUS_DIR, caseIds } from '../helpers/shared';

function normalized(model: BundleModel) {
  return {
    loads: model.check.loads,
    diagnostics: model.diagnostics
      .map((d) => ({
        code: d.code,
        severity: d.severity,
        message: d.message,
        tool: d.tool,
        start: d.start,
        end: d.end,
        related: (d.related ?? []).map((r) => [r.file, r.start, r.end, r.message]),
        data: d.data,
      }))
      .sort((a, b) => a.start - b.start || a.end - b.end || a.code.localeCompare(b.code) || a.message.localeCompare(b.message)),
  };
}

function corpusFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === 'config.yaml') out.push(full);
    }
  };
  walk(CORPUS_DIR);
  return out.sort();
}

const options = toolCheckOptionsOf({});
const ITERATIONS = Number(process.env.INCREMENTAL_EDITS ?? 25);

describe('incremental analysis equals a full re-parse', () => {
  const seeds: [string, string][] = [
    ...corpusFiles().map((f) => [path.relative(CORPUS_DIR, f), fs.readFileSync(f, 'utf8')] as [string, string]),
    ...caseIds()
      .filter((_, i) => i % 4 === 0)
      .map((id) => [`case ${id}`, fs.readFileSync(path.join(CASES_DIR, id, 'config.yaml')).toString('utf8')] as [string, string]),
    ['generated 40 tools', generateBundle(40).text],
  ];
  let chunkedSteps = 0;
  let steps = 0;

  it.each(seeds)('%s', (name, original) => {
    const random = new Random(name.split('').reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7));
    const host = new AnalysisHost(NO_DISK);
    const file = '/workspace/tools/edited/config.yaml';
    let text = original;
    for (let i = 0; i <= ITERATIONS; i++) {
      host.applyChange({ opened: [{ file, text }] });
      // Half the time the server has prepared part of this version in slices first.
      if (random.next() < 0.5) {
        let steps = random.int(6);
        host.analysis().prepare(file, () => steps-- > 0, random.int(3));
      }
      const incremental = host.analysis().bundleModel(file)!;
      const whole = analyzeWhole(sourceTextOf(text), options);
      expect(normalized(incremental), `after ${i} edits`).toEqual(normalized(whole));
      steps++;
      if (incremental.mode === 'chunked') chunkedSteps++;
      // Mostly typing (the structure survives, the chunked path runs), sometimes a structural edit,
      // and now and then back to the original so later edits act on a sound file again.
      if (i % 10 === 9) text = original;
      else text = applyEdit(text, random.next() < 0.75 ? typingEdit(random, text) : randomEdit(random, text));
    }
  });

  it('takes the chunked path for most steps', () => {
    expect(steps).toBeGreaterThan(0);
    console.log(`incremental: ${chunkedSteps} of ${steps} steps took the chunked path`);
    expect(chunkedSteps / steps).toBeGreaterThan(0.3);
  });
});

describe('preparing a version in slices', () => {
  const text = generateBundle(40).text;
  const file = '/workspace/tools/prepared/config.yaml';
  const opened = () => {
    const host = new AnalysisHost(NO_DISK);
    host.applyChange({ opened: [{ file, text }] });
    return host;
  };

  it('stops when time is up and says where, and finishes over several slices', () => {
    const host = opened();
    expect(host.analysis().prepare(file, () => false, 0)).toBe(0);
    let slices = 0;
    let from: number | null = 0;
    while ((from = host.analysis().prepare(file, ((left) => () => left-- > 0)(10), from)) !== null) slices++;
    // 40 tools and a few top-level keys, 10 steps a slice: the work took several slices.
    expect(slices).toBeGreaterThanOrEqual(4);
  });

  it('leaves the analysis only its assembly, and the result is the full parse', () => {
    const host = opened();
    expect(host.analysis().prepare(file, () => true, 0)).toBeNull();
    expect(normalized(host.analysis().bundleModel(file)!)).toEqual(normalized(analyzeWhole(sourceTextOf(text), options)));
  });

  it('is done with a text that will be parsed whole as soon as its first chunk shows it', () => {
    const host = new AnalysisHost(NO_DISK);
    const anchored = 'a: &x 1\nb: *x\ntools: {}\n';
    host.applyChange({ opened: [{ file, text: anchored }] });
    let steps = 1;
    expect(host.analysis().prepare(file, () => steps-- > 0, 0)).toBeNull();
    expect(host.analysis().bundleModel(file)!.mode).toBe('whole');
  });
});

describe("an older version's model", () => {
  it('keeps its spans when a newer version that shares its chunks moves them', () => {
    const host = new AnalysisHost(NO_DISK);
    const file = '/workspace/tools/placed/config.yaml';
    const v1 = 'tools:\n  first:\n    docstring: d\n  second:\n    signature: "second <path>"\n    docstring: "shows <path>"\n';
    host.applyChange({ opened: [{ file, text: v1 }] });
    const old = host.analysis().bundleModel(file)!;
    // Where the old model says its tools' keys and its diagnostics are, and what hover finds there.
    const spans = (model: BundleModel) => ({
      keys: model.check.toolEntries.map((entry) => model.placement.range(entry.keyNode)),
      diagnostics: model.diagnostics.map((d) => [d.code, d.start, d.end]),
    });
    const before = spans(old);
    const secondAt = v1.indexOf('second:');
    expect(before).toEqual({ keys: [{ start: 9, end: 14 }, { start: secondAt, end: secondAt + 6 }], diagnostics: [['runtime-call-error', v1.indexOf('<path>'), v1.indexOf('<path>') + 6]] });
    // The old model is hovered as it is (the facade answers for the current revision), as the host shows a bundle no agent config uses.
    const context = { env: { env: UNKNOWN_ENV, from: null }, refusal: refusalOf(old.diagnostics) };
    const hoverBefore = hoverAt(old, secondAt + 1, context);

    // A tool inserted above: the chunk of `second` is the same (shared, not parsed again) but sits further down.
    const inserted = '  added:\n    docstring: a\n';
    const v2 = v1.replace('  second:', inserted + '  second:');
    host.applyChange({ opened: [{ file, text: v2 }] });
    const current = host.analysis().bundleModel(file)!;
    const secondChunk = (model: BundleModel) => model.chunks.find((c) => c.parsed.origin.text.startsWith('  second:'))!.parsed;
    expect(secondChunk(current)).toBe(secondChunk(old));
    expect(spans(current).keys[2]).toEqual({ start: secondAt + inserted.length, end: secondAt + inserted.length + 6 });

    expect(spans(old)).toEqual(before);
    expect(hoverAt(old, secondAt + 1, context)).toEqual(hoverBefore);
    expect(hoverBefore).not.toBeNull();
  });
});
