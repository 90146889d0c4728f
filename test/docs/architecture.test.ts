/**
 * docs/ARCHITECTURE.md, held to the sources: the layer order it states, every
 * invariant that can be checked on the code, every folder in its code map,
 * and every path it names. The checks (./architectureCheck.ts) read the
 * sources with the TypeScript parser; the last block applies to a copy of
 * the sources each change the checks exist to catch, and expects them to
 * fail.
 */
import * as fs from 'fs';
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/shared';
import { Import, SRC, Sources, foldersOf, importGraph, importsMatching, layerViolations, layersInDoc, moduleState, readSources, timersAndClocks } from './architectureCheck';
import { swallowingCatches, undrawnWork } from './workBudgetCheck';

const DOC = fs.readFileSync(path.join(REPO_ROOT, 'docs', 'ARCHITECTURE.md'), 'utf8');
const LAYERS = layersInDoc(DOC);

const isEngine = (file: string) => file.startsWith('engine/');
const isFrontEnd = (file: string) => /^(lsp|cli)\//.test(file) || file === 'server.ts' || file === 'lint.ts';
/** What a front end must not import: the parsers and the checks (it asks the `Analysis`). */
const CHECKS = /^engine\/(yaml|swe)\/|^engine\/analysis\/database\.ts$|^engine\/document\/bundleModel\.ts$|^engine\/runConfig\/(checkRunConfig|validate)\.ts$|^engine\/workspace\/checkAgentConfig\.ts$/;

/** The host's own bookkeeping, which must not draw from a query's work budget (docs/ARCHITECTURE.md says why). */
const HOST_BOOKKEEPING = new Set(['engine/analysis/database.ts', 'engine/analysis/sameValue.ts', 'engine/analysis/analysisHost.ts', 'engine/analysis/inputs.ts']);

/** Every violation of the invariants in a source tree, one line each. */
function violations(sources: Sources, layers = LAYERS): string[] {
  const graph: Import[] = importGraph(sources);
  const engine = [...sources].filter(([file]) => isEngine(file));
  return [
    ...layerViolations(graph, sources, layers),
    ...importsMatching(graph, (file) => !file.startsWith('lsp/'), /^vscode-languageserver/),
    ...importsMatching(graph, isEngine, /^(node:)?(fs|fs\/promises|child_process|net|tls|http|https|dns|worker_threads|timers|timers\/promises|os|process|perf_hooks)$/),
    ...importsMatching(graph, (file) => !/^(host\/|cli\/main\.ts$)/.test(file), /^(node:)?(fs|fs\/promises)$/),
    ...importsMatching(graph, () => true, /^(node:)?(child_process|net|tls|http|https|dns)$/),
    ...importsMatching(graph, isFrontEnd, CHECKS),
    ...importsMatching(graph, (file) => file.startsWith('lsp/'), /^cli\//),
    ...importsMatching(graph, (file) => file.startsWith('cli/'), /^lsp\//),
    ...engine.flatMap(([file, text]) => moduleState(file, text)).filter((found) => found !== 'engine/work.ts: let running'),
    ...engine.filter(([file]) => !HOST_BOOKKEEPING.has(file)).flatMap(([file, text]) => undrawnWork(file, text)),
    ...engine.flatMap(([file, text]) => swallowingCatches(file, text)),
    ...engine.flatMap(([file, text]) => timersAndClocks(file, text)),
  ];
}

const SOURCES = readSources();

describe('architecture invariants', () => {
  it('docs/ARCHITECTURE.md states a layer order of the whole server, engine first', () => {
    expect(LAYERS.length).toBeGreaterThan(10);
    expect(LAYERS[0]).toContain('engine/util/');
    expect(LAYERS.at(-1)).toEqual(['serverLauncher.ts', 'server.ts', 'lint.ts']);
  });

  it('the sources hold every invariant: the layer order, only lsp/ speaks LSP, the engine reaches nothing outside, thin front ends, no state or timers in the engine', () => {
    expect(SOURCES.size).toBeGreaterThan(150);
    expect(violations(SOURCES)).toEqual([]);
  });

  it('every source folder is in the code map', () => {
    const named = new Set([...DOC.matchAll(/`server\/src\/([^`\s]+\/)`/g)].map((m) => m[1]));
    expect(foldersOf(SOURCES).filter((folder) => !named.has(folder))).toEqual([]);
  });
});

describe('the checks catch what they exist for (each change applied to a copy of the sources)', () => {
  const mutated = (file: string, edit: (text: string) => string): Sources => {
    expect(SOURCES.has(file)).toBe(true);
    return new Map(SOURCES).set(file, edit(SOURCES.get(file)!));
  };
  const append = (file: string, code: string) => mutated(file, (text) => `${text}\n${code}\n`);
  const prepend = (file: string, code: string) => mutated(file, (text) => `${code}\n${text}`);

  it('a module-level Map that a function writes', () => {
    expect(violations(append('engine/swe/env.ts', 'const CACHE = new Map<string, number>();\nexport function remember(key: string): void {\n  CACHE.set(key, 1);\n}'))).toEqual(['engine/swe/env.ts: CACHE (a module-level value a function writes)']);
  });

  it('a module-level object, array or Set that a function writes, through an element, a method or ++', () => {
    const found = violations(append('engine/swe/env.ts', 'const SEEN: Record<string, number> = {};\nconst LOG: string[] = [];\nconst KEYS = new Set<string>();\nexport const note = (key: string) => { SEEN[key]++; LOG.push(key); };\nexport function keep(key: string) { KEYS.add(key); }'));
    expect(found.sort()).toEqual(['engine/swe/env.ts: KEYS (a module-level value a function writes)', 'engine/swe/env.ts: LOG (a module-level value a function writes)', 'engine/swe/env.ts: SEEN (a module-level value a function writes)']);
  });

  it('a module-level let, a weak map, a static field', () => {
    expect(violations(append('engine/document/chunker.ts', 'export let generation = 0;\nconst MEMO = new WeakMap<object, number>();\nexport class Counter {\n  static count = 0;\n}'))).toEqual([
      'engine/document/chunker.ts: let generation',
      'engine/document/chunker.ts: MEMO (a weak collection)',
      'engine/document/chunker.ts: static count',
    ]);
  });

  it('a loop, a callback of an iteration method and a function calling itself that do not draw from the work budget', () => {
    const first = SOURCES.get('engine/swe/env.ts')!.split('\n').length + 1;
    const code = [
      'export function total(xs: number[]): number {',
      '  let sum = 0;',
      '  for (const x of xs) sum += x;',
      '  return sum;',
      '}',
      'export const doubled = (xs: number[]) => xs.map((x) => 2 * x);',
      'export function depth(n: number): number {',
      '  return n === 0 ? 0 : 1 + depth(n - 1);',
      '}',
      'export const drawn = (xs: number[]) => charged(xs).filter((x) => x > 0);',
    ].join('\n');
    expect(violations(append('engine/swe/env.ts', code))).toEqual([
      `engine/swe/env.ts:${first + 2}: a loop that does not draw from the work budget`,
      `engine/swe/env.ts:${first + 5}: a callback that does not draw from the work budget`,
      `engine/swe/env.ts:${first + 6}: a recursion that does not draw from the work budget`,
    ]);
  });

  it('a catch in the engine that rethrows nothing, around more than a native', () => {
    const first = SOURCES.get('engine/swe/env.ts')!.split('\n').length + 1;
    const code = ['export function parsed(text: string): unknown {', '  try {', '    return JSON.parse(text);', '  } catch {', '    return null;', '  }', '}', 'export function read(text: string): unknown {', '  try {', '    return parsed(text);', '  } catch {', '    return null;', '  }', '}'].join('\n');
    expect(violations(append('engine/swe/env.ts', code))).toEqual([`engine/swe/env.ts:${first + 10}: a catch that may swallow the work budget running out`]);
  });

  it('a side-effect import of swe/ in yaml/', () => {
    expect(violations(prepend('engine/yaml/loadYaml.ts', "import '../swe/env';"))).toEqual(['engine/yaml/loadYaml.ts → engine/swe/env.ts (side-effect)']);
  });

  it('a type-only import of the host in features/', () => {
    expect(violations(prepend('engine/features/hover.ts', "import type { Analysis } from '../analysis/analysis';"))).toEqual(['engine/features/hover.ts → engine/analysis/analysis.ts (type)']);
  });

  it("a setTimeout, without any import, in python/; the clock in swe/", () => {
    expect(violations(append('engine/python/shlexQuote.ts', 'export function later(run: () => void): void {\n  setTimeout(run, 0);\n}'))).toEqual(['engine/python/shlexQuote.ts: setTimeout']);
    expect(violations(append('engine/swe/env.ts', 'export const stamp = () => Date.now();'))).toEqual(['engine/swe/env.ts: Date.now']);
  });

  it('a dynamic import() of a check from lsp/, of vscode-languageserver from the engine, of lsp/ from the engine', () => {
    expect(violations(append('lsp/serverContext.ts', "export const loader = () => import('../engine/swe/checkTool');"))).toEqual(['lsp/serverContext.ts → engine/swe/checkTool.ts (dynamic)']);
    expect(violations(append('engine/features/hover.ts', "export const lsp = () => import('vscode-languageserver');"))).toEqual(['engine/features/hover.ts → vscode-languageserver (dynamic)']);
    expect(violations(append('engine/features/hover.ts', "export const server = () => import('../../lsp/convert');"))).toEqual(['engine/features/hover.ts → lsp/convert.ts (dynamic)']);
  });

  it('a require of fs in the engine, and an import of vscode-languageserver from server.ts', () => {
    expect(violations(append('engine/swe/env.ts', "export const read = () => require('fs');"))).toEqual(['engine/swe/env.ts → fs (require)', 'engine/swe/env.ts → fs (require)']);
    expect(violations(prepend('server.ts', "import { createConnection } from 'vscode-languageserver/node';"))).toEqual(['server.ts → vscode-languageserver/node (static)']);
  });

  it('a module in no layer, and a folder missing from the code map', () => {
    const sources = new Map(SOURCES).set('engine/newFolder/thing.ts', 'export const thing = 1;\n');
    expect(violations(sources)).toEqual(['engine/newFolder/thing.ts is in no layer']);
    expect(foldersOf(sources)).toContain('engine/newFolder/');
  });

  it('a layer order that states the truth of no tree: the engine above the front ends', () => {
    const reversed = [...LAYERS].reverse();
    expect(violations(SOURCES, reversed).length).toBeGreaterThan(100);
  });
});

describe('the document names what exists', () => {
  it('every path in docs/ARCHITECTURE.md is a file or folder of the repository', () => {
    // Backticked paths with a folder or a file extension (not LSP methods, not a bundle's own `bin/`).
    const named = [...DOC.matchAll(/`([^`\s]+)`/g)]
      .map((m) => m[1])
      .filter((p) => /^[\w.-]+\/[\w./-]*$|^[\w-]+\.(ts|mjs|md|json)$/.test(p) && !/^(\.\.\/|textDocument\/|bin\/$)/.test(p));
    expect(named.length).toBeGreaterThan(80);
    // A path is named from the repository, from server/src, or from the folder of server/src its section is about.
    const roots = [REPO_ROOT, SRC, ...foldersOf(SOURCES).map((folder) => path.join(SRC, folder)), path.join(REPO_ROOT, 'client'), path.join(REPO_ROOT, 'test')];
    const missing = named.filter((p) => !roots.some((root) => fs.existsSync(path.join(root, p.replace(/\/$/, '')))));
    expect(missing).toEqual([]);
  });
});
