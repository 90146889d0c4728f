#!/usr/bin/env node
/**
 * Generates the built-in SWE-agent profiles (server/src/engine/sweAgent/profiles/*.json)
 * from SWE-agent's and SWE-ReX's sources, read from their git mirrors (never
 * committed): `node scripts/gen-sweagent-profiles.mjs SWE_AGENT_GIT_DIR SWE_REX_GIT_DIR`.
 * What it commits are facts (model and field names, types, defaults, which
 * models forbid extra keys, validators' names, the variables the agent code
 * gives its templates) and their provenance; no description text of theirs.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { build } from 'esbuild';

// SWE-ReX: v1.4.0 for every version. SWE-agent pins no SWE-ReX release, and the per-version verdicts
// (../shared/conformance/versions) were made with one SWE-ReX for all four: they accept at v1.0.0-v1.1.0
// a deployment only v1.4.0's DaytonaDeploymentConfig takes (agent/118), which the releases of those
// versions' time (v1.0.5, v1.2.0, v1.2.2) refuse.
const VERSIONS = [
  { version: '1.0.0', sweAgent: 'v1.0.0', sweRex: 'v1.4.0' },
  { version: '1.0.1', sweAgent: 'v1.0.1', sweRex: 'v1.4.0' },
  { version: '1.1.0', sweAgent: 'v1.1.0', sweRex: 'v1.4.0' },
  { version: 'main', sweAgent: '3ea751c087f32b16e039a2233dd6eefecef325d5', sweRex: 'v1.4.0' },
];

const [sweAgentGit, sweRexGit] = process.argv.slice(2);
if (!sweAgentGit || !sweRexGit) {
  console.error('usage: gen-sweagent-profiles.mjs SWE_AGENT_GIT_DIR SWE_REX_GIT_DIR');
  process.exit(2);
}
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const outDir = path.join(root, 'server/src/engine/sweAgent/profiles');

const work = mkdtempSync(path.join(tmpdir(), 'gen-profiles-'));
const bundle = path.join(work, 'extract.cjs');
await build({ entryPoints: [path.join(root, 'server/src/engine/sweAgent/extract/pydanticModels.ts')], bundle: true, platform: 'node', format: 'cjs', outfile: bundle, logLevel: 'error' });
const { extractModels } = createRequire(import.meta.url)(bundle);

const git = (dir, ...args) => execFileSync('git', ['--git-dir', dir, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });

/** A PythonSources over a git tree: modules under `prefix` (`''` or `src/`). */
function gitSources(dir, rev, prefix, packageName) {
  const files = new Set(git(dir, 'ls-tree', '-r', '--name-only', rev).split('\n'));
  return (name) => {
    if (name !== packageName && !name.startsWith(`${packageName}.`)) return null;
    const base = prefix + name.replaceAll('.', '/');
    for (const [file, isPackage] of [[`${base}.py`, false], [`${base}/__init__.py`, true]]) {
      if (files.has(file)) return { text: git(dir, 'show', `${rev}:${file}`), file: file.slice(prefix.length), isPackage };
    }
    return null;
  };
}

mkdirSync(outDir, { recursive: true });
for (const { version, sweAgent, sweRex } of VERSIONS) {
  const agentCommit = git(sweAgentGit, 'rev-parse', `${sweAgent}^{commit}`).trim();
  const rexCommit = git(sweRexGit, 'rev-parse', `${sweRex}^{commit}`).trim();
  const fromAgent = gitSources(sweAgentGit, agentCommit, '', 'sweagent');
  const fromRex = gitSources(sweRexGit, rexCommit, 'src/', 'swerex');
  const data = extractModels({ module: (name) => fromAgent(name) ?? fromRex(name) });
  for (const model of Object.values(data.models)) for (const field of model.fields) delete field.description;
  data.provenance = [
    { source: 'SWE-agent/SWE-agent', commit: agentCommit, tag: sweAgent.startsWith('v') ? sweAgent : undefined },
    { source: 'SWE-agent/SWE-ReX', commit: rexCommit, tag: sweRex },
  ];
  writeFileSync(path.join(outDir, `${version}.json`), `${JSON.stringify(data, null, 1)}\n`);
  console.log(`${version}: ${Object.keys(data.models).length} models, ${data.notUnderstood.length} not understood`);
  for (const n of data.notUnderstood) console.log(`  ${n.file}:${n.line}: ${n.message}`);
}
