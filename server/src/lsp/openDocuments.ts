/**
 * The editor's documents as the engine names them: a `file:` URI is its
 * path, any other URI (an unsaved buffer) is itself. The URIs of open
 * documents are kept as the client sent them, so answers about a file name it
 * the way the editor does.
 */
import { pathToFileURL } from 'url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { LineLookup } from '../engine/document/positioned';
import { SourceText } from '../engine/document/sourceText';
import { pathOfUri } from './uris';

export class OpenDocuments {
  /** File id to the URI the client opened it with. */
  private readonly uris = new Map<string, string>();

  fileOf(uri: string): string {
    return pathOfUri(uri) ?? uri;
  }

  /** The URI of a file: the one an open document has, else its `file:` URI. */
  uriOf(file: string): string {
    return this.uris.get(file) ?? (file.startsWith('/') || /^[A-Za-z]:[\\/]/.test(file) ? pathToFileURL(file).toString() : file);
  }

  opened(uri: string): string {
    const file = this.fileOf(uri);
    this.uris.set(file, uri);
    return file;
  }

  closed(uri: string): string {
    const file = this.fileOf(uri);
    this.uris.delete(file);
    return file;
  }

  /**
   * Line lookups through the editor's document, which keeps its line offsets
   * up to date on every change, while it holds the analysed text (and has no
   * `\r`, where both count lines alike); undefined otherwise, and the engine's
   * line table of that version serves.
   */
  linesOf(document: TextDocument, source: SourceText | null): LineLookup | undefined {
    if (!source || source.original !== source.normalized || document.getText() !== source.original) return undefined;
    return document;
  }
}
