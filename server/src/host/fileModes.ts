/**
 * The one write the server ever makes to the disk: on the user's explicit
 * command (`sweBundle.makeExecutable`, a quick fix), the execute bits of a
 * bundle's bin/ script. The caller checks that the path is such a script
 * inside the workspace; this only changes a regular file's mode, never
 * through a symbolic link, and never its content.
 */
import * as fs from 'fs';

/**
 * Adds the execute bits the read bits allow (u+x if u+r, g+x if g+r, o+x if
 * o+r), as `chmod +x` does under a usual umask. Returns the new mode, or null
 * when the path is no regular file (a link, a folder, a FIFO) or the change fails.
 */
export function addExecuteBits(file: string): number | null {
  const { O_RDONLY, O_NOFOLLOW = 0, O_NONBLOCK = 0 } = fs.constants;
  let fd: number | undefined;
  try {
    // The mode is changed on the file opened, so it is the file that was checked.
    fd = fs.openSync(file, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) return null;
    const mode = (stat.mode & 0o7777) | ((stat.mode & 0o444) >> 2);
    fs.fchmodSync(fd, mode);
    return mode;
  } catch {
    return null;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}
