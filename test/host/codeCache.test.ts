/** The server's start with V8's code cache (host/codeCache.ts): used when made from this very source, never for another. */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runWithCodeCache } from '../../server/src/host/codeCache';

declare global {
  // eslint-disable-next-line no-var
  var codeCacheRuns: string[] | undefined;
}

/**
 * A module that says which of its versions ran, and from which file; every version has the same length, as V8's
 * own check would let through. Each run here is of another file: V8 keeps what it compiled by source and file name,
 * and would answer a second run of one file from that, without a look at the cache.
 */
const moduleText = (version: 'a' | 'b') =>
  `const seen = (globalThis.codeCacheRuns ??= []);\nfunction say(what) { seen.push(what + ' ' + require('path').basename(__filename)); }\nsay('${version}');\n`;

let dir: string;
let file: string;
let cacheFile: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'code-cache-'));
  file = path.join(dir, 'main.js');
  cacheFile = `${file}.cache`;
  globalThis.codeCacheRuns = [];
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
  delete globalThis.codeCacheRuns;
});

/** `main.js` and its cache copied to `name`, as another install of the same build. */
function copy(name: string): string {
  const other = path.join(dir, name);
  fs.copyFileSync(file, other);
  fs.copyFileSync(cacheFile, `${other}.cache`);
  return other;
}

describe('runWithCodeCache', () => {
  it('runs the module without a cache, and with the cache it wrote next time', () => {
    fs.writeFileSync(file, moduleText('a'));
    const first = runWithCodeCache(file, cacheFile);
    expect(first.use).toBe('none');
    first.writeCache();
    expect(fs.readFileSync(cacheFile, 'latin1').slice(0, 65)).toMatch(/^[0-9a-f]{64}\n$/);
    expect(fs.readdirSync(dir).sort()).toEqual(['main.js', 'main.js.cache']);
    const other = copy('other.js');
    expect(runWithCodeCache(other, `${other}.cache`).use).toBe('used');
    expect(globalThis.codeCacheRuns).toEqual(['a main.js', 'a other.js']);
  });

  it('does not use the cache of another source of the same length', () => {
    fs.writeFileSync(file, moduleText('a'));
    runWithCodeCache(file, cacheFile).writeCache();
    fs.writeFileSync(file, moduleText('b'));
    const other = copy('other.js');
    expect(runWithCodeCache(other, `${other}.cache`).use).toBe('none');
    expect(globalThis.codeCacheRuns).toEqual(['a main.js', 'b other.js']);
  });

  it('runs the module when V8 rejects the cache', () => {
    fs.writeFileSync(file, moduleText('a'));
    runWithCodeCache(file, cacheFile).writeCache();
    const header = fs.readFileSync(cacheFile, 'latin1').slice(0, 65);
    fs.writeFileSync(cacheFile, Buffer.concat([Buffer.from(header, 'latin1'), Buffer.alloc(512, 7)]));
    const other = copy('other.js');
    expect(runWithCodeCache(other, `${other}.cache`).use).toBe('rejected');
    expect(globalThis.codeCacheRuns).toEqual(['a main.js', 'a other.js']);
  });
});
