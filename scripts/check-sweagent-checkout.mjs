#!/usr/bin/env node
/**
 * Lints every agent config of a SWE-agent checkout (`config/**\/*.yaml`) with
 * the built CLI (dist/lint.js, `npm run build` first), as SWE-agent's docs run
 * them: from the checkout's root, and again with `--agent.model.name=gpt-4o`
 * when the file leaves the model to the command line (a left-to-command-line
 * hint). Prints one line per file and a summary; exits 1 when a file has an
 * error. Nothing of the checkout is copied or kept.
 *
 *   node scripts/check-sweagent-checkout.mjs /path/to/SWE-agent
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const checkout = process.argv[2];
if (!checkout || !fs.existsSync(path.join(checkout, 'config'))) {
  console.error('usage: check-sweagent-checkout.mjs CHECKOUT (a SWE-agent checkout with a config/ folder)');
  process.exit(2);
}
const lint = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'lint.js');

function yamlFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return yamlFiles(full);
    return /\.ya?ml$/.test(entry.name) ? [full] : [];
  });
}

function run(file, extra) {
  const result = spawnSync(process.execPath, [lint, '--format', 'json', ...extra, file], { cwd: checkout, encoding: 'utf8' });
  if (result.status !== 0 && result.status !== 1) throw new Error(`${file}: exit ${result.status}: ${result.stderr}`);
  return JSON.parse(result.stdout).find((entry) => entry.path === file);
}

const files = yamlFiles(path.join(checkout, 'config')).map((f) => path.relative(checkout, f)).sort();
let withErrors = 0;
for (const file of files) {
  let entry = run(file, []);
  let given = '';
  // SWE-agent's docs pass the model on the command line for the configs that leave it out.
  if (entry?.diagnostics.some((d) => d.code === 'left-to-command-line' && d.message.includes('`--agent.model.name=...`'))) {
    entry = run(file, ['--agent.model.name=gpt-4o']);
    given = ' (with --agent.model.name=gpt-4o)';
  }
  if (!entry) {
    console.log(`${file}: not an agent config`);
    continue;
  }
  const count = (severity) => entry.diagnostics.filter((d) => d.severity === severity).length;
  const errors = entry.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) withErrors++;
  console.log(`${file}: ${entry.loads ? 'loads' : 'does not load'}${given}; ${count('error')} errors, ${count('warning')} warnings, ${count('information')} info`);
  for (const d of errors) console.log(`  ${d.range.start.line + 1}:${d.range.start.character + 1} ${d.code} ${d.message}`);
}
console.log(`${files.length} files, ${withErrors} with errors`);
process.exit(withErrors > 0 ? 1 : 0);
