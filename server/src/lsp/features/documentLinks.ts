/** textDocument/documentLink: tool names and the state command to their bin/ scripts; bundle paths to config.yaml. */
import * as path from 'path';
import { pathToFileURL } from 'url';
import { DocumentLink, DocumentLinkRequest } from 'vscode-languageserver/node';
import { scriptLinks } from '../../engine/workspace/bundleFolder';
import { bundlePathLinks } from '../../engine/workspace/agentLinks';
import { lspRange } from '../convert';
import { pathOfUri } from '../uris';
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
        const file = pathOfUri(params.textDocument.uri);
        if (!file) return [];
        const project = context.index.project;
        const agent = context.analyzedAgent(params.textDocument.uri);
        if (agent) {
          const exists = (target: string) => context.index.fs.stat(target)?.kind === 'file';
          return bundlePathLinks(
            agent.agent.at,
            agent.agent.sections.map((s) => s.tools),
            project.configRootOf(file),
            exists,
          ).map((link) => ({ range: lspRange(agent.mapper, link.start, link.end), target: pathToFileURL(link.target).toString(), tooltip: 'Open the bundle config' }));
        }
        const analyzed = context.analyzed(params.textDocument.uri);
        const folder = analyzed ? project.bundleFolder(file) : null;
        if (!analyzed || !folder) return [];
        return scriptLinks(analyzed.model, folder).map((link) => ({
          range: lspRange(analyzed.mapper, link.start, link.end),
          target: pathToFileURL(path.join(path.dirname(file), 'bin', link.script)).toString(),
          tooltip: `Open bin/${link.script}`,
        }));
      }),
    );
  },
};
