/** Queries over single files: their content (an editor's buffer wins over the disk), normalized text and line table. */
import { LineIndex } from '../document/lineIndex';
import { SourceText, sourceTextOf } from '../document/sourceText';
import { FsView } from '../workspace/workspaceFs';
import { Database, QueryDef } from './database';
import { DISK_ALLOWED, DISK_CONTENT, DISK_LIST, DISK_STAT, FileContent, OVERLAY } from './inputs';

const byFile = (file: string) => file;

/** What SWE-agent would read: the open editor's text, else the disk's. */
export const CONTENT: QueryDef<string, FileContent> = {
  name: 'content',
  key: byFile,
  compute: (db, file) => {
    // The file's own overlay, not the list of open files: opening another document does not touch this file's content.
    const overlay = db.get(OVERLAY, file);
    return overlay !== null ? { kind: 'text', text: overlay } : db.get(DISK_CONTENT, file);
  },
  equals: (a, b) => (a.kind === 'unreadable' || b.kind === 'unreadable' ? a === b : a.kind === b.kind && a.text === b.text),
};

/** The file's text, or null when it cannot be read as UTF-8. */
export function textOf(db: Database, file: string): string | null {
  const content = db.get(CONTENT, file);
  return content.kind === 'text' ? content.text : null;
}

/** The text PyYAML sees (universal newlines), normalized once per version of the file. */
export const SOURCE: QueryDef<string, SourceText | null> = {
  name: 'source',
  key: byFile,
  compute: (db, file) => {
    const text = textOf(db, file);
    return text === null ? null : sourceTextOf(text);
  },
  equals: (a, b) => a === b || (a !== null && b !== null && a.original === b.original),
};

/** Line starts of the file's own text (as the editor counts lines), built once per version. */
export const LINES: QueryDef<string, LineIndex | null> = {
  name: 'lines',
  key: byFile,
  compute: (db, file) => {
    const source = db.get(SOURCE, file);
    return source ? new LineIndex(source.original) : null;
  },
};

/** File access for engine logic inside a query: each stat, listing and root check is a dependency. */
export function trackedFs(db: Database): FsView {
  return {
    isAllowed: (file) => db.get(DISK_ALLOWED, file),
    stat: (file) => db.get(DISK_STAT, file),
    list: (dir) => db.get(DISK_LIST, dir),
  };
}
