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
  DocumentDiagnosticReport,
  DocumentDiagnosticReportKind,
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
import { createServerContext } from './serverContext';
import { FEATURES } from './features';
import { YAML_DOCUMENTS } from './features/feature';

export const DIAGNOSTICS_DELAY_MS = 10;


interface ClientSupport {
  pullDiagnostics: boolean;
  relatedInformation: boolean;
  configuration: boolean;
  dynamicConfigurationChange: boolean;
}

export function startLanguageServer(connection: Connection): void {
  const documents = new TextDocuments(TextDocument);
  const settings = new Settings();
  const bundles = new BundleDocuments(settings);
  const published = new Set<string>();
  const client: ClientSupport = { pullDiagnostics: false, relatedInformation: false, configuration: false, dynamicConfigurationChange: false };

  let clientCapabilities: ClientCapabilities = {};
  const context = createServerContext(connection, documents, bundles, settings, () => clientCapabilities);
  const { guard } = context;
  const dynamicRegistrations: { type: RegistrationType<object>; options: object }[] = [];

  const reportSettingsProblems = () => {
    for (const problem of settings.takeProblems()) connection.console.warn(`swe-bundle: ${problem}`);
  };

  /** The document's diagnostics, or null when it is not a bundle config. */
  const lspDiagnosticsOf = (document: TextDocument) =>
    guard('validation', [], () => {
      const analyzed = bundles.analyze(document);
      return analyzed ? analyzed.diagnostics.map((d) => toLspDiagnostic(d, document.uri, client.relatedInformation)) : null;
    });

  const publish = (uri: string) => {
    const document = documents.get(uri);
    if (!document) return;
    const diagnostics = lspDiagnosticsOf(document);
    // Not a bundle: say nothing, unless it was one a moment ago and has diagnostics to clear.
    if (diagnostics === null && !published.has(uri)) return;
    if (diagnostics === null) published.delete(uri);
    else published.add(uri);
    void connection.sendDiagnostics({ uri, version: document.version, diagnostics: diagnostics ?? [] });
  };
  const scheduler = new DiagnosticsScheduler(DIAGNOSTICS_DELAY_MS, publish);

  const revalidateAll = () => {
    if (client.pullDiagnostics) void connection.languages.diagnostics.refresh().catch(() => undefined);
    else for (const document of documents.all()) scheduler.schedule(document.uri);
  };

  const refreshSettings = async () => {
    if (!client.configuration) return;
    try {
      const [section] = await connection.workspace.getConfiguration([{ section: SETTINGS_SECTION }]);
      settings.applyEditorSettings(section);
      reportSettingsProblems();
    } catch (e) {
      connection.console.warn(`swe-bundle: cannot read settings: ${(e as Error).message}`);
    }
  };

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    const capabilities = params.capabilities;
    clientCapabilities = capabilities;
    client.pullDiagnostics = capabilities.textDocument?.diagnostic !== undefined;
    client.relatedInformation = capabilities.textDocument?.publishDiagnostics?.relatedInformation === true || client.pullDiagnostics;
    client.configuration = capabilities.workspace?.configuration === true;
    client.dynamicConfigurationChange = capabilities.workspace?.didChangeConfiguration?.dynamicRegistration === true;
    const folders = (params.workspaceFolders ?? []).map((f) => pathOfUri(f.uri)).filter((p): p is string => p !== null);
    if (folders.length === 0 && params.rootUri) {
      const root = pathOfUri(params.rootUri);
      if (root) folders.push(root);
    }
    settings.loadConfigFile(folders);
    const options = params.initializationOptions as Record<string, unknown> | undefined;
    const initial = options?.[SETTINGS_SECTION] ?? (options?.settings as Record<string, unknown> | undefined)?.[SETTINGS_SECTION];
    if (initial !== undefined) settings.applyEditorSettings(initial);
    const result: InitializeResult = {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
      },
      serverInfo: { name: 'swe-bundle-language-server', version: VERSION },
    };
    if (client.pullDiagnostics) {
      result.capabilities.diagnosticProvider = { identifier: 'swe-bundle', interFileDependencies: false, workspaceDiagnostics: false };
    }
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
    if (client.dynamicConfigurationChange) void connection.client.register(DidChangeConfigurationNotification.type, { section: SETTINGS_SECTION });
    for (const registration of dynamicRegistrations) {
      void connection.client.register(registration.type, registration.options).catch((e: Error) => connection.console.warn(`swe-bundle: dynamic registration failed: ${e.message}`));
    }
    void refreshSettings().then(revalidateAll);
  });

  connection.onDidChangeConfiguration((params) => {
    if (client.configuration) {
      void refreshSettings().then(revalidateAll);
      return;
    }
    const section = (params.settings as Record<string, unknown> | null)?.[SETTINGS_SECTION];
    if (section !== undefined) {
      settings.applyEditorSettings(section);
      reportSettingsProblems();
      revalidateAll();
    }
  });

  documents.onDidChangeContent((event) => {
    if (!client.pullDiagnostics) scheduler.schedule(event.document.uri);
  });

  documents.onDidClose((event) => {
    const uri = event.document.uri;
    scheduler.cancel(uri);
    bundles.close(uri);
    if (published.delete(uri)) void connection.sendDiagnostics({ uri, diagnostics: [] });
  });

  connection.languages.diagnostics.on(
    context.handle('pull diagnostics', { kind: DocumentDiagnosticReportKind.Full, items: [] } as DocumentDiagnosticReport, (params): DocumentDiagnosticReport => {
      const document = documents.get(params.textDocument.uri);
      if (!document) return { kind: DocumentDiagnosticReportKind.Full, items: [] };
      const resultId = `${document.version}:${settings.generation}`;
      if (params.previousResultId === resultId) return { kind: DocumentDiagnosticReportKind.Unchanged, resultId };
      return { kind: DocumentDiagnosticReportKind.Full, resultId, items: lspDiagnosticsOf(document) ?? [] };
    }),
  );

  for (const feature of FEATURES) feature.register(context);

  connection.onShutdown(() => scheduler.dispose());

  documents.listen(connection);
  connection.listen();
}
