/**
 * Semantic tokens: the placeholders of each tool's signature (`<x>`,
 * `[<x>]`, `{x}`, `--x`), and in its docstring the `<x>` mentions and the
 * `{VAR}` fields `str.format` fills from the env variables. A placeholder or
 * mention with no argument of that name, and a field the env does not set,
 * carry the `undefined` modifier.
 *
 * Positions go through the scalar's decoding (quotes, escapes, folding, block
 * indentation), and a token never spans lines: one whose characters come from
 * several lines (an escaped line break) is split.
 */
import { BundleModel } from '../document/bundleModel';
import { parseFormatString } from '../python/formatString';
import { EnvContext, envFieldName } from '../swe/env';
import type { NameRepeat } from '../python/argumentNamePattern';
import { angleMentions, signaturePlaceholders } from '../swe/placeholders';
import { ScalarNode } from '../yaml/pyNode';
import { ValueOffsets, valueOffsets } from '../yaml/scalarOffsets';
import { BundleView, ToolView, ownStrScalar, toolTouches, toolsInOrder } from '../document/bundleView';
import { Placement } from '../document/placement';
import { BUDGETS } from '../budgets';
import { charged, spend } from '../work';

export const TOKEN_TYPES = ['parameter', 'variable'] as const;
export const TOKEN_MODIFIERS = ['declaration', 'readonly', 'undefined'] as const;
type TokenType = (typeof TOKEN_TYPES)[number];
type TokenModifier = (typeof TOKEN_MODIFIERS)[number];

export interface SemanticToken {
  /** Absolute offsets; start and end are on the same line. */
  start: number;
  end: number;
  type: TokenType;
  modifiers: TokenModifier[];
}

/** Like json.maxItemsComputed: huge files get at most this many tokens. */
const MAX_SEMANTIC_TOKENS = BUDGETS.itemsPerRequest;

/**
 * The source pieces (absolute offsets) that value[start, end) of a scalar
 * comes from, one per line: characters from different lines (an escaped
 * line break) give several pieces, a folded line break gives none.
 */
function valueSegments(at: Placement, node: ScalarNode, offsets: ValueOffsets, start: number, end: number): { start: number; end: number }[] {
  const text = node.origin.text;
  const base = at.base(node.origin);
  const segments: { start: number; end: number }[] = [];
  let current: { start: number; end: number } | null = null;
  for (let i = start; i < end && i < offsets.starts.length; i++) {
    spend();
    const from = offsets.starts[i];
    const to = offsets.ends[i];
    if (to <= from || text.slice(from, to).includes('\n')) {
      current = null;
      continue;
    }
    if (current && !text.slice(current.end - base, from).includes('\n')) {
      current.end = Math.max(current.end, base + to);
    } else {
      current = { start: base + from, end: base + to };
      segments.push(current);
    }
  }
  return segments;
}

function toolTokens(view: BundleView, tool: ToolView, env: EnvContext, repeat: NameRepeat, out: SemanticToken[]): void {
  const defined = new Set(charged(tool.arguments).flatMap((argument) => (argument.name === undefined ? [] : [argument.name])));
  const push = (node: ScalarNode, offsets: ValueOffsets, start: number, end: number, type: TokenType, modifiers: TokenModifier[]) => {
    for (const segment of valueSegments(view.at, node, offsets, start, end)) {
      spend();
      out.push({ ...segment, type, modifiers });
    }
  };
  const signature = ownStrScalar(tool, 'signature');
  const signatureOffsets = signature && valueOffsets(signature);
  if (signature && signatureOffsets) {
    for (const placeholder of signaturePlaceholders(signature.text, repeat)) {
      spend();
      const known = defined.has(placeholder.name);
      // `--x` names an argument only when there is one; otherwise it is a literal flag.
      if (placeholder.spelling === 'flag' && !known) continue;
      push(signature, signatureOffsets, placeholder.start, placeholder.end, 'parameter', known ? ['declaration'] : ['declaration', 'undefined']);
    }
  }
  const docstring = ownStrScalar(tool, 'docstring');
  const docstringOffsets = docstring && valueOffsets(docstring);
  if (docstring && docstringOffsets) {
    for (const mention of angleMentions(docstring.text)) {
      spend();
      push(docstring, docstringOffsets, mention.start, mention.end, 'parameter', defined.has(mention.name) ? [] : ['undefined']);
    }
    for (const item of parseFormatString(docstring.text).items) {
      spend();
      const name = item.field && envFieldName(item.field.name);
      if (!item.field || !name) continue;
      push(docstring, docstringOffsets, item.field.start, item.field.end, 'variable', env.variables.has(name) ? ['readonly'] : ['readonly', 'undefined']);
    }
  }
}

/**
 * The tokens in document order, without overlaps; with `range`, only those
 * that intersect it. At most `limit`.
 */
export function semanticTokens(model: BundleModel, env: EnvContext, range?: { start: number; end: number }, limit = MAX_SEMANTIC_TOKENS): SemanticToken[] {
  const result: SemanticToken[] = [];
  let reached = -1;
  // A tool's tokens lie inside its entry, and entries do not overlap: tool by tool, in order, until the limit.
  const view = model.view;
  for (const tool of toolsInOrder(model)) {
    spend();
    if (result.length >= limit) break;
    if (!toolTouches(view, tool, range)) continue;
    const tokens: SemanticToken[] = [];
    toolTokens(view, tool, env, model.facts.argumentNamePattern, tokens);
    charged(tokens).sort((a, b) => a.start - b.start || b.end - a.end);
    for (const token of tokens) {
      spend();
      if (result.length >= limit) break;
      if (token.start < reached || token.end <= token.start) continue;
      reached = token.end;
      if (range && (token.end <= range.start || token.start >= range.end)) continue;
      result.push(token);
    }
  }
  return result;
}
