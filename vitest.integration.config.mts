// `npm run test:integration`: the CI integrations for bundle repositories (pre-commit, the GitHub
// Action, a git install), run by .ci/run after it installs their Debian packages (pre-commit).
// They need the npm registry or a warm npm cache, so `npm test` leaves them out (vitest.config.mts).
import { defineConfig } from 'vitest/config';
import { buildDefines } from './scripts/buildInfo.mjs';

export default defineConfig({
  define: buildDefines(new URL('./', import.meta.url)),
  test: {
    include: ['test/integration/**/*.test.ts'],
    testTimeout: 600_000,
    hookTimeout: 600_000,
    // Each file installs the package from scratch; two cores are shared, so one file at a time.
    fileParallelism: false,
  },
});
