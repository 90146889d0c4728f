/**
 * docs/ARCHITECTURE.md, held to the sources: every invariant that can be
 * checked on the code, and every path the document names.
 */
import * as fs from 'fs';
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/shared';

const SRC = path.join(REPO_ROOT, 'server', 'src');
const DOC = fs.readFileSync(path.join(REPO_ROOT, 'docs', 'ARCHITECTURE.md'), 'utf8');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sources(full) : entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Every module a source file imports (static imports, type imports and requires), relative ones resolved to paths under server/src. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|require\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => {
    const spec = m[1] ?? m[2];
    return spec.startsWith('.') ? relative(path.resolve(path.dirname(file), spec)) : spec;
  });
}

const relative = (file: string) => path.relative(SRC, file).split(path.sep).join('/');
const all = sources(SRC);
const under = (prefix: string) => all.filter((file) => relative(file).startsWith(prefix));
/** The files among `files` that import a module matching `modules`, as paths under server/src. */
const importing = (files: string[], modules: RegExp) => files.filter((file) => importsOf(file).some((m) => modules.test(m))).map(relative).sort();

describe('architecture invariants', () => {
  it('only server.ts and lsp/ import vscode-languageserver', () => {
    expect(importing(all, /^vscode-languageserver/).filter((f) => f !== 'server.ts' && !f.startsWith('lsp/'))).toEqual([]);
  });

  it('the engine imports nothing of Node that reaches outside: no fs, processes, network, timers or workers', () => {
    expect(under('engine/').length).toBeGreaterThan(100);
    expect(importing(under('engine/'), /^(fs|fs\/promises|child_process|net|tls|http|https|dns|worker_threads|timers|os)$/)).toEqual([]);
  });

  it('only host/ and the CLI use fs, and nothing starts a process or opens a connection', () => {
    expect(importing(all, /^(fs|fs\/promises)$/)).toEqual(['cli/main.ts', 'host/fileModes.ts', 'host/nodeWorkspaceFs.ts']);
    expect(importing(all, /^(child_process|net|tls|http|https|dns)$/)).toEqual([]);
  });

  it("the engine's layers depend downward only", () => {
    const layer = (prefix: string, forbidden: RegExp) => importing(under(prefix), forbidden);
    expect(layer('engine/python/', /^engine\/(yaml|swe|runConfig|document|features|workspace|analysis)\//)).toEqual([]);
    expect(layer('engine/yaml/', /^engine\/(swe|runConfig|document|features|workspace|analysis)\//)).toEqual([]);
    expect(layer('engine/swe/', /^engine\/(runConfig|document|features|workspace|analysis)\//)).toEqual([]);
    expect(layer('engine/features/', /^engine\/(runConfig|workspace|analysis)\//)).toEqual([]);
    expect(importing(under('engine/').filter((f) => !relative(f).startsWith('engine/analysis/')), /^engine\/analysis\//)).toEqual([]);
    expect(importing(under('engine/'), /^(lsp|cli|host)\//)).toEqual([]);
  });

  it('state lives in the host: outside analysis/, no module keeps a WeakMap or module-level mutable state', () => {
    const stateful = under('engine/')
      .filter((file) => !relative(file).startsWith('engine/analysis/'))
      .flatMap((file) => {
        const text = fs.readFileSync(file, 'utf8');
        const found = [...text.matchAll(/^(?:export )?let (\w+)/gm)].map((m) => `${relative(file)}: let ${m[1]}`);
        if (/new WeakMap\b/.test(text)) found.push(`${relative(file)}: WeakMap`);
        return found;
      });
    expect(stateful).toEqual([]);
  });

  it('front ends are thin: lsp/ and cli/ parse and check nothing themselves', () => {
    const frontEnds = [...under('lsp/'), ...under('cli/'), path.join(SRC, 'server.ts'), path.join(SRC, 'lint.ts')];
    const checks = /^engine\/(yaml|swe)\/|^engine\/analysis\/database$|^engine\/document\/bundleModel$|^engine\/runConfig\/(checkRunConfig|validate)$|^engine\/workspace\/checkAgentConfig$/;
    expect(importing(frontEnds, checks)).toEqual([]);
  });
});

describe('the document names what exists', () => {
  it('every path in docs/ARCHITECTURE.md is a file or folder of the repository', () => {
    // Backticked paths with a folder or a file extension (not LSP methods, not a bundle's own `bin/`); the layer sections name paths under server/src/engine.
    const named = [...DOC.matchAll(/`([^`\s]+)`/g)]
      .map((m) => m[1])
      .filter((p) => /^[\w.-]+\/[\w./-]*$|^[\w-]+\.(ts|mjs|md|json)$/.test(p) && !/^(\.\.\/|textDocument\/|bin\/$)/.test(p));
    expect(named.length).toBeGreaterThan(80);
    const roots = [REPO_ROOT, path.join(SRC, 'engine'), SRC, path.join(SRC, 'engine', 'analysis'), path.join(SRC, 'engine', 'yaml'), path.join(SRC, 'engine', 'document'), path.join(SRC, 'engine', 'runConfig'), path.join(SRC, 'engine', 'workspace'), path.join(SRC, 'engine', 'python'), path.join(SRC, 'engine', 'swe'), path.join(SRC, 'engine', 'rules'), path.join(SRC, 'lsp'), path.join(SRC, 'cli'), path.join(REPO_ROOT, 'client'), path.join(REPO_ROOT, 'test')];
    const missing = named.filter((p) => !roots.some((root) => fs.existsSync(path.join(root, p.replace(/\/$/, '')))));
    expect(missing).toEqual([]);
  });
});
