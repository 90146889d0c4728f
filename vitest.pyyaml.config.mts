// `npm run test:pyyaml` and `npm run fuzz:pyyaml`: the YAML layer against the real PyYAML
// (test/pyyaml/*.pyyaml.ts), run by .ci/run after it installs Debian's python3-yaml. They need an
// interpreter with PyYAML, so `npm test` leaves them out (its include is `*.test.ts`).
import { defineConfig } from 'vitest/config';
import { buildDefines } from './scripts/buildInfo.mjs';

export default defineConfig({
  define: buildDefines(new URL('./', import.meta.url)),
  test: {
    include: ['test/pyyaml/**/*.pyyaml.ts'],
    testTimeout: 0,
    hookTimeout: 60_000,
  },
});
