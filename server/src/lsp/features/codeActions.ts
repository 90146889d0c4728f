/**
 * textDocument/codeAction: the quick fixes of the engine's registry for the
 * diagnostics the client sends in `context.diagnostics`. Each is matched to
 * the engine diagnostic (and its `data`) of the current analysis by code and
 * range, or by code and message when the client's range has drifted. Only
 * CodeAction literals are returned, to clients that support them.
 */
import { ClientCapabilities, CodeAction, CodeActionKind, CodeActionParams, CodeActionRequest, Diagnostic, Range, TextEdit, WorkspaceEdit } from 'vscode-languageserver/node';
import { EngineDiagnostic, SOURCE } from '../../engine/diagnostics';
import { QUICK_FIXES, quickFixes } from '../../engine/features/quickFixes';
import { AnalyzedDocument } from '../bundleDocuments';
import { eolOf, lspTextEdit } from '../convert';
import { Feature } from './feature';

const KINDS = [CodeActionKind.QuickFix];

function literalSupport(client: ClientCapabilities): boolean {
  return client.textDocument?.codeAction?.codeActionLiteralSupport !== undefined;
}

/** Whether `context.only` asks for quick fixes (a kind covers itself and its sub-kinds; `''` covers all). */
function wantsQuickFixes(only: string[] | undefined): boolean {
  if (only === undefined) return true;
  return only.some((kind) => kind === '' || kind === CodeActionKind.QuickFix || CodeActionKind.QuickFix.startsWith(kind + '.'));
}

/**
 * A range as the document itself resolves it (a position past a line's end,
 * e.g. between `\r` and `\n`, is that line's end), so a client's range and
 * ours compare equal, and edits never point inside a line break.
 */
function exact(analyzed: AnalyzedDocument, range: Range): Range {
  const { document } = analyzed;
  return { start: document.positionAt(document.offsetAt(range.start)), end: document.positionAt(document.offsetAt(range.end)) };
}

function sameRange(a: Range, b: Range): boolean {
  return a.start.line === b.start.line && a.start.character === b.start.character && a.end.line === b.end.line && a.end.character === b.end.character;
}

/** The engine diagnostic (with its data) that the client's diagnostic shows. */
function engineDiagnostic(analyzed: AnalyzedDocument, diagnostic: Diagnostic): EngineDiagnostic | undefined {
  const candidates = analyzed.model.diagnostics.filter((d) => d.code === diagnostic.code);
  if (candidates.length === 0 || !diagnostic.range) return undefined;
  const wanted = exact(analyzed, diagnostic.range);
  const byRange = candidates.find((d) => sameRange(exact(analyzed, analyzed.mapper.range(d)), wanted));
  if (byRange) return byRange;
  // The client moved the range with edits it made since: the same problem, nearest to where the client shows it.
  const distance = (d: EngineDiagnostic) => Math.abs(analyzed.mapper.range(d).start.line - wanted.start.line);
  return candidates.filter((d) => d.message === diagnostic.message).sort((a, b) => distance(a) - distance(b))[0];
}

function workspaceEdit(analyzed: AnalyzedDocument, edits: TextEdit[], client: ClientCapabilities): WorkspaceEdit {
  const { document } = analyzed;
  if (client.workspace?.workspaceEdit?.documentChanges) return { documentChanges: [{ textDocument: { uri: document.uri, version: document.version }, edits }] };
  return { changes: { [document.uri]: edits } };
}

export function codeActionsFor(analyzed: AnalyzedDocument, params: CodeActionParams, client: ClientCapabilities): CodeAction[] {
  if (!literalSupport(client) || !wantsQuickFixes(params.context?.only)) return [];
  const eol = eolOf(analyzed.model.source);
  const preferredSupport = client.textDocument?.codeAction?.isPreferredSupport === true;
  const actions: CodeAction[] = [];
  const byKey = new Map<string, CodeAction>();
  for (const diagnostic of params.context?.diagnostics ?? []) {
    if ((diagnostic.source !== undefined && diagnostic.source !== SOURCE) || typeof diagnostic.code !== 'string' || !(diagnostic.code in QUICK_FIXES)) continue;
    const found = engineDiagnostic(analyzed, diagnostic);
    if (!found) continue;
    for (const fix of quickFixes(analyzed.model, found)) {
      const edits = fix.edits.map((edit) => {
        const textEdit = lspTextEdit(analyzed.mapper, edit, eol);
        return { range: exact(analyzed, textEdit.range), newText: textEdit.newText };
      });
      // Two diagnostics with the same fix (two uses of one missing argument) share one action.
      const key = JSON.stringify([fix.title, edits]);
      const existing = byKey.get(key);
      if (existing) {
        existing.diagnostics!.push(diagnostic);
        continue;
      }
      const action: CodeAction = { title: fix.title, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], edit: workspaceEdit(analyzed, edits, client) };
      if (preferredSupport && fix.isPreferred) action.isPreferred = true;
      byKey.set(key, action);
      actions.push(action);
    }
  }
  return actions;
}

export const codeActionFeature: Feature = {
  name: 'code actions',
  capabilities: (client) => ({ codeActionProvider: literalSupport(client) ? { codeActionKinds: KINDS } : true }),
  dynamic: {
    type: CodeActionRequest.type,
    supported: (client) => client.textDocument?.codeAction?.dynamicRegistration === true,
    options: (client) => (literalSupport(client) ? { codeActionKinds: KINDS } : {}),
  },
  register(context) {
    context.connection.onCodeAction(
      context.handle('code actions', [] as CodeAction[], (params: CodeActionParams) => {
        const analyzed = context.analyzed(params.textDocument.uri);
        return analyzed ? codeActionsFor(analyzed, params, context.client()) : [];
      }),
    );
  },
};
