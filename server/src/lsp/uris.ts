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
