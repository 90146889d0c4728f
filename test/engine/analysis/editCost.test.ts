/**
 * An edit to one tool of a big bundle costs what it changes: the new
 * version's shape and model take the parses, checks and views of the tools
 * the last version shares with it from the last one's value
 * (`ChunkMemo.carry`), and `Analysis.prepare` makes ahead only the chunks the
 * split found new, so an edit looks up as many results with 4,000 tools as
 * with 10. The report is the one a fresh analysis of the text gives.
 */
import { describe, expect, it } from 'vitest';
import { BUNDLE, workspaceOf } from '../../helpers/fixture';

const tool = (i: number, description: string) =>
  `  t${i}:\n    signature: "t${i} <path>"\n    docstring: "does it"\n    arguments:\n      - name: path\n        type: string\n        description: "${description}"\n        required: true\n`;

/** A bundle of `tools` tools; the middle one's argument has `description`; one tool in five has a problem of its own (an unknown key). */
const bundleText = (tools: number, description: string) =>
  'tools:\n' + Array.from({ length: tools }, (_, i) => tool(i, i === Math.floor(tools / 2) ? description : 'The path') + (i % 5 === 0 ? '    colour: blue\n' : '')).join('');

/** Each edit's look-ups (the model prepared as the server prepares it, then the report), and the last report's diagnostics. */
function edits(tools: number) {
  const { host } = workspaceOf(new Map([[BUNDLE, bundleText(tools, 'The path')]]));
  host.applyChange({ opened: [{ file: BUNDLE, text: bundleText(tools, 'The path') }] });
  host.analysis().prepare(BUNDLE, () => true);
  host.analysis().report(BUNDLE);
  const typed = ['The path!', 'The path!!', 'The pat', 'The path'];
  const lookups = typed.map((description) => {
    const before = host.lookups();
    host.applyChange({ opened: [{ file: BUNDLE, text: bundleText(tools, description) }] });
    host.analysis().prepare(BUNDLE, () => true);
    host.analysis().report(BUNDLE);
    return host.lookups() - before;
  });
  return { lookups, diagnostics: host.analysis().report(BUNDLE)!.diagnostics };
}

/** The report of a fresh host that opens the text as it is after the edits. */
function freshReport(tools: number) {
  const { host } = workspaceOf(new Map([[BUNDLE, bundleText(tools, 'The path')]]));
  host.applyChange({ opened: [{ file: BUNDLE, text: bundleText(tools, 'The path') }] });
  return host.analysis().report(BUNDLE)!.diagnostics;
}

describe('an edit to one tool of a big bundle', () => {
  it('looks up as many results with 4,000 tools as with 10, and reports what a fresh analysis reports', () => {
    const small = edits(10);
    const big = edits(4000);
    // Before, each edit looked up every chunk's parse, base check and view again: about 7 per tool.
    expect(big.lookups).toEqual(small.lookups);
    expect(Math.max(...big.lookups)).toBeLessThan(100);
    expect(big.diagnostics).toEqual(freshReport(4000));
    expect(small.diagnostics).toEqual(freshReport(10));
  });

});
