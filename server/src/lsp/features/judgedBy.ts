/**
 * `sweBundle/judgedBy` (a request of ours): which SWE-agent a document is
 * judged by and why, `{label, reason}`, or null for a document that is neither
 * a bundle config nor an agent config. VS Code's status item shows it for the
 * active editor.
 */
import { TextDocumentIdentifier } from '../protocol';
import { Feature } from './feature';

const JUDGED_BY_REQUEST = 'sweBundle/judgedBy';

export const judgedByFeature: Feature = {
  name: 'judged by',
  capabilities: () => ({}),
  register(context) {
    context.connection.onRequest(
      JUDGED_BY_REQUEST,
      context.handle('judged by', null as { label: string; reason: string } | null, (params: { textDocument: TextDocumentIdentifier }) => {
        const target = context.document(params.textDocument);
        return target && target.analysis.judgedBy(target.file);
      }),
    );
  },
};
