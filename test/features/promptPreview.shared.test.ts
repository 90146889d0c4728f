/**
 * The prompt preview against ../shared/conformance/prompts: what SWE-agent's
 * own code sends the model at the first query, for each synthetic config
 * (at main and at v1.1.0) and, when a SWE-agent git directory is given
 * (SWEAGENT_GIT, as the renderings' README regenerates them), for each
 * config SWE-agent ships. The messages' roles and texts must be equal
 * character for character, and the `tools` list deep-equal.
 */
import { execFileSync, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { afterAll, describe, expect, it } from 'vitest';
import { runLint } from '../../server/src/cli/main';
import { SHARED_DIR, readJson } from '../helpers/shared';

const PROMPTS = path.join(SHARED_DIR, 'conformance', 'prompts');
const present = fs.existsSync(PROMPTS);
const SWEAGENT_GIT = process.env.SWEAGENT_GIT;

interface Rendering {
  loads?: boolean;
  command_line?: string[];
  messages?: { role: string; content: string }[];
  tools?: unknown;
  error?: unknown;
  state?: Record<string, unknown>;
}

/** The preview, run as `swe-bundle-lint --swe-agent VERSION --preview-prompt` from `cwd` with `args`; what the comparison reads of it. */
function preview(cwd: string, config: string, args: string[], version: string, env: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  // The renderings name versions as tags (`v1.1.0`); --swe-agent takes `1.1.0`.
  const code = runLint(['--format', 'json', '--swe-agent', version.replace(/^v/, ''), ...args, '--preview-prompt', config], { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), cwd, env });
  expect(stderr).toBe('');
  return { code, result: JSON.parse(stdout) as { ok: boolean; stopped_by?: string; reason?: string; messages?: { role: string; content: string }[]; tools?: unknown } };
}

function compare(actual: ReturnType<typeof preview>['result'], expected: Rendering): void {
  if (expected.error) {
    expect(actual).toMatchObject({ ok: false, stopped_by: 'sweagent' });
    return;
  }
  expect(actual.reason).toBeUndefined();
  expect(actual.messages!.map((m) => [m.role, m.content])).toEqual(expected.messages!.map((m) => [m.role, m.content]));
  expect(actual.tools).toEqual(expected.tools);
}

const synthetic = present ? fs.readdirSync(path.join(PROMPTS, 'synthetic')).filter((id) => fs.existsSync(path.join(PROMPTS, 'synthetic', id, 'case.json'))).sort() : [];
let agreeing = 0;

describe.skipIf(!present)('prompt preview = ../shared/conformance/prompts/synthetic', () => {
  const cases = synthetic.flatMap((id) =>
    [
      ['main', 'expected.json'],
      ['v1.1.0', 'expected.v1.1.0.json'],
    ]
      .filter(([, file]) => fs.existsSync(path.join(PROMPTS, 'synthetic', id, file)))
      .map(([version, file]) => [id, version, file] as const),
  );
  it.for(cases)('%s at %s', ([id, version, file], context) => {
    const dir = path.join(PROMPTS, 'synthetic', id);
    // ../shared keeps files taken from elsewhere as empty stand-ins; a demonstration among them cannot be compared.
    const demos = path.join(dir, 'demos');
    const emptyDemos = fs.existsSync(demos) ? fs.readdirSync(demos).filter((f) => fs.statSync(path.join(demos, f)).size === 0) : [];
    if (emptyDemos.length > 0) return context.skip(`its demonstrations ${emptyDemos.join(', ')} are empty stand-ins in ${demos}`);
    const spec = readJson<{ config: string; args: string[]; state: Record<string, unknown> | null }>(path.join(dir, 'case.json'));
    const args = [...spec.args, ...(spec.state ? ['--prompt-state', JSON.stringify(spec.state)] : [])];
    const { result } = preview(dir, spec.config, args, version, { SWE_AGENT_CONFIG_ROOT: dir });
    compare(result, readJson<Rendering>(path.join(dir, file)));
    agreeing++;
  });
  afterAll(() => console.log(`prompts: ${agreeing} of ${cases.length} synthetic renderings equal`));
});

if (!present) describe.skip(`prompt preview: ${PROMPTS} is absent, so the reference renderings are not compared`, () => it('skipped', () => {}));

describe.skipIf(!present || !SWEAGENT_GIT)('prompt preview = ../shared/conformance/prompts for SWE-agent\'s shipped configs (SWEAGENT_GIT)', () => {
  const versions = [
    ['main', '3ea751c0'],
    ['v1.1.0', '0f3acafa'],
  ] as const;
  const checkouts = new Map<string, string>();
  const checkout = (commit: string) => {
    let dir = checkouts.get(commit);
    if (!dir) {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), `sweagent-${commit}-`));
      // Only what a config reads: a mirror may lack the big files elsewhere, which `git archive` then complains of after writing these.
      const tar = spawnSync('git', ['--git-dir', SWEAGENT_GIT!, 'archive', commit, 'config', 'tools', 'trajectories/demonstrations'], { maxBuffer: 1 << 30 }).stdout;
      execFileSync('tar', ['-x', '-C', dir], { input: tar });
      checkouts.set(commit, dir);
    }
    return dir;
  };
  afterAll(() => {
    for (const dir of checkouts.values()) fs.rmSync(dir, { recursive: true, force: true });
  });
  const cases = present
    ? versions.flatMap(([version, commit]) =>
        fs
          .readdirSync(path.join(PROMPTS, version))
          .filter((f) => f.endsWith('.json') && f !== 'SKIPPED.json')
          .sort()
          .map((file) => [file, version, commit] as const),
      )
    : [];
  it.each(cases)('%s at %s', (file, version, commit) => {
    const expected = readJson<Rendering & { config: string; command_line: string[] }>(path.join(PROMPTS, version, file));
    const dir = checkout(commit);
    const line = expected.command_line;
    const overrides = line.filter((a) => a.startsWith('--agent.') || a.startsWith('--env.'));
    const args = [...overrides, ...(line.includes('run-batch') ? ['--run-batch'] : [])];
    const { result } = preview(dir, expected.config, args, version);
    compare(result, expected);
  });
});
