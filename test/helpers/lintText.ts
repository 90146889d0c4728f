/** One bundle text checked on its own, with positioned diagnostics: what a file gets with no workspace around it. */
import { EngineConfig, toolCheckOptionsOf } from '../../server/src/engine/config';
import { BundleModel, analyzeBundleText } from '../../server/src/engine/document/bundleModel';
import { PositionMapper, PositionedDiagnostic, positionDiagnostics } from '../../server/src/engine/document/positioned';
import { applyRuleSettings } from '../../server/src/engine/rules/applyRuleSettings';
import { ToolCheckOptions } from '../../server/src/engine/swe/checkTool';

export { toolCheckOptionsOf };

export interface LintResult {
  /** SWE-agent's `Bundle.commands` would succeed. */
  loads: boolean;
  diagnostics: PositionedDiagnostic[];
  model: BundleModel;
}

export function lintBundleText(text: string, config: EngineConfig = {}, options: ToolCheckOptions = toolCheckOptionsOf(config)): LintResult {
  const model = analyzeBundleText(text, options);
  const diagnostics = applyRuleSettings(model.diagnostics, model.source.normalized, config.rules);
  const noOtherFiles = () => {
    throw new Error('a bundle on its own has no related places in other files');
  };
  return { loads: model.check.loads, diagnostics: positionDiagnostics(diagnostics, new PositionMapper(model.source), noOtherFiles), model };
}
