/**
 * How the language server is started: the server bundled in the extension
 * (`dist/server.js`, run on the extension host's Node), or the one
 * `sweBundle.server.path` names. Always over stdio.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ExtensionContext, workspace } from 'vscode';
import { ServerOptions, TransportKind } from 'vscode-languageclient/node';
import { sweBundleConfiguration } from './configuration';

export interface ResolvedServer {
  options: ServerOptions;
  /** For the log: what runs. */
  description: string;
}

/** `sweBundle.server.path` made absolute: `~` is the home folder, a relative path starts at the first workspace folder. */
export function resolveServerPath(configured: string): string {
  let file = configured.trim();
  if (file === '~' || file.startsWith('~/') || file.startsWith('~\\')) file = path.join(os.homedir(), file.slice(1));
  if (!path.isAbsolute(file)) {
    const folder = workspace.workspaceFolders?.[0];
    file = path.resolve(folder && folder.uri.scheme === 'file' ? folder.uri.fsPath : process.cwd(), file);
  }
  return file;
}

export function serverOptions(context: ExtensionContext): ResolvedServer {
  const configured = sweBundleConfiguration().get<string>('server.path', '')?.trim() ?? '';
  if (configured === '') {
    const module = context.asAbsolutePath(path.join('dist', 'server.js'));
    return { options: { module, transport: TransportKind.stdio }, description: `bundled server ${module}` };
  }
  const file = resolveServerPath(configured);
  if (!fs.existsSync(file)) throw new Error(`sweBundle.server.path: ${file} does not exist`);
  // A JavaScript file runs on the extension host's Node, like the bundled server; anything else is an executable.
  if (/\.[cm]?js$/i.test(file)) return { options: { module: file, transport: TransportKind.stdio }, description: `server module ${file} (sweBundle.server.path)` };
  return { options: { command: file, transport: TransportKind.stdio }, description: `server executable ${file} --stdio (sweBundle.server.path)` };
}
