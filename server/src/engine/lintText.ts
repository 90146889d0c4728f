/**
 * The library front end: check one bundle config's text with a configuration,
 * getting positioned diagnostics. The CLI uses it per file; the server uses
 * the same pieces incrementally (document/bundleModel.ts).
 */
import { EngineConfig, envContextOf } from './config';
import { BundleModel, analyzeBundleText } from './document/bundleModel';
import { PositionMapper, PositionedDiagnostic, positionDiagnostics } from './document/positioned';
import { applyRuleSettings } from './rules/applyRuleSettings';
import { capDiagnostics } from './rules/capDiagnostics';
import { ToolCheckOptions } from './swe/checkTool';

export interface LintResult {
  /** SWE-agent's `Bundle.commands` would succeed. */
  loads: boolean;
  diagnostics: PositionedDiagnostic[];
  model: BundleModel;
}

export function toolCheckOptionsOf(config: EngineConfig): ToolCheckOptions {
  return { env: envContextOf(config), enableBashTool: true };
}

export function lintBundleText(text: string, config: EngineConfig = {}, options: ToolCheckOptions = toolCheckOptionsOf(config)): LintResult {
  const model = analyzeBundleText(text, options);
  const diagnostics = capDiagnostics(applyRuleSettings(model.diagnostics, model.source.normalized, config.rules));
  return { loads: model.check.loads, diagnostics: positionDiagnostics(diagnostics, new PositionMapper(model.source)), model };
}
