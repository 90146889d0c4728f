/** The workspace walk on a real disk: skipped folders, symlink loops, symlinks out and inside, the entry budget, and what it says it did not search. */
import * as fs from 'fs';
import * as path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderReach } from '../../server/src/engine/workspace/folderReach';
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
      // The loops: folders searched under their own names.
      aliases: [
        { path: ws.path('tools/loop'), to: ws.root },
        { path: ws.path('tools/a/up'), to: ws.path('tools') },
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
    const result = walkWorkspace(createNodeWorkspaceFs(() => [ws.root]), ws.root, undefined, 3);
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
    expect(walkWorkspace(createNodeWorkspaceFs(() => [ws.root]), outside.root)).toEqual({ configYamls: [], otherYamls: [], truncated: false, cuts: [], aliases: [] });
  });
});

describe('walkWorkspace, links that stay inside the workspace', () => {
  // The folder walked is bundles/, inside the workspace repo/; other/ is a walked folder of its own.
  let repo: TempWorkspace;
  beforeAll(() => {
    repo = tempWorkspace({
      'bundles/t/config.yaml': 'tools: {}\n',
      'shared/s/config.yaml': 'tools: {}\n',
      'shared/agent.yaml': 'agent: {}\n',
      'other/o/config.yaml': 'tools: {}\n',
      'extra/e/config.yaml': 'tools: {}\n',
    });
    fs.symlinkSync('../shared', repo.path('bundles/linked'));
    fs.symlinkSync('../other', repo.path('bundles/to-other'));
    fs.symlinkSync('..', repo.path('bundles/up'));
    fs.mkdirSync(repo.path('bundles/y'));
    fs.symlinkSync('../../shared/s/config.yaml', repo.path('bundles/y/config.yaml'));
  });
  afterAll(() => repo.remove());
  const area = () => ({ roots: [repo.path('bundles'), repo.path('other'), repo.root], folders: [repo.path('bundles'), repo.path('other')] });

  it('follows a link to a folder or a YAML file elsewhere in the workspace, enters each folder once, and leaves a walked folder to its own walk', () => {
    expect(walkWorkspace(createNodeWorkspaceFs([repo.root]), repo.path('bundles'), area())).toEqual({
      // A YAML file reached through a link is its bundle folder's (bundles/y), so it is taken under its own name.
      configYamls: [repo.path('bundles/t/config.yaml'), repo.path('bundles/y/config.yaml'), repo.path('bundles/linked/s/config.yaml'), repo.path('bundles/up/extra/e/config.yaml')],
      otherYamls: [repo.path('bundles/linked/agent.yaml')],
      truncated: false,
      cuts: [],
      aliases: [
        { path: repo.path('bundles/to-other'), to: repo.path('other') },
        { path: repo.path('bundles/up/bundles'), to: repo.path('bundles') },
        { path: repo.path('bundles/up/other'), to: repo.path('other') },
        { path: repo.path('bundles/up/shared'), to: repo.path('bundles/linked') },
      ],
    });
  });

  it('says a link that leads outside the workspace though it may be read (a configured config root), with the same words', () => {
    const result = walkWorkspace(createNodeWorkspaceFs([repo.root]), repo.path('bundles'));
    expect(result.configYamls).toEqual([repo.path('bundles/t/config.yaml')]);
    expect(result.cuts.map(describeCut)).toEqual([
      `3 folders were not searched, so nothing in them is checked: they are symbolic links that lead outside the workspace (${repo.path('bundles/linked')}, ${repo.path('bundles/to-other')}, ${repo.path('bundles/up')})`,
      `1 YAML file was not read, so it is not checked: it is a symbolic link that leads outside the workspace (${repo.path('bundles/y/config.yaml')})`,
    ]);
  });

  it('a folder holds what its aliases lead to, link after link, and a loop of links ends', () => {
    const holds = folderReach(walkWorkspace(createNodeWorkspaceFs([repo.root]), repo.path('bundles'), area()).aliases)(repo.path('bundles'));
    expect([repo.path('other/o/config.yaml'), repo.path('bundles/linked/s/config.yaml'), repo.path('shared/s/config.yaml'), repo.path('extra/e/config.yaml')].map(holds)).toEqual([true, true, false, false]);
    const at = (...parts: string[]) => path.join(path.sep, 'w', ...parts);
    const reach = folderReach([
      { path: at('a', 'l'), to: at('b') },
      { path: at('b', 'back'), to: at('a') },
      { path: at('a-x', 'l'), to: at('c') },
      { path: at('d'), to: at('a') },
    ]);
    expect([at('b', 'f.yaml'), at('c', 'f.yaml'), at('a-x', 'f.yaml')].map(reach(at('a')))).toEqual([true, false, false]);
    // A folder that is itself an alias holds what it leads to.
    expect([at('a', 'f.yaml'), at('b', 'f.yaml'), at('c', 'f.yaml')].map(reach(at('d')))).toEqual([true, true, false]);
  });
});
