import { defineConfig } from 'vitest/config';

/**
 * The differential tests against the real PyYAML (test/pyyaml/*.pyyaml.ts),
 * which need an interpreter with PyYAML and so stay out of `npm test`:
 * `npm run test:pyyaml` and `npm run fuzz:pyyaml` run them.
 */
export default defineConfig({
  test: {
    include: ['test/pyyaml/**/*.pyyaml.ts'],
    testTimeout: 0,
    hookTimeout: 60_000,
  },
});
