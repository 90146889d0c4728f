/**
 * What a feature's LSP handlers get: the open documents and their analysis,
 * the settings, what the client supports, and `handle`, which makes a request
 * handler safe (cancellable, never throwing, empty on bad input).
 */
import { CancellationToken, ClientCapabilities, Connection, ErrorCodes, FileEvent, LSPErrorCodes, Position, ResponseError, TextDocumentPositionParams, TextDocuments } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { AnalyzedAgentConfig, AnalyzedDocument, BundleDocuments } from './bundleDocuments';
import { DocumentPreparer } from './documentPreparer';
import { Settings } from './settings';
import { WorkspaceIndex } from './workspaceIndex';

export interface ServerContext {
  connection: Connection;
  documents: TextDocuments<TextDocument>;
  bundles: BundleDocuments;
  settings: Settings;
  /** The workspace's bundles and agent configs. */
  index: WorkspaceIndex;
  client(): ClientCapabilities;
  /** True once `initialize` was answered; requests before it get ServerNotInitialized. */
  initialized(): boolean;
  /** The current analysis of an open bundle document, or null. */
  analyzed(uri: string): AnalyzedDocument | null;
  /** The current analysis of an open agent config, or null. */
  analyzedAgent(uri: string): AnalyzedAgentConfig | null;
  /** The open bundle a request is about and the offset of its position, or null when it is no open bundle or the position is outside it. */
  bundleAt(params: TextDocumentPositionParams): { analyzed: AnalyzedDocument; offset: number } | null;
  /** The absolute offset (in the engine's text) of a position, or null when the position is outside the document. */
  offsetAt(analyzed: Pick<AnalyzedDocument, 'document' | 'mapper'>, position: Position): number | null;
  guard<T>(what: string, fallback: T, run: () => T): T;
  /**
   * Files changed on disk (a client's file event, or a change the server made
   * on request): the project forgets what it derived from them, and the open
   * documents are checked again.
   */
  filesChanged(changes: FileEvent[]): void;
  /**
   * Wraps a request handler: lets a pending `$/cancelRequest` arrive first,
   * waits (without blocking) while the document it is about is being
   * prepared, answers a cancelled request with RequestCancelled, and turns any
   * exception into the fallback result (logged), so a bug never kills the server.
   */
  handle<P, R>(what: string, fallback: R, run: (params: P, token: CancellationToken) => R): (params: P, token: CancellationToken) => Promise<R>;
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface ServerParts {
  connection: Connection;
  documents: TextDocuments<TextDocument>;
  bundles: BundleDocuments;
  settings: Settings;
  index: WorkspaceIndex;
  /** Big documents are analysed in slices; a request about one waits for its slices (see documentPreparer.ts). */
  preparer: DocumentPreparer;
  client: () => ClientCapabilities;
  initialized: () => boolean;
  filesChanged: (changes: FileEvent[]) => void;
}

/** The `textDocument.uri` of a request's params, when it has one. */
function documentUriOf(params: unknown): string | undefined {
  const uri = (params as { textDocument?: { uri?: unknown } } | null)?.textDocument?.uri;
  return typeof uri === 'string' ? uri : undefined;
}

export function createServerContext(parts: ServerParts): ServerContext {
  const { connection, documents, bundles, settings, index, preparer, client, initialized, filesChanged } = parts;
  const guard = <T>(what: string, fallback: T, run: () => T): T => {
    try {
      return run();
    } catch (e) {
      try {
        connection.console.error(`swe-bundle: ${what} failed: ${(e as Error).stack ?? e}`);
      } catch {
        // The connection is gone: nowhere to log, and the fallback still stands.
      }
      return fallback;
    }
  };
  const context: ServerContext = {
    connection,
    documents,
    bundles,
    settings,
    index,
    client,
    initialized,
    guard,
    filesChanged,
    analyzed(uri) {
      const document = documents.get(uri);
      return document ? guard('analysis', null, () => bundles.analyze(document)) : null;
    },
    analyzedAgent(uri) {
      const document = documents.get(uri);
      return document ? guard('analysis', null, () => bundles.analyzeAgent(document)) : null;
    },
    bundleAt(params) {
      const analyzed = context.analyzed(params.textDocument.uri);
      const offset = analyzed ? context.offsetAt(analyzed, params.position) : null;
      return analyzed && offset !== null ? { analyzed, offset } : null;
    },
    offsetAt(analyzed: { document: TextDocument; mapper: AnalyzedDocument['mapper'] }, position) {
      if (!position || !Number.isInteger(position.line) || !Number.isInteger(position.character) || position.line < 0 || position.character < 0) return null;
      if (position.line >= analyzed.document.lineCount) return null;
      const lineText = analyzed.document.getText({ start: { line: position.line, character: 0 }, end: { line: position.line + 1, character: 0 } }).replace(/\r?\n$|\r$/, '');
      if (position.character > lineText.length) return null;
      return analyzed.mapper.offset(position);
    },
    handle(what, fallback, run) {
      return async (params, token) => {
        if (!initialized()) throw new ResponseError(ErrorCodes.ServerNotInitialized, 'The server is not initialized yet.');
        await yieldToEventLoop();
        const uri = documentUriOf(params);
        if (uri !== undefined && !token.isCancellationRequested) await preparer.whenReady(uri, token);
        if (token.isCancellationRequested) throw new ResponseError(LSPErrorCodes.RequestCancelled, 'cancelled');
        return guard(what, fallback, () => run(params, token));
      };
    },
  };
  return context;
}
