/** One bundle text checked on its own, through the facade: what a file gets with no agent config and no bin/ folder around it. */
import { EngineConfig } from '../../server/src/engine/config';
import { envContextOf, profileOf } from '../../server/src/engine/settings/configOptions';
import { FileDiagnostic } from '../../server/src/engine/diagnostics';
import { BundleModel } from '../../server/src/engine/document/bundleModel';
import { QuickFix } from '../../server/src/engine/features/quickFixes';
import { PositionedDiagnostic } from '../../server/src/engine/document/positioned';
import { ToolCheckOptions } from '../../server/src/engine/swe/checkTool';
import { WORKSPACE, workspaceOf } from './fixture';

/** The options a bundle is checked with under these settings alone (no agent config): their env, bash on, their SWE-agent's bundle code. */
export function toolCheckOptionsOf(config: EngineConfig): ToolCheckOptions {
  return { env: envContextOf(config), enableBashTool: true, facts: profileOf(config).facts };
}

export interface LintResult {
  /** SWE-agent's `Bundle.commands` would succeed. */
  loads: boolean;
  diagnostics: PositionedDiagnostic[];
  model: BundleModel;
  /** The quick fixes the facade offers for one of the file's diagnostics. */
  quickFixes: (diagnostic: FileDiagnostic) => QuickFix[];
}

/** A bundle file matched by `filePatterns` rather than a folder's config.yaml, so that no bin/ check applies. */
const FILE = `${WORKSPACE}/bundle.yaml`;

export function lintBundleText(text: string, config: EngineConfig = {}): LintResult {
  const { analysis } = workspaceOf(new Map([[FILE, text]]), { ...config, filePatterns: [...(config.filePatterns ?? []), 'bundle.yaml'] });
  const report = analysis.report(FILE)!;
  return { loads: report.loads, diagnostics: analysis.positioned(FILE, report), model: analysis.bundleModel(FILE)!, quickFixes: (diagnostic) => analysis.quickFixes(FILE, diagnostic) };
}
