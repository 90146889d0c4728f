import { defineConfig } from 'vitest/config';
import { buildDefines } from './scripts/buildInfo.mjs';

export default defineConfig({
  // The values the bundles get at build time (scripts/buildInfo.mjs), so the tests see what dist/ sees.
  define: buildDefines(new URL('./', import.meta.url)),
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
