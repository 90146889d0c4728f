/**
 * The workspace series of `npm run bench` (issue 11): bundles checked in the
 * context of the agent configs that use them.
 * - `repo`: a generated copy of SWE-agent's layout (sweAgentLayout.ts):
 *   spawn → workspace indexed, and → first diagnostics of all 39 files
 *   (opened right after `initialized`); then an editor session in
 *   `tools/windowed` (listed by 9 agent configs with 3 distinct envs); and
 *   the lint CLI over the layout.
 * - `scaling`: one 20-tool bundle whose docstrings use `{WINDOW}`, listed by
 *   N agent configs, each with its own WINDOW: edit → diagnostics,
 *   completion and hover at each N.
 * - `shared`: a 100-line bundle listed by 10 agent configs with distinct envs.
 * yaml-language-server runs the `repo` series too (it knows no agent
 * configs: it validates the bundles against the schema); the other two only
 * change what our server has to do, so they run ours alone.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { LspClient } from './lspClient';
import { CLIENT_CAPABILITIES, ServerSpec } from './servers';
import { OpenDocument, positionAt, start } from './session';
import { Summary, mib, ms, summarize, table } from './stats';
import { envsOf, usersOf, writeSharedBundle, writeSweAgentLayout } from './sweAgentLayout';

export interface WorkspaceOptions {
  edits: number;
  samples: number;
  initRuns: number;
  scalingSizes: number[];
  ours: ServerSpec;
  theirs: ServerSpec | null;
  root: string;
  log: (line?: string) => void;
}

const TYPED = ' and then a few more words typed by hand';

interface DocumentResult {
  openMs: number;
  edit: Summary;
  completion: Summary;
  hover: Summary;
  completionsAnswered: number;
  hoversAnswered: number;
  diagnosticsAtEnd: number;
  peakRss: number;
}

/** Where to type, complete and hover in a document's current text. */
interface Plan {
  /** Where the characters are typed (the end of an argument description). */
  typeAt(text: string): number;
  /** The ends of signatures, where ` <` is typed before a completion request. */
  signatureEnds(text: string): number[];
  /** Offsets to hover on (placeholders, `{WINDOW}`). */
  hoverTargets(text: string): number[];
}

function lineEnd(text: string, offset: number): number {
  const end = text.indexOf('\n', offset);
  return end === -1 ? text.length : end;
}

const everyIndex = (text: string, needle: string, shift = 0) => {
  const found: number[] = [];
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) found.push(at + shift);
  return found;
};

/** Any generated bundle: type into the first argument description, complete after signatures, hover on placeholders and `{WINDOW}`. */
const PLAN: Plan = {
  typeAt: (text) => {
    const at = text.indexOf('description: "');
    return lineEnd(text, at) - 1;
  },
  signatureEnds: (text) => everyIndex(text, '    signature: "').map((at) => lineEnd(text, at) - 1),
  hoverTargets: (text) => {
    const placeholders = everyIndex(text, '    signature: "').flatMap((at) => {
      const placeholder = text.indexOf('<', at);
      return placeholder !== -1 && placeholder < lineEnd(text, at) ? [placeholder + 2] : [];
    });
    return [...placeholders, ...everyIndex(text, '{WINDOW}', 2)];
  },
};

/** Picks `count` items spread over a list (cycling when it is shorter). */
const spread = <T>(items: T[], count: number): T[] => Array.from({ length: count }, (_, s) => items[Math.floor(((s + 0.5) * items.length) / count) % items.length]);

/** An editor session on one open document of a workspace: open, type, complete after `<`, hover. */
async function documentSession(client: LspClient, spec: ServerSpec, file: string, options: WorkspaceOptions): Promise<DocumentResult> {
  const text = fs.readFileSync(file, 'utf8');
  const { document, openMs } = await OpenDocument.open(client, spec, file, text);
  const edits = await document.type(PLAN.typeAt(document.text), TYPED, options.edits);
  // ` <` typed at the end of a signature with the request right behind it; then taken out again, so that
  // the document stays as it was for the next sample.
  const completions: number[] = [];
  let completionsAnswered = 0;
  for (let s = 0; s < options.samples; s++) {
    const ends = PLAN.signatureEnds(document.text);
    const at = spread(ends, options.samples)[s];
    const published = document.diagnosticsFor(document.version + 1, performance.now());
    document.change(at, at, ' <');
    const params = { textDocument: { uri: document.uri }, position: positionAt(document.text, at + 2), context: { triggerKind: 2, triggerCharacter: '<' } };
    const answer = await client.timed('textDocument/completion', params).catch(() => ({ result: null, ms: NaN }));
    completions.push(answer.ms);
    const items = Array.isArray(answer.result) ? answer.result : (answer.result?.items ?? []);
    if (items.length > 0) completionsAnswered++;
    await published;
    await document.changeAndWait(at, at + 2, '');
  }
  const hovers: number[] = [];
  let hoversAnswered = 0;
  const targets = spread(PLAN.hoverTargets(document.text), options.samples);
  for (const at of targets) {
    const { ms: took, result } = await client.timed('textDocument/hover', { textDocument: { uri: document.uri }, position: positionAt(document.text, at) }).catch(() => ({ ms: NaN, result: null }));
    hovers.push(took);
    if (result) hoversAnswered++;
  }
  await client.settle(100);
  const last = client.published.filter((d) => d.uri === document.uri).pop();
  return {
    openMs,
    edit: summarize(edits),
    completion: summarize(completions),
    hover: summarize(hovers),
    completionsAnswered,
    hoversAnswered,
    diagnosticsAtEnd: last?.diagnostics.length ?? -1,
    peakRss: client.memory().peak,
  };
}

async function workspaceSession(spec: ServerSpec, workspace: string, file: string, options: WorkspaceOptions): Promise<DocumentResult> {
  const { client } = await start(spec, workspace);
  try {
    return await documentSession(client, spec, file, options);
  } finally {
    await client.shutdown();
  }
}

export interface IndexRun {
  initializeMs: number;
  /** Spawn → the server says the workspace is indexed (ours: `sweBundle/status` ready). */
  indexedMs: number;
  /** Spawn → every file opened right after `initialized` has had its first diagnostics. */
  allDiagnosticsMs: number;
  diagnostics: number;
  peakRss: number;
}

/** Spawn, initialize, open every file at once; when the index is done and when every file has diagnostics. */
export async function indexRun(spec: ServerSpec, workspace: string, files: string[]): Promise<IndexRun> {
  const client = new LspClient(spec.command, spec.args, { configuration: (item) => spec.configuration(item) });
  try {
    const uri = pathToFileURL(workspace).toString();
    const indexed = spec.name === 'swe-bundle' ? client.nextNotification('sweBundle/status', (p) => p?.state === 'ready') : Promise.resolve(NaN);
    const uris = files.map((file) => pathToFileURL(file).toString());
    const firsts = uris.map((u) => client.nextDiagnostics((d) => d.uri === u));
    await client.request('initialize', { processId: process.pid, rootUri: uri, workspaceFolders: [{ uri, name: path.basename(workspace) }], capabilities: CLIENT_CAPABILITIES, initializationOptions: {} });
    const initializeMs = performance.now() - client.spawnedAt;
    client.notify('initialized', {});
    client.notify('workspace/didChangeConfiguration', { settings: spec.settings });
    files.forEach((file, i) => client.notify('textDocument/didOpen', { textDocument: { uri: uris[i], languageId: 'yaml', version: 1, text: fs.readFileSync(file, 'utf8') } }));
    const published = await Promise.all(firsts);
    const indexedAt = await indexed;
    await client.settle(300);
    // The diagnostics each file has now (a server may publish again once its index is done).
    const latest = new Map(client.published.map((d) => [d.uri, d.diagnostics.length]));
    const diagnostics = published.reduce((sum, d) => sum + (latest.get(d.uri) ?? d.diagnostics.length), 0);
    return {
      initializeMs,
      indexedMs: indexedAt - client.spawnedAt,
      allDiagnosticsMs: Math.max(...published.map((d) => d.at)) - client.spawnedAt,
      diagnostics,
      peakRss: client.memory().peak,
    };
  } finally {
    await client.shutdown();
  }
}

export function lintLayout(root: string, layout: string): Summary {
  const samples: number[] = [];
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    const run = spawnSync(process.execPath, [path.join(root, 'dist/lint.js'), '.'], { cwd: layout, encoding: 'utf8' });
    samples.push(performance.now() - started);
    if (run.status !== 0 && run.status !== 1) throw new Error(`lint failed (${run.status}): ${run.stderr}`);
  }
  return summarize(samples);
}

const documentRow = (label: string, r: DocumentResult) => [label, ms(r.edit.p50), ms(r.edit.p99), ms(r.completion.p50), ms(r.completion.p99), ms(r.hover.p50), ms(r.hover.p99), ms(r.openMs), mib(r.peakRss)];
const DOCUMENT_HEADER = ['', 'edit → diagnostics p50', 'p99', 'completion after `<` p50', 'p99', 'hover p50', 'p99', 'open → first diagnostics', 'peak RSS'];

export async function repoSeries(work: string, options: WorkspaceOptions): Promise<unknown> {
  const { ours, theirs, log } = options;
  const specs = theirs ? [ours, theirs] : [ours];
  const out: Record<string, unknown> = {};
  log('\n## Real-repository workspace: a generated copy of SWE-agent’s layout\n');
  log(
    `15 bundles under tools/ and 24 agent configs under config/ (shapes and sizes of SWE-agent 3ea751c0; tools/registry is listed by 23 of them, tools/windowed by ${usersOf('windowed')} with ${envsOf('windowed')} distinct envs).\n`,
  );
  const runs: string[][] = [];
  const sessions: { server: string; session: DocumentResult }[] = [];
  let fileCount = 0;
  for (const spec of specs) {
    const layout = writeSweAgentLayout(path.join(work, `repo-${spec.name}`));
    fileCount = layout.files.length;
    process.stderr.write(`… ${spec.name}: SWE-agent layout, ${options.initRuns} starts\n`);
    const results: IndexRun[] = [];
    for (let i = 0; i < options.initRuns; i++) results.push(await indexRun(spec, layout.root, layout.files));
    const init = summarize(results.map((r) => r.initializeMs));
    const indexed = summarize(results.map((r) => r.indexedMs));
    const all = summarize(results.map((r) => r.allDiagnosticsMs));
    out[`${spec.name}-index`] = results;
    runs.push([spec.name, ms(init.p50), ms(indexed.p50), ms(indexed.max), ms(all.p50), ms(all.max), String(results[0].diagnostics), mib(Math.max(...results.map((r) => r.peakRss)))]);

    process.stderr.write(`… ${spec.name}: editing tools/windowed\n`);
    const windowed = path.join(layout.root, 'tools', 'windowed', 'config.yaml');
    const session = await workspaceSession(spec, layout.root, windowed, options);
    sessions.push({ server: spec.name, session });
  }
  log(`Start-up, ${options.initRuns} spawns each; times from spawn. "indexed": the server reports the workspace indexed (sweBundle/status); "all files": each of the ${fileCount} files, opened right after \`initialized\`, has had its first diagnostics.\n`);
  log(table(['server', 'initialize p50', 'indexed p50', 'indexed max', 'all files p50', 'all files max', 'diagnostics in all files', 'peak RSS'], runs));
  log(`\nEditing tools/windowed/config.yaml (${options.edits} characters typed into a description; ${options.samples} completions after typing \`<\` and hovers on placeholders and \`{WINDOW}\`):\n`);
  out.sessions = sessions;
  log(table(DOCUMENT_HEADER.map((h, i) => (i === 0 ? 'server' : h)), sessions.map((s) => documentRow(s.server, s.session))));
  for (const s of sessions) log(`- ${s.server}: ${s.session.diagnosticsAtEnd} diagnostics at the end, ${s.session.completionsAnswered}/${options.samples} completions with items, ${s.session.hoversAnswered}/${options.samples} hovers answered`);
  const lint = lintLayout(options.root, path.join(work, `repo-${ours.name}`));
  out.lint = lint;
  log(`\nLint CLI over the layout (\`swe-bundle-lint .\`, whole process, 3 runs): min ${ms(lint.min)}, p50 ${ms(lint.p50)}, max ${ms(lint.max)}`);
  return out;
}

export async function scalingSeries(work: string, options: WorkspaceOptions): Promise<unknown> {
  const { ours, log } = options;
  const rows: string[][] = [];
  const results: { agents: number; result: DocumentResult }[] = [];
  for (const agents of options.scalingSizes) {
    process.stderr.write(`… ${ours.name}: 20-tool bundle with ${agents} agent configs\n`);
    const dir = path.join(work, `scaling-${agents}`);
    const { bundle } = writeSharedBundle(dir, 20, agents, true);
    const result = await workspaceSession(ours, dir, bundle, options);
    results.push({ agents, result });
    rows.push([...documentRow(String(agents), result), `${result.completionsAnswered}/${options.samples}, ${result.hoversAnswered}/${options.samples}`]);
  }
  log('\n## Scaling: one bundle, N agent configs\n');
  log(
    `A 20-tool bundle whose docstrings use \`{WINDOW}\`, listed by N agent configs, each with its own WINDOW (so N contexts to check it in). Our server only (yaml-language-server does not read agent configs). ${options.edits} characters typed, ${options.samples} completions and hovers.\n`,
  );
  log(table([...DOCUMENT_HEADER.map((h, i) => (i === 0 ? 'agent configs' : h)), 'answered (completion, hover)'], rows));
  const first = results[0];
  const last = results[results.length - 1];
  if (first && last && first !== last) {
    log(`\nedit → diagnostics, N=${last.agents} ÷ N=${first.agents}: p50 ${(last.result.edit.p50 / first.result.edit.p50).toFixed(2)}, p99 ${(last.result.edit.p99 / first.result.edit.p99).toFixed(2)}`);
  }
  return results;
}

export async function sharedSeries(work: string, options: WorkspaceOptions): Promise<unknown> {
  const { ours, log } = options;
  const dir = path.join(work, 'shared-100');
  const { bundle, text } = writeSharedBundle(dir, 4, 10, false);
  process.stderr.write(`… ${ours.name}: 100-line bundle with 10 agent configs\n`);
  const result = await workspaceSession(ours, dir, bundle, options);
  log('\n## A small bundle shared by 10 agent configs\n');
  log(`A ${text.split('\n').length}-line bundle (4 tools) listed by 10 agent configs with distinct envs. ${options.edits} characters typed, ${options.samples} completions and hovers.\n`);
  log(table(DOCUMENT_HEADER.map((h, i) => (i === 0 ? 'server' : h)), [documentRow(ours.name, result)]));
  log(`- min ${ms(result.edit.min)}, p90 ${ms(result.edit.p90)}; ${result.diagnosticsAtEnd} diagnostics at the end, ${result.completionsAnswered}/${options.samples} completions with items, ${result.hoversAnswered}/${options.samples} hovers answered`);
  return result;
}
