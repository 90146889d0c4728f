/**
 * The variables a `sweagent` package gives its agent templates, read from its
 * source with @lezer/python (never run): the keywords of the `dict(...)` that
 * `DefaultAgent._get_format_dict` returns in `sweagent/agent/agents.py`
 * (every template gets them), and the keys of
 * `StepOutput.to_template_format_dict()` in `sweagent/types.py` (the error
 * templates get them): StepOutput's fields but those it skips. The spreads
 * SWE-agent's own code has (`**self.tools.config.env_variables`, `**kwargs`,
 * `**self._problem_statement.get_extra_fields()`) are the env, the call's own
 * keywords and the problem statement's extra fields, which the check adds
 * itself; anything else is listed in `notRead`, never dropped.
 *
 * The render calls (`Template(...).render(...)`,
 * `_add_templated_messages_to_history(...)`, `get_model_requery_history(...)`)
 * pass each template its own keywords (`observation`, `timeout`, ...); those
 * of SWE-agent's releases are the check's table. A keyword or spread of a
 * fork's render call beyond them is listed in `notRead`: which template gets
 * it is not read.
 */
import type { SyntaxNode } from '@lezer/common';
import { TemplateVariablesData } from '../profileData';
import type { PythonSources } from './pydanticModels';
import { PythonParses, readPythonModule } from './pythonSource';
import { charged, spend } from '../../work';

const AGENTS = 'sweagent.agent.agents';
const TYPES = 'sweagent.types';

/** The `**` spreads of `_get_format_dict`'s dict that the check supplies itself. */
const KNOWN_SPREADS = new Set(['self.tools.config.env_variables', 'kwargs', 'self._problem_statement.get_extra_fields()']);

/** The calls that render templates, by how their callee ends. */
const RENDER_CALL = /(?:\.render|_add_templated_messages_to_history|get_model_requery_history)$/;
/** What SWE-agent's releases pass at those calls: the check's per-template table, the format dict, the state, the step. */
const RENDER_KEYWORDS = new Set(['observation', 'elided_chars', 'max_observation_length', 'tool_call_ids', 'demonstration', 'timeout', 'command', 'exception_message', 'error_template', 'output']);
const RENDER_SPREADS = new Set(['self._get_format_dict()', 'format_dict', 'state', 'step.state', 'kwargs', 'step.to_template_format_dict()', 'getattr(exception,"extra_info",{})']);

/** The functions whose bodies this file reads, by a word of their text: the render calls' and the two format dicts'. */
export const TEMPLATE_BODIES = /render|_add_templated_messages_to_history|get_model_requery_history|_get_format_dict|to_template_format_dict/;

/** The function `name` anywhere in the module (a method of any class), or null. */
function findFunction(tree: SyntaxNode, source: string, name: string): SyntaxNode | null {
  const cursor = tree.cursor();
  do {
    spend();
    if (cursor.name === 'FunctionDefinition') {
      const id = cursor.node.getChild('VariableName');
      if (id && source.slice(id.from, id.to) === name) return cursor.node;
    }
  } while (cursor.next());
  return null;
}

/** A call's arguments, each as its nodes (`a=1` is three, `**b` two). */
function argumentsOf(args: SyntaxNode): SyntaxNode[][] {
  const parts: SyntaxNode[][] = [];
  let part: SyntaxNode[] = [];
  for (let c = args.firstChild; c; c = c.nextSibling) {
    spend();
    if (c.name !== '(' && c.name !== ')' && c.name !== ',') part.push(c);
    else if (part.length > 0) {
      parts.push(part);
      part = [];
    }
  }
  return parts;
}

/** The keywords and spreads of the module's render calls that SWE-agent's releases do not pass. */
function renderCallExtras(tree: SyntaxNode, source: string): string[] {
  const extras: string[] = [];
  const text = (n: SyntaxNode) => source.slice(n.from, n.to).replace(/\s+/g, '');
  const cursor = tree.cursor();
  do {
    spend();
    if (cursor.name !== 'CallExpression') continue;
    const callee = cursor.node.firstChild;
    const args = cursor.node.getChild('ArgList');
    if (!callee || !args || !RENDER_CALL.test(text(callee))) continue;
    const name = text(callee).split('.').pop();
    for (const part of argumentsOf(args)) {
      spend();
      let extra: string | null = null;
      if (part.length === 3 && part[1].name === 'AssignOp' && !RENDER_KEYWORDS.has(text(part[0]))) extra = `\`${text(part[0])}=\``;
      else if (part.length === 2 && part[0].name === '**' && !RENDER_SPREADS.has(text(part[1]))) extra = `\`**${text(part[1])}\``;
      if (extra && !extras.includes(`${extra} passed to ${name}`)) extras.push(`${extra} passed to ${name}`);
    }
  } while (cursor.next());
  return extras;
}

/** The keywords of `_get_format_dict`'s `return dict(...)`, with what it spreads that is not known; null when there is no such return. */
function formatDictOf(tree: SyntaxNode, source: string): { names: string[]; unread: string[] } | null {
  const fn = findFunction(tree, source, '_get_format_dict');
  const body = fn?.getChild('Body');
  const returns = body?.getChildren('ReturnStatement') ?? [];
  const call = returns.length === 1 ? returns[0].getChild('CallExpression') : null;
  const callee = call?.firstChild;
  const args = call?.getChild('ArgList');
  if (!call || !callee || source.slice(callee.from, callee.to) !== 'dict' || !args) return null;
  const names: string[] = [];
  const unread: string[] = [];
  const text = (n: SyntaxNode) => source.slice(n.from, n.to).replace(/\s+/g, '');
  for (const part of argumentsOf(args)) {
    spend();
    if (part.length === 3 && part[0].name === 'VariableName' && part[1].name === 'AssignOp') names.push(text(part[0]));
    else if (part.length === 2 && part[0].name === '**') {
      if (!KNOWN_SPREADS.has(text(part[1]))) unread.push(`\`**${text(part[1])}\` in _get_format_dict`);
    } else unread.push(`\`${charged(part).map(text).join('')}\` in _get_format_dict`);
  }
  return { names, unread };
}

/** The keys `StepOutput.to_template_format_dict()` gives: its fields but the ones it skips (`if k in (...): continue`); null when not read. */
function stepKeysOf(whole: string, parses: PythonParses): string[] | null {
  const step = readPythonModule(whole, TYPES, false, parses).classes.get('StepOutput');
  if (!step) return null;
  const { text: source, tree } = parses.outline(whole);
  const fn = findFunction(tree.topNode, source, 'to_template_format_dict');
  const text = fn ? source.slice(fn.from, fn.to) : '';
  // SWE-agent's own shape: each `model_dump()` item but a tuple of names, then the state merged in (which the check adds itself).
  const skip = /for\s+k\s*,\s*v\s+in\s+self\.model_dump\(\)\.items\(\)\s*:\s*if\s+k\s+in\s+\(([^)]*)\)\s*:\s*continue\s+out\[k\]\s*=\s*v\s+out\s*\|=\s*self\.state\s+return\s+out\s*$/.exec(text);
  if (!skip) return null;
  const skipped = new Set(charged([...skip[1].matchAll(/["']([A-Za-z_][A-Za-z0-9_]*)["']/g)]).map((m) => m[1]));
  return charged(step.fields).map((f) => f.name).filter((name) => !skipped.has(name));
}

/**
 * The template variables of the package in `sources`; what is not read takes
 * `fallback`'s (the release it is based on), and is said in `notRead`.
 */
export function extractTemplateVariables(sources: PythonSources, fallback?: TemplateVariablesData, parses: PythonParses = new PythonParses(TEMPLATE_BODIES)): TemplateVariablesData {
  const notRead: string[] = [];
  const agentsSource = sources.module(AGENTS);
  const agents = agentsSource ? parses.outline(agentsSource.text) : null;
  const formatDict = agents ? formatDictOf(agents.tree.topNode, agents.text) : null;
  if (!formatDict) notRead.push(agents ? '_get_format_dict (not a `return dict(...)`)' : `${AGENTS.replaceAll('.', '/')}.py (not found)`);
  else notRead.push(...formatDict.unread);
  if (agents) notRead.push(...renderCallExtras(agents.tree.topNode, agents.text));
  const types = sources.module(TYPES);
  const step = types ? stepKeysOf(types.text, parses) : null;
  if (!step) notRead.push(types ? 'StepOutput.to_template_format_dict' : `${TYPES.replaceAll('.', '/')}.py (not found)`);
  return { formatDict: formatDict?.names ?? fallback?.formatDict ?? [], step: step ?? fallback?.step ?? [], notRead };
}
