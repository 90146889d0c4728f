/**
 * The analysis host's incremental answers equal a fresh host's (issue 11):
 * random, seeded sequences of changes (typing in an editor buffer, an edit on
 * disk with its file event, a closed buffer, a settings change, a new agent
 * config) applied to one host, change by change, in workspaces whose agent
 * configs list their bundles; after each change, every file's report and
 * hover and completion at random offsets equal what a new host gives on the
 * same files. Over conformance cases (with multi cases as agent configs), the
 * corpus, and a generated bundle.
 */
import * as fs from 'fs';
import * as path from 'path';
import { afterAll, describe, expect, it } from 'vitest';
import { AnalysisHost, Change } from '../../../server/src/engine/analysis/analysisHost';
import { createNodeWorkspaceFs } from '../../../server/src/host/nodeWorkspaceFs';
import { generateBundle } from '../../../scripts/generateBundle';
import { MultiCase, multiAgentConfigYaml } from '../../conformance/multiCase';
import { Random, applyEdit, randomEdit, typingEdit } from '../../helpers/random';
import { CASES_DIR, CORPUS_DIR, MULTI_DIR, caseIds, readJson, readable } from '../../helpers/shared';
import { TempWorkspace, tempWorkspace } from '../../helpers/tempWorkspace';

const STEPS = Number(process.env.INCREMENTAL_EDITS ?? 25);

/** User settings the sequences switch between: none, an env of their own, a rule turned off. */
const SETTINGS: Record<string, unknown>[] = [{}, { envVariables: { WINDOW: 7, PAGER: 'cat' } }, { rules: { 'bin-script-missing': 'off', 'docstring-unknown-variable': 'hint' } }];

/** What the front end has told a host so far, to tell a new one the same. */
interface State {
  root: string;
  userSettings: Record<string, unknown>;
  open: Map<string, string>;
}

function newHost(state: State): AnalysisHost {
  const host: AnalysisHost = new AnalysisHost({ fs: createNodeWorkspaceFs(() => host.readRoots()) });
  host.applyChange({ folders: [state.root], userSettings: state.userSettings, opened: [...state.open].map(([file, text]) => ({ file, text })) });
  return host;
}

function yamlFiles(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[]).filter((f) => /\.ya?ml$/i.test(f)).map((f) => path.join(dir, f)).sort();
}

/** A host's answers about the workspace: every file's report, and the features at the given places. */
function answers(host: AnalysisHost, files: readonly string[], places: readonly { file: string; offset: number }[]) {
  const analysis = host.analysis();
  return {
    reports: files.map((file) => {
      const report = analysis.report(file);
      return { file, kind: analysis.kind(file), loads: report?.loads, diagnostics: report?.diagnostics.map((d) => ({ ...d })) };
    }),
    features: places.map(({ file, offset }) => ({ file, offset, hover: analysis.hover(file, offset), completion: analysis.completion(file, offset, { snippets: true }) })),
  };
}

const seedOf = (name: string) => name.split('').reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 11);

/** Runs a random sequence of changes on the workspace, comparing the incremental host with a new one after each. */
function runSequence(ws: TempWorkspace, name: string, steps = STEPS): void {
  const random = new Random(seedOf(name));
  const state: State = { root: ws.root, userSettings: {}, open: new Map() };
  const host = newHost(state);
  const originals = new Map(yamlFiles(ws.root).map((file) => [file, fs.readFileSync(file, 'utf8')]));
  const textOf = (file: string) => state.open.get(file) ?? fs.readFileSync(file, 'utf8');
  const editedText = (text: string, i: number, file: string) => (i % 10 === 9 && originals.has(file) ? originals.get(file)! : applyEdit(text, random.next() < 0.7 ? typingEdit(random, text) : randomEdit(random, text)));
  let created = 0;
  for (let i = 0; i < steps; i++) {
    const files = yamlFiles(ws.root);
    const file = random.pick(files);
    const roll = random.next();
    let change: Change;
    let what: string;
    if (roll < 0.6) {
      const text = editedText(textOf(file), i, file);
      state.open.set(file, text);
      change = { opened: [{ file, text }] };
      what = 'typed in';
    } else if (roll < 0.75 && !state.open.has(file)) {
      fs.writeFileSync(file, editedText(fs.readFileSync(file, 'utf8'), i, file));
      change = { disk: [file] };
      what = 'edited on disk';
    } else if (roll < 0.85 && state.open.size > 0) {
      const closed = random.pick([...state.open.keys()]);
      state.open.delete(closed);
      change = { closed: [closed] };
      what = `closed ${path.relative(ws.root, closed)}, after`;
    } else if (roll < 0.95) {
      state.userSettings = random.pick(SETTINGS);
      change = { userSettings: state.userSettings };
      what = `settings ${JSON.stringify(state.userSettings)}, after`;
    } else {
      // A new agent config listing a bundle of the workspace: the index, and that bundle's contexts, follow the file event.
      const bundles = files.filter((f) => path.basename(f) === 'config.yaml' && f.includes(`${path.sep}tools${path.sep}`));
      const listed = bundles.length > 0 ? path.relative(ws.root, path.dirname(random.pick(bundles))) : 'tools/none';
      const agent = ws.write(`config/new_${created++}.yaml`, `agent:\n  model: {name: gpt-4o}\n  tools:\n    env_variables: {WINDOW: ${i}}\n    bundles:\n      - path: ${listed}\n`);
      change = { disk: [agent] };
      what = `created ${path.relative(ws.root, agent)}, after`;
    }
    host.applyChange(change);
    const now = yamlFiles(ws.root);
    const places = [file, file, file, random.pick(now)].map((at) => ({ file: at, offset: random.int(textOf(at).length + 1) }));
    expect(answers(host, now, places), `step ${i}: ${what} ${path.relative(ws.root, file)}`).toEqual(answers(newHost(state), now, places));
  }
}

const workspaces: TempWorkspace[] = [];
afterAll(() => {
  for (const ws of workspaces) ws.remove();
});
function workspace(files: Record<string, string | Buffer> = {}): TempWorkspace {
  const ws = tempWorkspace();
  for (const [relative, content] of Object.entries(files)) ws.write(relative, content);
  workspaces.push(ws);
  return ws;
}

describe('incremental answers equal a new host', () => {
  it('on conformance cases, used by the multi cases as agent configs and by agent configs with envs of their own', () => {
    const multiIds = fs.readdirSync(MULTI_DIR).filter((d) => fs.existsSync(path.join(MULTI_DIR, d, 'bundles.json'))).sort();
    const specs = multiIds.filter((_, i) => i % 3 === 0).map((id) => [id, readJson<MultiCase>(path.join(MULTI_DIR, id, 'bundles.json'))] as const);
    const ids = caseIds();
    const sample = [...new Set([...ids.filter((_, i) => i % 72 === 5), ...specs.flatMap(([, spec]) => spec.bundles).filter((b) => ids.includes(b))])].sort();
    const files: Record<string, string | Buffer> = {};
    for (const id of sample) files[`tools/${id}/config.yaml`] = fs.readFileSync(path.join(CASES_DIR, id, 'config.yaml'));
    for (const [id, spec] of specs) files[`config/multi-${id}.yaml`] = multiAgentConfigYaml(spec, (b) => `tools/${b}`);
    const listing = (ids: string[]) => ids.map((id) => `      - path: tools/${id}\n`).join('');
    files['config/windowed.yaml'] = `agent:\n  model: {name: gpt-4o}\n  tools:\n    env_variables: {WINDOW: 100, OVERLAP: 2}\n    bundles:\n${listing(sample.slice(0, 5))}`;
    files['config/no_bash.yaml'] = `agent:\n  model: {name: gpt-4o}\n  tools:\n    enable_bash_tool: false\n    bundles:\n${listing(sample.slice(3))}`;
    runSequence(workspace(files), 'conformance', STEPS * 2);
  });

  const repos = fs.readdirSync(CORPUS_DIR, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
  it.each(readable(repos, 'corpus repositories', (repo) => [path.join(CORPUS_DIR, repo)]))('on the corpus: %s', (repo) => {
    const ws = workspace();
    fs.cpSync(path.join(CORPUS_DIR, repo), ws.root, { recursive: true });
    runSequence(ws, repo, Math.ceil(STEPS / 3));
  });

  it('on a generated 24-tool bundle used by three agent configs', () => {
    const agent = (env: string, extra = '') => `agent:\n  model: {name: gpt-4o}\n  tools:\n    env_variables: ${env}\n    bundles:\n      - path: tools/generated\n${extra}`;
    const ws = workspace({
      'tools/generated/config.yaml': generateBundle(24).text,
      'config/a.yaml': agent('{WINDOW: 100}'),
      'config/b.yaml': agent('{}', '        hidden_tools: [tool_3, tool_7]\n'),
      'config/c.yaml': agent('{PAGER: less}', '    enable_bash_tool: false\n'),
    });
    runSequence(ws, 'generated', STEPS);
  });
});
