/** One bundle text checked on its own, with positioned diagnostics: what a file gets with no workspace around it. */
import { EngineConfig } from '../../server/src/engine/config';
import { envContextOf, profileOf } from '../../server/src/engine/settings/configOptions';
import { BundleModel, analyzeBundleText } from '../../server/src/engine/document/bundleModel';
import { PositionMapper, PositionedDiagnostic, positionDiagnostics } from '../../server/src/engine/document/positioned';
import { applyRuleSettings } from '../../server/src/engine/rules/applyRuleSettings';
import { capDiagnostics } from '../../server/src/engine/rules/capDiagnostics';
import { ToolCheckOptions } from '../../server/src/engine/swe/checkTool';

/** The options a bundle is checked with under these settings alone (no agent config): their env, bash on, their SWE-agent's bundle code. */
export function toolCheckOptionsOf(config: EngineConfig): ToolCheckOptions {
  return { env: envContextOf(config), enableBashTool: true, facts: profileOf(config).facts };
}

export interface LintResult {
  /** SWE-agent's `Bundle.commands` would succeed. */
  loads: boolean;
  diagnostics: PositionedDiagnostic[];
  model: BundleModel;
}

export function lintBundleText(text: string, config: EngineConfig = {}, options: ToolCheckOptions = toolCheckOptionsOf(config)): LintResult {
  const model = analyzeBundleText(text, options);
  const diagnostics = capDiagnostics(applyRuleSettings(model.diagnostics, model.source.normalized, config.rules));
  const noOtherFiles = () => {
    throw new Error('a bundle on its own has no related places in other files');
  };
  return { loads: model.check.loads, diagnostics: positionDiagnostics(diagnostics, new PositionMapper(model.source), noOtherFiles), model };
}
