/**
 * The CLI's view of a project: each bundle with its agent configs' context
 * and its bundle folder checks, each agent config with its assembly check.
 */
import * as path from 'path';
import { EngineConfig } from '../engine/config';
import { FileDiagnostic } from '../engine/diagnostics';
import { PositionMapper, positionDiagnostics } from '../engine/document/positioned';
import { sourceTextOf } from '../engine/document/sourceText';
import { applyRuleSettings } from '../engine/rules/applyRuleSettings';
import { checkBundleFolder } from '../engine/workspace/bundleFolder';
import { Project } from '../engine/workspace/project';
import { ToolCheckOptions } from '../engine/swe/checkTool';
import { FileResult, lintFile } from './lintFiles';

function positioned(filePath: string, text: string, diagnostics: FileDiagnostic[], loads: boolean, config: EngineConfig): FileResult {
  const source = sourceTextOf(text);
  return { path: filePath, loads, diagnostics: positionDiagnostics(applyRuleSettings(diagnostics, source.normalized, config.rules), new PositionMapper(source)) };
}

export function lintBundleInProject(project: Project, file: string, text: string | null, config: EngineConfig): FileResult {
  if (text === null) return lintFile(file, config);
  const result = project.bundleDiagnostics(file)!;
  return positioned(file, text, result.diagnostics, result.loads, config);
}

export function lintAgentConfig(project: Project, file: string, text: string | null, config: EngineConfig): FileResult {
  if (text === null) return lintFile(file, config);
  const agent = project.agent(file)!;
  return positioned(file, text, agent.diagnostics, agent.loads, config);
}

/** A bundle checked with one given env (`--env`, `--env-json`, settings), plus its folder checks. */
export function lintBundleWithOptions(project: Project, file: string, text: string | null, options: ToolCheckOptions, config: EngineConfig): FileResult {
  if (text === null) return lintFile(file, config);
  const model = project.bundleModel(file, options)!;
  const folder = project.bundleFolder(file);
  return positioned(file, text, [...model.diagnostics, ...(folder ? checkBundleFolder(model, folder) : [])], model.check.loads, config);
}

/** `--agent-config FILE`: the agent config, then every bundle it lists, as seen by this assembly. */
export function lintAssembly(project: Project, file: string, readText: (path: string) => string | null, config: EngineConfig): FileResult[] {
  const text = readText(file);
  const results = [lintAgentConfig(project, file, text, config)];
  const sections = text === null ? [] : (project.agent(file)?.sections ?? []);
  const seen = new Set<string>();
  for (const bundle of sections.flatMap((s) => s.check.bundles)) {
    const configPath = bundle.source.configPath;
    if (seen.has(configPath)) continue;
    seen.add(configPath);
    const bundleText = readText(configPath);
    if (bundleText === null) {
      results.push(lintFile(configPath, config));
      continue;
    }
    const folder = project.bundleFolder(configPath);
    const loads = !bundle.diagnostics.some((d) => d.severity === 'error');
    results.push(positioned(configPath, bundleText, [...bundle.diagnostics, ...(folder ? checkBundleFolder(bundle.model, folder) : [])], loads, config));
  }
  return results;
}

export function relativeTo(cwd: string, file: string): string {
  return path.relative(cwd, file) || file;
}
