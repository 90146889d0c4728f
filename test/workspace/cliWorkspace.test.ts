/** The CLI on a whole project: bundles in their agent configs' context, bin/ scripts, agent configs. */
import { spawnSync } from 'child_process';
import * as path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/shared';
import { runCli } from '../helpers/runCli';
import { TempWorkspace, tempWorkspace } from '../helpers/tempWorkspace';
import { EXPECTED, sweAgentProject } from './fixture';

interface File {
  path: string;
  loads: boolean;
  diagnostics: { code: string; severity: string; message: string; tool: unknown; range: { start: { line: number; character: number } }; related?: { message: string; path?: string }[] }[];
}

let ws: TempWorkspace;
beforeAll(() => {
  ws = sweAgentProject();
});
afterAll(() => ws.remove());

const summary = (files: File[]) => Object.fromEntries(files.map((f) => [f.path, f.diagnostics.map((d) => `${d.code}@${d.range.start.line}:${d.range.start.character}`)]));

describe('swe-bundle-lint on a project folder', () => {
  it('checks every bundle, bin/ script and agent config, and skips node_modules', () => {
    const run = runCli(['--format', 'json', '.'], ws.root);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    const files = JSON.parse(run.stdout) as File[];
    expect(summary(files)).toEqual(EXPECTED);
    const loads = Object.fromEntries(files.map((f) => [f.path, f.loads]));
    expect(loads).toEqual({
      'config/default.yaml': false,
      'config/no_env.yaml': false,
      'config/retry.yaml': false,
      'config/tutorial.yaml': true,
      'tools/extra/submit_again/config.yaml': true,
      'tools/submit/config.yaml': true,
      'tools/viewer/config.yaml': true,
    });
  });

  it('checks a folder inside the checkout (config/, tools/) as part of the checkout: the same reports as the whole project gives', () => {
    const expectedUnder = (folder: string) => Object.fromEntries(Object.entries(EXPECTED).filter(([file]) => file.startsWith(`${folder}/`)));
    for (const folder of ['config', 'tools']) {
      const run = runCli(['--format', 'json', folder], ws.root);
      expect(run.stderr).toBe('');
      expect(summary(JSON.parse(run.stdout) as File[])).toEqual(expectedUnder(folder));
    }
  });

  it('explains each assembly problem with both definitions of a duplicate', () => {
    const files = JSON.parse(runCli(['--format', 'json', 'config/default.yaml'], ws.root).stdout) as File[];
    const duplicate = files[0].diagnostics.find((d) => d.code === 'duplicate-tool')!;
    expect(duplicate.tool).toBe('submit');
    expect(duplicate.message).toBe('Tool `submit` of bundle `tools/extra/submit_again` is already defined by bundle `tools/submit`.');
    expect(duplicate.related!.map((r) => [r.message, r.path])).toEqual([
      ["SWE-agent fails: Tool 'submit' is defined multiple times", undefined],
      ['Hide one with `hidden_tools`.', undefined],
      ['first `submit`, in tools/submit', 'tools/submit/config.yaml'],
      ['`submit` in tools/extra/submit_again', 'tools/extra/submit_again/config.yaml'],
    ]);
    const missing = files[0].diagnostics.find((d) => d.code === 'bundle-path-missing')!;
    expect(missing.related![0].message).toContain(`resolved against ${ws.root}, assumed to be SWE-agent's checkout;`);
  });

  it('names the agent config whose env lacks a docstring variable', () => {
    const files = JSON.parse(runCli(['--format', 'json', 'tools/viewer'], ws.root).stdout) as File[];
    const error = files[0].diagnostics.find((d) => d.code === 'docstring-unknown-variable')!;
    expect(error.severity).toBe('error');
    expect(error.message).toContain('(checked with the env of config/no_env.yaml, which uses this bundle).');
  });

  it('checks one assembly with --agent-config: the agent config, then each bundle it lists in its context', () => {
    const run = runCli(['--format', 'json', '--agent-config', 'config/default.yaml'], ws.root);
    const files = JSON.parse(run.stdout) as File[];
    expect(files.map((f) => f.path)).toEqual(['config/default.yaml', 'tools/viewer/config.yaml', 'tools/submit/config.yaml', 'tools/extra/submit_again/config.yaml']);
    // With this config's env (WINDOW: 100) the viewer's docstring is fine.
    // SWE-agent runs `chmod +x bin/*` on install: a missing execute bit is not reported by default.
    expect(summary(files)['tools/viewer/config.yaml']).toEqual(['bin-script-undeclared@0:0']);
    expect(files[1].diagnostics.map((d) => d.severity)).toEqual(['information']);
    expect(run.code).toBe(1);
  });

  it('resolves bundle paths against --config-root', () => {
    const run = runCli(['--format', 'json', '--config-root', 'tools', '--agent-config', 'config/no_env.yaml'], ws.root);
    const [agent] = JSON.parse(run.stdout) as File[];
    expect(agent.diagnostics.map((d) => d.code)).toEqual(['bundle-path-missing']);
  });

  it('resolves bundle paths against SWE_AGENT_CONFIG_ROOT from the environment of the installed binary', () => {
    const lint = (env: Record<string, string>) =>
      spawnSync(process.execPath, [path.join(REPO_ROOT, 'dist', 'lint.js'), '--format', 'json', '--agent-config', 'config/no_env.yaml'], { cwd: ws.root, env: { ...process.env, ...env }, encoding: 'utf8' });
    const codesOf = (stdout: string) => (JSON.parse(stdout) as File[])[0].diagnostics.map((d) => d.code);
    expect(codesOf(lint({ SWE_AGENT_CONFIG_ROOT: ws.path('tools') }).stdout)).toEqual(['bundle-path-missing']);
    expect(codesOf(lint({}).stdout)).toEqual(['bundle-errors']);
  });
});

describe('hidden tools', () => {
  it('hide the errors of building a tool, not those of BundleConfig, which checks every tool first', () => {
    const project = tempWorkspace({
      'tools/b/config.yaml': 'tools:\n  peek: Shows lines.\n  lost:\n    signature: "lost"\n    docstring: "d"\n    arguments:\n      - {name: y, type: string, description: d, required: true}\n  ok:\n    docstring: "d"\n',
      'config/agent.yaml': 'agent:\n  tools:\n    bundles:\n      - path: tools/b\n        hidden_tools: [peek, lost]\n',
    });
    try {
      const byPath = (args: string[]) => {
        const files = JSON.parse(runCli(['--format', 'json', '--agent.model.name=gpt-4o', ...args], project.root).stdout) as File[];
        return Object.fromEntries(files.map((f) => [f.path, f.diagnostics.map((d) => `${d.code}:${d.severity}@${d.range.start.line}`)]));
      };
      const folder = byPath(['.']);
      expect(folder['config/agent.yaml']).toEqual(['bundle-errors:error@3']);
      // `lost` is only built when shown: hidden everywhere, its error is a warning. `peek` is not a mapping: an error regardless.
      expect(folder['tools/b/config.yaml'].filter((d) => !d.startsWith('bin-script'))).toEqual(['wrong-type:error@1', 'signature-missing-argument:warning@6']);
      // The assembly alone reports the bundle as the folder search does.
      expect(byPath(['--agent-config', 'config/agent.yaml'])).toEqual(folder);
    } finally {
      project.remove();
    }
  });
});

describe('bundle paths as SWE-agent resolves them', () => {
  it('a path naming a file lacks config.yaml; a config.yaml that is not UTF-8 does not load', () => {
    const project = tempWorkspace({
      'tools/notes.txt': 'not a bundle\n',
      'config/agent.yaml': 'agent:\n  tools:\n    bundles:\n      - path: tools/notes.txt\n      - path: tools/latin\n',
    });
    project.write('tools/latin/config.yaml', Buffer.from('tools:\n  t:\n    docstring: caf\xe9\n', 'latin1'));
    try {
      const files = JSON.parse(runCli(['--format', 'json', '--agent.model.name', 'gpt-4o', '--agent-config', 'config/agent.yaml'], project.root).stdout) as File[];
      expect(files[0].diagnostics.map((d) => [d.code, d.range.start.line, d.message, d.related?.map((r) => r.message)])).toEqual([
        ['bundle-config-missing', 3, 'Bundle `tools/notes.txt` has no config.yaml.', [`SWE-agent fails: Bundle config file '${project.path('tools/notes.txt/config.yaml')}' does not exist`]],
        [
          'bundle-errors',
          4,
          "Bundle `tools/latin` does not load: its config.yaml cannot be read as UTF-8 text, which SWE-agent's `read_text()` needs.",
          [`The file: ${project.path('tools/latin/config.yaml')}.`],
        ],
      ]);
    } finally {
      project.remove();
    }
  });
});

describe('bin/ scripts', () => {
  it('tell a missing tool script (which fails after install) from a missing state command (a warning in SWE-agent logs)', () => {
    const project = tempWorkspace({ 'tools/b/config.yaml': 'tools:\n  run:\n    docstring: d\nstate_command: _state\n' });
    try {
      const [bundle] = JSON.parse(runCli(['--format', 'json', 'tools/b'], project.root).stdout) as File[];
      expect(bundle.diagnostics.map((d) => [d.code, d.range.start.line, d.message, d.related?.map((r) => r.message)])).toEqual([
        ['bin-script-missing', 1, 'There is no bin/run for the tool `run`.', ["SWE-agent puts the bundle's bin/ on PATH and checks `which run` after install.", 'Add an executable bin/run.']],
        [
          'bin-script-missing',
          3,
          'There is no bin/_state for the state command `_state`.',
          ['SWE-agent runs it after every step; when it fails, SWE-agent only logs a warning and the prompt gets no state.', 'Add an executable bin/_state.'],
        ],
      ]);
    } finally {
      project.remove();
    }
  });
});

describe('a folder search', () => {
  it('reports a bundle config too big to read instead of skipping it', () => {
    const project = tempWorkspace();
    // 17 MB: more than the walk reads to classify a file.
    project.write('tools/huge/config.yaml', 'tools:\n  t:\n    docstring: d\n' + `# ${'x'.repeat(97)}\n`.repeat(170_000));
    try {
      const run = runCli(['--format', 'json', '.'], project.root);
      const files = JSON.parse(run.stdout) as File[];
      expect(files.map((f) => [f.path, f.loads, f.diagnostics.map((d) => d.message)])).toEqual([
        ['tools/huge/config.yaml', false, ['Stopped checking this file: the file has 16.22 MB, more than the 16 MB this checker reads.']],
      ]);
      // Whether it would load is unknown, and the summary says so.
      const text = runCli(['.'], project.root);
      expect(text.stdout.trim().split('\n').at(-1)).toBe('0 errors, 1 warning in 1 file; 1 not checked');
      // Not checked is not clean: exit 1.
      expect(text.code).toBe(1);
    } finally {
      project.remove();
    }
  });

  it('counts an agent config whose bundle lies outside what it may read as not checked, and exits 1', () => {
    const project = tempWorkspace();
    project.write('config/agent.yaml', 'agent:\n  model: {name: gpt-4o}\n  tools:\n    bundles:\n      - path: ../../elsewhere/tools/viewer\n');
    try {
      const run = runCli(['config/agent.yaml'], project.root);
      const lines = run.stdout.trim().split('\n');
      expect(lines.length).toBe(2);
      expect(lines[0].split(' ').slice(0, 3).join(' ')).toBe('config/agent.yaml:5:15 information bundle-outside-workspace');
      expect(lines.at(-1)).toBe('0 errors, 0 warnings, 1 info in 1 file; 1 not checked');
      expect(run.code).toBe(1);
    } finally {
      project.remove();
    }
  });
});

describe('agent configs in flow style', () => {
  it('are recognised as agent configs, given directly or found in a folder', () => {
    const project = tempWorkspace({
      'tools/b/config.yaml': 'tools:\n  t:\n    docstring: d\n',
      'config/flow.yaml': 'agent: {tools: {"bundles": [{path: tools/b}, {path: tools/none}]}}\n',
    });
    try {
      for (const args of [['config/flow.yaml'], ['.']]) {
        const files = JSON.parse(runCli(['--format', 'json', '--agent.model.name=gpt-4o', ...args], project.root).stdout) as File[];
        const agent = files.find((f) => f.path === 'config/flow.yaml')!;
        expect(agent.diagnostics.map((d) => `${d.code}@${d.range.start.line}:${d.range.start.character}`)).toEqual(['bundle-path-missing@0:52']);
      }
    } finally {
      project.remove();
    }
  });
});

describe('files matched by filePatterns', () => {
  it('are checked as bundle configs, without the bin/ checks, which belong to a folder config.yaml', () => {
    const project = tempWorkspace({
      '.swe-bundle.json': JSON.stringify({ filePatterns: ['**/*.tools.yaml'] }),
      'extra/my.tools.yaml': 'tools:\n  t:\n    signature: "t <x>"\n    docstring: d\n',
      'extra/bin/other': '#!/bin/sh\n',
    });
    try {
      const files = JSON.parse(runCli(['--format', 'json', '--agent.model.name=gpt-4o', '.'], project.root).stdout) as File[];
      expect(files.map((f) => [f.path, f.diagnostics.map((d) => d.code)])).toEqual([['extra/my.tools.yaml', ['runtime-call-error']]]);
    } finally {
      project.remove();
    }
  });
});

describe('a bundle tool named bash', () => {
  it('is one problem in the agent config: a duplicate of the built-in bash tool', () => {
    const project = tempWorkspace({
      'tools/b/config.yaml': 'tools:\n  bash:\n    docstring: d\n',
      'config/agent.yaml': 'agent:\n  tools:\n    bundles:\n      - path: tools/b\n',
    });
    try {
      const [agent] = JSON.parse(runCli(['--format', 'json', '--agent.model.name=gpt-4o', '--agent-config', 'config/agent.yaml'], project.root).stdout) as File[];
      expect([agent.loads, agent.diagnostics.map((d) => `${d.code}@${d.range.start.line}`)]).toEqual([false, ['duplicate-tool@3']]);
    } finally {
      project.remove();
    }
  });
});
