/** The agent-level cases of ../shared/conformance/multi: each stands for an agent config listing conformance cases as bundles. */
export interface MultiCase {
  description: string;
  bundles: string[];
  hidden_tools: string[][] | null;
  no_bash: boolean;
  env: Record<string, unknown> | null;
}

/** The agent config a case stands for, each bundle's path given by `pathOf(case id)`. */
export function multiAgentConfigYaml(spec: MultiCase, pathOf: (bundle: string) => string = (bundle) => bundle): string {
  const tools: Record<string, unknown> = {
    bundles: spec.bundles.map((bundle, i) => ({ path: pathOf(bundle), ...(spec.hidden_tools?.[i]?.length ? { hidden_tools: spec.hidden_tools[i] } : {}) })),
  };
  if (spec.no_bash) tools.enable_bash_tool = false;
  if (spec.env) tools.env_variables = spec.env;
  // JSON is YAML: no quoting surprises.
  // A model, as every run needs one: the verdict is ToolConfig's alone.
  return JSON.stringify({ agent: { model: { name: 'gpt-4o' }, tools } }, null, 2) + '\n';
}
