/**
 * Language-client middleware. The server registers its providers for every
 * YAML document (it picks the bundle configs itself); here they answer only
 * for the documents the extension claims, so other YAML files, and whatever
 * extension serves them, never see our (empty) answers or round trips.
 * The code lenses' command is handled here too: its Markdown answer opens
 * as a preview instead of being dropped.
 */
import { TextDocument } from 'vscode';
import { ErrorCodes, Middleware, ResponseError } from 'vscode-languageclient/node';

/** Middleware hooks whose first argument is the document. */
const DOCUMENT_PROVIDERS = [
  'provideCompletionItem',
  'provideHover',
  'provideSignatureHelp',
  'provideDefinition',
  'provideReferences',
  'provideDocumentHighlights',
  'provideDocumentSymbols',
  'provideCodeActions',
  'provideCodeLenses',
  'provideDocumentFormattingEdits',
  'provideDocumentRangeFormattingEdits',
  'provideOnTypeFormattingEdits',
  'provideRenameEdits',
  'prepareRename',
  'provideDocumentLinks',
  'provideDocumentColors',
  'provideDeclaration',
  'provideTypeDefinition',
  'provideImplementation',
  'provideFoldingRanges',
  'provideSelectionRanges',
  'provideDocumentSemanticTokens',
  'provideDocumentSemanticTokensEdits',
  'provideDocumentRangeSemanticTokens',
  'provideLinkedEditingRange',
  'provideInlayHints',
  'provideInlineValues',
] as const;

type Next = (...args: unknown[]) => unknown;

/**
 * `isStopping`: a provider whose request fails once a stop has been asked for
 * answers nothing instead of failing (the library can fail such a request
 * before any request middleware runs: "Starting server failed").
 */
export function claimedOnlyMiddleware(isClaimed: (document: TextDocument) => boolean, isStopping: () => boolean): Middleware {
  const middleware: Record<string, unknown> = {};
  for (const name of DOCUMENT_PROVIDERS) {
    middleware[name] = async (document: TextDocument, ...rest: unknown[]) => {
      const next = rest[rest.length - 1] as Next;
      if (!isClaimed(document)) return undefined;
      try {
        return await next(document, ...rest.slice(0, -1));
      } catch (error) {
        if (isStopping()) return undefined;
        throw error;
      }
    };
  }
  return middleware as Middleware;
}

/**
 * A request that fails while the client stops (a restart for new settings,
 * the extension host shutting down) fails because the connection is going
 * away: the library had let it through just before the stop began, and it
 * reached the server after `shutdown` (which refuses it with InvalidRequest,
 * as LSP says it must) or a connection already closed. The library would log
 * that as a failed provider; it is passed on as ConnectionInactive, which the
 * library answers with the provider's empty result.
 */
export function stoppingClientMiddleware(isStopping: () => boolean): Pick<Middleware, 'sendRequest'> {
  return {
    sendRequest: async (type, param, token, next) => {
      try {
        return await next(type, param, token);
      } catch (error) {
        if (isStopping()) throw new ResponseError(ErrorCodes.ConnectionInactive, `the client is stopping: ${error instanceof Error ? error.message : String(error)}`);
        throw error;
      }
    },
  };
}
