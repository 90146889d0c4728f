/**
 * The extension's `sweBundle` settings. One language server serves the whole window, so the
 * extension reads them for the first workspace folder (the folder the server also reads
 * `.swe-bundle.json` from); with no folder open, for any resource. Giving the scope also keeps
 * VS Code from warning about resource-scoped settings read without one.
 */
import { WorkspaceConfiguration, workspace } from 'vscode';

export function sweBundleConfiguration(): WorkspaceConfiguration {
  return workspace.getConfiguration('sweBundle', workspace.workspaceFolders?.[0]?.uri ?? null);
}
