/**
 * Entry point of `swe-bundle-language-server` (dist/server.js): starts the
 * server's bundle (dist/serverMain.js, from `server.ts`) with the code cache
 * the build made, when it fits this Node (host/codeCache.ts).
 */
import * as path from 'path';
import { runWithCodeCache } from './host/codeCache';

const main = path.join(__dirname, 'serverMain.js');
const run = runWithCodeCache(main, `${main}.cache`);
// `npm run build` starts the server once with this set: the cache holds what a short session compiles.
if (process.env.SWE_BUNDLE_WRITE_CODE_CACHE === '1') process.once('exit', () => run.writeCache());
