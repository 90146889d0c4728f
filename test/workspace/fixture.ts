/** A small SWE-agent project on disk: bundles with bin/, agent configs, a nested bundle, a missing one, duplicates, anchors. */
import { TempWorkspace, tempWorkspace } from '../helpers/tempWorkspace';

const SCRIPT = '#!/bin/sh\necho "$0 $*"\n';

export function sweAgentProject(): TempWorkspace {
  const ws = tempWorkspace({
    'tools/viewer/config.yaml': `tools:
  open:
    signature: "open <path>"
    docstring: "opens <path>, {WINDOW} lines at a time"
    arguments:
      - name: path
        type: string
        description: "the file"
        required: true
  goto:
    signature: "goto <line>"
    docstring: "moves to <line>"
    arguments:
      - name: line
        type: integer
        description: "the line"
        required: true
state_command: _state
`,
    'tools/viewer/bin/helper.py': 'x = 1\n',
    'tools/submit/config.yaml': 'tools:\n  submit:\n    signature: "submit"\n    docstring: "submits"\n',
    'tools/extra/submit_again/config.yaml': 'tools:\n  submit:\n    signature: "submit"\n    docstring: "submits again"\n',
    'config/default.yaml': `agent:
  model: {name: gpt-4o}
  tools:
    env_variables:
      WINDOW: 100
    bundles: &bundles
      - path: tools/viewer
      - path: tools/submit
      - path: tools/missing
      - path: tools/extra/submit_again
        hidden_tools: [nope]
    enable_bash_tool: true
    bundle_paths: []
`,
    'config/no_env.yaml': 'agent:\n  model: {name: gpt-4o}\n  tools:\n    bundles:\n      - path: tools/viewer\n',
    'config/tutorial.yaml': 'agent:\n  model: {name: gpt-4o}\n  templates:\n    system_template: hello\n    instance_template: hi\n    bundles:\n      - path: tools/viewer\n',
    'config/retry.yaml': `agent:
  type: retry
  retry_loop: {type: chooser, chooser: {model: {name: gpt-4o}, system_template: s, instance_template: i, submission_template: t}, max_attempts: 2, cost_limit: 1}
  agent_configs:
    - model: {name: gpt-4o}
      tools:
        bundles:
          - &viewer {path: tools/viewer}
          - path: tools/submit
        env_variables: {WINDOW: 50}
    - model: {name: gpt-4o}
      tools:
        bundles: [*viewer, *viewer]
        env_variables: {WINDOW: 50}
`,
    'node_modules/pkg/tools/x/config.yaml': 'tools: [broken]\n',
  });
  ws.write('tools/viewer/bin/open', SCRIPT, 0o755);
  // A state command writes the file SWE-agent reads the state from.
  ws.write('tools/viewer/bin/_state', '#!/bin/sh\necho "{}" > /root/state.json\n', 0o755);
  ws.write('tools/viewer/bin/goto', SCRIPT, 0o644);
  ws.write('tools/submit/bin/submit', SCRIPT, 0o755);
  ws.write('tools/extra/submit_again/bin/submit', SCRIPT, 0o755);
  return ws;
}

/** What the project's files should report, as `code@line:character` (0-based), per file. */
export const EXPECTED: Record<string, string[]> = {
  'config/default.yaml': ['bundle-path-missing@8:14', 'duplicate-tool@9:14', 'hidden-tool-missing@10:23', 'unknown-key@12:4'],
  'config/no_env.yaml': ['bundle-errors@4:14'],
  'config/retry.yaml': ['duplicate-tool@12:27', 'duplicate-tool@12:27'],
  'config/tutorial.yaml': ['bundles-misplaced@5:4'],
  'tools/extra/submit_again/config.yaml': [],
  'tools/submit/config.yaml': [],
  // {WINDOW} is an error because config/no_env.yaml uses this bundle without setting it.
  // Its bin/ script without the execute bit is not reported: bin-script-not-executable is off by default.
  'tools/viewer/config.yaml': ['bin-script-undeclared@0:0', 'docstring-unknown-variable@3:30'],
};
