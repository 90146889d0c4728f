/** A Project (the engine's view of a workspace) on a real folder, read through the guarded fs as the CLI and server do. */
import { pathToFileURL } from 'url';
import { Project, ProjectSettings } from '../../server/src/engine/workspace/project';
import { createNodeWorkspaceFs, readUtf8 } from '../../server/src/host/nodeWorkspaceFs';

export const fileUri = (file: string) => pathToFileURL(file).toString();

export function projectOn(root: string, settings: ProjectSettings = {}): Project {
  const fs = createNodeWorkspaceFs(() => [root]);
  return new Project({ fs, readText: (file) => readUtf8(fs, file), uriOf: fileUri }, [root], settings);
}
