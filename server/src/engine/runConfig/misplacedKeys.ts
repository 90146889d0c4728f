/**
 * Keys one level off in an agent config's ToolConfig, which SWE-agent
 * accepts without a word:
 * - a ToolConfig field written inside `registry_variables` or
 *   `env_variables` (mappings that take any key), so the setting stays at
 *   its default (SWE-bench/SWE-smith `agent/swesmith_install_repo.yaml`);
 * - a tool definition (a mapping with `docstring`, `signature` or
 *   `arguments`) written under `agent.tools`, which drops unknown keys: tools
 *   are defined in a bundle's config.yaml (SWE-smith `agent/swesmith_infer.yaml`).
 * runConfig/validate.ts leaves the second to this rule instead of calling it
 * an unknown key.
 */
import { DiagnosticBuilder } from '../diagnosticBuilder';
import { EngineDiagnostic, spanOf } from '../diagnostics';
import { asDict } from '../swe/pydanticLax';
import { PyNode, dictEntries, strValue } from '../yaml/pyNode';
import { ModelVisit, locText } from './validate';
import { charged, spend } from '../work';

const VARIABLE_MAPPINGS = ['registry_variables', 'env_variables'];
const TOOL_KEYS = ['docstring', 'signature', 'arguments'];

/** A value that is written as a bundle's tool is: a mapping with a docstring, signature or arguments. */
export function looksLikeToolDefinition(value: PyNode): boolean {
  const map = asDict(value);
  return map !== null && charged(dictEntries(map)).some((e) => TOOL_KEYS.includes(strValue(e.key) ?? ''));
}

export function misplacedKeyDiagnostics(visits: readonly ModelVisit[]): EngineDiagnostic[] {
  const out = new DiagnosticBuilder(null);
  for (const visit of visits) {
    spend();
    if (visit.model.name !== 'ToolConfig') continue;
    // The chosen SWE-agent's ToolConfig: a fork's own fields count as fields.
    const toolConfigFields = new Set(charged(visit.model.fields).map((f) => f.name));
    const tools = locText(visit.loc);
    const entries = dictEntries(visit.node);
    const present = new Set(charged(entries).map((e) => strValue(e.key)));
    for (const entry of entries) {
      spend();
      const name = strValue(entry.key);
      if (name === undefined) continue;
      const inner = VARIABLE_MAPPINGS.includes(name) ? asDict(entry.value) : null;
      for (const variable of inner ? dictEntries(inner) : []) {
        spend();
        const field = strValue(variable.key);
        if (field === undefined || !toolConfigFields.has(field) || VARIABLE_MAPPINGS.includes(field)) continue;
        const also = present.has(field);
        out.add(
          'key-misplaced',
          spanOf(variable.key),
          `\`${field}\` is a setting of \`${tools}\`, but here it is only a variable in \`${name}\`, so SWE-agent keeps its default${also ? ` (\`${tools}\` sets it too)` : ''}.`,
          also ? {} : { data: { moveUp: field } },
        );
      }
      if (!toolConfigFields.has(name) && looksLikeToolDefinition(entry.value)) {
        out.add('key-misplaced', spanOf(entry.key), `SWE-agent ignores the tool \`${name}\` under \`${tools}\`: tools are defined in a bundle's config.yaml, which \`${tools}.bundles\` lists.`);
      }
    }
  }
  return out.diagnostics;
}
