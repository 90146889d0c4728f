/** The import rules of docs/ARCHITECTURE.md, checked on the sources so they stay true. */
import * as fs from 'fs';
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/shared';

const SRC = path.join(REPO_ROOT, 'server', 'src');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sources(full) : entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Every module a source file imports (static imports and requires). */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:^|\n)\s*import[^'"]*?from\s+['"]([^'"]+)['"]|require\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] ?? m[2]);
}

const relative = (file: string) => path.relative(SRC, file).split(path.sep).join('/');
const importing = (files: string[], modules: RegExp) => files.filter((file) => importsOf(file).some((m) => modules.test(m))).map(relative).sort();

describe('architecture invariants', () => {
  const all = sources(SRC);

  it('only server.ts and lsp/ import vscode-languageserver', () => {
    expect(importing(all, /^vscode-languageserver/).filter((f) => f !== 'server.ts' && !f.startsWith('lsp/'))).toEqual([]);
  });

  it('the engine imports nothing of Node that reaches outside: no fs, processes, network, timers or workers', () => {
    const engine = all.filter((f) => relative(f).startsWith('engine/'));
    expect(engine.length).toBeGreaterThan(50);
    expect(importing(engine, /^(fs|fs\/promises|child_process|net|tls|http|https|dns|worker_threads|timers|os)$/)).toEqual([]);
  });

  it('only host/ and the CLI use fs, and nothing starts a process or opens a connection', () => {
    expect(importing(all, /^(fs|fs\/promises)$/)).toEqual(['cli/main.ts', 'host/fileModes.ts', 'host/nodeWorkspaceFs.ts']);
    expect(importing(all, /^(child_process|net|tls|http|https|dns)$/)).toEqual([]);
  });
});
