/**
 * Braces that mean something else than the writer meant:
 * - argument-format-jinja: `{value}` in a Jinja template, which needs `{{value}}`;
 * - docstring-unknown-variable / docstring-format-error: braces that
 *   `str.format` reads as fields but are meant literally, doubled to `{{`/`}}`.
 * Edits go through the scalar's quoting, escapes and block style.
 */
import { FormatField, parseFormatString } from '../../python/formatString';
import { ScalarNode, deref } from '../../yaml/pyNode';
import { FixContext, QuickFix, QuickFixProvider } from './quickFix';
import { ValueChange, changeScalarValue, nodeAtSpan } from './yamlEdits';
import { pushAll } from '../../util/pushAll';
import { charged, spend } from '../../work';

const JINJA_SINGLE = /\{\s*value\s*\}/g;

export const jinjaValue: QuickFixProvider<'argument-format-jinja'> = (context) => {
  if (!context.data) return [];
  const found = nodeAtSpan(context.at, context.root, context.start, context.end);
  if (!found || found.node.kind !== 'scalar') return [];
  const node = found.node;
  const changes: ValueChange[] = charged([...node.text.matchAll(JINJA_SINGLE)]).map((m) => ({ start: m.index!, end: m.index! + m[0].length, text: '{{value}}' }));
  if (changes.length === 0) return [];
  const shown = changes.length === 1 ? node.text.slice(changes[0].start, changes[0].end) : '{value}';
  return [{ title: `Write \`{{value}}\` instead of \`${shown}\``, edits: changeScalarValue(context, context.root, node, changes), isPreferred: true }];
};

/** The docstring scalar the diagnostic is in, unless it is shared through an alias. */
function docstringOf(context: FixContext): ScalarNode | null {
  const tool = context.tool;
  const entry = tool?.fields.get('docstring');
  if (!tool?.docstring || !entry || entry.value.kind === 'alias') return null;
  const node = deref(entry.value);
  return node.kind === 'scalar' && node.value.type === 'str' ? node : null;
}

function firstName(field: FormatField): string {
  return /^[^.[]*/.exec(field.name)![0];
}

/** Names nobody could set as an env variable: such fields are text meant literally (JSON, `{}`, `{-1}`). */
function looksLiteral(field: FormatField): boolean {
  return !/^[A-Za-z_][A-Za-z0-9_]*$/.test(firstName(field));
}

/** Doubles every brace of the value in the given ranges. */
export function braceChanges(value: string, ranges: { start: number; end: number }[]): ValueChange[] {
  const changes: ValueChange[] = [];
  const seen = new Set<number>();
  for (const range of ranges) {
    spend();
    for (let i = range.start; i < range.end; i++) {
      spend();
      if ((value[i] === '{' || value[i] === '}') && !seen.has(i)) {
        seen.add(i);
        changes.push({ start: i, end: i + 1, text: value[i] + value[i] });
      }
    }
  }
  return charged(changes).sort((a, b) => a.start - b.start);
}

/**
 * The braces `str.format` cannot parse (a stray `}`, an unclosed `{`), in
 * order, until the docstring parses: each failing brace is doubled.
 */
function strayBraces(value: string): number[] {
  const stray: number[] = [];
  for (let attempt = 0; attempt < 1000; attempt++) {
    spend();
    let escaped = '';
    const originalIndex: number[] = [];
    for (let i = 0; i < value.length; i++) {
      spend();
      const doubled = stray.includes(i) ? value[i] + value[i] : value[i];
      for (const ch of doubled) {
        spend();
        escaped += ch;
        originalIndex.push(i);
      }
    }
    const parsed = parseFormatString(escaped);
    if (!parsed.error) return stray;
    let at = parsed.error.offset;
    if (!/^Single '}'/.test(parsed.error.message)) {
      // The field that failed opens at the first brace after the last complete item.
      // A literal-only item ended with a doubled brace, of which its literal holds one.
      const last = parsed.items[parsed.items.length - 1];
      let from = !last ? 0 : last.field ? last.field.end : last.literalStart + last.literal.length + 1;
      while (from < escaped.length && escaped[from] !== '{' && escaped[from] !== '}') {
        spend();
        from++;
      }
      at = from;
    }
    const index = originalIndex[at];
    if (index === undefined || stray.includes(index) || (value[index] !== '{' && value[index] !== '}')) return [];
    stray.push(index);
  }
  return [];
}

function docstringFix(context: FixContext, node: ScalarNode, ranges: { start: number; end: number }[], title: string, isPreferred: boolean): QuickFix[] {
  const changes = braceChanges(node.text, ranges);
  if (changes.length === 0) return [];
  return [{ title, edits: changeScalarValue(context, context.root, node, changes), isPreferred }];
}

function describe(value: string, fields: { start: number; end: number }[]): string {
  const first = value.slice(fields[0].start, fields[0].end);
  const doubled = first.replace(/[{}]/g, (b) => b + b);
  return `\`${first}\` as \`${doubled}\`${fields.length > 1 ? ` (${fields.length} places)` : ''}`;
}

export const escapeDocstringField: QuickFixProvider<'docstring-format-error' | 'docstring-unknown-variable'> = (context) => {
  const node = docstringOf(context);
  if (!node) return [];
  const value = node.text;
  const escape = context.data?.escape;
  if (!escape) {
    if (context.diagnostic.code !== 'docstring-format-error') return [];
    const stray = strayBraces(value);
    if (stray.length === 0) return [];
    const ranges = charged(stray).map((i) => ({ start: i, end: i + 1 }));
    const title = stray.length === 1 ? `Escape the stray \`${value[stray[0]]}\` as \`${value[stray[0]].repeat(2)}\`` : 'Escape the stray braces as `{{` and `}}`';
    return docstringFix(context, node, ranges, title, true);
  }
  const reported = { start: escape.start, end: escape.end };
  const fields = charged(parseFormatString(value).items).flatMap((item) => (item.field ? [item.field] : []));
  // A field inside another field's format spec is escaped with the field that holds it.
  const holder = charged(fields).find((f) => f.start <= reported.start && reported.end <= f.end);
  const targets: { start: number; end: number }[] = [holder ?? reported];
  if (context.diagnostic.code === 'docstring-unknown-variable') {
    // Only the first use of a name is reported: escaping one use would only surface the next.
    const variable = context.data && 'variable' in context.data ? context.data.variable : holder ? firstName(holder) : undefined;
    pushAll(targets, charged(fields).filter((f) => f !== holder && firstName(f) === variable));
    return docstringFix(context, node, targets, `Escape ${describe(value, targets)}`, false);
  }
  // Literal braces (JSON examples): every such field, since the check stops at the first.
  if (holder && looksLiteral(holder)) pushAll(targets, charged(fields).filter((f) => f !== holder && looksLiteral(f)));
  return docstringFix(context, node, targets, `Escape ${describe(value, targets)}`, holder !== undefined && looksLiteral(holder));
};
