/**
 * Runs a CommonJS bundle with V8's code cache, when one made from this very
 * source by this Node with these flags lies beside it. Compiling the
 * server's 1.9 MB bundle was 56 ms of the ~210 ms from spawn to the
 * `initialize` answer (issue 21), and Node 20 has no compile cache of its own
 * (`module.enableCompileCache` came with Node 22).
 *
 * The cache file is the source's SHA-256 in hex, a newline, then V8's data.
 * V8 rejects data from another V8 or other flags by itself, but it compares
 * only the length of the source: the hash guards the rest, so a rebuilt
 * bundle never runs with the bytecode of the one before.
 */
import { createHash } from 'crypto';
import * as fs from 'fs';
import { createRequire } from 'module';
import * as path from 'path';
import * as vm from 'vm';

/** Whether a cache was used: `none` when there was none for this source, `rejected` when V8 refused it. */
type CodeCacheUse = 'used' | 'none' | 'rejected';

export interface CachedRun {
  use: CodeCacheUse;
  /** Writes the cache of what has been compiled so far (the functions run until now included) for the next start. */
  writeCache(): void;
}

const HASH_LENGTH = 64;

/** The V8 data of `cacheFile` if it was made from the source with this `hash`. */
function cacheFor(cacheFile: string, hash: string): Buffer | undefined {
  let data: Buffer;
  try {
    data = fs.readFileSync(cacheFile);
  } catch {
    return undefined;
  }
  return data.length > HASH_LENGTH + 1 && data.toString('latin1', 0, HASH_LENGTH) === hash ? data.subarray(HASH_LENGTH + 1) : undefined;
}

/** Runs `file` as Node runs a CommonJS module, compiled with the cache in `cacheFile` when it fits. */
export function runWithCodeCache(file: string, cacheFile: string): CachedRun {
  const bytes = fs.readFileSync(file);
  const hash = createHash('sha256').update(bytes).digest('hex');
  const cachedData = cacheFor(cacheFile, hash);
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${bytes.toString('utf8')}\n})`;
  const script = new vm.Script(wrapped, { filename: file, cachedData });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(file), module, file, path.dirname(file));
  return {
    use: cachedData === undefined ? 'none' : script.cachedDataRejected ? 'rejected' : 'used',
    writeCache: () => {
      // Written whole, then renamed: a server starting meanwhile reads the old cache or the new one.
      const partial = `${cacheFile}.${process.pid}`;
      fs.writeFileSync(partial, Buffer.concat([Buffer.from(`${hash}\n`, 'latin1'), script.createCachedData()]));
      fs.renameSync(partial, cacheFile);
    },
  };
}
