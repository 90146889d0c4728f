#!/usr/bin/env node
/**
 * Lints a SWE-agent fork from its root, as a user would with no settings, and
 * compares each file's verdict with the fork's own code's (verdicts.jsonl, as
 * in ../shared/forks/OWNER__REPO/): whether it loads, and its error count.
 *
 *   node scripts/check-fork.mjs FORK_FOLDER TREE_DIR [--layout GIT_DIR] [--verdict-inputs]
 *
 * FORK_FOLDER holds tree.json and verdicts.jsonl. With --layout, the files of
 * tree.json are first laid out into TREE_DIR from the fork's git mirror at the
 * commit tree.json names (never commit them). Needs `npm run build` (dist/lint.js).
 *
 * With no settings, a bundle is checked in the envs of the agent configs that
 * use it (so a docstring's errors in the default env are not expected: see
 * expectedErrors), and a model an agent config leaves out is left to the
 * command line (a hint; the verdict gives `--agent.model.name=gpt-4o`, which
 * is passed on). A verdict was made with fixed inputs instead: a
 * bundle alone in `ToolConfig(bundles=[it])` with the fork's default env, an
 * agent config with exactly its command line. --verdict-inputs gives the
 * linter those: `--env-json` with the default `env_variables` of the fork's
 * ToolConfig (read from its sweagent/tools/tools.py) for a bundle, and a
 * configured command line (`commandLine: []` plus the verdict's options) for
 * an agent config.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const args = process.argv.slice(2);
const layoutAt = args.indexOf('--layout');
const gitDir = layoutAt >= 0 ? args.splice(layoutAt, 2)[1] : null;
const verdictInputsAt = args.indexOf('--verdict-inputs');
const verdictInputs = verdictInputsAt >= 0 && args.splice(verdictInputsAt, 1).length === 1;
const [forkFolder, treeDir] = args;
if (!forkFolder || !treeDir) {
  console.error('usage: check-fork.mjs FORK_FOLDER TREE_DIR [--layout GIT_DIR]');
  process.exit(2);
}
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const lint = path.join(root, 'dist', 'lint.js');

if (gitDir) {
  const tree = JSON.parse(readFileSync(path.join(forkFolder, 'tree.json'), 'utf8'));
  // File by file: a mirror may lack some large blobs (data files), which are said and left out.
  const listed = execFileSync('git', ['--git-dir', gitDir, 'ls-tree', '-r', '--name-only', tree.commit, '--', ...tree.files], { encoding: 'utf8', maxBuffer: 1 << 30 });
  for (const file of listed.split('\n').filter(Boolean)) {
    const blob = spawnSync('git', ['--git-dir', gitDir, 'show', `${tree.commit}:${file}`], { maxBuffer: 1 << 30 });
    if (blob.status !== 0) {
      console.error(`left out (not in the mirror): ${file}`);
      continue;
    }
    mkdirSync(path.dirname(path.join(treeDir, file)), { recursive: true });
    writeFileSync(path.join(treeDir, file), blob.stdout);
  }
}

/**
 * The fork's ToolConfig default `env_variables` (`env_variables: dict[str, Any] = {...}` of string pairs, as
 * every SWE-agent release writes it), or null when its source does not say it that way.
 */
function defaultEnvOfFork(tree) {
  let source;
  try {
    source = readFileSync(path.join(tree, 'sweagent', 'tools', 'tools.py'), 'utf8');
  } catch {
    return null;
  }
  const literal = /^\s*env_variables:[^=\n]*=\s*\{([^}]*)\}/m.exec(source);
  if (!literal) return null;
  return Object.fromEntries([...literal[1].matchAll(/["'](\w+)["']\s*:\s*["']([^"']*)["']/g)].map((m) => [m[1], m[2]]));
}

/** The files --verdict-inputs passes: the fork's default env, and settings with a configured (empty) command line. */
function verdictInputFiles(tree) {
  const dir = mkdtempSync(path.join(tmpdir(), 'check-fork-'));
  const env = defaultEnvOfFork(tree);
  if (env === null) console.error("the fork's default env_variables were not found in sweagent/tools/tools.py: bundles are checked without --env-json");
  const envJson = env === null ? null : path.join(dir, 'env.json');
  if (envJson) writeFileSync(envJson, JSON.stringify(env));
  const settings = path.join(dir, 'settings.json');
  writeFileSync(settings, JSON.stringify({ commandLine: [] }));
  return { dir, envJson, settings };
}
const inputs = verdictInputs ? verdictInputFiles(treeDir) : null;
process.on('exit', () => inputs && rmSync(inputs.dir, { recursive: true, force: true }));

/** The product's arguments for a verdict's command line (`sweagent run[-batch] --config FILE [--a.b=c]...`). */
function lintArgsOf(verdict) {
  if (verdict.kind === 'bundle') return inputs?.envJson ? ['--env-json', inputs.envJson, verdict.path] : [verdict.path];
  // The file's own path is one word even when it has a space (`config/legacy/x copy.yaml`).
  const words = verdict.command.replace(verdict.path, '\0').split(/\s+/).slice(1).map((word) => (word === '\0' ? verdict.path : word));
  const out = [...(inputs ? ['--config', inputs.settings] : []), ...(words[0] === 'run-batch' ? ['--run-batch'] : [])];
  for (let i = 1; i < words.length; i++) {
    if (words[i] === '--config') out.push('--agent-config', words[++i]);
    else out.push(words[i]);
  }
  return out;
}

/**
 * The verdict's errors the linter must give as errors. A bundle's `docs` errors (a `{VAR}` of a docstring
 * that the fork's default env lacks: KeyError) are ToolConfig(bundles=[it])'s with the default env, the
 * verdict's input; the bundle itself loads (`loads`). With no settings the linter does not assume that env:
 * a bundle is judged in the envs of the agent configs that use it, else in an env the settings leave open
 * (a warning, `docstring-unknown-variable`), so a loading bundle must have no error there. They are compared
 * with --verdict-inputs, which gives the default env.
 */
function expectedErrors(verdict) {
  if (inputs || verdict.kind !== 'bundle') return verdict.errors;
  return verdict.errors.filter((e) => e.stage !== 'docs');
}

const verdicts = readFileSync(path.join(forkFolder, 'verdicts.jsonl'), 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line));
const counts = { files: 0, loadsAgree: 0, errorsAgree: 0, notJudged: 0, saidNotChecked: 0 };
const disagreements = [];
for (const verdict of verdicts) {
  const run = spawnSync(process.execPath, [lint, '--format', 'json', ...lintArgsOf(verdict)], { cwd: treeDir, encoding: 'utf8', maxBuffer: 1 << 28 });
  let files = null;
  try {
    files = JSON.parse(run.stdout ?? '');
  } catch {
    files = null;
  }
  if (!Array.isArray(files)) {
    disagreements.push(`${verdict.path}: the linter printed no report (exit ${run.status}): ${run.error?.message ?? (run.stderr ?? '').trim().split('\n')[0]}`);
    continue;
  }
  const result = files.find((f) => f.path === verdict.path) ?? files[0];
  if (verdict.format === '0.x') {
    counts.notJudged++;
    if (result && result.diagnostics.length > 0) counts.saidNotChecked++;
    else disagreements.push(`${verdict.path}: a 0.x config passed silently`);
    continue;
  }
  counts.files++;
  const ourErrors = result ? result.diagnostics.filter((d) => d.severity === 'error').length : 0;
  const loads = result ? result.loads : true;
  if (loads === verdict.loads) counts.loadsAgree++;
  const expected = expectedErrors(verdict);
  if (ourErrors === expected.length) counts.errorsAgree++;
  if (loads !== verdict.loads || ourErrors !== expected.length) {
    const ours = result ? result.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.code}@${d.range.start.line + 1}`).join(', ') : 'not reported';
    disagreements.push(`${verdict.path}: SWE-agent loads=${verdict.loads} errors=${expected.map((e) => e.loc ?? e.kind).join(', ') || 'none'}; we loads=${loads} errors=${ours || 'none'}`);
  }
}
console.log(`${path.basename(forkFolder)}${verdictInputs ? ' (with the verdicts\' inputs)' : ' (no settings)'}: ${counts.loadsAgree}/${counts.files} agree on loading, ${counts.errorsAgree}/${counts.files} on the number of errors; 0.x configs: ${counts.saidNotChecked}/${counts.notJudged} said not checked`);
for (const d of disagreements) console.log(`  ${d}`);
process.exitCode = disagreements.length > 0 ? 1 : 0;
