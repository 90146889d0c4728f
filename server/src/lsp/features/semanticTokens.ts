/**
 * textDocument/semanticTokens/full and /range: signature placeholders and
 * docstring mentions as parameters, docstring `{VAR}` fields as read-only
 * variables; `undefined` marks those nothing defines.
 */
import { ClientCapabilities, SemanticTokens, SemanticTokensLegend, SemanticTokensOptions, SemanticTokensRegistrationType } from '../protocol';
import { PositionMapper } from '../../engine/document/positioned';
import { SemanticToken, TOKEN_MODIFIERS, TOKEN_TYPES } from '../../engine/features/semanticTokens';
import { Feature } from './feature';

const SEMANTIC_TOKENS_LEGEND: SemanticTokensLegend = { tokenTypes: [...TOKEN_TYPES], tokenModifiers: [...TOKEN_MODIFIERS] };

/** What the client can ask for, or null when it cannot take relative-format tokens. */
function options(client: ClientCapabilities): SemanticTokensOptions | null {
  const support = client.textDocument?.semanticTokens;
  if (!support || !(support.formats ?? []).includes('relative')) return null;
  const full = !!support.requests?.full;
  const range = !!support.requests?.range;
  if (!full && !range) return null;
  return { legend: SEMANTIC_TOKENS_LEGEND, full, range };
}

/** The LSP encoding: five integers per token, line and start relative to the previous token. */
function encodeTokens(tokens: readonly SemanticToken[], mapper: PositionMapper): number[] {
  const data: number[] = [];
  let line = 0;
  let character = 0;
  for (const token of tokens) {
    const start = mapper.position(token.start);
    const end = mapper.position(token.end);
    if (end.line !== start.line || end.character <= start.character) continue;
    const modifiers = token.modifiers.reduce((bits, modifier) => bits | (1 << TOKEN_MODIFIERS.indexOf(modifier)), 0);
    data.push(start.line - line, start.line === line ? start.character - character : start.character, end.character - start.character, TOKEN_TYPES.indexOf(token.type), modifiers);
    line = start.line;
    character = start.character;
  }
  return data;
}

export const semanticTokensFeature: Feature = {
  name: 'semantic tokens',
  capabilities: (client) => {
    const provider = options(client);
    return provider ? { semanticTokensProvider: provider } : {};
  },
  dynamic: {
    type: SemanticTokensRegistrationType.type,
    supported: (client) => client.textDocument?.semanticTokens?.dynamicRegistration === true && options(client) !== null,
    options: (client) => options(client) ?? {},
  },
  register(context) {
    const empty: SemanticTokens = { data: [] };
    context.connection.languages.semanticTokens.on(
      context.handle('semantic tokens', empty, (params) => {
        const target = context.document(params.textDocument);
        return target ? { data: encodeTokens(target.analysis.semanticTokens(target.file), target.mapper) } : empty;
      }),
    );
    context.connection.languages.semanticTokens.onRange(
      context.handle('semantic tokens (range)', empty, (params) => {
        const target = context.document(params.textDocument);
        if (!target || !params.range) return empty;
        const start = context.offsetAt(target, params.range.start);
        const end = context.offsetAt(target, params.range.end);
        if (start === null || end === null || end < start) return empty;
        return { data: encodeTokens(target.analysis.semanticTokens(target.file, { start, end }), target.mapper) };
      }),
    );
  },
};
