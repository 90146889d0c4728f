/**
 * Gemini refuses a function declaration whose `parameters` is an object with
 * empty `properties` (400 INVALID_ARGUMENT: "properties: should be non-empty
 * for OBJECT type"). Up to v1.1.0, SWE-agent's
 * `Command.get_function_calling_tool` writes exactly that for a tool without
 * arguments; main leaves `properties` out (PR #1431, issue #941). So with a
 * Gemini model, the function-calling parser and such a tool, the first query
 * of every run fails. That is Gemini's own API, which LiteLLM reaches for a
 * Gemini model without `api_base`; with `api_base` the schema goes to another
 * endpoint (Google's OpenAI-compatible one accepts empty `properties`, and a
 * fork of SWE-agent runs Gemini so), whose answer cannot be known here.
 */
import { DiagnosticBuilder } from '../diagnosticBuilder';
import { EngineDiagnostic, spanOf } from '../diagnostics';
import { SweAgentProfile } from '../sweAgent/profile';
import { AgentCheck } from '../workspace/checkAgentConfig';
import { AgentTools } from '../workspace/agentConfig';
import { strValue } from '../yaml/pyNode';
import { agentModelField } from './templateVariables';
import { ModelVisit } from './validate';
import { charged, spend } from '../work';

/** A model LiteLLM sends to Gemini: a path segment `gemini` or `gemini-...` (`gemini/gemini-2.0-flash`, `vertex_ai/gemini-1.5-pro`). */
function isGeminiModel(name: string): boolean {
  return charged(name.split('/')).some((segment) => /^gemini(-|$)/i.test(segment));
}

export function geminiToolSchemaDiagnostics(visits: readonly ModelVisit[], sections: readonly { tools: AgentTools; check: AgentCheck }[], profile: SweAgentProfile): EngineDiagnostic[] {
  const out = new DiagnosticBuilder(null);
  if (profile.facts.noArgumentSchema !== 'empty-properties') return out.diagnostics;
  for (const { tools, check } of sections) {
    spend();
    // Without `parse_function`, ToolConfig's default is the function-calling parser.
    const parser = tools.parseFunctionType;
    if (parser && parser.value !== 'function_calling') continue;
    const agentLoc = tools.where.slice(0, -'.tools'.length);
    const model = agentModelField(visits, agentLoc, 'name');
    if (model === undefined || !isGeminiModel(model) || agentModelField(visits, agentLoc, 'api_base')) continue;
    for (const bundle of check.bundles) {
      spend();
      if (!bundle.ref.pathNode) continue;
      const bare = charged(bundle.model.check.tools).filter((t) => t.command !== null && t.command.arguments.length === 0 && !(typeof t.tool === 'string' && bundle.hidden.has(t.tool)));
      const first = bare[0];
      if (!first) continue;
      const more = bare.length > 1 ? ` (and ${bare.length - 1} more)` : '';
      const entry = charged(bundle.model.check.toolEntries).find((e) => strValue(e.keyNode) === first.tool);
      const related = entry ? [{ message: `\`${first.tool}\` has no arguments`, file: bundle.source.configPath, ...bundle.model.placement.range(entry.keyNode) }] : undefined;
      out.add(
        'gemini-empty-parameters',
        spanOf(bundle.ref.node.kind === 'alias' ? bundle.ref.node : bundle.ref.pathNode),
        `Tool \`${first.tool}\`${more} has no arguments: SWE-agent up to v1.1.0 sends it to Gemini with empty \`properties\`, which Gemini rejects, so every run fails.`,
        related ? { related } : {},
      );
    }
  }
  return out.diagnostics;
}
