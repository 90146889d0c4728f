/**
 * The prompt preview written out: as Markdown for the editor, as plain text
 * for the terminal, and as JSON (the reference renderings' field names:
 * `role`, `content`, `message_type`, `is_demo`, `cache_control`,
 * `tool_calls`, `tool_call_id`; `tools`).
 */
import { PyDict, PyObject } from '../python/pyObject';
import { PromptMessage, PromptPreview } from './promptPreview';
import { charged, spend } from '../work';

/** A Python value as the JSON SWE-agent would send (ints as numbers). */
function jsonOf(value: PyObject): unknown {
  spend();
  if (typeof value === 'bigint') return Number(value);
  if (Array.isArray(value)) return charged(value).map(jsonOf);
  if (value instanceof PyDict) return Object.fromEntries(charged([...value.entries]).map(([k, v]) => [k, jsonOf(v)]));
  return value;
}

function messageJson(message: PromptMessage): Record<string, unknown> {
  const out: Record<string, unknown> = { role: message.role, content: message.content, message_type: message.messageType, is_demo: message.isDemo, cache_control: message.cacheControl };
  if (message.toolCalls !== undefined) out.tool_calls = jsonOf(message.toolCalls);
  if (message.toolCallId !== undefined) out.tool_call_id = jsonOf(message.toolCallId);
  if (message.parts) out.content_parts = charged(message.parts).map((p) => (p.type === 'text' ? { type: 'text', text: p.text, ...(p.cacheControl ? { cache_control: { type: 'ephemeral' } } : {}) } : { type: 'image_url', image_url: { url: p.url } }));
  return out;
}

export function promptPreviewJson(preview: PromptPreview): Record<string, unknown> {
  if (!preview.ok) return { ok: false, stopped_by: preview.kind, reason: preview.reason };
  const { agent } = preview;
  return {
    ok: true,
    agent_class: agent.kind,
    sub_agent: agent.subAgent,
    model_name: agent.modelName,
    parser: agent.parser,
    function_calling: agent.functionCalling,
    placeholders: { problem_statement: preview.placeholders.problemStatement, repo: preview.placeholders.repo, state: jsonOf(new PyDict(new Map(Object.entries(preview.placeholders.state)))) },
    messages: charged(preview.messages).map(messageJson),
    tools: preview.tools,
  };
}

function placeholderNote(preview: Extract<PromptPreview, { ok: true }>): string {
  const state = Object.entries(preview.placeholders.state);
  return (
    `Run-time values are placeholders: the problem statement is ${preview.placeholders.problemStatement}, the repository ${preview.placeholders.repo}` +
    (state.length > 0 ? `, the state ${charged(state).map(([k, v]) => `${k}=${JSON.stringify(jsonOf(v))}`).join(', ')} (what the state commands write).` : '; no bundle has a state command, so the templates get no state.')
  );
}

function heading(message: PromptMessage, index: number): string {
  const marks = [message.messageType, ...(message.isDemo ? ['demonstration'] : []), ...(message.cacheControl ? ['cache mark'] : []), ...(message.toolCallId !== undefined ? [`tool call ${JSON.stringify(jsonOf(message.toolCallId))}`] : [])];
  return `Message ${index + 1}: ${message.role} (${marks.join(', ')})`;
}

/** A fence longer than any backtick run in the text, so the text shows exactly. */
function fenced(text: string, info = 'text'): string {
  const longest = Math.max(2, ...charged([...text.matchAll(/`+/g)]).map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${info}\n${text}\n${fence}`;
}

export function promptPreviewMarkdown(preview: PromptPreview): string {
  if (!preview.ok) return `**The prompt cannot be previewed.** ${preview.kind === 'sweagent' ? 'SWE-agent fails before the first query' : 'The preview cannot build it exactly'}: ${preview.reason}`;
  const { agent } = preview;
  const lines = [
    `# The prompt of the first query`,
    '',
    `Agent \`${agent.kind}\`${agent.subAgent !== null ? ` (sub-agent ${agent.subAgent})` : ''}, model \`${agent.modelName}\`, parser \`${agent.parser}\`${agent.functionCalling ? ', with function calling' : ''}.`,
    '',
    placeholderNote(preview),
  ];
  charged(preview.messages).forEach((message, i) => {
    lines.push('', `## ${heading(message, i)}`, '', fenced(message.content));
    if (message.toolCalls !== undefined) lines.push('', 'Tool calls:', '', fenced(JSON.stringify(jsonOf(message.toolCalls), null, 2), 'json'));
  });
  if (preview.tools) lines.push('', `## Tools (${preview.tools.length})`, '', fenced(JSON.stringify(preview.tools, null, 2), 'json'));
  else lines.push('', 'No `tools` list is sent.');
  return lines.join('\n') + '\n';
}

export function promptPreviewText(preview: PromptPreview): string {
  if (!preview.ok) return `The prompt cannot be previewed. ${preview.kind === 'sweagent' ? 'SWE-agent fails before the first query' : 'The preview cannot build it exactly'}: ${preview.reason}\n`;
  const lines = [placeholderNote(preview)];
  charged(preview.messages).forEach((message, i) => {
    lines.push('', `===== ${heading(message, i)} =====`, message.content);
    if (message.toolCalls !== undefined) lines.push(`----- tool calls -----`, JSON.stringify(jsonOf(message.toolCalls), null, 2));
  });
  lines.push('', preview.tools ? `===== Tools (${preview.tools.length}) =====\n${JSON.stringify(preview.tools, null, 2)}` : '===== No tools list is sent =====');
  return lines.join('\n') + '\n';
}
