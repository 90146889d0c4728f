/** Where an agent config's relative bundle paths start, when SWE_AGENT_CONFIG_ROOT is not set. */
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
  });
});
afterAll(() => ws.remove());

describe('configRootFor', () => {
  const fs = () => createNodeWorkspaceFs(() => [ws.root]);

  it('is the configured root, resolved against the workspace folder, when there is one', () => {
    expect(configRootFor(fs(), ws.path('loose/agent.yaml'), ws.root, 'forks/full')).toBe(ws.path('forks/full'));
  });

  it('is the nearest folder above with tools/: the SWE-agent checkout', () => {
    expect(configRootFor(fs(), ws.path('forks/full/config/deep/agent.yaml'), ws.root)).toBe(ws.path('forks/full'));
  });

  it('is the folder holding config/ when no tools/ is above: the checkout without its tools', () => {
    expect(configRootFor(fs(), ws.path('forks/configs-only/config/agent.yaml'), ws.root)).toBe(ws.path('forks/configs-only'));
  });

  it('is the workspace folder otherwise', () => {
    expect(configRootFor(fs(), ws.path('loose/agent.yaml'), ws.root)).toBe(ws.root);
  });
});
