/** textDocument/documentLink: tool names and the state command to their bin/ scripts; bundle paths to config.yaml. */
import * as path from 'path';
import { pathToFileURL } from 'url';
import { DocumentLink, DocumentLinkRequest } from '../protocol';
import { lspRange } from '../convert';
import { Feature } from './feature';

export const documentLinkFeature: Feature = {
  name: 'document links',
  capabilities: () => ({ documentLinkProvider: { resolveProvider: false } }),
  dynamic: {
    type: DocumentLinkRequest.type,
    supported: (client) => client.textDocument?.documentLink?.dynamicRegistration === true,
    options: () => ({ resolveProvider: false }),
  },
  register(context) {
    context.connection.onDocumentLinks(
      context.handle('document links', [] as DocumentLink[], (params) => {
        const target = context.document(params.textDocument);
        const found = target?.analysis.documentLinks(target.file);
        if (!target || !found) return [];
        if (found.kind === 'agent') {
          return found.links.map((link) => ({ range: lspRange(target.mapper, link.start, link.end), target: pathToFileURL(link.target).toString(), tooltip: 'Open the bundle config' }));
        }
        return found.links.map((link) => ({
          range: lspRange(target.mapper, link.start, link.end),
          target: pathToFileURL(path.join(path.dirname(target.file), 'bin', link.script)).toString(),
          tooltip: `Open bin/${link.script}`,
        }));
      }),
    );
  },
};
