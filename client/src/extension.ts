/**
 * The SWE-agent tool bundle extension: starts the language server over
 * stdio for bundle configs and agent configs, and adds the commands, the
 * status item and the tool preview around it.
 */
import { ExtensionContext, TextDocument, TextEditor, commands, window, workspace } from 'vscode';
import { LanguageClient, LanguageClientOptions, RevealOutputChannelOn, State } from 'vscode-languageclient/node';
import { DocumentPatterns, documentSelector, isClaimed, isSettingsFile, readPatterns } from './documents';
import { sweBundleConfiguration } from './configuration';
import { claimedOnlyMiddleware, stoppingClientMiddleware } from './middleware';
import { LeveledOutputChannel } from './outputChannel';
import { serverOptions } from './serverOptions';
import { JUDGED_BY_REQUEST, STATUS_NOTIFICATION, ServerStatus, StatusItem, parseJudgedBy, parseStatus } from './statusItem';
import { SERVER_PREVIEW_COMMAND, SERVER_PROMPT_COMMAND, ToolPreviews } from './toolPreview';

export const COMMANDS = {
  restartServer: 'sweBundle.restartServer',
  showOutput: 'sweBundle.showOutput',
  showToolPreview: 'sweBundle.showToolPreview',
  showPromptPreview: 'sweBundle.showPromptPreview',
} as const;

/** Settings that change which documents are claimed or which server runs: they need a new client. */
const RESTART_SETTINGS = ['sweBundle.filePatterns', 'sweBundle.agentConfigPatterns', 'sweBundle.server.path'];

/** What `activate` returns, for other extensions and the tests. */
export interface SweBundleApi {
  readonly status: ServerStatus;
  /** What the status bar item shows (text, tooltip, whether it is shown). */
  readonly statusItem: StatusItem['shown'];
  readonly client: LanguageClient | undefined;
}

/** The `sweBundle` settings the server reads, sent again in initializationOptions so the first analysis already has them. */
function serverSettings(): Record<string, unknown> {
  const config = sweBundleConfiguration();
  return {
    envVariables: config.get('envVariables') ?? null,
    rules: config.get('rules') ?? {},
    inlayHints: config.get('inlayHints', true),
    filePatterns: config.get('filePatterns') ?? [],
    configRoot: config.get('configRoot', ''),
    commandLine: config.get('commandLine') ?? [],
    sweAgent: config.get('sweAgent', 'auto'),
  };
}

class Controller {
  client: LanguageClient | undefined;
  private patterns: DocumentPatterns = { filePatterns: [], agentConfigPatterns: [] };
  private selector = documentSelector(this.patterns);
  /** Serializes start/stop so a burst of restarts cannot interleave. */
  private queue: Promise<unknown> = Promise.resolve();
  /** Set as soon as a stop is asked for (it runs after the queued work): from then on a failing request is the connection going away. */
  private stopAsked = false;

  constructor(
    private readonly context: ExtensionContext,
    private readonly output: LeveledOutputChannel,
    private readonly status: StatusItem,
    private readonly previews: ToolPreviews,
  ) {}

  claims(document: TextDocument): boolean {
    return isClaimed(this.selector, document);
  }

  start(): Promise<void> {
    return this.enqueue(() => this.doStart());
  }

  stop(): Promise<void> {
    this.stopAsked = true;
    return this.enqueue(() => this.doStop());
  }

  restart(): Promise<void> {
    this.stopAsked = true;
    return this.enqueue(async () => {
      await this.doStop();
      await this.doStart();
    });
  }

  private enqueue(task: () => Promise<void>): Promise<void> {
    const next = this.queue.then(task, task);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async doStart(): Promise<void> {
    this.stopAsked = false;
    this.patterns = readPatterns();
    this.selector = documentSelector(this.patterns);
    this.status.set({ state: 'starting' });
    this.refreshEditorContext(window.activeTextEditor);
    let server;
    try {
      server = serverOptions(this.context);
    } catch (e) {
      const message = (e as Error).message;
      this.output.log.error(message);
      this.status.set({ state: 'stopped', reason: message });
      void window.showErrorMessage(`SWE Bundle: ${message}`, 'Show Output').then((choice) => choice && this.output.show(true));
      return;
    }
    this.output.log.info(`Starting the ${server.description} for ${this.selector.map((f) => f.pattern).join(', ')}`);
    const isStopping = () => this.client !== client || this.stopAsked || client.state !== State.Running;
    const options: LanguageClientOptions = {
      documentSelector: this.selector,
      // The server's pulled diagnostics go to a collection named after its diagnosticProvider
      // identifier, `swe-bundle`; pushed ones (from a server that does not offer pull, such as an
      // older sweBundle.server.path) to this one. The same name twice makes VS Code warn
      // "DiagnosticCollection with name 'swe-bundle' does already exist".
      diagnosticCollectionName: 'swe-bundle-push',
      outputChannel: this.output,
      traceOutputChannel: this.output,
      revealOutputChannelOn: RevealOutputChannelOn.Never,
      initializationOptions: () => ({ sweBundle: serverSettings() }),
      markdown: { isTrusted: false, supportHtml: false },
      middleware: {
        ...claimedOnlyMiddleware((document) => this.claims(document), isStopping),
        ...stoppingClientMiddleware(isStopping),
        // The code lenses run the server's preview command; show its answer instead of dropping it.
        executeCommand: (command, args, next) => {
          if (command === SERVER_PREVIEW_COMMAND && typeof args[0] === 'string' && typeof args[1] === 'string') return this.previews.show(args[0], args[1]);
          if (command === SERVER_PROMPT_COMMAND && typeof args[0] === 'string') return this.previews.show(args[0], null);
          return next(command, args);
        },
      },
    };
    const client = new LanguageClient('sweBundle', 'SWE Bundle', server.options, options);
    this.client = client;
    client.onNotification(STATUS_NOTIFICATION, (params: unknown) => {
      const status = parseStatus(params);
      if (status && this.client === client) this.status.set(status);
      if (status?.state === 'ready') this.refreshJudgedBy(window.activeTextEditor);
    });
    client.onDidChangeState((event) => {
      if (this.client !== client) return;
      if (event.newState === State.Starting) this.status.set({ state: 'starting' });
      else if (event.newState === State.Stopped) this.status.set({ state: 'stopped', reason: 'the server stopped' });
    });
    try {
      await client.start();
    } catch (e) {
      const message = (e as Error).message;
      this.output.log.error(`The language server did not start: ${message}`);
      this.status.set({ state: 'stopped', reason: message });
    }
  }

  private async doStop(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (!client) return;
    try {
      await client.dispose(2000);
    } catch (e) {
      this.output.log.warn(`Stopping the language server: ${(e as Error).message}`);
    }
  }

  refreshEditorContext(editor: TextEditor | undefined): void {
    const claimed = editor !== undefined && this.claims(editor.document) && !isSettingsFile(editor.document);
    this.status.setEditorClaimed(claimed);
    void commands.executeCommand('setContext', 'sweBundle.bundleEditor', claimed);
    this.refreshJudgedBy(editor);
  }

  /** Asks the server which SWE-agent the editor's document is judged by, for the status item (kept only while that editor is active). */
  refreshJudgedBy(editor: TextEditor | undefined): void {
    const client = this.client;
    if (!editor || !client?.isRunning() || !this.claims(editor.document)) return;
    client.sendRequest(JUDGED_BY_REQUEST, { textDocument: { uri: editor.document.uri.toString() } }).then(
      (result) => {
        if (window.activeTextEditor === editor) this.status.setJudgedBy(parseJudgedBy(result));
      },
      (e: Error) => this.output.log.warn(`Which SWE-agent judges ${editor.document.uri.fsPath}: ${e.message}`),
    );
  }
}

let controller: Controller | undefined;

export async function activate(context: ExtensionContext): Promise<SweBundleApi> {
  const output = new LeveledOutputChannel('SWE Bundle');
  const status = new StatusItem(COMMANDS.showOutput);
  const previews = new ToolPreviews(() => controller?.client);
  const current = new Controller(context, output, status, previews);
  controller = current;
  context.subscriptions.push(
    output,
    status,
    previews,
    commands.registerCommand(COMMANDS.restartServer, async () => {
      output.log.info('Restarting the language server');
      await current.restart();
    }),
    commands.registerCommand(COMMANDS.showOutput, () => output.show()),
    commands.registerCommand(COMMANDS.showToolPreview, (source?: unknown, tool?: unknown) => previews.command(source, tool)),
    commands.registerCommand(COMMANDS.showPromptPreview, (source?: unknown) => previews.promptCommand(source)),
    window.onDidChangeActiveTextEditor((editor) => current.refreshEditorContext(editor)),
    workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('sweBundle.sweAgent')) current.refreshJudgedBy(window.activeTextEditor);
      if (RESTART_SETTINGS.some((setting) => event.affectsConfiguration(setting))) {
        output.log.info('Document patterns or the server path changed: restarting the language server');
        void current.restart();
      }
    }),
  );
  await current.start();
  return {
    get status() {
      return status.status;
    },
    get statusItem() {
      return status.shown;
    },
    get client() {
      return current.client;
    },
  };
}

export function deactivate(): Promise<void> | undefined {
  const stopping = controller?.stop();
  controller = undefined;
  return stopping;
}
