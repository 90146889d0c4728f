/**
 * Entry point of `swe-bundle-language-server` (dist/server.js): starts the
 * server's bundle (dist/serverMain.js, from `server.ts`) with the code cache
 * the build made, when it fits this Node (host/codeCache.ts).
 */
import * as path from 'path';
import { setFlagsFromString } from 'v8';
import { runWithCodeCache } from './host/codeCache';

// V8 lets the old generation grow to up to four times what was live after the last full collection before it
// collects again. A language server lives long and keeps a document's analysis live (60 MB at 52,000 lines), and
// each edit of a big file leaves the last version's behind: peak memory was 270 MiB there. Growing by half of what
// is live instead kept it near 210 MiB at the same speed (docs/BENCHMARKS.md). Editors start the server with no
// V8 flags of their own, and this one is read at each collection, so it is set here, before anything is allocated.
setFlagsFromString('--heap-growing-percent=50');

const main = path.join(__dirname, 'serverMain.js');
const run = runWithCodeCache(main, `${main}.cache`);
// `npm run build` starts the server once with this set: the cache holds what a short session compiles.
if (process.env.SWE_BUNDLE_WRITE_CODE_CACHE === '1') process.once('exit', () => run.writeCache());
