/**
 * textDocument/prepareRename and rename of an argument (its name, placeholders
 * and docstring mentions) or a tool (its key and the signature's first word),
 * engine/features/rename.ts. A name SWE-agent would reject, or one that
 * clashes, is refused with a ResponseError the editor shows.
 */
import { CancellationToken, ClientCapabilities, LSPErrorCodes, PrepareRenameParams, Range, RenameParams, RenameRequest, ResponseError, TextEdit, WorkspaceEdit } from '../protocol';
import { eolOf, lspRange, lspTextEdit } from '../convert';
import { Feature } from './feature';

type PrepareResult = { range: Range; placeholder: string } | null;

const prepareSupported = (client: ClientCapabilities) => client.textDocument?.rename?.prepareSupport === true;

export const renameFeature: Feature = {
  name: 'rename',
  capabilities: (client) => ({ renameProvider: prepareSupported(client) ? { prepareProvider: true } : true }),
  dynamic: {
    type: RenameRequest.type,
    supported: (client) => client.textDocument?.rename?.dynamicRegistration === true,
    options: (client) => ({ prepareProvider: prepareSupported(client) }),
  },
  register(context) {
    const { connection } = context;
    // A refusal travels as a ResponseError: handed out of `handle` (which never throws) and thrown here.
    const rethrow =
      <P, R>(handler: (params: P, token: CancellationToken) => Promise<R | ResponseError<void>>) =>
      async (params: P, token: CancellationToken): Promise<R> => {
        const result = await handler(params, token);
        if (result instanceof ResponseError) throw result;
        return result;
      };

    connection.onPrepareRename(
      rethrow(
        context.handle('prepare rename', null as PrepareResult | ResponseError<void>, (params: PrepareRenameParams) => {
          const at = context.at(params);
          const prepared = at && at.analysis.prepareRename(at.file, at.offset);
          if (!at || !prepared) return null;
          if (!prepared.ok) return new ResponseError<void>(LSPErrorCodes.RequestFailed, prepared.message);
          return { range: lspRange(at.mapper, prepared.start, prepared.end), placeholder: prepared.placeholder };
        }),
      ),
    );

    connection.onRenameRequest(
      rethrow(
        context.handle('rename', null as WorkspaceEdit | null | ResponseError<void>, (params: RenameParams) => {
          const at = context.at(params);
          if (!at) return null;
          const result = at.analysis.rename(at.file, at.offset, params.newName);
          if (!result) return new ResponseError<void>(LSPErrorCodes.RequestFailed, 'There is no argument or tool name here to rename.');
          if (!result.ok) return new ResponseError<void>(LSPErrorCodes.RequestFailed, result.message);
          const eol = eolOf(at.analysis.source(at.file)!);
          const edits: TextEdit[] = result.edits.sort((a, b) => a.start - b.start).map((e) => lspTextEdit(at.mapper, e, eol));
          const uri = at.uri;
          if (context.client().workspace?.workspaceEdit?.documentChanges === true) {
            return { documentChanges: [{ textDocument: { uri, version: at.document.version }, edits }] };
          }
          return { changes: { [uri]: edits } };
        }),
      ),
    );
  },
};
