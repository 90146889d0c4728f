/**
 * textDocument/codeLens: "Preview as the model sees it" on each tool. The
 * lens runs the server command `sweBundle.previewTool` (uri, tool name),
 * which answers with the preview as Markdown; the client shows it. On an
 * agent config, "Preview the prompt" runs `sweBundle.previewPrompt` (uri),
 * which answers with the first query's messages as Markdown.
 *
 * The connection takes one workspace/executeCommand handler and the server
 * one executeCommandProvider, so both live here for every server command,
 * including the quick fix command `sweBundle.makeExecutable` (codeActions.ts).
 */
import { CodeLens, MarkupKind } from '../protocol';
import { MAKE_EXECUTABLE_COMMAND, executeMakeExecutable } from './codeActions';
import { lspRange } from '../convert';
import { withinOutputBudget } from '../outputBudget';
import { Feature } from './feature';

const PREVIEW_TOOL_COMMAND = 'sweBundle.previewTool';
const PREVIEW_TOOL_TITLE = 'Preview as the model sees it';
const PREVIEW_PROMPT_COMMAND = 'sweBundle.previewPrompt';
const PREVIEW_PROMPT_TITLE = 'Preview the prompt';

export const codeLensFeature: Feature = {
  name: 'code lens',
  // Static only: the command has to be announced with the lens, in the initialize result.
  capabilities: () => ({ codeLensProvider: { resolveProvider: false }, executeCommandProvider: { commands: [PREVIEW_TOOL_COMMAND, PREVIEW_PROMPT_COMMAND, MAKE_EXECUTABLE_COMMAND] } }),
  register(context) {
    context.connection.onCodeLens(
      context.handle('code lens', [] as CodeLens[], (params) => {
        const target = context.document(params.textDocument);
        if (!target) return [];
        return target.analysis.codeLenses(target.file).map(
          (lens): CodeLens => ({
            range: lspRange(target.mapper, lens.start, lens.end),
            command:
              lens.kind === 'prompt'
                ? { title: PREVIEW_PROMPT_TITLE, command: PREVIEW_PROMPT_COMMAND, arguments: [params.textDocument.uri] }
                : { title: PREVIEW_TOOL_TITLE, command: PREVIEW_TOOL_COMMAND, arguments: [params.textDocument.uri, lens.tool] },
          }),
        );
      }),
    );
    context.connection.onExecuteCommand(
      context.handle('execute command', null as string | boolean | null, (params) => {
        if (params.command === MAKE_EXECUTABLE_COMMAND) return executeMakeExecutable(context, params.arguments ?? []);
        if (params.command === PREVIEW_PROMPT_COMMAND) {
          const [uri] = params.arguments ?? [];
          const target = typeof uri === 'string' ? context.document({ uri }) : null;
          const preview = target ? target.analysis.previewPromptMarkdown(target.file) : null;
          return preview === null ? null : withinOutputBudget(preview, MarkupKind.Markdown);
        }
        if (params.command !== PREVIEW_TOOL_COMMAND) return null;
        const [uri, tool] = params.arguments ?? [];
        if (typeof uri !== 'string' || typeof tool !== 'string') return null;
        const target = context.document({ uri });
        const preview = target ? target.analysis.previewTool(target.file, tool) : null;
        return preview === null ? null : withinOutputBudget(preview, MarkupKind.Markdown);
      }),
    );
  },
};
