/**
 * Editor-side scaling series of `npm run bench` for the input sizes of issue
 * 15, our server only, each printing how its figures grow with the input
 * (ratio to the smallest size; a linear cost grows like the input):
 * - `crlf`: the editor session of the `lsp` series (session.ts) on the same
 *   generated bundle saved once with LF and once with CRLF line ends, 5,000 to
 *   104,000 lines. The issue measured 70.5 s to the first diagnostics of a
 *   52k-line CRLF bundle against 3.7 s with LF, and no publication at all at
 *   104k lines.
 * - `opened`: N small bundles of one workspace opened at once (10 to 5,000):
 *   the first answer to a hover sent right behind the N `didOpen`s, the time
 *   until all N have diagnostics, then edits and hovers with all N open. The
 *   issue measured 4.8 s to the first answer at 1,000 open documents, over
 *   120 s at 5,000.
 * Either can be left out with --skip=crlf or --skip=opened.
 */
import * as path from 'path';
import { liveHeap, withHeapProbe } from './heap';
import { writeSmallBundles } from './scaling';
import { ServerSpec } from './servers';
import { OpenDocument, SessionResult, editorSession, positionAt, start } from './session';
import { Summary, mib, ms, ratio, summarize, table } from './stats';

export interface EditorScalingOptions {
  edits: number;
  samples: number;
  ours: ServerSpec;
  root: string;
  log: (line?: string) => void;
}

const LINE_ENDS = [
  ['LF', '\n'],
  ['CRLF', '\r\n'],
] as const;

/** How many times the smallest size's figure a figure is. */
const growth = (smallest: number | undefined, value: number) => (smallest === undefined ? 'n/a' : ratio(smallest, value));

/** The first line of an error (a timeout's message carries the server's stderr). */
const firstLine = (error: unknown) => String((error as Error).message ?? error).split('\n')[0];

export async function lineEndsSeries(work: string, sizes: number[], options: EditorScalingOptions): Promise<unknown> {
  const { ours, log } = options;
  const runs: { lines: number; name: string; result: SessionResult | null; error?: string }[] = [];
  for (const lines of sizes) {
    for (const [name, lineEnd] of LINE_ENDS) {
      process.stderr.write(`… ${ours.name} at ${lines} lines, ${name}\n`);
      const result = await editorSession(ours, lines, work, { edits: options.edits, samples: options.samples, lineEnd }).catch((error: unknown) => ({ error: firstLine(error) }));
      runs.push('error' in result ? { lines, name, result: null, error: result.error } : { lines, name, result });
    }
  }
  const smallest = (name: string) => runs.find((r) => r.name === name && r.result)?.result ?? undefined;
  const rows = runs.map(({ name, result, error }, i) => {
    if (!result) return [sizes[Math.floor(i / 2)].toLocaleString('en'), name, `failed: ${error}`, '', '', '', '', '', '', '', ''];
    const first = smallest(name);
    return [
      result.lines.toLocaleString('en'),
      name,
      growth(first?.lines, result.lines),
      ms(result.openMs),
      growth(first?.openMs, result.openMs),
      ms(result.edit.p50),
      ms(result.edit.p99),
      growth(first?.edit.p50, result.edit.p50),
      ms(result.hover.p50),
      mib(result.peakRss),
      growth(first?.peakRss, result.peakRss),
    ];
  });
  log('\n## Line ends: the same bundle with LF and with CRLF\n');
  log(
    `The editor session of the "Editor session" series (${options.edits} characters typed, ${options.samples} completions and hovers) on a generated bundle saved with LF, then with CRLF. Growth: ratio to the smallest size with the same line ends. The issue measured 70.5 s to the first diagnostics at 52k lines with CRLF (3.7 s with LF), and no diagnostics at all at 104k.\n`,
  );
  log(table(['lines', 'line ends', 'lines growth', 'open → first diagnostics', 'growth', 'edit → diagnostics p50', 'p99', 'growth (p50)', 'hover p50', 'peak RSS', 'growth'], rows));
  log('\nCRLF ÷ LF at each size (1.0×: CRLF costs what LF does):\n');
  const pairs = sizes.map((lines, i) => ({ lf: runs[2 * i].result, crlf: runs[2 * i + 1].result, lines }));
  const versus = (lf: number | undefined, crlf: number | undefined) => ratio(lf, crlf);
  log(
    table(
      ['lines', 'open → first diagnostics', 'edit → diagnostics p50', 'p99', 'hover p50', 'peak RSS'],
      pairs.map(({ lf, crlf, lines }) => [
        (lf ?? crlf)?.lines.toLocaleString('en') ?? String(lines),
        versus(lf?.openMs, crlf?.openMs),
        versus(lf?.edit.p50, crlf?.edit.p50),
        versus(lf?.edit.p99, crlf?.edit.p99),
        versus(lf?.hover.p50, crlf?.hover.p50),
        versus(lf?.peakRss, crlf?.peakRss),
      ]),
    ),
  );
  log('\nSanity (what the answers held; CRLF must hold what LF does):');
  for (const { lf, crlf } of pairs) {
    for (const r of [lf, crlf]) {
      if (r) log(`- ${r.lines} lines ${r.lineEnd === '\n' ? 'LF' : 'CRLF'}: ${r.diagnosticsAtEnd} diagnostics at the end, ${r.completionItems} completion items, ${r.hoversAnswered}/${options.samples} hovers answered`);
    }
    if (lf && crlf && (lf.diagnosticsAtEnd !== crlf.diagnosticsAtEnd || lf.completionItems !== crlf.completionItems || lf.hoversAnswered !== crlf.hoversAnswered)) {
      log(`  **CRLF and LF differ at ${lf.lines} lines**`);
    }
  }
  return runs;
}

interface OpenedRun {
  documents: number;
  /** How many of them had their first diagnostics within the client's bound. */
  diagnosed: number;
  /** A hover on one of them, sent right behind the N didOpens: its answer. */
  firstHoverMs: number;
  /** First didOpen sent → the last of the N first publications. */
  allDiagnosedMs: number;
  diagnostics: number;
  edit: Summary;
  hover: Summary;
  hoversAnswered: number;
  peakRss: number;
  liveHeap: number;
}

const UNKNOWN_KEY = 'not_a_tool_field';
/** How long the first hover and the first diagnostics may take (the client's bound on diagnostics). */
const BOUND_MS = 120_000;

/** The offset inside the `<mode>` placeholder of a generated bundle's first signature. */
const modePlaceholder = (text: string) => text.indexOf('<mode>') + 2;

async function openedRun(work: string, documents: number, options: EditorScalingOptions): Promise<OpenedRun> {
  const { ours, root } = options;
  const dir = path.join(work, `opened-${documents}`);
  const bundles = writeSmallBundles(dir, documents);
  const { client } = await start(withHeapProbe(ours, root), dir);
  try {
    const sent = performance.now();
    // Each opened with one unsaved line SWE-agent ignores, so that each has exactly one diagnostic (a warning) to publish.
    const opened = bundles.map(({ file, text }) => OpenDocument.send(client, ours, file, text.replace('    docstring: |', `    ${UNKNOWN_KEY}: 1\n    docstring: |`)));
    const target = opened[Math.floor(documents / 2)].document;
    const hoverAt = (document: OpenDocument) => ({ textDocument: { uri: document.uri }, position: positionAt(document.text, modePlaceholder(document.text)) });
    // Settled together from the start, so that a document without diagnostics within the client's bound (120 s) is counted, not thrown.
    const outcomes = Promise.allSettled(opened.map((o) => o.published));
    const firstHover = await Promise.race([client.timed('textDocument/hover', hoverAt(target)), new Promise<{ ms: number; result: null }>((resolve) => setTimeout(() => resolve({ ms: NaN, result: null }), BOUND_MS))]);
    const published = (await outcomes).flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
    const measured = { documents, diagnosed: published.length, firstHoverMs: firstHover.ms, diagnostics: published.reduce((sum, d) => sum + d.diagnostics.length, 0) };
    if (published.length < documents) {
      return { ...measured, allDiagnosedMs: NaN, edit: summarize([]), hover: summarize([]), hoversAnswered: firstHover.result ? 1 : 0, peakRss: client.memory().peak, liveHeap: NaN };
    }
    const allDiagnosedMs = Math.max(...published.map((d) => d.at)) - sent;
    await client.settle(300);

    // Typing into the first description of the document in the middle, with all N open.
    const edits = await target.type(target.text.indexOf('description: "The file to work on') + 'description: "The file to work on'.length, ' typed', options.edits);
    // Hovers on documents spread over the N.
    const hovers: number[] = [];
    let hoversAnswered = 0;
    for (let s = 0; s < options.samples; s++) {
      const document = opened[Math.floor(((s + 0.5) * documents) / options.samples)].document;
      const { ms: took, result } = await client.timed('textDocument/hover', hoverAt(document));
      hovers.push(took);
      if (result) hoversAnswered++;
    }
    return {
      ...measured,
      allDiagnosedMs,
      edit: summarize(edits),
      hover: summarize(hovers),
      hoversAnswered: hoversAnswered + (firstHover.result ? 1 : 0),
      peakRss: client.memory().peak,
      liveHeap: await liveHeap(client),
    };
  } finally {
    await client.shutdown();
  }
}

export async function openedSeries(work: string, sizes: number[], options: EditorScalingOptions): Promise<unknown> {
  const { ours, log } = options;
  const runs: OpenedRun[] = [];
  for (const documents of sizes) {
    process.stderr.write(`… ${ours.name} with ${documents} open documents\n`);
    runs.push(await openedRun(work, documents, options));
  }
  const [first] = runs;
  log('\n## Open documents: N small bundles of one workspace opened at once\n');
  log(
    `N bundles of 1 to 3 tools, opened together right after start-up; a hover on the one in the middle sent right behind the N \`didOpen\`s; then, with all N open, ${options.edits} characters typed into that one and ${options.samples} hovers over the N. Growth: ratio to N=${first?.documents}. The issue measured 4.8 s to the first answer at 1,000 open documents, over 120 s at 5,000.\n`,
  );
  log(
    table(
      ['open documents', 'hover behind the opens', 'growth', 'all N diagnosed', 'per document', 'growth', 'edit → diagnostics p50', 'p99', 'hover p50', 'p99', 'peak RSS', 'live heap', 'growth'],
      runs.map((r) => [
        r.documents.toLocaleString('en'),
        Number.isNaN(r.firstHoverMs) ? 'over 120 s' : ms(r.firstHoverMs),
        growth(first.firstHoverMs, r.firstHoverMs),
        r.diagnosed === r.documents ? ms(r.allDiagnosedMs) : `over 120 s (${r.diagnosed} diagnosed)`,
        ms(r.allDiagnosedMs / r.documents),
        growth(first.allDiagnosedMs, r.allDiagnosedMs),
        ms(r.edit.p50),
        ms(r.edit.p99),
        ms(r.hover.p50),
        ms(r.hover.p99),
        mib(r.peakRss),
        mib(r.liveHeap),
        growth(first.liveHeap, r.liveHeap),
      ]),
    ),
  );
  log('\nSanity (what the answers held):');
  for (const r of runs) {
    const expected = r.diagnostics === r.diagnosed ? '' : ` (**expected ${r.diagnosed}: one \`${UNKNOWN_KEY}\` warning each**)`;
    const answered = r.diagnosed === r.documents ? `${r.hoversAnswered}/${options.samples + 1} hovers answered` : `the one hover ${r.hoversAnswered ? '' : 'not '}answered, no edits or hovers measured`;
    log(`- ${r.documents} documents: ${r.diagnosed}/${r.documents} first publications with ${r.diagnostics} diagnostics${expected}, ${answered}`);
  }
  return runs;
}
