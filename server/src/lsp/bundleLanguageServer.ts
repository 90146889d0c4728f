/**
 * The LSP wiring: lifecycle, capabilities, and the changes the editor reports
 * turned into changes of the analysis host (documents, file events, settings,
 * folders), then diagnostics published from its answers. Everything here is
 * plumbing around the engine; every handler is guarded so a bug answers with
 * an empty result instead of taking the server down.
 */
import * as path from 'path';
import {
  ClientCapabilities,
  Connection,
  Diagnostic,
  DidChangeConfigurationNotification,
  DidChangeWatchedFilesNotification,
  DocumentDiagnosticReport,
  DocumentDiagnosticReportKind,
  FileEvent,
  InitializeParams,
  InitializeResult,
  MessageType,
  RegistrationType,
  TextDocumentSyncKind,
  TextDocuments,
} from './protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { Analysis } from '../engine/analysis/analysis';
import { AnalysisHost, Change } from '../engine/analysis/analysisHost';
import { FileReport } from '../engine/analysis/reports';
import { SETTINGS_FILE_NAME, SETTINGS_SECTION, SettingsProblem } from '../engine/settings/validateSettings';
import { describeCut } from '../engine/workspace/walk';
import { createNodeWorkspaceFs } from '../host/nodeWorkspaceFs';
import { VERSION } from '../version';
import { toLspDiagnostic } from './convert';
import { DiagnosticsScheduler } from './diagnosticsScheduler';
import { DocumentPreparer } from './documentPreparer';
import { FEATURES } from './features';
import { YAML_DOCUMENTS } from './features/feature';
import { OpenDocuments } from './openDocuments';
import { createServerContext } from './serverContext';
import { settingsDiagnostics } from './settingsDiagnostics';
import { pathOfUri } from './uris';

/** How long a burst's round waits when what the transport holds back is not a change (diagnosticsScheduler.ts). */
const DIAGNOSTICS_DELAY_MS = 10;

/** A short name for a value's JSON (FNV-1a): equal diagnostics, equal id. */
function contentId(value: unknown): string {
  let hash = 0x811c9dc5;
  for (const ch of JSON.stringify(value)) hash = Math.imul(hash ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return hash.toString(36);
}

/**
 * Fire-and-forget messages to the client: a failure (say, the connection
 * closed) must not become an unhandled rejection, nor an exception in the
 * timer that sent it (a disposed connection throws before it returns a promise).
 */
function quietly(send: () => Promise<unknown>): void {
  try {
    send().catch(() => undefined);
  } catch {
    // The connection is gone; there is no one left to tell.
  }
}

/** Tells clients (the VS Code status item) what the server is doing: `{state: 'indexing'}` or `{state: 'ready', bundles, agentConfigs}`. */
const STATUS_NOTIFICATION = 'sweBundle/status';

interface ClientSupport {
  pullDiagnostics: boolean;
  relatedInformation: boolean;
  configuration: boolean;
  dynamicConfigurationChange: boolean;
  workDoneProgress: boolean;
  watchedFiles: boolean;
  workspaceFolders: boolean;
}

/** A document's diagnostics as sent for one report and version; `resultId` once a pull asked for it. */
interface SentDiagnostics {
  report: FileReport;
  version: number;
  items: Diagnostic[];
  resultId?: string;
}

/** What the server watches: YAML (bundle and agent configs), bundles' bin/ scripts and install.sh, and the settings files. */
const WATCHED = ['**/*.{yaml,yml}', '**/bin/**', '**/install.sh', `**/${SETTINGS_FILE_NAME}`];

/** The settings file each workspace folder takes. */
function settingsFilesOf(folders: readonly string[]): Change['settingsFiles'] {
  return folders.map((folder) => ({ folder, file: path.join(folder, SETTINGS_FILE_NAME) }));
}

/**
 * `workSteps`: the work budget of each query and request (`engine/work.ts`); only tests set it, to run out on a small input.
 * `messagesWaiting`: how many messages the transport has read and not handed on yet (stdio's `PacedReader`); without it, every change is a burst of its own.
 */
export function startLanguageServer(connection: Connection, options: { workSteps?: number; messagesWaiting?: () => number } = {}): void {
  const messagesWaiting = options.messagesWaiting ?? (() => 0);
  const documents = new TextDocuments(TextDocument);
  const open = new OpenDocuments();
  let host: AnalysisHost | undefined;
  // Readable: the workspace folders and a config root the user set; nothing else on disk.
  host = new AnalysisHost({ fs: createNodeWorkspaceFs(() => host!.readRoots()) }, { workSteps: options.workSteps });
  /**
   * Closed documents not yet told to the host. Every change walks the host's
   * database, so an editor closing 4,000 documents made 4,000 changes and
   * left the server deaf for 32 s; a burst of closes is one change, made
   * before anything reads the analysis or changes it again, or when the
   * debounced diagnostics round starts.
   */
  let closing: string[] = [];
  const flushClosed = () => {
    if (closing.length === 0) return;
    const files = closing;
    closing = [];
    // The disk copy is what the analysis sees from now on; without file events, it may differ from what was read before.
    guard('document close', undefined, () => host!.applyChange({ closed: files, disk: client.watchedFiles ? [] : files }));
    afterChangeElsewhere();
  };
  const analysis = (): Analysis => {
    flushClosed();
    return host!.analysis();
  };
  const client: ClientSupport = {
    pullDiagnostics: false,
    relatedInformation: false,
    configuration: false,
    dynamicConfigurationChange: false,
    workDoneProgress: false,
    watchedFiles: false,
    workspaceFolders: false,
  };

  let clientCapabilities: ClientCapabilities = {};
  let initialized = false;
  let folders: string[] = [];
  /** What each document's last publication showed: republished only when the host's report changed. */
  const published = new Map<string, FileReport | null>();
  /** Pull mode: the report each document's last pull answered with, so a change elsewhere asks the client to pull again only when one differs. */
  const pulled = new Map<string, FileReport | null>();
  /** Pull mode: documents typed in since their last pull (the client pulls them on its own). */
  const typedIn = new Set<string>();
  /** Each document's diagnostics as sent, for the report and version they were made from: a push and a pull of the same report share them. */
  const sent = new Map<string, SentDiagnostics>();
  /** The settings problems last shown, so each is shown once. */
  let shownProblems = new Set<string>();
  /** The diagnostics last published on each settings file (by URI, as JSON): sent again only when they change. */
  let settingsSent = new Map<string, string>();

  const preparer = new DocumentPreparer((uri, scope, hasTime, from) => {
    const document = documents.get(uri);
    return document ? guard('analysis', null, () => analysis().prepare(open.fileOf(uri), hasTime, from, scope)) : null;
  });
  const context = createServerContext({
    connection,
    documents,
    open,
    analysis,
    preparer,
    client: () => clientCapabilities,
    initialized: () => initialized,
    filesChanged: (changes) => filesChanged(changes),
    workSteps: options.workSteps,
  });
  const { guard } = context;
  const dynamicRegistrations: { type: RegistrationType<object>; options: object }[] = [];

  const change = (what: string, changed: Change) => {
    flushClosed();
    guard(what, undefined, () => host!.applyChange(changed));
  };

  /** The LSP diagnostics of a document's report, made once per report and version. */
  const lspDiagnosticsOf = (document: TextDocument, report: FileReport) => {
    const held = sent.get(document.uri);
    if (held?.report === report && held.version === document.version) return held;
    const items = guard('validation', [], () => {
      const file = open.fileOf(document.uri);
      const current = analysis();
      // A diagnostic silenced by a disable comment is not shown (the CLI's SARIF lists it as suppressed).
      return current
        .positioned(file, report, open.linesOf(document, current.source(file)))
        .flatMap((d, index) => (d.suppressed ? [] : [toLspDiagnostic(d, document.uri, open, client.relatedInformation, { version: document.version, index })]));
    });
    const made: SentDiagnostics = { report, version: document.version, items };
    sent.set(document.uri, made);
    return made;
  };

  const publish = (uri: string) => {
    const document = documents.get(uri);
    if (!document) return;
    const report = guard('validation', null, () => analysis().report(open.fileOf(uri)));
    // Not a bundle or agent config: say nothing, unless it was one and has diagnostics to clear.
    if (published.get(uri) === report && published.has(uri)) return;
    if (report === null && !published.get(uri)) {
      published.set(uri, null);
      return;
    }
    published.set(uri, report);
    quietly(() => connection.sendDiagnostics({ uri, version: document.version, diagnostics: report ? lspDiagnosticsOf(document, report).items : [] }));
  };
  /** Pull mode: after a change, asks the client to pull again once a document it pulled has another report now (not one typed in: the client pulls that one itself). */
  const checkPulled = (uri: string) => {
    if (!pulled.has(uri) || typedIn.has(uri) || !documents.get(uri)) return;
    const report = guard('validation', null, () => analysis().report(open.fileOf(uri)));
    if (report === pulled.get(uri)) return;
    pulled.clear();
    quietly(() => connection.languages.diagnostics.refresh());
  };
  // Publishing waits for a big document's slices (documentPreparer.ts); the version current then is the one published.
  const scheduler = new DiagnosticsScheduler(
    DIAGNOSTICS_DELAY_MS,
    () => {
      flushClosed();
      return documents.all().map((d) => d.uri);
    },
    (uri) =>
      preparer
        .whenReady(uri, 'report')
        .then(() => (client.pullDiagnostics ? checkPulled(uri) : publish(uri)))
        .catch(() => undefined),
    messagesWaiting,
    () => {
      if (editsPending) afterEdits();
    },
  );

  /**
   * Settings problems: on the settings file they are in (published, open or
   * not), and each once in a message, unless that file is open in the editor,
   * which shows them as they are typed (a message per keystroke would be noise).
   */
  const reportSettings = () => {
    const problems: SettingsProblem[] = guard('settings', [], () => analysis().settingsProblems());
    const said = (p: SettingsProblem) => (p.file ? `${p.file}: ${p.message}` : p.message);
    const fresh = problems.filter((p) => !shownProblems.has(said(p)) && !(p.file !== null && documents.get(open.uriOf(p.file))));
    shownProblems = new Set(problems.map(said));
    if (fresh.length > 0) quietly(() => connection.sendNotification('window/showMessage', { type: MessageType.Warning, message: `swe-bundle: ${fresh.map(said).join('; ')}` }));
    for (const problem of fresh) connection.console.warn(`swe-bundle: ${said(problem)}`);
    const byFile = new Map([...settingsDiagnostics(analysis(), open, problems)].map(([uri, diagnostics]) => [uri, JSON.stringify(diagnostics)]));
    for (const uri of settingsSent.keys()) if (!byFile.has(uri)) quietly(() => connection.sendDiagnostics({ uri, diagnostics: [] }));
    for (const [uri, diagnostics] of byFile) if (settingsSent.get(uri) !== diagnostics) quietly(() => connection.sendDiagnostics({ uri, diagnostics: JSON.parse(diagnostics) }));
    settingsSent = byFile;
  };

  /**
   * After a change (in the document `changedUri`, or elsewhere): every
   * document's diagnostics again, that one's first (pushed, or in pull mode
   * a refresh once another document's differ). Inlay hints and semantic
   * tokens of other documents depend on settings, the disk and the envs of
   * the agent configs that use a bundle: a change elsewhere asks the client
   * to refresh them, and an edit only when it changed those envs. An edit
   * with messages behind it leaves that to the burst's last edit, or to the
   * burst's round (`afterEdits`): asked after each edit, opening N documents
   * at once cost N² checks (45 s at 3,000).
   */
  const revalidateAll = (changedUri?: string) => {
    if (client.pullDiagnostics && changedUri !== undefined) typedIn.add(changedUri);
    scheduler.schedule(changedUri);
    if (changedUri === undefined) afterChangeElsewhere();
    else if (messagesWaiting() > 0) editsPending = true;
    else afterEdits();
  };
  /** The uses of the bundles before the edits not yet looked at (`Analysis.bundleUses`: the same object while they stay the same). */
  let usesSeen: object | null = null;
  let editsPending = false;
  /** Before an edit is applied: the uses it is compared with, the first time. */
  const seeUsesBeforeEdits = () => {
    if (usesSeen === null) usesSeen = guard('analysis', null, () => analysis().bundleUses());
  };
  /** What edits need once: the settings diagnostics, and the refreshes if they changed the uses. */
  function afterEdits(): void {
    editsPending = false;
    reportSettings();
    const uses = guard('analysis', null, () => analysis().bundleUses());
    if (uses !== usesSeen && usesSeen !== null) refreshOthers();
    usesSeen = uses;
  }
  /** What a change outside the open documents' text needs besides their diagnostics (which the close already scheduled). */
  function afterChangeElsewhere(): void {
    reportSettings();
    refreshOthers();
  }
  function refreshOthers(): void {
    if (clientCapabilities.workspace?.inlayHint?.refreshSupport) quietly(() => connection.languages.inlayHint.refresh());
    if (clientCapabilities.workspace?.semanticTokens?.refreshSupport) quietly(() => connection.languages.semanticTokens.refresh());
  }

  const refreshSettings = async () => {
    if (!client.configuration) return;
    try {
      const [section] = await connection.workspace.getConfiguration([{ section: SETTINGS_SECTION }]);
      change('settings', { userSettings: section ?? {} });
    } catch (e) {
      connection.console.warn(`swe-bundle: cannot read settings: ${(e as Error).message}`);
    }
  };

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    const capabilities = params.capabilities ?? {};
    clientCapabilities = capabilities;
    // Pull only when the server can ask the client to pull again (after a settings or agent-config change);
    // Neovim 0.10 pulls but takes no workspace/diagnostic/refresh, so it gets pushed diagnostics.
    client.pullDiagnostics = capabilities.textDocument?.diagnostic !== undefined && capabilities.workspace?.diagnostics?.refreshSupport === true;
    client.relatedInformation = capabilities.textDocument?.publishDiagnostics?.relatedInformation === true || client.pullDiagnostics;
    client.configuration = capabilities.workspace?.configuration === true;
    client.dynamicConfigurationChange = capabilities.workspace?.didChangeConfiguration?.dynamicRegistration === true;
    client.workDoneProgress = capabilities.window?.workDoneProgress === true;
    client.watchedFiles = capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
    client.workspaceFolders = capabilities.workspace?.workspaceFolders === true;
    folders = (params.workspaceFolders ?? []).map((f) => pathOfUri(f.uri)).filter((p): p is string => p !== null);
    if (folders.length === 0 && params.rootUri) {
      const root = pathOfUri(params.rootUri);
      if (root) folders.push(root);
    }
    const options = params.initializationOptions as Record<string, unknown> | undefined;
    const initial = options?.[SETTINGS_SECTION] ?? (options?.settings as Record<string, unknown> | undefined)?.[SETTINGS_SECTION];
    const environmentRoot = process.env.SWE_AGENT_CONFIG_ROOT;
    change('initialize', {
      folders,
      settingsFiles: settingsFilesOf(folders),
      userSettings: initial ?? {},
      environment: { configRoot: environmentRoot ? path.resolve(environmentRoot) : undefined },
    });
    const result: InitializeResult = {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
      },
      serverInfo: { name: 'swe-bundle-language-server', version: VERSION },
    };
    if (client.workspaceFolders) result.capabilities.workspace = { workspaceFolders: { supported: true, changeNotifications: true } };
    if (client.pullDiagnostics) {
      result.capabilities.diagnosticProvider = { identifier: 'swe-bundle', interFileDependencies: true, workspaceDiagnostics: false };
    }
    initialized = true;
    for (const feature of FEATURES) {
      if (feature.dynamic?.supported(capabilities)) {
        dynamicRegistrations.push({ type: feature.dynamic.type, options: { documentSelector: YAML_DOCUMENTS, ...feature.dynamic.options(capabilities) } });
      } else {
        Object.assign(result.capabilities, feature.capabilities(capabilities));
      }
    }
    return result;
  });

  connection.onInitialized(() => {
    if (client.dynamicConfigurationChange) quietly(() => connection.client.register(DidChangeConfigurationNotification.type, { section: SETTINGS_SECTION }));
    for (const registration of dynamicRegistrations) {
      quietly(() => connection.client.register(registration.type, registration.options));
    }
    if (client.watchedFiles) {
      quietly(() => connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: WATCHED.map((globPattern) => ({ globPattern })) }));
    }
    if (client.workspaceFolders) {
      connection.workspace.onDidChangeWorkspaceFolders((event) => {
        const removed = new Set(event.removed.map((f) => pathOfUri(f.uri)));
        const added = event.added.map((f) => pathOfUri(f.uri)).filter((p): p is string => p !== null);
        folders = [...folders.filter((f) => !removed.has(f)), ...added];
        change('workspace folders', { folders, settingsFiles: settingsFilesOf(folders) });
        quietly(() => reindex());
      });
    }
    quietly(() => refreshSettings().then(reindex));
  });

  /**
   * Whether the first indexing is done: a settings change before it is not announced as ready (the client
   * sends its settings while the first indexing is still to begin: its status said ready, then indexing).
   */
  let indexedOnce = false;

  /** Tells the client the index is ready, with its counts (the client then asks again which SWE-agent judges the active document). */
  const announceIndex = () => {
    const index = guard('indexing', null, () => analysis().index());
    if (index) quietly(() => connection.sendNotification(STATUS_NOTIFICATION, { state: 'ready', bundles: index.bundles.length, agentConfigs: index.agents.length, truncated: index.truncated }));
    return index;
  };

  /** Indexes the workspace (with progress), then re-checks open documents against it. */
  const reindex = async () => {
    const progress = client.workDoneProgress ? await connection.window.createWorkDoneProgress().catch(() => null) : null;
    try {
      progress?.begin('Indexing SWE-agent bundles', 0, undefined, false);
      quietly(() => connection.sendNotification(STATUS_NOTIFICATION, { state: 'indexing' }));
      // Folder by folder, so the client can show where the walk is; the index then finds every walk done.
      folders.forEach((folder, i) => {
        progress?.report(Math.round((i * 100) / folders.length), path.basename(folder));
        guard('indexing', null, () => analysis().walk(folder));
      });
      const index = announceIndex();
      indexedOnce = true;
      if (index) {
        connection.console.info(`swe-bundle: indexed ${index.bundles.length} bundles and ${index.agents.length} agent configs${index.truncated ? ' (stopped early: too many files)' : ''}`);
        const notSearched = index.cuts.map(describeCut);
        if (notSearched.length > 0) quietly(() => connection.sendNotification('window/showMessage', { type: MessageType.Warning, message: `swe-bundle: ${notSearched.join('; ')}` }));
      }
    } finally {
      progress?.done();
    }
    revalidateAll();
  };

  const filesChanged = (changes: FileEvent[]) => {
    const paths = changes.map((c) => pathOfUri(c.uri)).filter((p): p is string => p !== null);
    change('file events', { disk: paths });
    revalidateAll();
  };
  connection.onDidChangeWatchedFiles((params) => filesChanged(params.changes ?? []));

  // Once the new settings are in, the index is announced again: a setting such as sweAgent changes
  // which SWE-agent judges a document, and the client asks only after it hears the settings are read.
  connection.onDidChangeConfiguration((params) => {
    if (client.configuration) {
      quietly(() =>
        refreshSettings().then(() => {
          if (indexedOnce) announceIndex();
          revalidateAll();
        }),
      );
      return;
    }
    const section = (params.settings as Record<string, unknown> | null)?.[SETTINGS_SECTION];
    if (section !== undefined) {
      change('settings', { userSettings: section });
      if (indexedOnce) announceIndex();
      revalidateAll();
    }
  });

  documents.onDidChangeContent((event) => {
    const uri = event.document.uri;
    seeUsesBeforeEdits();
    change('document change', { opened: [{ file: open.opened(uri), text: event.document.getText() }] });
    revalidateAll(uri);
  });

  documents.onDidClose((event) => {
    const uri = event.document.uri;
    scheduler.cancel(uri);
    closing.push(open.closed(uri));
    if (published.get(uri)) quietly(() => connection.sendDiagnostics({ uri, diagnostics: [] }));
    published.delete(uri);
    pulled.delete(uri);
    typedIn.delete(uri);
    sent.delete(uri);
    scheduler.schedule();
  });

  connection.languages.diagnostics.on(
    context.handle('pull diagnostics', { kind: DocumentDiagnosticReportKind.Full, items: [] } as DocumentDiagnosticReport, (params): DocumentDiagnosticReport => {
      const document = documents.get(params.textDocument.uri);
      if (!document) return { kind: DocumentDiagnosticReportKind.Full, items: [] };
      const report = analysis().report(open.fileOf(document.uri));
      pulled.set(document.uri, report);
      typedIn.delete(document.uri);
      if (!report) return { kind: DocumentDiagnosticReportKind.Full, resultId: contentId([]), items: [] };
      // What a push of this report would send, made once; the result id is its content, so a pull after a change that changed nothing is answered "unchanged".
      const made = lspDiagnosticsOf(document, report);
      made.resultId ??= contentId(made.items);
      if (params.previousResultId === made.resultId) return { kind: DocumentDiagnosticReportKind.Unchanged, resultId: made.resultId };
      return { kind: DocumentDiagnosticReportKind.Full, resultId: made.resultId, items: made.items };
    }, 'report'),
  );

  for (const feature of FEATURES) feature.register(context);

  connection.onShutdown(() => scheduler.dispose());

  documents.listen(connection);
  connection.listen();
}
