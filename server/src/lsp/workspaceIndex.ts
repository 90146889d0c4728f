/**
 * The server's project: the bundles and agent configs of the workspace
 * folders, read from open editors first and the disk otherwise. It indexes
 * on start (reporting work-done progress), follows file events, and tells
 * which open documents a change affects.
 */
import { overridesOf } from '../engine/config';
import * as path from 'path';
import { Connection, FileChangeType, TextDocuments, WorkDoneProgressReporter } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { Project } from '../engine/workspace/project';
import { createNodeWorkspaceFs, readUtf8 } from '../host/nodeWorkspaceFs';
import { WorkspaceFs } from '../engine/workspace/workspaceFs';
import { Settings } from './settings';
import { pathOfUri } from './uris';
import { pathToFileURL } from 'url';

export class WorkspaceIndex {
  readonly project: Project;
  readonly fs: WorkspaceFs;
  /** Bumped whenever any file of the project changes, so cached results can tell they are stale. */
  generation = 0;
  indexing = false;

  constructor(
    private readonly documents: TextDocuments<TextDocument>,
    private readonly settings: Settings,
    folders: string[],
  ) {
    // Readable: the workspace folders and a configured config root; nothing else on disk.
    const fsImpl = createNodeWorkspaceFs(() => [...this.project.workspaceFolders, ...(settings.config.configRoot ? [settings.config.configRoot] : [])]);
    this.fs = fsImpl;
    this.project = new Project(
      {
        fs: fsImpl,
        readText: (file) => this.openText(file) ?? readUtf8(fsImpl, file),
        uriOf: (file) => this.uriOf(file),
      },
      folders,
      { configRoot: settings.config.configRoot, filePatterns: settings.config.filePatterns, overrides: overridesOf(settings.config) },
    );
  }

  private openText(file: string): string | null {
    const document = this.documents.get(this.uriOf(file));
    return document ? document.getText() : null;
  }

  uriOf(file: string): string {
    const open = this.documents.all().find((d) => pathOfUri(d.uri) === file);
    return open ? open.uri : pathToFileURL(file).toString();
  }

  settingsChanged(): void {
    this.project.setSettings({ configRoot: this.settings.config.configRoot, filePatterns: this.settings.config.filePatterns, overrides: overridesOf(this.settings.config) });
    this.generation++;
  }

  setFolders(folders: string[]): void {
    this.project.setFolders(folders);
    this.generation++;
  }

  /** Scans the workspace folders, reporting progress when the client shows it. */
  async index(connection: Connection, progressSupported: boolean): Promise<{ bundles: number; agents: number }> {
    this.indexing = true;
    let progress: WorkDoneProgressReporter | null = null;
    try {
      if (progressSupported) {
        progress = await connection.window.createWorkDoneProgress();
        progress.begin('Indexing SWE-agent bundles', 0, undefined, false);
      }
      const count = Math.max(1, this.project.workspaceFolders.length);
      const result = this.project.scan((folder, index) => progress?.report(Math.round((index * 100) / count), path.basename(folder)));
      this.generation++;
      return { bundles: result.bundles.length, agents: result.agents.length };
    } finally {
      progress?.done();
      this.indexing = false;
    }
  }

  /**
   * A document or file changed: forget what was derived from it. While the
   * file is open, its bundle keeps its incremental analyzer; a closed one's goes.
   */
  changed(uri: string): void {
    const file = pathOfUri(uri);
    if (file) this.project.invalidate(file, this.openText(file) !== null);
    this.generation++;
  }

  filesChanged(changes: { uri: string; type: FileChangeType }[]): void {
    for (const change of changes) {
      const file = pathOfUri(change.uri);
      if (file) this.project.invalidate(file, this.openText(file) !== null);
    }
    this.generation++;
  }
}
