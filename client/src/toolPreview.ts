/**
 * "Preview Tool as the Model Sees It": the server command
 * `sweBundle.previewTool` (arguments: the bundle's URI and the tool's name)
 * answers with Markdown (the docs text and the function-calling JSON). It is
 * a read-only virtual document, `swe-bundle-preview:/<tool>.md`, shown
 * rendered in VS Code's Markdown preview, and it follows edits of the bundle
 * while it is open. "Preview the Prompt" does the same for an agent config:
 * `sweBundle.previewPrompt` (argument: the config's URI) answers with the
 * messages of the first query, shown as `swe-bundle-preview:/prompt.md`.
 */
import {
  CancellationToken,
  Disposable,
  EventEmitter,
  QuickPickItem,
  TextDocumentContentProvider,
  Uri,
  ViewColumn,
  commands,
  window,
  workspace,
} from 'vscode';
import { CodeLens as LspCodeLens, CodeLensRequest, DocumentSymbol as LspDocumentSymbol, DocumentSymbolRequest, ExecuteCommandRequest, SymbolInformation, SymbolKind } from 'vscode-languageclient';
import type { LanguageClient } from 'vscode-languageclient/node';

export const PREVIEW_SCHEME = 'swe-bundle-preview';
/** The server command (announced in its executeCommandProvider); the code lenses run it too. */
export const SERVER_PREVIEW_COMMAND = 'sweBundle.previewTool';
/** The server command that previews an agent config's prompt; its code lens runs it too. */
export const SERVER_PROMPT_COMMAND = 'sweBundle.previewPrompt';

/** A tool's preview, or (tool null) an agent config's prompt. */
export function previewUri(source: string, tool: string | null): Uri {
  if (tool === null) return Uri.from({ scheme: PREVIEW_SCHEME, path: '/prompt.md', query: new URLSearchParams({ uri: source, prompt: '1' }).toString() });
  return Uri.from({ scheme: PREVIEW_SCHEME, path: `/${tool || '(unnamed tool)'}.md`, query: new URLSearchParams({ uri: source, tool }).toString() });
}

function parsePreviewUri(uri: Uri): { source: string; tool: string | null } | null {
  const query = new URLSearchParams(uri.query);
  const source = query.get('uri');
  const tool = query.get('tool');
  if (source !== null && query.get('prompt') === '1') return { source, tool: null };
  return source !== null && tool !== null ? { source, tool } : null;
}

export class ToolPreviews implements TextDocumentContentProvider, Disposable {
  private readonly changed = new EventEmitter<Uri>();
  readonly onDidChange = this.changed.event;
  private readonly disposables: Disposable[] = [];
  private refreshTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly client: () => LanguageClient | undefined) {
    this.disposables.push(
      workspace.registerTextDocumentContentProvider(PREVIEW_SCHEME, this),
      // Follow the bundle: re-render the open previews of a document shortly after it changes.
      workspace.onDidChangeTextDocument((event) => {
        const source = event.document.uri.toString();
        if (!this.openPreviews().some((p) => parsePreviewUri(p)?.source === source)) return;
        if (this.refreshTimer) clearTimeout(this.refreshTimer);
        this.refreshTimer = setTimeout(() => {
          for (const preview of this.openPreviews()) if (parsePreviewUri(preview)?.source === source) this.changed.fire(preview);
        }, 300);
      }),
    );
  }

  private openPreviews(): Uri[] {
    return workspace.textDocuments.filter((d) => d.uri.scheme === PREVIEW_SCHEME && !d.isClosed).map((d) => d.uri);
  }

  /** The server's Markdown for the tool (or, tool null, the prompt), or null when the document has no such tool (or is not an agent config). */
  async render(source: string, tool: string | null, token?: CancellationToken): Promise<string | null> {
    const client = this.client();
    if (!client || !client.isRunning()) throw new Error('The SWE Bundle language server is not running.');
    const request = tool === null ? { command: SERVER_PROMPT_COMMAND, arguments: [source] } : { command: SERVER_PREVIEW_COMMAND, arguments: [source, tool] };
    const result = await client.sendRequest(ExecuteCommandRequest.type, request, token);
    return typeof result === 'string' ? result : null;
  }

  async provideTextDocumentContent(uri: Uri, token: CancellationToken): Promise<string> {
    const target = parsePreviewUri(uri);
    if (!target) return 'Not a tool preview.';
    try {
      const markdown = await this.render(target.source, target.tool, token);
      if (target.tool === null) return markdown ?? `${Uri.parse(target.source).fsPath} is not open as an agent config, so it has no prompt to preview.`;
      return markdown ?? `There is no tool \`${target.tool}\` in ${Uri.parse(target.source).fsPath} (any more), or the file is not open as a bundle.`;
    } catch (e) {
      return `The preview is not available: ${(e as Error).message}`;
    }
  }

  /**
   * Opens (or refreshes) the preview of one tool beside the bundle, rendered by VS Code's Markdown
   * preview; its "Open Source" button (markdown.showSource) shows the Markdown. Without the
   * built-in Markdown extension (disabled), the Markdown opens as text.
   */
  async show(source: string, tool: string | null): Promise<Uri> {
    const uri = previewUri(source, tool);
    if (this.openPreviews().some((p) => p.toString() === uri.toString())) this.changed.fire(uri);
    // Loaded first: the Markdown preview renders this document, and re-renders it when it changes.
    const document = await workspace.openTextDocument(uri);
    try {
      await commands.executeCommand('markdown.showPreviewToSide', uri);
    } catch {
      await window.showTextDocument(document, { viewColumn: ViewColumn.Beside, preview: false, preserveFocus: true });
    }
    return uri;
  }

  /**
   * The palette command: the tool under the cursor in the active bundle, or
   * one picked from its tools. `source` and `tool` may be given directly.
   */
  async command(source?: unknown, tool?: unknown): Promise<Uri | undefined> {
    if (typeof source === 'string' && typeof tool === 'string') return this.show(source, tool);
    const editor = window.activeTextEditor;
    const client = this.client();
    if (!editor || !client || !client.isRunning()) {
      void window.showInformationMessage('Open a SWE-agent bundle (tools/<bundle>/config.yaml) to preview its tools.');
      return undefined;
    }
    const document = editor.document;
    const textDocument = { uri: client.code2ProtocolConverter.asUri(document.uri) };
    // The lenses name every tool exactly as the server does; the outline tells which tool holds the cursor.
    const [lenses, symbols] = await Promise.all([
      client.sendRequest(CodeLensRequest.type, { textDocument }),
      client.sendRequest(DocumentSymbolRequest.type, { textDocument }),
    ]);
    const tools = (lenses ?? [])
      .map((lens: LspCodeLens) => ({ line: lens.range.start.line, character: lens.range.start.character, name: lens.command?.arguments?.[1] }))
      .filter((t): t is { line: number; character: number; name: string } => typeof t.name === 'string');
    if (tools.length === 0) {
      void window.showInformationMessage('This document has no tools to preview.');
      return undefined;
    }
    const cursor = editor.selection.active;
    const holder = ((symbols ?? []) as (LspDocumentSymbol | SymbolInformation)[])
      .filter((s): s is LspDocumentSymbol => 'selectionRange' in s && s.kind === SymbolKind.Function)
      .find((s) => {
        const { start, end } = s.range;
        const after = cursor.line > start.line || (cursor.line === start.line && cursor.character >= start.character);
        const before = cursor.line < end.line || (cursor.line === end.line && cursor.character <= end.character);
        return after && before;
      });
    let name = holder ? tools.find((t) => t.line === holder.selectionRange.start.line && t.character === holder.selectionRange.start.character)?.name : undefined;
    if (name === undefined) {
      const items: (QuickPickItem & { tool: string })[] = tools.map((t) => ({ label: t.name || '(unnamed tool)', description: `line ${t.line + 1}`, tool: t.name }));
      const picked = await window.showQuickPick(items, { placeHolder: 'Preview which tool?' });
      if (!picked) return undefined;
      name = picked.tool;
    }
    return this.show(textDocument.uri, name);
  }

  /** The palette command: the prompt of the active agent config, or of the one given. */
  async promptCommand(source?: unknown): Promise<Uri | undefined> {
    if (typeof source === 'string') return this.show(source, null);
    const editor = window.activeTextEditor;
    const client = this.client();
    if (!editor || !client || !client.isRunning()) {
      void window.showInformationMessage('Open a SWE-agent agent config (a `sweagent run --config` file) to preview its prompt.');
      return undefined;
    }
    return this.show(client.code2ProtocolConverter.asUri(editor.document.uri), null);
  }

  dispose(): void {
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    for (const d of this.disposables) d.dispose();
    this.changed.dispose();
  }
}
