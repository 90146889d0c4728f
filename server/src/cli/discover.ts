/**
 * Which files the CLI checks. An explicit file is always checked. A folder
 * with a config.yaml is a bundle. Any other folder is searched for bundle
 * configs: config.yaml files whose top level has `tools:` or `state_command:`,
 * or that sit in a bundle folder (one with bin/, or inside a tools/ folder).
 * The walk skips node_modules and .git, never leaves the folder it was given
 * (symlinks pointing outside are not followed), and is bounded.
 */
import * as fs from 'fs';
import * as path from 'path';

const SKIPPED_DIRECTORIES = new Set(['node_modules', '.git', '.hg', '.svn', '__pycache__', '.venv', 'venv']);
export const MAX_WALK_ENTRIES = 200_000;

export interface Discovery {
  files: string[];
  /** Problems worth telling the user (a path that does not exist, a bounded walk). */
  warnings: string[];
  missing: string[];
}

const BUNDLE_KEY = /^(?:\ufeff)?(?:tools|state_command)\s*:/m;

export function looksLikeBundleConfig(file: string): boolean {
  const dir = path.dirname(file);
  if (path.basename(path.dirname(dir)) === 'tools') return true;
  try {
    if (fs.statSync(path.join(dir, 'bin')).isDirectory()) return true;
  } catch {
    // no bin/ folder
  }
  try {
    const fd = fs.openSync(file, 'r');
    try {
      const buffer = Buffer.alloc(64 * 1024);
      const read = fs.readSync(fd, buffer, 0, buffer.length, 0);
      return BUNDLE_KEY.test(buffer.subarray(0, read).toString('utf8'));
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return false;
  }
}

function isInside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

export function discoverBundleConfigs(paths: readonly string[]): Discovery {
  const files: string[] = [];
  const warnings: string[] = [];
  const missing: string[] = [];
  for (const given of paths) {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(given);
    } catch {
      missing.push(given);
      continue;
    }
    if (stat.isFile()) {
      files.push(given);
      continue;
    }
    const own = path.join(given, 'config.yaml');
    if (fs.existsSync(own) && fs.statSync(own).isFile()) {
      files.push(own);
      continue;
    }
    const root = fs.realpathSync(given);
    const visited = new Set<string>([root]);
    const found: string[] = [];
    const queue: string[] = [given];
    let entries = 0;
    while (queue.length > 0) {
      const dir = queue.shift()!;
      let children: fs.Dirent[];
      try {
        children = fs.readdirSync(dir, { withFileTypes: true });
      } catch {
        continue;
      }
      children.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      for (const child of children) {
        if (++entries > MAX_WALK_ENTRIES) {
          warnings.push(`${given}: stopped searching after ${MAX_WALK_ENTRIES} entries`);
          queue.length = 0;
          break;
        }
        const full = path.join(dir, child.name);
        if (child.isDirectory() || child.isSymbolicLink()) {
          if (SKIPPED_DIRECTORIES.has(child.name)) continue;
          let real: string;
          try {
            real = fs.realpathSync(full);
            if (!fs.statSync(real).isDirectory()) {
              if (child.name === 'config.yaml' && isInside(real, root) && looksLikeBundleConfig(full)) found.push(full);
              continue;
            }
          } catch {
            continue;
          }
          if (!isInside(real, root) || visited.has(real)) continue;
          visited.add(real);
          queue.push(full);
        } else if (child.isFile() && child.name === 'config.yaml' && looksLikeBundleConfig(full)) {
          found.push(full);
        }
      }
    }
    files.push(...found.sort());
  }
  return { files, warnings, missing };
}
