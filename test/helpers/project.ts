/** The analysis host on a real folder, read through the guarded fs as the CLI and server do, and what a change costs it. */
import { pathToFileURL } from 'url';
import { AnalysisHost } from '../../server/src/engine/analysis/analysisHost';
import { FileDiagnostic } from '../../server/src/engine/diagnostics';
import { QuickFix } from '../../server/src/engine/features/quickFixes';
import { AgentAnalysis } from '../../server/src/engine/workspace/checkAgentConfig';
import { createNodeWorkspaceFs } from '../../server/src/host/nodeWorkspaceFs';
import { TempWorkspace, tempWorkspace } from './tempWorkspace';

export const fileUri = (file: string) => pathToFileURL(file).toString();

/** A host whose one workspace folder is `root`, with these user settings; tell it what changed on disk with `applyChange({ disk: [...] })`. */
export function hostOn(root: string, userSettings?: Record<string, unknown>): AnalysisHost {
  const host: AnalysisHost = new AnalysisHost({ fs: createNodeWorkspaceFs(() => host.readRoots()) });
  host.applyChange({ folders: [root], ...(userSettings ? { userSettings } : {}) });
  return host;
}

/**
 * A temporary project with `files` (bundles, scripts), where `analyse(text)` writes `config/agent.yaml`
 * and answers its analysis and quick fixes. Its model is given on the command line, as SWE-agent's configs expect.
 */
export function agentConfigProject(files: Record<string, string>): { ws: TempWorkspace; analyse: (text: string) => AgentAnalysis & { quickFixes: (diagnostic: FileDiagnostic) => QuickFix[] }; remove: () => void } {
  const ws = tempWorkspace(files);
  const host = hostOn(ws.root, { commandLine: ['--agent.model.name=gpt-4o'] });
  return {
    ws,
    analyse: (text) => {
      const file = ws.write('config/agent.yaml', text);
      host.applyChange({ disk: [file] });
      const analysis = host.analysis();
      // With the quick fixes the facade offers for one of its diagnostics.
      return { ...analysis.agent(file)!, quickFixes: (diagnostic) => analysis.quickFixes(file, diagnostic) };
    },
    remove: () => ws.remove(),
  };
}

/** What a change cost: the computations of each query it made, by name. */
export function costOf(host: AnalysisHost, work: () => void): Record<string, number> {
  const before = host.computeCounts();
  work();
  const cost: Record<string, number> = {};
  for (const [name, count] of host.computeCounts()) if (count > (before.get(name) ?? 0)) cost[name] = count - (before.get(name) ?? 0);
  return cost;
}
