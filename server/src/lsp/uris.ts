/** File paths for document URIs (only `file:` URIs have one). */
import { fileURLToPath } from 'url';

export function pathOfUri(uri: string): string | null {
  if (!uri.startsWith('file:')) return null;
  try {
    return fileURLToPath(uri);
  } catch {
    return null;
  }
}

/** A path for classifying the document: the file path, or the URI's path part for other schemes. */
export function classificationPath(uri: string): string {
  const path = pathOfUri(uri);
  if (path !== null) return path;
  try {
    return decodeURIComponent(new URL(uri).pathname);
  } catch {
    return uri;
  }
}
