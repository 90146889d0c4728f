import { configDefaults, defineConfig } from 'vitest/config';
import { buildDefines } from './scripts/buildInfo.mjs';

export default defineConfig({
  // The values the bundles get at build time (scripts/buildInfo.mjs), so the tests see what dist/ sees.
  define: buildDefines(new URL('./', import.meta.url)),
  test: {
    include: ['test/**/*.test.ts'],
    // Run by `npm run test:integration` (vitest.integration.config.mts), from .ci/run.
    exclude: [...configDefaults.exclude, 'test/integration/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
