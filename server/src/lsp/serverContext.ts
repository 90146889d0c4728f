/**
 * What a feature's LSP handlers get: the connection, the open documents, the
 * current analysis, and the conversions between LSP's URIs and positions and
 * the engine's file ids and offsets. `handle` makes a request handler safe
 * (cancellable, never throwing, empty on bad input).
 */
import { CancellationToken, ClientCapabilities, Connection, ErrorCodes, FileEvent, LSPErrorCodes, Position, ResponseError, TextDocumentIdentifier, TextDocuments } from './protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { Analysis, PrepareScope } from '../engine/analysis/analysis';
import { PositionMapper } from '../engine/document/positioned';
import { withinWorkBudget } from '../engine/work';
import { DocumentPreparer } from './documentPreparer';
import { OpenDocuments } from './openDocuments';

/** A document a request is about, as the engine sees it. */
export interface RequestDocument {
  uri: string;
  /** The engine's id of it: its path, or its URI when it has none. */
  file: string;
  document: TextDocument;
  /** Offsets in the engine's text to positions in the document, and back. */
  mapper: PositionMapper;
  analysis: Analysis;
}

export interface ServerContext {
  connection: Connection;
  documents: TextDocuments<TextDocument>;
  open: OpenDocuments;
  client(): ClientCapabilities;
  /** True once `initialize` was answered; requests before it get ServerNotInitialized. */
  initialized(): boolean;
  /** The analysis of the current state of the workspace. */
  analysis(): Analysis;
  /** An open document a request names, or null. */
  document(identifier: TextDocumentIdentifier): RequestDocument | null;
  /** The open document and the offset (in the engine's text) of a position, or null when the position is outside it. */
  at(params: { textDocument: TextDocumentIdentifier; position: Position }): (RequestDocument & { offset: number }) | null;
  /** The offset of a position in a document, or null when it is outside the document. */
  offsetAt(target: RequestDocument, position: Position): number | null;
  guard<T>(what: string, fallback: T, run: () => T): T;
  /** Files changed on disk (a client's file event, or a change the server made on request): the analysis follows. */
  filesChanged(changes: FileEvent[]): void;
  /**
   * Wraps a request handler: lets a pending `$/cancelRequest` arrive first,
   * waits (without blocking) while the document it is about is being
   * prepared, answers a cancelled request with RequestCancelled, and turns any
   * exception into the fallback result (logged), so a bug never kills the server.
   * `reads`: what of the document the handler reads (`Analysis.prepare`); by
   * default its model in the one context features use, so a request waits
   * for what it reads and not for the checks in every other context (a
   * handler that reads the report, which checks a bundle in every context it
   * is used in, says so).
   */
  handle<P, R>(what: string, fallback: R, run: (params: P, token: CancellationToken) => R, reads?: PrepareScope): (params: P, token: CancellationToken) => Promise<R>;
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface ServerParts {
  connection: Connection;
  documents: TextDocuments<TextDocument>;
  open: OpenDocuments;
  analysis: () => Analysis;
  /** Big documents are analysed in slices; a request about one waits for its slices (see documentPreparer.ts). */
  preparer: DocumentPreparer;
  client: () => ClientCapabilities;
  initialized: () => boolean;
  filesChanged: (changes: FileEvent[]) => void;
  /** The work budget of each request, when not `BUDGETS.workSteps` (tests). */
  workSteps?: number;
}

/** The `textDocument.uri` of a request's params, when it has one. */
function documentUriOf(params: unknown): string | undefined {
  const uri = (params as { textDocument?: { uri?: unknown } } | null)?.textDocument?.uri;
  return typeof uri === 'string' ? uri : undefined;
}

export function createServerContext(parts: ServerParts): ServerContext {
  const { connection, documents, open, preparer, client, initialized, filesChanged } = parts;
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
    open,
    client,
    initialized,
    guard,
    filesChanged,
    analysis: parts.analysis,
    document(identifier) {
      const uri = identifier?.uri;
      const document = typeof uri === 'string' ? documents.get(uri) : undefined;
      if (!document) return null;
      const analysis = parts.analysis();
      const file = open.fileOf(uri);
      return { uri, file, document, analysis, mapper: analysis.mapper(file, open.linesOf(document, analysis.source(file))) };
    },
    at(params) {
      const target = context.document(params.textDocument);
      const offset = target ? context.offsetAt(target, params.position) : null;
      return target && offset !== null ? { ...target, offset } : null;
    },
    offsetAt(target, position) {
      if (!position || !Number.isInteger(position.line) || !Number.isInteger(position.character) || position.line < 0 || position.character < 0) return null;
      const { document } = target;
      if (position.line >= document.lineCount) return null;
      const lineText = document.getText({ start: { line: position.line, character: 0 }, end: { line: position.line + 1, character: 0 } }).replace(/\r?\n$|\r$/, '');
      if (position.character > lineText.length) return null;
      return target.mapper.offset(position);
    },
    handle(what, fallback, run, reads = 'model') {
      return async (params, token) => {
        if (!initialized()) throw new ResponseError(ErrorCodes.ServerNotInitialized, 'The server is not initialized yet.');
        await yieldToEventLoop();
        const uri = documentUriOf(params);
        if (uri !== undefined && !token.isCancellationRequested) await preparer.whenReady(uri, reads, token);
        if (token.isCancellationRequested) throw new ResponseError(LSPErrorCodes.RequestCancelled, 'cancelled');
        // Each request has a work budget of its own; one that runs out is an error answer naming it, as the rename budget's is.
        const answer = guard(what, { ok: true, value: fallback } as ReturnType<typeof withinWorkBudget<typeof fallback>>, () => withinWorkBudget(() => run(params, token), parts.workSteps));
        if (!answer.ok) throw new ResponseError(LSPErrorCodes.RequestFailed, `Stopped answering this ${what} request: ${answer.exhausted.message}.`);
        return answer.value;
      };
    },
  };
  return context;
}
