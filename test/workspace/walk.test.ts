/** The workspace walk on a real disk: skipped folders, symlink loops, symlinks out, the entry budget. */
import * as fs from 'fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walkWorkspace } from '../../server/src/engine/workspace/walk';
import { createNodeWorkspaceFs } from '../../server/src/host/nodeWorkspaceFs';
import { TempWorkspace, tempWorkspace } from '../helpers/tempWorkspace';

let ws: TempWorkspace;
let outside: TempWorkspace;
beforeAll(() => {
  outside = tempWorkspace({ 'b/config.yaml': 'tools: {}\n', 'agent.yaml': 'agent: {}\n' });
  ws = tempWorkspace({
    'tools/a/config.yaml': 'tools: {}\n',
    'config/default.yaml': 'agent: {}\n',
    'config/notes.txt': 'not yaml\n',
    'node_modules/x/config.yaml': 'tools: {}\n',
    '.git/config.yaml': 'tools: {}\n',
  });
  fs.symlinkSync(ws.root, ws.path('tools/loop'));
  fs.symlinkSync(ws.path('tools'), ws.path('tools/a/up'));
  fs.symlinkSync(outside.path('b'), ws.path('tools/out'));
  fs.symlinkSync(outside.path('agent.yaml'), ws.path('config/out.yaml'));
  fs.mkdirSync(ws.path('tools/c'));
  fs.symlinkSync(outside.path('b/config.yaml'), ws.path('tools/c/config.yaml'));
});
afterAll(() => {
  ws.remove();
  outside.remove();
});

describe('walkWorkspace', () => {
  it('finds bundle and agent config candidates once each, skipping node_modules, .git, loops and links out (a YAML file\'s link out is said)', () => {
    const result = walkWorkspace(createNodeWorkspaceFs(() => [ws.root]), ws.root);
    expect(result).toEqual({
      configYamls: [ws.path('tools/a/config.yaml')],
      otherYamls: [ws.path('config/default.yaml')],
      truncated: false,
      cuts: [{ reason: 'link', paths: [ws.path('config/out.yaml'), ws.path('tools/c/config.yaml')], count: 2 }],
    });
  });

  it('stops after its entry budget and says so, with the folders it did not search', () => {
    const result = walkWorkspace(createNodeWorkspaceFs(() => [ws.root]), ws.root, 3);
    expect(result.truncated).toBe(true);
    expect(result.configYamls).toEqual([]);
    // The root was listed in part; config/ was found and not entered.
    expect(result.cuts).toEqual([{ reason: 'entries', paths: [ws.root, ws.path('config')], count: 2 }]);
  });

  it('reports the folders past its depth budget as not searched', () => {
    const deep = tempWorkspace({ [`${Array.from({ length: 40 }, (_, i) => `d${i}`).join('/')}/config.yaml`]: 'tools: {}\n', 'tools/a/config.yaml': 'tools: {}\n' });
    try {
      const result = walkWorkspace(createNodeWorkspaceFs([deep.root]), deep.root);
      expect(result.configYamls).toEqual([deep.path('tools/a/config.yaml')]);
      expect(result.cuts).toEqual([{ reason: 'depth', paths: [deep.path(...Array.from({ length: 33 }, (_, i) => `d${i}`))], count: 1 }]);
      expect(result.truncated).toBe(false);
    } finally {
      deep.remove();
    }
  });

  it('lists nothing when the folder itself is outside the allowed roots', () => {
    expect(walkWorkspace(createNodeWorkspaceFs(() => [ws.root]), outside.root)).toEqual({ configYamls: [], otherYamls: [], truncated: false, cuts: [] });
  });
});
