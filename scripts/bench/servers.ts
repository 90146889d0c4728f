/** The two servers the benchmark drives, and how each is configured. */
import * as path from 'path';
import { pathToFileURL } from 'url';

export interface ServerSpec {
  name: string;
  command: string;
  args: string[];
  /** The answer to a `workspace/configuration` item. */
  configuration(item: { section?: string }): unknown;
  /** `didChangeConfiguration` settings, as a client pushes them. */
  settings: unknown;
  /** Whether publishDiagnostics carries the document version (else the first publication after an edit counts). */
  versionedDiagnostics: boolean;
}

/** `nodeArgs`: for profiling (`--cpu-prof`, `--heapsnapshot-signal=SIGUSR2`). */
export function ourServer(root: string, nodeArgs: string[] = []): ServerSpec {
  return {
    name: 'swe-bundle',
    command: process.execPath,
    args: [...nodeArgs, path.join(root, 'dist/server.js'), '--stdio'],
    // Default settings: the server's own defaults.
    configuration: (item) => (item.section === 'sweBundle' ? {} : null),
    settings: { sweBundle: {} },
    versionedDiagnostics: true,
  };
}

export function yamlLanguageServer(root: string): ServerSpec {
  const schema = pathToFileURL(path.join(root, 'scripts/bench/bundle.schema.json')).toString();
  const yaml = {
    schemas: { [schema]: ['**/tools/*/config.yaml'] },
    validate: true,
    hover: true,
    completion: true,
    format: { enable: false },
    schemaStore: { enable: false },
    kubernetesCRDStore: { enable: false },
  };
  return {
    name: 'yaml-language-server',
    command: process.execPath,
    args: [path.join(root, 'node_modules/yaml-language-server/bin/yaml-language-server'), '--stdio'],
    configuration: (item) => (item.section === 'yaml' ? yaml : null),
    settings: { yaml },
    versionedDiagnostics: false,
  };
}

/** What VS Code advertises, trimmed to what matters here: push diagnostics, snippets, markdown. */
export const CLIENT_CAPABILITIES = {
  workspace: {
    configuration: true,
    didChangeConfiguration: { dynamicRegistration: true },
    workspaceFolders: true,
    didChangeWatchedFiles: { dynamicRegistration: true },
  },
  textDocument: {
    synchronization: { dynamicRegistration: false, didSave: true },
    publishDiagnostics: { relatedInformation: true, versionSupport: true, codeDescriptionSupport: true, dataSupport: true },
    completion: {
      contextSupport: true,
      completionItem: { snippetSupport: true, documentationFormat: ['markdown', 'plaintext'], insertReplaceSupport: true, insertTextModeSupport: { valueSet: [1, 2] } },
    },
    hover: { contentFormat: ['markdown', 'plaintext'] },
  },
  window: { workDoneProgress: true },
  general: { positionEncodings: ['utf-16'] },
};
