/**
 * textDocument/codeAction: the quick fixes of the engine's registries (a
 * bundle config's, features/quickFixes; an agent config's,
 * features/quickFixes/agentQuickFixes.ts; a settings file's misspelt key,
 * features/quickFixes/settingsKey.ts) for the diagnostics the client sends in
 * `context.diagnostics`. Each is matched to
 * the engine diagnostic (and its `data`) of the current analysis by code and
 * range, or by code and message when the client's range has drifted. Only
 * CodeAction literals are returned, to clients that support them.
 *
 * Fixes in the bundle folder: a missing bin/ script is created through the
 * client (a CreateFile and an insert, to clients that take resource
 * operations); a script's execute bits are set by the server, when the user
 * runs the action's command `sweBundle.makeExecutable` (announced and
 * dispatched with the code lens command, see codeLens.ts).
 */
import * as path from 'path';
import { pathToFileURL } from 'url';
import {
  ClientCapabilities,
  CodeAction,
  CodeActionKind,
  CodeActionParams,
  CodeActionRequest,
  Command,
  CreateFile,
  Diagnostic,
  FileChangeType,
  MessageType,
  ShowMessageNotification,
  Range,
  TextDocumentEdit,
  TextEdit,
  WorkspaceEdit,
} from '../protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { FileDiagnostic, SOURCE } from '../../engine/diagnostics';
import { SourceText } from '../../engine/document/sourceText';
import { SETTINGS_FILE_NAME, SettingsProblem } from '../../engine/settings/validateSettings';
import { QuickFix } from '../../engine/features/quickFixes';
import { PositionMapper } from '../../engine/document/positioned';
import { makeExecutable } from '../../host/fileModes';
import { DiagnosticOrigin, eolOf, lspTextEdit } from '../convert';
import { RequestDocument, ServerContext } from '../serverContext';
import { SETTINGS_CODE } from '../settingsDiagnostics';
import { pathOfUri } from '../uris';
import { Feature, YAML_DOCUMENTS } from './feature';

export const MAKE_EXECUTABLE_COMMAND = 'sweBundle.makeExecutable';

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
function exact(target: FixTarget<Fixable>, range: Range): Range {
  const { document } = target;
  return { start: document.positionAt(document.offsetAt(range.start)), end: document.positionAt(document.offsetAt(range.end)) };
}

function sameRange(a: Range, b: Range): boolean {
  return a.start.line === b.start.line && a.start.character === b.start.character && a.end.line === b.end.line && a.end.character === b.end.character;
}

/** The diagnostic of the current analysis that the client's diagnostic shows. */
function engineDiagnostic<D extends Fixable>(target: FixTarget<D>, diagnostic: Diagnostic): D | undefined {
  // Sent for this version: its origin names it exactly.
  const origin = (diagnostic.data as { origin?: Partial<DiagnosticOrigin> } | undefined)?.origin;
  if (origin?.version === target.document.version && Number.isInteger(origin.index)) {
    const named = target.diagnostics[origin.index!];
    if (named && named.code === diagnostic.code && named.message === diagnostic.message) return named;
  }
  // Sent for an older version, or by a client that drops `data`: found by its range, which the client kept up to date.
  const candidates = target.diagnostics.filter((d) => d.code === diagnostic.code);
  if (candidates.length === 0 || !diagnostic.range) return undefined;
  const wanted = exact(target, diagnostic.range);
  const byRange = candidates.find((d) => sameRange(exact(target, target.mapper.range(d)), wanted));
  if (byRange) return byRange;
  // The client moved the range with edits it made since: the same problem, nearest to where the client shows it.
  const distance = (d: D) => Math.abs(target.mapper.range(d).start.line - wanted.start.line);
  return candidates.filter((d) => d.message === diagnostic.message).sort((a, b) => distance(a) - distance(b))[0];
}

function workspaceEdit(target: FixTarget<Fixable>, edits: TextEdit[], client: ClientCapabilities): WorkspaceEdit {
  const { document } = target;
  if (client.workspace?.workspaceEdit?.documentChanges) return { documentChanges: [{ textDocument: { uri: document.uri, version: document.version }, edits }] };
  return { changes: { [document.uri]: edits } };
}

/** The URI of a file the engine names relative to the document's folder; null for a document that is not on disk. */
function fileNear(target: FixTarget<Fixable>, relative: string): string | null {
  const file = pathOfUri(target.document.uri);
  return file ? pathToFileURL(path.join(path.dirname(file), ...relative.split('/'))).toString() : null;
}

function canCreateFiles(client: ClientCapabilities): boolean {
  const workspaceEdit = client.workspace?.workspaceEdit;
  return workspaceEdit?.documentChanges === true && workspaceEdit.resourceOperations?.includes('create') === true;
}

function makeExecutableCommand(title: string, uri: string): Command {
  return { title, command: MAKE_EXECUTABLE_COMMAND, arguments: [uri] };
}

/** A fix outside the document as an action: the file created with its content (and made executable), or the command that sets the mode. */
function fileAction(target: FixTarget<Fixable>, fix: QuickFix, client: ClientCapabilities): Omit<CodeAction, 'kind' | 'diagnostics'> | null {
  if (fix.createFile) {
    const uri = fileNear(target, fix.createFile.path);
    if (!uri || !canCreateFiles(client)) return null;
    const create: CreateFile = { kind: 'create', uri, options: fix.createFile.overwrite ? { overwrite: true } : { ignoreIfExists: true } };
    const content: TextDocumentEdit = { textDocument: { uri, version: null }, edits: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: fix.createFile.content }] };
    // The client runs the command once the edit is applied: the new script is executable, as SWE-agent wants it.
    return { title: fix.title, edit: { documentChanges: [create, content] }, command: makeExecutableCommand(fix.title, uri) };
  }
  const uri = fix.makeExecutable !== undefined ? fileNear(target, fix.makeExecutable) : null;
  return uri ? { title: fix.title, command: makeExecutableCommand(fix.title, uri) } : null;
}

/** What a fix is found for: a diagnostic of a report, or a settings problem in its settings file. */
interface Fixable {
  code: string;
  message: string;
  start: number;
  end: number;
}

/** A document's diagnostics and the fixes the engine has for them. */
interface FixTarget<D extends Fixable> {
  document: TextDocument;
  mapper: PositionMapper;
  eol: '\r\n' | '\n';
  diagnostics: readonly D[];
  fixable(code: string): boolean;
  fixes(diagnostic: D): QuickFix[];
}

function fixTarget(target: RequestDocument): FixTarget<Fixable> | null {
  const { analysis, file } = target;
  const report = analysis.report(file);
  const source = analysis.source(file);
  if (!source) return null;
  if (!report) return settingsFixTarget(target, source);
  const reported: FixTarget<FileDiagnostic> = {
    document: target.document,
    mapper: target.mapper,
    eol: eolOf(source),
    diagnostics: report.diagnostics,
    fixable: (code) => analysis.fixable(file, code),
    fixes: (diagnostic) => analysis.quickFixes(file, diagnostic),
  };
  // `fixes` is a method: a target of a narrower diagnostic type is one of Fixable, and it is only ever given its own diagnostics.
  return reported;
}

interface SettingsDiagnostic extends Fixable {
  problem: SettingsProblem;
}

/** A settings file's problems (settingsDiagnostics.ts publishes them as `settings-invalid`), with the engine's fixes for them; null for a file without any. */
function settingsFixTarget(target: RequestDocument, source: SourceText): FixTarget<Fixable> | null {
  const { analysis, file } = target;
  const problems = analysis.settingsProblemsIn(file);
  if (problems.length === 0) return null;
  const settings: FixTarget<SettingsDiagnostic> = {
    document: target.document,
    mapper: target.mapper,
    eol: eolOf(source),
    // As settingsDiagnostics.ts publishes them.
    diagnostics: problems.map((problem) => ({ problem, code: SETTINGS_CODE, message: problem.message, start: problem.start ?? 0, end: problem.end ?? problem.start ?? 0 })),
    fixable: (code) => code === SETTINGS_CODE,
    fixes: (diagnostic) => analysis.settingsQuickFixes(diagnostic.problem),
  };
  return settings;
}

/** The code actions for a request. */
function codeActionsFor(target: FixTarget<Fixable>, params: CodeActionParams, client: ClientCapabilities): CodeAction[] {
  if (!literalSupport(client) || !wantsQuickFixes(params.context?.only)) return [];
  const { eol } = target;
  const preferredSupport = client.textDocument?.codeAction?.isPreferredSupport === true;
  const actions: CodeAction[] = [];
  const byKey = new Map<string, CodeAction>();
  for (const diagnostic of params.context?.diagnostics ?? []) {
    if ((diagnostic.source !== undefined && diagnostic.source !== SOURCE) || typeof diagnostic.code !== 'string' || !target.fixable(diagnostic.code)) continue;
    const found = engineDiagnostic(target, diagnostic);
    if (!found) continue;
    for (const fix of target.fixes(found)) {
      const edits = fix.edits.map((edit) => {
        const textEdit = lspTextEdit(target.mapper, edit, eol);
        return { range: exact(target, textEdit.range), newText: textEdit.newText };
      });
      const outside = fix.edits.length === 0 ? fileAction(target, fix, client) : null;
      if (fix.edits.length === 0 && !outside) continue;
      // Two diagnostics with the same fix (two uses of one missing argument, a tool and the state command naming one script) share one action.
      const key = JSON.stringify([fix.title, edits, fix.createFile?.path, fix.makeExecutable]);
      const existing = byKey.get(key);
      if (existing) {
        existing.diagnostics!.push(diagnostic);
        continue;
      }
      const action: CodeAction = outside ? { ...outside, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic] } : { title: fix.title, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], edit: workspaceEdit(target, edits, client) };
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
    // The settings file's fixes too (a misspelt key): it is JSON, which the YAML selector leaves out.
    options: (client) => ({ documentSelector: [...YAML_DOCUMENTS, { pattern: `**/${SETTINGS_FILE_NAME}` }], ...(literalSupport(client) ? { codeActionKinds: KINDS } : {}) }),
  },
  register(context) {
    context.connection.onCodeAction(
      // Fixes are offered for the report's diagnostics, in every context: the request waits for the report.
      context.handle('code actions', [] as CodeAction[], (params: CodeActionParams) => {
        const found = context.document(params.textDocument);
        const target = found && fixTarget(found);
        return target ? codeActionsFor(target, params, context.client()) : [];
      }, 'report'),
    );
  },
};

/**
 * `sweBundle.makeExecutable <uri>`: adds the execute bits to a bin/ script of
 * a bundle the project knows, inside the workspace, when it is a regular file
 * with one link in a real bin/ folder (host/fileModes.ts). True when the mode
 * was changed; otherwise nothing changes, and the user is told why.
 */
export function executeMakeExecutable(context: ServerContext, args: unknown[]): boolean {
  const [uri] = args;
  const file = typeof uri === 'string' ? pathOfUri(uri) : null;
  const refuse = (reason: string) => {
    const message = `Cannot make ${file ?? String(uri)} executable: ${reason}.`;
    context.connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message }).catch(() => undefined);
    return false;
  };
  if (!file || !path.isAbsolute(file)) return refuse('it is not a file on disk');
  const script = path.normalize(file);
  const bundleDir = path.dirname(path.dirname(script));
  const analysis = context.analysis();
  if (path.basename(path.dirname(script)) !== 'bin' || !analysis.index().bundles.some((config) => path.dirname(config) === bundleDir)) {
    return refuse('it is not in the bin/ folder of a bundle of this workspace');
  }
  const change = makeExecutable(script, bundleDir, analysis.folders());
  if (!change.changed) return refuse(change.reason);
  context.filesChanged([{ uri: uri as string, type: FileChangeType.Changed }]);
  return true;
}
