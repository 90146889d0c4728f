/**
 * Agent configs as queries: what each lists (read without checking, so that
 * a bundle can learn which assemblies use it), which assemblies use each
 * bundle, and each agent config's analysis (its assemblies checked as
 * SWE-agent's ToolConfig builds them).
 */
import * as path from 'path';
import { placeDiagnostics } from '../diagnostics';
import { BundleModel } from '../document/bundleModel';
import { ToolCheckOptions } from '../swe/checkTool';
import { yamlProblemDiagnostics } from '../swe/checkBundle';
import { AgentTools, agentToolsOf } from '../workspace/agentConfig';
import { AgentAnalysis, BundleResolution, assemblyOptions, checkAgentConfig, resolveBundlePath } from '../workspace/checkAgentConfig';
import { Database, QueryDef } from './database';
import { textOf, trackedFs } from './files';
import { BUNDLE_MODEL } from './bundles';
import { AGENT_INDEX, CONFIG_ROOT, WHOLE_LOAD, WholeLoad } from './workspace';

const byFile = (file: string) => file;

/** An assembly (one ToolConfig of an agent config) that lists a bundle. */
export interface BundleUse {
  agentPath: string;
  options: ToolCheckOptions;
  /** The tools this assembly hides from the bundle. */
  hidden: ReadonlySet<string>;
}

/** The ToolConfig sections of an agent config, as parsed. */
export const AGENT_SECTIONS: QueryDef<string, AgentTools[]> = {
  name: 'agent sections',
  key: byFile,
  compute: (db, file) => agentToolsOf(db.get(WHOLE_LOAD, file)?.load.root ?? null),
};

/** Every bundle config an agent config's assemblies list, with how each assembly uses it; no bundle is read. */
export const AGENT_LISTING: QueryDef<string, { configPath: string; use: BundleUse }[]> = {
  name: 'agent listing',
  key: byFile,
  compute: (db, agentPath) => {
    const root = db.get(CONFIG_ROOT, agentPath);
    return db.get(AGENT_SECTIONS, agentPath).flatMap((tools) => {
      const options = assemblyOptions(tools);
      return tools.bundles.flatMap((ref) =>
        ref.path === undefined ? [] : [{ configPath: path.join(resolveBundlePath(root, ref.path), 'config.yaml'), use: { agentPath, options, hidden: new Set(ref.hidden.map((h) => h.name)) } }],
      );
    });
  },
};

/** Which assemblies use each bundle config, over every agent config of the workspace. */
export const BUNDLE_USES: QueryDef<void, ReadonlyMap<string, readonly BundleUse[]>> = {
  name: 'bundle uses',
  key: () => 'uses',
  compute: (db) => {
    const uses = new Map<string, BundleUse[]>();
    for (const agentPath of db.get(AGENT_INDEX, undefined)) {
      for (const { configPath, use } of db.get(AGENT_LISTING, agentPath)) {
        const list = uses.get(configPath);
        if (list) list.push(use);
        else uses.set(configPath, [use]);
      }
    }
    return uses;
  },
};

/** An agent config's assemblies checked, for its parse (the file's own, or a text the file might have). */
export function analyzeAgent(db: Database, file: string, whole: WholeLoad): AgentAnalysis {
  const configRoot = db.get(CONFIG_ROOT, file);
  const fs = trackedFs(db);
  const resolve = (dir: string): BundleResolution => {
    if (!fs.isAllowed(dir)) return { kind: 'outside' };
    // SWE-agent checks that the path exists (a file will do), then that <path>/config.yaml does, then reads it as UTF-8.
    if (!fs.stat(dir)) return { kind: 'missing-dir' };
    const configPath = path.join(dir, 'config.yaml');
    if (fs.stat(configPath)?.kind !== 'file') return { kind: 'missing-config', configPath };
    if (textOf(db, configPath) === null) return { kind: 'unreadable-config', configPath };
    return { kind: 'ok', bundle: { dir, configPath, analyze: (options) => db.get(BUNDLE_MODEL, { file: configPath, options }) as BundleModel } };
  };
  const sections = agentToolsOf(whole.load.root).map((tools) => ({ tools, check: checkAgentConfig(tools, { configRoot, resolve }) }));
  const yaml = yamlProblemDiagnostics(whole.load.problems, whole.origin);
  return {
    load: whole.load,
    at: whole.at,
    sections,
    diagnostics: placeDiagnostics([...yaml, ...sections.flatMap((s) => s.check.diagnostics)], whole.at),
    loads: whole.load.problems.length === 0 && sections.every((s) => s.check.loads),
    configRoot,
  };
}

/** An agent config checked: its YAML, and each assembly with the bundles it lists. */
export const AGENT_ANALYSIS: QueryDef<string, AgentAnalysis | null> = {
  name: 'agent analysis',
  key: byFile,
  compute: (db, file) => {
    const whole = db.get(WHOLE_LOAD, file);
    return whole ? analyzeAgent(db, file, whole) : null;
  },
};
