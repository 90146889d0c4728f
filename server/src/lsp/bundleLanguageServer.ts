/**
 * The LSP wiring: capabilities, document sync, settings, diagnostics.
 * Everything here is plumbing around the pure engine; every handler is
 * guarded so a bug answers with an empty result instead of taking the
 * server down.
 */
import {
  ClientCapabilities,
  Connection,
  DidChangeConfigurationNotification,
  DidChangeWatchedFilesNotification,
  DocumentDiagnosticReport,
  DocumentDiagnosticReportKind,
  FileEvent,
  InitializeParams,
  InitializeResult,
  RegistrationType,
  TextDocumentSyncKind,
  TextDocuments,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { VERSION } from '../version';
import { BundleDocuments } from './bundleDocuments';
import { toLspDiagnostic } from './convert';
import { DiagnosticsScheduler } from './diagnosticsScheduler';
import { SETTINGS_SECTION, Settings } from './settings';
import { pathOfUri } from './uris';
import { WorkspaceIndex } from './workspaceIndex';
import { createServerContext } from './serverContext';
import { readUtf8 } from '../host/nodeWorkspaceFs';
import { DocumentPreparer } from './documentPreparer';
import { FEATURES } from './features';
import { YAML_DOCUMENTS } from './features/feature';

export const DIAGNOSTICS_DELAY_MS = 10;

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
export const STATUS_NOTIFICATION = 'sweBundle/status';


interface ClientSupport {
  pullDiagnostics: boolean;
  relatedInformation: boolean;
  configuration: boolean;
  dynamicConfigurationChange: boolean;
  workDoneProgress: boolean;
  watchedFiles: boolean;
  workspaceFolders: boolean;
}

/** What the server watches: YAML (bundle and agent configs), bundles' bin/ scripts and install.sh. */
const WATCHED = ['**/*.{yaml,yml}', '**/bin/**', '**/install.sh'];

export function startLanguageServer(connection: Connection): void {
  const documents = new TextDocuments(TextDocument);
  const settings = new Settings();
  const index = new WorkspaceIndex(documents, settings, []);
  const bundles = new BundleDocuments(settings, index);
  const published = new Set<string>();
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
  // The closures below run once the server is set up: `guard` comes from the context, filesChanged
  // is defined further down with the revalidation it triggers.
  const preparer = new DocumentPreparer((uri, hasTime) => {
    const document = documents.get(uri);
    return !document || guard('analysis', true, () => bundles.prepare(document, hasTime));
  });
  const context = createServerContext({
    connection,
    documents,
    bundles,
    settings,
    index,
    preparer,
    client: () => clientCapabilities,
    initialized: () => initialized,
    filesChanged: (changes) => filesChanged(changes),
  });
  const { guard } = context;
  const dynamicRegistrations: { type: RegistrationType<object>; options: object }[] = [];

  const reportSettingsProblems = () => {
    for (const problem of settings.takeProblems()) connection.console.warn(`swe-bundle: ${problem}`);
  };

  /** The document's diagnostics, or null when it is not a bundle config. */
  const lspDiagnosticsOf = (document: TextDocument) =>
    guard('validation', [], () => {
      const diagnostics = bundles.diagnostics(document);
      return diagnostics ? diagnostics.map((d) => toLspDiagnostic(d, document.uri, client.relatedInformation)) : null;
    });

  const publish = (uri: string) => {
    const document = documents.get(uri);
    if (!document) return;
    const diagnostics = lspDiagnosticsOf(document);
    // Not a bundle: say nothing, unless it was one a moment ago and has diagnostics to clear.
    if (diagnostics === null && !published.has(uri)) return;
    if (diagnostics === null) published.delete(uri);
    else published.add(uri);
    quietly(() => connection.sendDiagnostics({ uri, version: document.version, diagnostics: diagnostics ?? [] }));
  };
  // Publishing waits for a big document's slices (documentPreparer.ts); the version current then is the one published.
  const scheduler = new DiagnosticsScheduler(DIAGNOSTICS_DELAY_MS, (uri) => quietly(() => preparer.whenReady(uri).then(() => publish(uri))));

  const revalidateAll = () => {
    if (client.pullDiagnostics) quietly(() => connection.languages.diagnostics.refresh());
    else for (const document of documents.all()) scheduler.schedule(document.uri);
    // Hints and tokens depend on settings and on agent configs' envs too.
    if (clientCapabilities.workspace?.inlayHint?.refreshSupport) quietly(() => connection.languages.inlayHint.refresh());
    if (clientCapabilities.workspace?.semanticTokens?.refreshSupport) quietly(() => connection.languages.semanticTokens.refresh());
  };

  const refreshSettings = async () => {
    if (!client.configuration) return;
    try {
      const [section] = await connection.workspace.getConfiguration([{ section: SETTINGS_SECTION }]);
      settings.applyEditorSettings(section);
      index.settingsChanged();
      reportSettingsProblems();
    } catch (e) {
      connection.console.warn(`swe-bundle: cannot read settings: ${(e as Error).message}`);
    }
  };

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    const capabilities = params.capabilities;
    clientCapabilities = capabilities;
    // Pull only when the server can ask the client to pull again (after a settings or agent-config change);
    // Neovim 0.10 pulls but takes no workspace/diagnostic/refresh, so it gets pushed diagnostics.
    client.pullDiagnostics = capabilities.textDocument?.diagnostic !== undefined && capabilities.workspace?.diagnostics?.refreshSupport === true;
    client.relatedInformation = capabilities.textDocument?.publishDiagnostics?.relatedInformation === true || client.pullDiagnostics;
    client.configuration = capabilities.workspace?.configuration === true;
    client.dynamicConfigurationChange = capabilities.workspace?.didChangeConfiguration?.dynamicRegistration === true;
    client.workDoneProgress = capabilities.window?.workDoneProgress === true;
    client.watchedFiles = capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
    // File events will say when a bin/ folder changes: no need to list it again on every edit.
    index.project.cacheBundleFolders = client.watchedFiles;
    client.workspaceFolders = capabilities.workspace?.workspaceFolders === true;
    const folders = (params.workspaceFolders ?? []).map((f) => pathOfUri(f.uri)).filter((p): p is string => p !== null);
    if (folders.length === 0 && params.rootUri) {
      const root = pathOfUri(params.rootUri);
      if (root) folders.push(root);
    }
    // The folders first: they are what the guarded file access allows.
    index.setFolders(folders);
    settings.loadConfigFile(folders, (file) => readUtf8(index.fs, file));
    const options = params.initializationOptions as Record<string, unknown> | undefined;
    const initial = options?.[SETTINGS_SECTION] ?? (options?.settings as Record<string, unknown> | undefined)?.[SETTINGS_SECTION];
    if (initial !== undefined) settings.applyEditorSettings(initial);
    index.settingsChanged();
    const result: InitializeResult = {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
      },
      serverInfo: { name: 'swe-bundle-language-server', version: VERSION },
    };
    if (client.workspaceFolders) result.capabilities.workspace = { workspaceFolders: { supported: true, changeNotifications: true } };
    if (client.pullDiagnostics) {
      result.capabilities.diagnosticProvider = { identifier: 'swe-bundle', interFileDependencies: false, workspaceDiagnostics: false };
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
    reportSettingsProblems();
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
        index.setFolders([...index.project.workspaceFolders.filter((f) => !removed.has(f)), ...added]);
        quietly(() => reindex());
      });
    }
    quietly(() => refreshSettings().then(reindex));
  });

  /** Indexes the workspace (with progress), then re-checks open documents against it. */
  const reindex = async () => {
    try {
      quietly(() => connection.sendNotification(STATUS_NOTIFICATION, { state: 'indexing' }));
      const counts = await index.index(connection, client.workDoneProgress);
      quietly(() => connection.sendNotification(STATUS_NOTIFICATION, { state: 'ready', bundles: counts.bundles, agentConfigs: counts.agents, truncated: index.project.truncated }));
      connection.console.info(`swe-bundle: indexed ${counts.bundles} bundles and ${counts.agents} agent configs${index.project.truncated ? ' (stopped early: too many files)' : ''}`);
    } catch (e) {
      connection.console.error(`swe-bundle: indexing failed: ${(e as Error).stack ?? e}`);
    }
    revalidateAll();
  };

  const filesChanged = (changes: FileEvent[]) => {
    guard('file events', undefined, () => index.filesChanged(changes));
    revalidateAll();
  };
  connection.onDidChangeWatchedFiles((params) => filesChanged(params.changes));

  connection.onDidChangeConfiguration((params) => {
    if (client.configuration) {
      quietly(() => refreshSettings().then(revalidateAll));
      return;
    }
    const section = (params.settings as Record<string, unknown> | null)?.[SETTINGS_SECTION];
    if (section !== undefined) {
      settings.applyEditorSettings(section);
      index.settingsChanged();
      reportSettingsProblems();
      revalidateAll();
    }
  });

  documents.onDidChangeContent((event) => {
    const uri = event.document.uri;
    guard('index', undefined, () => index.changed(uri));
    // Agent configs and the bundles they list depend on each other; anything else stands alone.
    const agents = new Set(index.project.agentPaths);
    const isAgent = agents.has(pathOfUri(uri) ?? '');
    const dependents = documents.all().filter((other) => other.uri !== uri && (isAgent || (agents.size > 0 && agents.has(pathOfUri(other.uri) ?? ''))));
    if (client.pullDiagnostics) {
      if (dependents.length > 0) quietly(() => connection.languages.diagnostics.refresh());
      return;
    }
    scheduler.schedule(uri);
    for (const other of dependents) scheduler.schedule(other.uri);
  });

  documents.onDidClose((event) => {
    const uri = event.document.uri;
    scheduler.cancel(uri);
    bundles.close(uri);
    // The disk copy is what the project sees from now on.
    guard('index', undefined, () => index.changed(uri));
    if (published.delete(uri)) quietly(() => connection.sendDiagnostics({ uri, diagnostics: [] }));
  });

  connection.languages.diagnostics.on(
    context.handle('pull diagnostics', { kind: DocumentDiagnosticReportKind.Full, items: [] } as DocumentDiagnosticReport, (params): DocumentDiagnosticReport => {
      const document = documents.get(params.textDocument.uri);
      if (!document) return { kind: DocumentDiagnosticReportKind.Full, items: [] };
      // Settings and the workspace (agent configs, bin/ folders) change a document's diagnostics as much as its text does.
      const resultId = `${document.version}:${settings.generation}:${index.generation}`;
      if (params.previousResultId === resultId) return { kind: DocumentDiagnosticReportKind.Unchanged, resultId };
      return { kind: DocumentDiagnosticReportKind.Full, resultId, items: lspDiagnosticsOf(document) ?? [] };
    }),
  );

  for (const feature of FEATURES) feature.register(context);

  connection.onShutdown(() => scheduler.dispose());

  documents.listen(connection);
  connection.listen();
}
