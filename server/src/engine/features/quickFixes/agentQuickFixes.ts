/**
 * Quick fixes in an agent config, keyed by diagnostic code like the bundle
 * registry (features/quickFixes/index.ts), over the YAML alone:
 * - unknown-key, forbidden-key: the suggested field (runConfig/validate.ts's did-you-mean);
 * - invalid-choice: the suggested value of a literal or a union's `type`;
 * - bundle-renamed: the bundle path under the chosen SWE-agent's name for it;
 * - hidden-tool-missing: the bundle's tool a misspelt `hidden_tools` name meant;
 * - bundle-path-missing: the bundle folder beside it that the path meant;
 * - wrong-type with `wrapPath`: a bare `- tools/x` bundle entry becomes `- path: tools/x`;
 * - bundles-misplaced: `bundles:` moves from `agent.templates` to `agent.tools`;
 * - template-unknown-variable: the variable the template meant (features/quickFixes/templateVariable.ts);
 * - key-misplaced: a ToolConfig setting moved out of `registry_variables` (features/quickFixes/moveKeyUp.ts);
 * - unknown-rule-code: the rule code a suppression comment meant (features/quickFixes/ruleCode.ts).
 */
import { FileDiagnostic } from '../../diagnostics';
import { Placement } from '../../document/placement';

import { applicableFixes } from './index';
import { QuickFix, YamlQuickFixProvider, YamlQuickFixRegistry, yamlFixContext } from './quickFix';
import { replaceWithSuggestion } from './replaceName';
import { replaceTemplateVariable } from './templateVariable';
import { moveKeyUp } from './moveKeyUp';
import { replaceRuleCode } from './ruleCode';
import { ancestorsOf, column, isFlowCollection, lineAfter, nodeAtSpan, reindent, wholeLines } from './yamlEdits';
import { RuleCode } from '../../rules/ruleCatalog';
import { MapNode, PyNode, deref, strValue } from '../../yaml/pyNode';
import { charged } from '../../work';

const wrapBundlePath: YamlQuickFixProvider<'wrong-type'> = (context) => {
  if (!context.data || !('wrapPath' in context.data)) return [];
  const found = nodeAtSpan(context.at, context.root, context.start, context.end);
  if (!found || found.node.kind !== 'scalar' || found.parent?.kind !== 'seq') return [];
  const { node } = found;
  const written = context.text.slice(context.at.start(node), context.at.end(node));
  // In `[a, b]` the entry needs braces to be a mapping; in a block list `path: ` is enough.
  const edit = isFlowCollection(context, found.parent)
    ? { start: context.at.start(node), end: context.at.end(node), newText: `{path: ${written}}` }
    : { start: context.at.start(node), end: context.at.start(node), newText: 'path: ' };
  return [{ title: `Write the entry as \`path: ${written}\``, edits: [edit], isPreferred: true }];
};

function pairOf(map: MapNode, name: string) {
  return charged(map.ownPairs).find((pair) => strValue(pair.key) === name);
}

const moveBundlesToTools: YamlQuickFixProvider<'bundles-misplaced'> = (context) => {
  const { text, root } = context;
  const found = nodeAtSpan(context.at, root, context.start, context.end);
  const templates = found?.parent;
  if (!found || templates?.kind !== 'map' || isFlowCollection(context, templates)) return [];
  const bundles = charged(templates.ownPairs).find((pair) => pair.key === found.node)!;
  const agent = ancestorsOf(root, templates)?.at(-1);
  if (agent?.kind !== 'map' || isFlowCollection(context, agent)) return [];
  const templatesPair = charged(agent.ownPairs).find((pair) => pair.value === templates);
  if (!templatesPair) return [];
  const moved = wholeLines(text, context.at.start(bundles.key), Math.max(context.at.end(bundles.key), context.at.trimmedEnd(bundles.value)));
  const bundlesIndent = column(text, context.at.start(bundles.key));
  const tools = pairOf(agent, 'tools');
  const edits = [];
  if (tools) {
    const toolsMap = deref(tools.value);
    // Only into a block mapping of its own that has no bundles yet; anything else needs a person.
    if (tools.value.kind === 'alias' || toolsMap.kind !== 'map' || toolsMap.ownPairs.length === 0 || isFlowCollection(context, toolsMap) || pairOf(toolsMap, 'bundles')) return [];
    const toolsIndent = column(text, context.at.start(toolsMap.ownPairs[0].key));
    edits.push({ start: lineAfter(text, context.at.trimmedEnd(toolsMap)), end: lineAfter(text, context.at.trimmedEnd(toolsMap)), newText: reindent(moved.text, bundlesIndent, toolsIndent) });
  } else {
    // A new `tools:` beside `templates:`, holding the lines as they are (the same depth under a sibling key).
    const at = lineAfter(text, Math.max(context.at.end(templatesPair.key), context.at.trimmedEnd(templatesPair.value)));
    const prefix = at === text.length && !text.endsWith('\n') ? '\n' : '';
    edits.push({ start: at, end: at, newText: `${prefix}${' '.repeat(column(text, context.at.start(templatesPair.key)))}tools:\n${moved.text}` });
  }
  // `templates:` left with nothing would be null, which pydantic refuses: it goes too.
  const removal = templates.ownPairs.length === 1 ? wholeLines(text, context.at.start(templatesPair.key), Math.max(context.at.end(templatesPair.key), context.at.trimmedEnd(templates))).deletion : moved.deletion;
  edits.push(removal);
  return [{ title: 'Move `bundles` to `agent.tools`, where SWE-agent reads it', edits: charged(edits).sort((a, b) => a.start - b.start), isPreferred: true }];
};

export const AGENT_QUICK_FIXES: YamlQuickFixRegistry = {
  'unknown-key': replaceWithSuggestion,
  'forbidden-key': replaceWithSuggestion,
  'invalid-choice': replaceWithSuggestion,
  'bundle-renamed': replaceWithSuggestion,
  'hidden-tool-missing': replaceWithSuggestion,
  'bundle-path-missing': replaceWithSuggestion,
  'wrong-type': wrapBundlePath,
  'bundles-misplaced': moveBundlesToTools,
  'template-unknown-variable': replaceTemplateVariable,
  'key-misplaced': moveKeyUp,
  'unknown-rule-code': replaceRuleCode,
};

/** The quick fixes for one of an agent config's diagnostics. */
export function agentQuickFixes(text: string, root: PyNode | null, at: Placement, diagnostic: FileDiagnostic): QuickFix[] {
  // As in features/quickFixes: the registry pairs each provider with its codes, DiagnosticBuilder.add each diagnostic with its code's data.
  const provider = AGENT_QUICK_FIXES[diagnostic.code] as YamlQuickFixProvider<RuleCode> | undefined;
  return provider ? applicableFixes(provider(yamlFixContext(text, root, at, diagnostic))) : [];
}
