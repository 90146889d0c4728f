/** The analysis host on a real folder, read through the guarded fs as the CLI and server do. */
import { pathToFileURL } from 'url';
import { AnalysisHost } from '../../server/src/engine/analysis/analysisHost';
import { createNodeWorkspaceFs } from '../../server/src/host/nodeWorkspaceFs';

export const fileUri = (file: string) => pathToFileURL(file).toString();

/** A host whose one workspace folder is `root`; tell it what changed on disk with `applyChange({ disk: [...] })`. */
export function hostOn(root: string): AnalysisHost {
  const host: AnalysisHost = new AnalysisHost({ fs: createNodeWorkspaceFs(() => host.readRoots()) });
  host.applyChange({ folders: [root] });
  return host;
}
