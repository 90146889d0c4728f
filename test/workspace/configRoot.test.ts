/** Where an agent config's relative bundle paths start, and why. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configRootFor } from '../../server/src/engine/workspace/configRoot';
import { createNodeWorkspaceFs } from '../../server/src/host/nodeWorkspaceFs';
import { TempWorkspace, tempWorkspace } from '../helpers/tempWorkspace';

let ws: TempWorkspace;
beforeAll(() => {
  ws = tempWorkspace({
    'forks/full/tools/a/config.yaml': 'tools: {}\n',
    'forks/full/config/deep/agent.yaml': 'agent: {}\n',
    'forks/configs-only/config/agent.yaml': 'agent: {}\n',
    'loose/agent.yaml': 'agent: {}\n',
    'fork/sweagent/__init__.py': '',
    'fork/tools/a/config.yaml': 'tools: {}\n',
    'fork/config/nested/agent.yaml': 'agent: {}\n',
    'fork/vendor/tools/b/config.yaml': 'tools: {}\n',
    'fork/vendor/agent.yaml': 'agent: {}\n',
  });
});
afterAll(() => ws.remove());

describe('configRootFor', () => {
  const fs = () => createNodeWorkspaceFs(() => [ws.root]);

  it('is the configured root, resolved against the workspace folder, when there is one', () => {
    expect(configRootFor(fs(), ws.path('loose/agent.yaml'), ws.root, 'forks/full')).toEqual({ dir: ws.path('forks/full'), source: 'configured' });
  });

  it("is the chosen SWE-agent's checkout when it was chosen by path and no root is configured", () => {
    expect(configRootFor(fs(), ws.path('loose/agent.yaml'), ws.root, undefined, ws.path('forks/full'))).toEqual({ dir: ws.path('forks/full'), source: 'checkout' });
    expect(configRootFor(fs(), ws.path('loose/agent.yaml'), ws.root, 'loose', ws.path('forks/full'))).toEqual({ dir: ws.path('loose'), source: 'configured' });
  });

  it("is the folder holding the workspace's own sweagent package (REPO_ROOT), before any nearer tools/", () => {
    expect(configRootFor(fs(), ws.path('fork/config/nested/agent.yaml'), ws.root)).toEqual({ dir: ws.path('fork'), source: 'checkout' });
    expect(configRootFor(fs(), ws.path('fork/vendor/agent.yaml'), ws.root)).toEqual({ dir: ws.path('fork'), source: 'checkout' });
  });

  it('is assumed to be the nearest folder above with tools/: the SWE-agent checkout', () => {
    expect(configRootFor(fs(), ws.path('forks/full/config/deep/agent.yaml'), ws.root)).toEqual({ dir: ws.path('forks/full'), source: 'assumed' });
  });

  it('is the folder holding config/ when no tools/ is above: the checkout without its tools', () => {
    expect(configRootFor(fs(), ws.path('forks/configs-only/config/agent.yaml'), ws.root)).toEqual({ dir: ws.path('forks/configs-only'), source: 'assumed' });
  });

  it('is the workspace folder otherwise', () => {
    expect(configRootFor(fs(), ws.path('loose/agent.yaml'), ws.root)).toEqual({ dir: ws.root, source: 'assumed' });
  });
});
