/** Bundle folders for CLI tests: a config and an executable bin/ script per tool, as SWE-agent expects. */
import * as fs from 'fs';
import { TempWorkspace } from './tempWorkspace';

/** The files of `tools/<name>/`: its config.yaml and a bin/ script for each tool. */
export function bundleFiles(name: string, config: string, tools = ['view']): Record<string, string> {
  return Object.fromEntries([[`tools/${name}/config.yaml`, config], ...tools.map((tool) => [`tools/${name}/bin/${tool}`, '#!/bin/sh\n'])]);
}

/** Makes every file under a `bin/` folder of the workspace executable. */
export function withExecutableBins(workspace: TempWorkspace): TempWorkspace {
  for (const file of fs.readdirSync(workspace.root, { recursive: true }) as string[]) {
    if (/(^|\/)bin\//.test(file)) fs.chmodSync(workspace.path(file), 0o755);
  }
  return workspace;
}
