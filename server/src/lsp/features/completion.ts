/**
 * textDocument/completion. In an agent config: bundle entry keys, bundle
 * paths and hidden tools (engine/features/agentCompletion.ts), also while
 * its line is half-typed and the file does not load as one. In a bundle
 * config: keys, skeletons, signature placeholders and values, and the
 * bundle's bin/ scripts (engine/features/completion.ts). Snippets only when
 * the client takes them; multi-line insertions carry their own indentation,
 * so they ask the client to insert them as is.
 */
import {
  ClientCapabilities,
  CompletionItem,
  CompletionItemKind,
  CompletionList,
  CompletionRequest,
  InsertTextFormat,
  InsertTextMode,
  MarkupKind,
} from '../protocol';
import { PositionMapper } from '../../engine/document/positioned';
import { CompletionEntry, CompletionKind } from '../../engine/features/completion';
import { eolOf, lspTextEdit } from '../convert';
import { Feature } from './feature';

const TRIGGER_CHARACTERS = ['<', '[', '{', '-', ':', ' '];

const KIND: Record<CompletionKind, CompletionItemKind> = {
  property: CompletionItemKind.Property,
  snippet: CompletionItemKind.Snippet,
  value: CompletionItemKind.Value,
  variable: CompletionItemKind.Variable,
  function: CompletionItemKind.Function,
  file: CompletionItemKind.File,
  folder: CompletionItemKind.Folder,
};

const options = () => ({ triggerCharacters: TRIGGER_CHARACTERS, resolveProvider: false });

function support(client: ClientCapabilities) {
  const item = client.textDocument?.completion?.completionItem;
  return {
    snippets: item?.snippetSupport === true,
    markdown: item?.documentationFormat?.includes(MarkupKind.Markdown) === true,
    asIs: item?.insertTextModeSupport?.valueSet?.includes(InsertTextMode.asIs) === true,
  };
}

export const completionFeature: Feature = {
  name: 'completion',
  capabilities: () => ({ completionProvider: options() }),
  dynamic: {
    type: CompletionRequest.type,
    supported: (client) => client.textDocument?.completion?.dynamicRegistration === true,
    options,
  },
  register(context) {
    const empty: CompletionList = { isIncomplete: false, items: [] };
    context.connection.onCompletion(
      context.handle('completion', empty, (params): CompletionList => {
        const uri = params.textDocument.uri;
        const document = context.documents.get(uri);
        if (!document) return empty;
        // A space typed while indenting a line is no request for keys; after `- ` or `key: ` it is.
        const before = document.getText({ start: { line: params.position.line, character: 0 }, end: params.position });
        if (params.context?.triggerCharacter === ' ' && before.trim() === '') return empty;
        const client = support(context.client());
        const list = (entries: CompletionEntry[], mapper: PositionMapper, eol: '\r\n' | '\n'): CompletionList => ({
          isIncomplete: false,
          items: entries.map((entry): CompletionItem => {
            const item: CompletionItem = {
              label: entry.label,
              kind: KIND[entry.kind],
              sortText: entry.sortText,
              textEdit: lspTextEdit(mapper, entry.edit, eol),
              insertTextFormat: entry.snippet ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
            };
            if (entry.detail !== undefined) item.detail = entry.detail;
            if (entry.documentation !== undefined) item.documentation = client.markdown ? { kind: MarkupKind.Markdown, value: entry.documentation } : entry.documentation;
            if (entry.filterText !== undefined) item.filterText = entry.filterText;
            if (client.asIs && entry.edit.newText.includes('\n')) item.insertTextMode = InsertTextMode.asIs;
            return item;
          }),
        });

        const target = context.at(params);
        const source = target?.analysis.source(target.file);
        if (!target || !source) return empty;
        const entries = target.analysis.completion(target.file, target.offset, { snippets: client.snippets });
        return entries ? list(entries, target.mapper, eolOf(source)) : empty;
      }),
    );
  },
};
