/**
 * What the project keeps between calls, and for how long: an open bundle
 * keeps its incremental analyzer across edits (only the touched tool is parsed
 * again), a closed one loses it; agent configs are checked once per state of
 * the project; bundle folder listings are kept only while file events are
 * trusted to say when they change.
 */
import * as fs from 'fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STANDALONE_OPTIONS, Project } from '../../server/src/engine/workspace/project';
import { createNodeWorkspaceFs, memoizedWorkspaceFs, readUtf8 } from '../../server/src/host/nodeWorkspaceFs';
import { WorkspaceFs } from '../../server/src/engine/workspace/workspaceFs';
import { generateBundle } from '../../scripts/generateBundle';
import { TempWorkspace, tempWorkspace } from '../helpers/tempWorkspace';

const BUNDLE = generateBundle(3).text;
const AGENT = `agent:
  tools:
    bundles:
      - path: tools/gen
`;

let ws: TempWorkspace;
let project: Project;
/** Editor buffers by path: they win over the disk, as in the server. */
let open: Map<string, string>;
let reads: string[];

beforeEach(() => {
  ws = tempWorkspace({ 'tools/gen/config.yaml': BUNDLE, 'config/default.yaml': AGENT });
  for (const tool of ['tool_0', 'tool_1', 'tool_2', '_state']) ws.write(`tools/gen/bin/${tool}`, '#!/bin/sh\n', 0o755);
  const wfs = createNodeWorkspaceFs(() => [ws.root]);
  open = new Map();
  reads = [];
  const readText = (file: string) => {
    reads.push(file);
    return open.get(file) ?? readUtf8(wfs, file);
  };
  project = new Project({ fs: wfs, readText, uriOf: (file) => `file://${file}` }, [ws.root], {});
  project.scan();
});
afterEach(() => ws.remove());

/** The text with `description: "What to do"` of tool `t` changed to `replacement`. */
function editTool(text: string, t: number, replacement: string): string {
  const at = text.indexOf('description: "What to do"', text.indexOf(`  tool_${t}:\n`));
  return text.slice(0, at) + `description: "${replacement}"` + text.slice(at + 'description: "What to do"'.length);
}

describe('an open bundle keeps its analyzer', () => {
  it('re-parses only the edited tool while the document is open', () => {
    const config = ws.path('tools/gen/config.yaml');
    open.set(config, BUNDLE);
    project.invalidate(config, true);
    const before = project.bundleModel(config, STANDALONE_OPTIONS)!;
    expect(before.mode).toBe('chunked');
    expect(before.chunks.map((c) => c.role)).toEqual(['tools-header', 'tool', 'tool', 'tool', 'top']);

    open.set(config, editTool(BUNDLE, 1, 'What to do now'));
    project.invalidate(config, true);
    const after = project.bundleModel(config, STANDALONE_OPTIONS)!;
    expect(after.chunks.map((chunk) => before.chunks.includes(chunk))).toEqual([true, true, false, true, true]);
    expect(after.diagnostics).toEqual(before.diagnostics);
  });

  it('starts over once the document is closed (the disk copy is what counts)', () => {
    const config = ws.path('tools/gen/config.yaml');
    open.set(config, editTool(BUNDLE, 1, 'What to do now'));
    project.invalidate(config, true);
    const edited = project.bundleModel(config, STANDALONE_OPTIONS)!;
    open.delete(config);
    project.invalidate(config);
    const closed = project.bundleModel(config, STANDALONE_OPTIONS)!;
    expect(closed.chunks.filter((chunk) => edited.chunks.includes(chunk))).toEqual([]);
    expect(closed.source.normalized).toBe(BUNDLE);
  });
});

describe('per state of the project', () => {
  it('checks an agent config once until something changes, and reads each file once per state', () => {
    const agent = ws.path('config/default.yaml');
    const config = ws.path('tools/gen/config.yaml');
    const first = project.agent(agent);
    expect(first).not.toBeNull();
    expect(project.agent(agent)).toBe(first);
    reads = [];
    project.bundleDiagnostics(config);
    project.bundleDiagnostics(config);
    expect(reads).toEqual([]);

    project.invalidate(ws.path('tools/gen/README.md'));
    const second = project.agent(agent);
    expect(second).not.toBe(first);
    expect(second!.diagnostics).toEqual(first!.diagnostics);
    expect(reads.filter((file) => file === agent)).toEqual([agent]);
  });

  it('lists the agent configs using a bundle, in order, from one pass', () => {
    ws.write('config/other.yaml', AGENT);
    project.scan();
    const users = project.agentsUsing(ws.path('tools/gen/config.yaml')).map((user) => user.agentPath);
    expect(users).toEqual([ws.path('config/default.yaml'), ws.path('config/other.yaml')]);
    expect(project.agentsUsing(ws.path('tools/none/config.yaml'))).toEqual([]);
  });
});

describe('bundle folder listings', () => {
  const binCodes = () =>
    project
      .bundleDiagnostics(ws.path('tools/gen/config.yaml'))!
      .diagnostics.filter((d) => d.code.startsWith('bin-'))
      .map((d) => `${d.code} ${d.tool}`);

  it('are read again on every call without file events', () => {
    expect(binCodes()).toEqual([]);
    fs.chmodSync(ws.path('tools/gen/bin/tool_1'), 0o644);
    project.invalidate(ws.path('tools/gen/config.yaml'), true);
    expect(binCodes()).toEqual(['bin-script-not-executable tool_1']);
  });

  it('are kept while file events are trusted, until one names a path in the folder', () => {
    project.cacheBundleFolders = true;
    expect(binCodes()).toEqual([]);
    fs.chmodSync(ws.path('tools/gen/bin/tool_1'), 0o644);
    // Editing the config does not touch the listing...
    project.invalidate(ws.path('tools/gen/config.yaml'), true);
    expect(binCodes()).toEqual([]);
    // ...an event for the script does.
    project.invalidate(ws.path('tools/gen/bin/tool_1'));
    expect(binCodes()).toEqual(['bin-script-not-executable tool_1']);
  });
});

describe('memoizedWorkspaceFs (the CLI: one state of the disk per run)', () => {
  it('stats and lists each path once, reads every time, and hands out copies of listings', () => {
    const calls: string[] = [];
    const inner: WorkspaceFs = {
      isAllowed: (file) => (calls.push(`allowed ${file}`), true),
      stat: (file) => (calls.push(`stat ${file}`), file === '/gone' ? null : { kind: 'file', executable: false, realPath: file }),
      readFile: (file) => (calls.push(`read ${file}`), new Uint8Array([104, 105])),
      list: (dir) => (calls.push(`list ${dir}`), ['a', 'b']),
    };
    const memoized = memoizedWorkspaceFs(inner);
    expect(memoized.stat('/x')).toEqual({ kind: 'file', executable: false, realPath: '/x' });
    expect(memoized.stat('/x')).toEqual({ kind: 'file', executable: false, realPath: '/x' });
    expect(memoized.stat('/gone')).toBeNull();
    expect(memoized.stat('/gone')).toBeNull();
    const listing = memoized.list('/d')!;
    listing.push('mutated');
    expect(memoized.list('/d')).toEqual(['a', 'b']);
    memoized.readFile('/x');
    memoized.readFile('/x');
    memoized.isAllowed('/x');
    expect(calls).toEqual(['stat /x', 'stat /gone', 'list /d', 'read /x', 'read /x', 'allowed /x']);
  });
});
