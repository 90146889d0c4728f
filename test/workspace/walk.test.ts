/** The workspace walk on a real disk: skipped folders, symlink loops, symlinks out, the entry budget, and what it says it did not search. */
import * as fs from 'fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeCut, walkWorkspace } from '../../server/src/engine/workspace/walk';
import { createNodeWorkspaceFs } from '../../server/src/host/nodeWorkspaceFs';
import { TempWorkspace, tempWorkspace } from '../helpers/tempWorkspace';

let ws: TempWorkspace;
let outside: TempWorkspace;
beforeAll(() => {
  outside = tempWorkspace({ 'b/config.yaml': 'tools: {}\n', 'agent.yaml': 'agent: {}\n', 'notes.txt': 'not yaml\n' });
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
  // Links out that are not said: to a folder whose name the walk skips, to a file it would not take, to nothing.
  fs.symlinkSync(outside.path('b'), ws.path('tools/.venv'));
  fs.symlinkSync(outside.path('notes.txt'), ws.path('config/notes-out.txt'));
  fs.symlinkSync(outside.path('gone'), ws.path('config/gone.yaml'));
  // A link out to a folder, named as YAML: a folder not searched.
  fs.symlinkSync(outside.root, ws.path('config/all.yaml'));
});
afterAll(() => {
  ws.remove();
  outside.remove();
});

describe('walkWorkspace', () => {
  it('finds bundle and agent config candidates once each, skipping node_modules, .git, loops and links out (a folder\'s and a YAML file\'s link out are said)', () => {
    const result = walkWorkspace(createNodeWorkspaceFs(() => [ws.root]), ws.root);
    expect(result).toEqual({
      configYamls: [ws.path('tools/a/config.yaml')],
      otherYamls: [ws.path('config/default.yaml')],
      truncated: false,
      cuts: [
        { reason: 'folder-link', paths: [ws.path('config/all.yaml'), ws.path('tools/out')], count: 2 },
        { reason: 'link', paths: [ws.path('config/out.yaml'), ws.path('tools/c/config.yaml')], count: 2 },
      ],
    });
    expect(result.cuts.map(describeCut)).toEqual([
      `2 folders were not searched, so nothing in them is checked: they are symbolic links that lead outside the workspace (${ws.path('config/all.yaml')}, ${ws.path('tools/out')})`,
      `2 YAML files were not read, so they are not checked: they are symbolic links that lead outside the workspace (${ws.path('config/out.yaml')}, ${ws.path('tools/c/config.yaml')})`,
    ]);
  });

  it('says a folder whose link leads out, alone, in the singular', () => {
    const one = tempWorkspace({ 'tools/a/config.yaml': 'tools: {}\n' });
    try {
      fs.symlinkSync(outside.path('b'), one.path('tools/b'));
      const result = walkWorkspace(createNodeWorkspaceFs([one.root]), one.root);
      expect(result.cuts.map(describeCut)).toEqual([`1 folder was not searched, so nothing in it is checked: it is a symbolic link that leads outside the workspace (${one.path('tools/b')})`]);
      expect(result.configYamls).toEqual([one.path('tools/a/config.yaml')]);
    } finally {
      one.remove();
    }
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
